import type { AdminAfterSale } from '@contract/admin'
import { App, Button, Form, Input, Modal, Space } from 'antd'
import { useState } from 'react'

import { api } from '../../api/client'
import { yuan } from '../../format'
import { useEditorGuard } from '../../unsaved'

type Step = 'approve' | 'reject' | 'receive'

const TITLES: Record<Step, (a: AdminAfterSale) => string> = {
  approve: (a) => (a.kind === 'return' ? '同意退货，告诉买家寄回地址' : `同意退款 ${yuan(a.amount)}，原路退回`),
  reject: () => '拒绝售后',
  receive: (a) => `确认已收到退货，退款 ${yuan(a.amount)}`
}

/** The operator's next step on one after-sale, as its status allows; `onDone` reloads what shows it. */
export function AfterSaleActions({ sale, onDone }: { sale: AdminAfterSale; onDone: () => void }) {
  const { message } = App.useApp()
  const guard = useEditorGuard()
  const [step, setStep] = useState<Step | null>(null)
  const [busy, setBusy] = useState(false)
  const [form] = Form.useForm<{ reply?: string; return_address?: string }>()

  const run = async (path: string, params: Record<string, unknown>, done: string) => {
    setBusy(true)
    try {
      await api.post(path, { after_sale_id: sale.after_sale_id, ...params })
      message.success(done)
      guard.saved()
      setStep(null)
      onDone()
    } catch (e) {
      message.error((e as Error).message)
      // A refund the platform still processes, or a stale version: what is shown is no longer current.
      onDone()
    } finally {
      setBusy(false)
    }
  }
  const submit = async () => {
    const values = await form.validateFields()
    const version = { updated_at: sale.updated_at }
    if (step === 'approve')
      await run('/refund/approve', { ...version, ...values }, sale.kind === 'return' ? '已同意退货' : '已退款')
    else if (step === 'reject') await run('/refund/reject', { ...version, reply: values.reply }, '已拒绝')
    else if (step === 'receive') await run('/refund/receive', version, '已确认收货并退款')
  }

  const links =
    sale.status === 'applied'
      ? [
          ['approve', sale.kind === 'return' ? '同意退货' : '同意退款'],
          ['reject', '拒绝']
        ]
      : sale.status === 'returning'
        ? [
            ['receive', '确认收货并退款'],
            ['reject', '拒绝']
          ]
        : []
  return (
    <>
      <Space size={4} wrap>
        {links.map(([key, label]) => (
          <Button key={key} size="small" type="link" danger={key === 'reject'} onClick={() => setStep(key as Step)}>
            {label}
          </Button>
        ))}
        {sale.status === 'refunding' && (
          <Button size="small" type="link" loading={busy} onClick={() => run('/refund/retry', {}, '已重新发起退款')}>
            重新发起退款
          </Button>
        )}
      </Space>
      {step && (
        <Modal
          open
          title={TITLES[step](sale)}
          onOk={submit}
          onCancel={() => guard.close(() => setStep(null))}
          confirmLoading={busy}
          okText="确定"
          okButtonProps={{ danger: step === 'reject' }}
          destroyOnClose
        >
          <Form form={form} layout="vertical" preserve={false} onValuesChange={guard.changed}>
            {step === 'approve' && sale.kind === 'return' && (
              <Form.Item
                label="退货地址"
                name="return_address"
                extra="留空则使用 业务设置 中的默认退货地址；买家将按此地址寄回商品"
                rules={[{ max: 200, message: '最多 200 个字' }]}
              >
                <Input.TextArea rows={2} placeholder="收件人 电话 详细地址" />
              </Form.Item>
            )}
            {step !== 'receive' && (
              <Form.Item
                label={step === 'reject' ? '拒绝原因' : '处理说明（选填）'}
                name="reply"
                rules={[
                  { required: step === 'reject', whitespace: true, message: '请填写拒绝原因' },
                  { max: 200, message: '最多 200 个字' }
                ]}
              >
                <Input.TextArea rows={3} />
              </Form.Item>
            )}
            {step === 'receive' && '确认后款项将原路退回买家，不可撤销。'}
          </Form>
        </Modal>
      )}
    </>
  )
}
