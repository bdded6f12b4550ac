import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons'
import { type AdminCarrier, MAX_ORDER_PARCELS } from '@contract/wechat-shipping'
import { App, AutoComplete, Button, Form, Input, Modal, Select, Space } from 'antd'

import { api } from '../../api/client'
import { useEditorGuard } from '../../unsaved'
import { COMMON_CARRIERS, defaultCarrier, useCarriers } from './carriers'

const NO_RULES = [
  { required: true, message: '请填写快递单号' },
  { pattern: /^[A-Za-z0-9-]{4,40}$/, message: '快递单号应为 4-40 位字母或数字' }
]
const COMPANY_RULES = [
  { required: true, message: '请选择快递公司' },
  { max: 32, message: '最多 32 个字' }
]

/** WeChat's carriers as a select with search; a free field with common names while WeChat's list is out of reach. */
function CarrierField({
  carriers,
  value,
  onChange
}: {
  carriers: AdminCarrier[]
  value?: string
  onChange?: (v: string) => void
}) {
  if (!carriers.length)
    return <AutoComplete value={value} onChange={onChange} options={COMMON_CARRIERS.map((v) => ({ value: v }))} />
  return (
    <Select
      showSearch
      value={value}
      onChange={onChange}
      placeholder="搜索快递公司"
      optionFilterProp="label"
      options={carriers.map((c) => ({ value: c.delivery_name, label: `${c.delivery_name}（${c.delivery_id}）` }))}
    />
  )
}

/**
 * Ships one order: one parcel, or several (split, up to WeChat's 15) each with its carrier and number;
 * the order's version guards against a second operator.
 */
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
  const guard = useEditorGuard()
  const { carriers, loaded } = useCarriers(Boolean(order))
  const submit = async () => {
    const values = await form.validateFields()
    try {
      await api.post('/order/ship', { order_id: order!.order_id, updated_at: order!.updated_at, ...values })
      message.success(`订单 ${order!.order_no} 已发货`)
      guard.saved()
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
      onCancel={() => guard.close(onClose)}
      okText="确认发货"
      destroyOnClose
    >
      {loaded && (
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          onValuesChange={guard.changed}
          initialValues={{ express_company: defaultCarrier(carriers), more_parcels: [] }}
        >
          <Form.Item label="快递公司" name="express_company" rules={COMPANY_RULES}>
            <CarrierField carriers={carriers} />
          </Form.Item>
          <Form.Item label="快递单号" name="express_no" rules={NO_RULES}>
            <Input placeholder="如 SF1234567890" />
          </Form.Item>
          <Form.List name="more_parcels">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field, i) => (
                  <Space key={field.key} align="start" style={{ display: 'flex' }}>
                    <Form.Item
                      label={`包裹 ${i + 2} 快递公司`}
                      name={[field.name, 'express_company']}
                      rules={COMPANY_RULES}
                      style={{ width: 200 }}
                    >
                      <CarrierField carriers={carriers} />
                    </Form.Item>
                    <Form.Item label={`包裹 ${i + 2} 快递单号`} name={[field.name, 'express_no']} rules={NO_RULES}>
                      <Input />
                    </Form.Item>
                    <MinusCircleOutlined style={{ marginTop: 38 }} onClick={() => remove(field.name)} />
                  </Space>
                ))}
                {fields.length < MAX_ORDER_PARCELS - 1 && (
                  <Button
                    type="dashed"
                    icon={<PlusOutlined />}
                    onClick={() => add({ express_company: form.getFieldValue('express_company') })}
                  >
                    添加包裹（分拆发货）
                  </Button>
                )}
              </>
            )}
          </Form.List>
        </Form>
      )}
    </Modal>
  )
}
