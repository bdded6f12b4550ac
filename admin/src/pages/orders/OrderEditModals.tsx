import type { RegionNode, RegionTreeResponse } from '@contract'
import type { AdminOrderDetail } from '@contract/admin'
import { App, Cascader, Form, Input, InputNumber, Modal } from 'antd'
import { type ReactNode, useEffect, useState } from 'react'

import { api } from '../../api/client'
import { useEditorGuard } from '../../unsaved'

type Order = Pick<
  AdminOrderDetail,
  'order_id' | 'order_no' | 'updated_at' | 'merchant_remark' | 'address' | 'pay_amount'
>

/**
 * One order edit in a dialog: the form's values sent with the order's version, the dialog asking before it drops
 * changes, closed by the save (`onSaved`). `body` turns the checked values into the request.
 */
function useOrderEdit<V extends object>(
  order: Order | null,
  path: string,
  done: string,
  onSaved: () => void,
  body: (values: V) => object = (values) => values
) {
  const [form] = Form.useForm<V>()
  const { message } = App.useApp()
  const guard = useEditorGuard()
  const submit = async () => {
    const values = await form.validateFields()
    try {
      await api.post(path, { order_id: order!.order_id, updated_at: order!.updated_at, ...body(values) })
      message.success(done)
      guard.saved()
      onSaved()
    } catch (e) {
      message.error((e as Error).message)
    }
  }
  return { form, guard, submit }
}

/** The dialog of an order edit: 保存 submits, a cancel with changes asks first. */
function EditDialog<V extends object>({
  title,
  open,
  edit,
  onClose,
  initialValues,
  notice,
  ready = true,
  children
}: {
  title: string
  open: boolean
  edit: ReturnType<typeof useOrderEdit<V>>
  onClose: () => void
  initialValues?: Partial<V>
  /** Shown above the form, e.g. why it cannot load. */
  notice?: ReactNode
  /** False while what the form needs is still loading. */
  ready?: boolean
  children: ReactNode
}) {
  return (
    <Modal
      title={title}
      open={open}
      onOk={edit.submit}
      onCancel={() => edit.guard.close(onClose)}
      okText="保存"
      destroyOnClose
    >
      {notice}
      {ready && (
        <Form<V>
          form={edit.form}
          layout="vertical"
          preserve={false}
          onValuesChange={edit.guard.changed}
          initialValues={initialValues}
        >
          {children}
        </Form>
      )}
    </Modal>
  )
}

/** Each order edit opens on an order (null: closed) and is told when it saved. */
interface EditProps {
  order: Order | null
  onClose: () => void
  onSaved(): void
}

/** 商家备注: a note for the shop's own people (the buyer never sees it), kept with the order and its audit. */
export function RemarkModal({ order, onClose, onSaved }: EditProps) {
  const edit = useOrderEdit<{ merchant_remark: string }>(order, '/order/remark', '备注已保存', onSaved)
  return (
    <EditDialog
      title="商家备注"
      open={Boolean(order)}
      edit={edit}
      onClose={onClose}
      initialValues={{ merchant_remark: order?.merchant_remark }}
    >
      <Form.Item name="merchant_remark" extra="仅后台可见，买家看不到" rules={[{ max: 200, message: '最多 200 字' }]}>
        <Input.TextArea rows={4} maxLength={200} showCount placeholder="如：客户要求周末送达" />
      </Form.Item>
    </EditDialog>
  )
}

