import type { AdminOrderDetail } from '@contract/admin'
import { App, Form, Input, InputNumber, Modal, Table } from 'antd'
import { useEffect, useMemo, useState } from 'react'

import { api } from '../../api/client'
import { yuan } from '../../format'
import { useEditorGuard } from '../../unsaved'

/**
 * 发起退款: the shop refunds some units on its own (the buyer asked by phone, a part is missing); the most they give
 * back is the server's quote, and a smaller amount may be given.
 */
export function RefundModal({
  order,
  onClose,
  onDone
}: {
  order: AdminOrderDetail | null
  onClose: () => void
  onDone: () => void
}) {
  const { message } = App.useApp()
  const guard = useEditorGuard()
  const [form] = Form.useForm<{ amount: number; reason: string }>()
  const [units, setUnits] = useState<Record<number, number>>({})
  const [max, setMax] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)
  const rest = useMemo(() => (order?.items ?? []).filter((i) => i.quantity > i.refunded_quantity), [order])
  const lines = Object.entries(units)
    .filter(([, q]) => q > 0)
    .map(([id, q]) => `${id}:${q}`)
    .join(',')

  useEffect(() => {
    setUnits(Object.fromEntries(rest.map((i) => [i.item_id, i.quantity - i.refunded_quantity])))
  }, [rest])
  useEffect(() => {
    if (!order || !lines) return setMax(null)
    let live = true
    api.get<{ max_amount: number }>('/refund/quote', { order_id: order.order_id, lines }).then(
      (q) => {
        if (!live) return
        setMax(q.max_amount)
        form.setFieldsValue({ amount: q.max_amount / 100 })
      },
      (e: Error) => live && message.error(e.message)
    )
    return () => {
      live = false
    }
  }, [order, lines, form, message])

  if (!order) return null
  const submit = async () => {
    const values = await form.validateFields()
    setBusy(true)
    try {
      await api.post('/refund/create', {
        order_id: order.order_id,
        updated_at: order.updated_at,
        lines: Object.entries(units)
          .filter(([, q]) => q > 0)
          .map(([id, q]) => ({ item_id: Number(id), quantity: q })),
        amount: Math.round(values.amount * 100),
        reason: values.reason.trim()
      })
      message.success('已退款，款项原路退回')
      guard.saved()
      onDone()
    } catch (e) {
      message.error((e as Error).message)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal
      open
      title="发起退款"
      onOk={submit}
      onCancel={() => guard.close(onClose)}
      confirmLoading={busy}
      okText="确认退款"
      destroyOnClose
    >
      <Table
        rowKey="item_id"
        size="small"
        pagination={false}
        dataSource={rest}
        columns={[
          { title: '商品', dataIndex: 'name', render: (v: string, i) => `${v}${i.spec_text ? ` ${i.spec_text}` : ''}` },
          { title: '单价', dataIndex: 'price', render: yuan },
          {
            title: '退几件',
            dataIndex: 'item_id',
            render: (id: number, i) => (
              <InputNumber
                aria-label={`${i.name} 退款件数`}
                min={0}
                max={i.quantity - i.refunded_quantity}
                precision={0}
                value={units[id] ?? 0}
                onChange={(v) => setUnits((u) => ({ ...u, [id]: v ?? 0 }))}
              />
            )
          }
        ]}
      />
      <Form form={form} layout="vertical" preserve={false} onValuesChange={guard.changed} style={{ marginTop: 16 }}>
        <Form.Item
          label="退款金额（元）"
          name="amount"
          extra={max === null ? '请选择要退的商品' : `这些商品最多可退 ${yuan(max)}（未发货时，最后一件含运费）`}
          rules={[
            { required: true, message: '请填写退款金额' },
            {
              validator: (_, v: number) =>
                max !== null && v > 0 && Math.round(v * 100) <= max
                  ? Promise.resolve()
                  : Promise.reject(
                      new Error(max === null ? '请选择要退的商品' : `退款金额须在 ¥0.01 到 ${yuan(max)} 之间`)
                    )
            }
          ]}
        >
          <InputNumber min={0.01} precision={2} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          label="退款原因"
          name="reason"
          rules={[
            { required: true, whitespace: true, message: '请填写退款原因' },
            { min: 2, max: 32, message: '退款原因 2 到 32 个字' }
          ]}
        >
          <Input placeholder="如：少发配件补偿、缺货退款" />
        </Form.Item>
      </Form>
    </Modal>
  )
}
