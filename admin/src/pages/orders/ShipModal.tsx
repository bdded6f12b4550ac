import { App, AutoComplete, Form, Input, Modal } from 'antd'

import { api } from '../../api/client'

export const EXPRESS_COMPANIES = [
  '顺丰速运',
  '中通快递',
  '圆通速递',
  '韵达快递',
  '申通快递',
  '京东物流',
  '邮政EMS',
  '极兔速递'
]

/** Ships one order: express company and number; the order's version guards against a second operator. */
export function ShipModal({
  order,
  onClose,
  onShipped
}: {
  order: { order_id: number; order_no: string; updated_at: string } | null
  onClose: () => void
  onShipped: () => void
}) {
  const [form] = Form.useForm()
  const { message } = App.useApp()
  const submit = async () => {
    const values = await form.validateFields()
    try {
      await api.post('/order/ship', { order_id: order!.order_id, updated_at: order!.updated_at, ...values })
      message.success(`订单 ${order!.order_no} 已发货`)
      onShipped()
    } catch (e) {
      message.error((e as Error).message)
    }
  }
  return (
    <Modal
      title={`发货 ${order?.order_no ?? ''}`}
      open={Boolean(order)}
      onOk={submit}
      onCancel={onClose}
      okText="确认发货"
      destroyOnClose
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ express_company: EXPRESS_COMPANIES[0] }}>
        <Form.Item
          label="快递公司"
          name="express_company"
          rules={[
            { required: true, message: '请填写快递公司' },
            { max: 32, message: '最多 32 个字' }
          ]}
        >
          <AutoComplete options={EXPRESS_COMPANIES.map((value) => ({ value }))} />
        </Form.Item>
        <Form.Item
          label="快递单号"
          name="express_no"
          rules={[
            { required: true, message: '请填写快递单号' },
            { pattern: /^[A-Za-z0-9-]{4,40}$/, message: '快递单号应为 4-40 位字母或数字' }
          ]}
        >
          <Input placeholder="如 SF1234567890" />
        </Form.Item>
      </Form>
    </Modal>
  )
}