/** 改价: a new amount to pay before payment; the buyer's next payment is for it and their timeline says so. */
export function PriceModal({ order, onClose, onSaved }: EditProps) {
  const edit = useOrderEdit<{ amount: number; reason?: string }>(
    order,
    '/order/changePrice',
    '已改价，买家将按新金额支付',
    onSaved,
    (v) => ({ pay_amount: Math.round(v.amount * 100), reason: (v.reason ?? '').trim() })
  )
  return (
    <EditDialog
      title="修改应付金额"
      open={Boolean(order)}
      edit={edit}
      onClose={onClose}
      initialValues={{ amount: order ? order.pay_amount / 100 : undefined }}
    >
      <Form.Item
        label="新的应付金额（元）"
        name="amount"
        extra={`原应付 ¥${((order?.pay_amount ?? 0) / 100).toFixed(2)}；改价记入订单记录，买家可见`}
        rules={[{ required: true, message: '请填写应付金额' }]}
      >
        <InputNumber min={0.01} max={1000000} precision={2} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label="改价原因" name="reason" rules={[{ max: 100, message: '最多 100 字' }]}>
        <Input placeholder="如：老客户优惠、补运费差价" maxLength={100} />
      </Form.Item>
    </EditDialog>
  )
}

/** The region tree the app's address form uses, read once. */
function useRegions(open: boolean): { regions: RegionNode[]; error: string } {
  const [regions, setRegions] = useState<RegionNode[]>([])
  const [error, setError] = useState('')
  useEffect(() => {
    if (!open || regions.length) return
    api.get<RegionTreeResponse>('/order/regions').then(
      (tree) => setRegions(tree.list),
      (e: Error) => setError(`地区数据加载失败：${e.message}`)
    )
  }, [open, regions.length])
  return { regions, error }
}

/** Codes of the region names an order's address snapshot holds (it keeps names only). */
function codesOf(regions: RegionNode[], a: Order['address']): string[] {
  const province = regions.find((p) => p.name === a.province)
  const city = province?.children?.find((c) => c.name === a.city)
  const district = city?.children?.find((d) => d.name === a.district)
  return [province?.code, city?.code, district?.code].filter((c): c is string => Boolean(c))
}

interface AddressValues {
  name: string
  mobile: string
  region: string[]
  detail: string
}

/**
 * A new receiver address before shipping, as the buyer asked. The freight stays as paid; the change goes on the
 * order's timeline (the buyer sees it) and into the audit log.
 */
export function AddressModal({ order, onClose, onSaved }: EditProps) {
  const edit = useOrderEdit<AddressValues>(
    order,
    '/order/address',
    '收货地址已修改',
    onSaved,
    ({ region, ...values }) => ({
      ...values,
      province_code: region[0],
      city_code: region[1],
      district_code: region[2] ?? ''
    })
  )
  const { regions, error } = useRegions(Boolean(order))
  const a = order?.address
  return (
    <EditDialog
      title="修改收货地址"
      open={Boolean(order)}
      edit={edit}
      onClose={onClose}
      notice={error && <p style={{ color: '#cf1322' }}>{error}</p>}
      ready={Boolean(a) && regions.length > 0}
      initialValues={a && { name: a.name, mobile: a.mobile, region: codesOf(regions, a), detail: a.detail }}
    >
      <Form.Item label="收货人" name="name" rules={[{ required: true, message: '请填写收货人姓名' }]}>
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item
        label="手机号码"
        name="mobile"
        rules={[{ required: true, pattern: /^1[3-9]\d{9}$/, message: '请填写正确的 11 位手机号码' }]}
      >
        <Input maxLength={11} />
      </Form.Item>
      <Form.Item label="所在地区" name="region" rules={[{ required: true, message: '请选择所在地区' }]}>
        <Cascader
          options={regions}
          fieldNames={{ label: 'name', value: 'code', children: 'children' }}
          showSearch
          placeholder="省 / 市 / 区县"
        />
      </Form.Item>
      <Form.Item
        label="详细地址"
        name="detail"
        rules={[
          { required: true, message: '请填写详细地址' },
          { min: 5, message: '详细地址至少 5 个字' }
        ]}
      >
        <Input maxLength={120} />
      </Form.Item>
      <p style={{ color: '#8c8c8c', margin: 0 }}>运费按下单时的金额不变；修改会记入订单记录，买家可见。</p>
    </EditDialog>
  )
}
