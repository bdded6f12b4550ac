import type {
  AdminNotifyChannel,
  AdminNotifyDelivery,
  AdminNotifyEvent,
  AdminNotifyTestResult
} from '@contract/admin-notify'
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  InputNumber,
  Row,
  Select,
  Space,
  Tag,
  Typography
} from 'antd'
import { useState } from 'react'

import { api } from '../api/client'
import { CHANNEL_TEXT, stateTag } from './notify-text'

interface TestValues {
  event: string
  channel: AdminNotifyChannel
  user_id?: number
}

function Outcome({ delivery, event }: { delivery: AdminNotifyDelivery; event?: AdminNotifyEvent }) {
  const tag = stateTag(delivery)
  const result =
    delivery.state === 'sent'
      ? { type: 'success' as const, text: '已发送：微信已接受这条消息' }
      : delivery.state === 'pending'
        ? { type: 'warning' as const, text: '微信暂时没有接受，发送队列会自动重试' }
        : { type: 'error' as const, text: delivery.state === 'refused' ? '未发送：消息被拒绝' : '未发送：重试后仍失败' }
  return (
    <Card size="small" title="发送结果" data-testid="notify-test-result">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert
          type={result.type}
          showIcon
          message={
            <Space>
              <Tag color={tag.color}>{tag.text}</Tag>
              {result.text}
            </Space>
          }
          description={delivery.last_error || undefined}
        />
        <Descriptions size="small" column={1} title="示例内容">
          {(event?.fields ?? []).map((f) => (
            <Descriptions.Item key={f.name} label={f.label}>
              {delivery.fields[f.name] ?? '-'}
            </Descriptions.Item>
          ))}
        </Descriptions>
      </Space>
    </Card>
  )
}

/**
 * 测试发送: the event with sample values to one user (订阅消息, 模板消息) or to the group robot, through the
 * sending queue at once, answered with what came of it.
 */
export function NotifyTestSend({ events }: { events: AdminNotifyEvent[] }) {
  const { message } = App.useApp()
  const [form] = Form.useForm<TestValues>()
  const [sending, setSending] = useState(false)
  const [outcome, setOutcome] = useState<AdminNotifyDelivery | null>(null)
  const eventKey = Form.useWatch('event', form)
  const chosen = events.find((e) => e.event === eventKey)

  const send = async (v: TestValues) => {
    setSending(true)
    setOutcome(null)
    try {
      const r = await api.post<AdminNotifyTestResult>('/notify/test', { ...v })
      setOutcome(r.delivery)
    } catch (e) {
      message.error((e as Error).message)
    } finally {
      setSending(false)
    }
  }

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        message="测试消息使用示例内容，立即经发送队列发出，并记入发送记录"
        description="订阅消息会用掉该用户的一次订阅：请先在小程序中接受订阅；公众号模板消息只发给关注了公众号的用户。"
      />
      <Row gutter={24}>
        <Col xs={24} lg={12}>
          <Form<TestValues>
            form={form}
            layout="vertical"
            onFinish={(v) => void send(v)}
            onValuesChange={(changed: Partial<TestValues>) => {
              if (!changed.event) return
              const next = events.find((e) => e.event === changed.event)
              form.setFieldsValue({ channel: next?.channels[0] })
            }}
          >
            <Form.Item name="event" label="事件" rules={[{ required: true, message: '请选择事件' }]}>
              <Select
                showSearch
                optionFilterProp="label"
                placeholder="选择要测试的事件"
                options={[
                  {
                    label: '发给用户',
                    options: events
                      .filter((e) => e.audience === 'user')
                      .map((e) => ({ value: e.event, label: e.label }))
                  },
                  {
                    label: '发给运营（群机器人）',
                    options: events
                      .filter((e) => e.audience === 'operator' && e.channels.length > 0)
                      .map((e) => ({ value: e.event, label: e.label }))
                  }
                ]}
              />
            </Form.Item>
            <Form.Item name="channel" label="渠道" rules={[{ required: true, message: '请选择渠道' }]}>
              <Select
                placeholder="先选择事件"
                disabled={!chosen}
                options={(chosen?.channels ?? []).map((c) => ({ value: c, label: CHANNEL_TEXT[c] }))}
              />
            </Form.Item>
            {chosen?.audience !== 'operator' && (
              <Form.Item
                name="user_id"
                label="接收用户 ID"
                rules={[{ required: true, message: '请填写接收测试消息的用户 ID' }]}
                extra="在「用户」中查看用户 ID"
              >
                <InputNumber min={1} precision={0} style={{ width: 200 }} placeholder="如 10001" />
              </Form.Item>
            )}
            <Button type="primary" htmlType="submit" loading={sending}>
              发送测试消息
            </Button>
          </Form>
        </Col>
        <Col xs={24} lg={12}>
          {outcome ? (
            <Outcome delivery={outcome} event={events.find((e) => e.event === outcome.event)} />
          ) : (
            <Card size="small" title="发送结果">
              <Typography.Text type="secondary">{sending ? '正在发送…' : '发送后在这里显示结果'}</Typography.Text>
            </Card>
          )}
        </Col>
      </Row>
    </Space>
  )
}
