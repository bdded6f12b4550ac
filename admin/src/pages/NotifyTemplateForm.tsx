import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import type {
  AdminNotifyEvent,
  AdminNotifyEvents,
  AdminNotifySaveRequest,
  AdminNotifySetting
} from '@contract/admin-notify'
import { Alert, App, Button, Form, Input, Modal, Select, Space, Switch, Typography } from 'antd'
import { useState } from 'react'

import { api } from '../api/client'
import { useEditorGuard } from '../unsaved'
import { CHANNEL_TEXT, keyType } from './notify-text'

interface KeyRow {
  key: string
  field?: string
}
interface FormValues {
  enabled: boolean
  template_id: string
  keys: KeyRow[]
}

/**
 * One event's 订阅消息 or 模板消息 template: its id in WeChat, and for each key of the template the event field it
 * shows (only fields the key's type takes are offered). A save the server refuses keeps the dialog open and shows
 * the refusal, which names the key and the field, under the form.
 */
export function NotifyTemplateForm({
  event,
  channel,
  kinds,
  onClose,
  onSaved
}: {
  event: AdminNotifyEvent
  channel: 'subscribe' | 'template'
  kinds: AdminNotifyEvents['kinds']
  onClose: () => void
  onSaved: () => void
}) {
  const { message } = App.useApp()
  const setting = event.settings[channel]
  const [form] = Form.useForm<FormValues>()
  const [saving, setSaving] = useState(false)
  const [refusal, setRefusal] = useState('')
  const guard = useEditorGuard()
  const rows = Form.useWatch('keys', form) ?? []
  const kindOf = (key: string) => kinds.find((k) => k.kind === keyType(key ?? ''))

  const initial: FormValues = {
    enabled: setting?.enabled ?? true,
    template_id: setting?.template_id ?? '',
    keys: setting
      ? Object.entries(setting.fields).map(([key, field]) => ({ key, field }))
      : [{ key: '', field: undefined }]
  }

  const submit = async (v: FormValues) => {
    // A WeChat key left without its content is asked for here; a key that is not WeChat's is the server's to name.
    const unchosen = (v.keys ?? []).find((r) => r.key?.trim() && kindOf(r.key) && !r.field)
    if (unchosen) return setRefusal(`请为模板字段「${unchosen.key.trim()}」选择显示的内容`)
    setSaving(true)
    setRefusal('')
    const fields = Object.fromEntries(
      (v.keys ?? []).filter((r) => r.key?.trim()).map((r) => [r.key.trim(), r.field ?? ''])
    )
    const body: AdminNotifySaveRequest = {
      event: event.event,
      channel,
      enabled: v.enabled,
      template_id: v.template_id?.trim() ?? '',
      fields,
      updated_at: setting?.updated_at ?? ''
    }
    try {
      await api.post<AdminNotifySetting>('/notify/save', { ...body })
      message.success(`「${event.label}」的${CHANNEL_TEXT[channel]}已保存`)
      guard.saved()
      onSaved()
    } catch (e) {
      setRefusal((e as Error).message)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal
      open
      width={640}
      title={`${event.label} · ${CHANNEL_TEXT[channel]}`}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={() => guard.close(onClose)}
      destroyOnClose
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onValuesChange={guard.changed}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item name="enabled" label="开启" valuePropName="checked">
          <Switch checkedChildren="开" unCheckedChildren="关" />
        </Form.Item>
        <Form.Item
          name="template_id"
          label="模板 ID"
          extra={
            channel === 'subscribe'
              ? '在微信公众平台「小程序 → 订阅消息」中选用模板后复制模板 ID'
              : '在微信公众平台「公众号 → 模板消息」中添加模板后复制模板 ID'
          }
        >
          <Input placeholder="如 9Ku4QkAbCdEfGh-IjKlMnOpQrStUvWxYz_0123456" maxLength={64} allowClear />
        </Form.Item>
        <Typography.Text strong>模板字段</Typography.Text>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          按模板详情填写每个字段名（如 thing1、amount2），再选择该字段显示的内容；只列出该类型能填写的内容
        </Typography.Paragraph>
        <Form.List name="keys">
          {(items, { add, remove }) => (
            <>
              {items.map((item, i) => {
                const key = rows[i]?.key ?? ''
                const kind = kindOf(key)
                const options = kind
                  ? event.fields
                      .filter((f) => f.fits.includes(kind.kind))
                      .map((f) => ({ value: f.name, label: `${f.label}（${f.kind_label}）` }))
                  : []
                return (
                  <Space key={item.key} align="start" style={{ display: 'flex' }} data-key-row={i}>
                    <Form.Item
                      name={[item.name, 'key']}
                      style={{ width: 200, marginBottom: 8 }}
                      help={
                        key.trim() ? (kind ? `${kind.label}，最多 ${kind.max} 个字` : '不是微信的字段名') : undefined
                      }
                      validateStatus={key.trim() && !kind ? 'warning' : undefined}
                    >
                      <Input placeholder="字段名，如 thing1" aria-label={`第 ${i + 1} 个字段名`} />
                    </Form.Item>
                    <Form.Item name={[item.name, 'field']} style={{ width: 300, marginBottom: 8 }}>
                      <Select
                        aria-label={`第 ${i + 1} 个字段内容`}
                        placeholder={kind ? '选择显示的内容' : '先填写字段名'}
                        disabled={!kind}
                        options={options}
                        notFoundContent="此事件没有该类型能填写的内容"
                      />
                    </Form.Item>
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={`删除第 ${i + 1} 个字段`}
                      onClick={() => remove(item.name)}
                    />
                  </Space>
                )
              })}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={items.length >= 20}
                onClick={() => add({ key: '', field: undefined })}
              >
                添加字段
              </Button>
            </>
          )}
        </Form.List>
        {refusal && <Alert style={{ marginTop: 16 }} type="error" showIcon message="未保存" description={refusal} />}
      </Form>
    </Modal>
  )
}
