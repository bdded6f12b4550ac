import { type ActionType, PageContainer } from '@ant-design/pro-components'
import type { AdminNotifyEvent, AdminNotifyEvents, AdminNotifySetting } from '@contract/admin-notify'
import { Alert, App, Button, Result, Skeleton, Space, Switch, Table, Tabs, Tag, Typography } from 'antd'
import { useCallback, useEffect, useRef, useState } from 'react'

import { api } from '../api/client'
import { ChangeHistory } from '../components/ChangeHistory'
import { time } from '../format'
import { CHANNEL_TEXT } from './notify-text'
import { NotifyDeliveries } from './NotifyDeliveries'
import { NotifyTemplateForm } from './NotifyTemplateForm'
import { NotifyTestSend } from './NotifyTestSend'

type WechatChannel = 'subscribe' | 'template'

function SettingCell({ setting, onEdit }: { setting?: AdminNotifySetting; onEdit: () => void }) {
  return (
    <Space direction="vertical" size={2}>
      {!setting ? (
        <Tag>未设置</Tag>
      ) : (
        <Space size={4} wrap>
          <Tag color={setting.enabled ? 'green' : 'default'}>{setting.enabled ? '已开启' : '已关闭'}</Tag>
          <Typography.Text code ellipsis style={{ maxWidth: 200 }}>
            {setting.template_id || '未填写模板 ID'}
          </Typography.Text>
        </Space>
      )}
      <a onClick={onEdit}>{setting ? '编辑' : '设置'}</a>
    </Space>
  )
}

/** 模板设置: each user event's 订阅消息 and 模板消息 template, edited in a dialog. */
function TemplateTab({ data, onSaved }: { data: AdminNotifyEvents; onSaved: () => void }) {
  const [editing, setEditing] = useState<{ event: AdminNotifyEvent; channel: WechatChannel } | null>(null)
  const history = useRef<ActionType>()
  const users = data.events.filter((e) => e.audience === 'user')
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Table<AdminNotifyEvent>
        rowKey="event"
        size="middle"
        pagination={false}
        dataSource={users}
        locale={{ emptyText: '没有发给用户的事件' }}
        columns={[
          {
            title: '事件',
            dataIndex: 'label',
            render: (_, e) => (
              <Space direction="vertical" size={0}>
                {e.label}
                <Typography.Text type="secondary">{e.fields.map((f) => f.label).join('、')}</Typography.Text>
              </Space>
            )
          },
          ...(['subscribe', 'template'] as const).map((channel) => ({
            title: CHANNEL_TEXT[channel],
            key: channel,
            width: 280,
            render: (_: unknown, e: AdminNotifyEvent) => (
              <SettingCell setting={e.settings[channel]} onEdit={() => setEditing({ event: e, channel })} />
            )
          }))
        ]}
      />
      {editing && (
        <NotifyTemplateForm
          event={editing.event}
          channel={editing.channel}
          kinds={data.kinds}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null)
            onSaved()
            history.current?.reload()
          }}
        />
      )}
      <ChangeHistory
        path="/notify/history"
        actionRef={history}
        what={{
          title: '设置',
          render: (r) => {
            const [event, channel] = r.target_id.split(':')
            const label = data.events.find((e) => e.event === event)?.label ?? event
            return `${label} · ${CHANNEL_TEXT[channel as WechatChannel] ?? channel}`
          }
        }}
      />
    </Space>
  )
}

/** 群机器人: which operator events the group robot tells; on until turned off. */
function RobotTab({ data, onSaved }: { data: AdminNotifyEvents; onSaved: () => void }) {
  const { message } = App.useApp()
  const [saving, setSaving] = useState('')
  const toggle = async (e: AdminNotifyEvent, enabled: boolean) => {
    setSaving(e.event)
    try {
      await api.post('/notify/save', {
        event: e.event,
        channel: 'robot',
        enabled,
        template_id: '',
        fields: {},
        updated_at: e.settings.robot?.updated_at ?? ''
      })
      message.success(`「${e.label}」${enabled ? '会' : '不再'}发到运营群`)
      onSaved()
    } catch (err) {
      message.error((err as Error).message)
    } finally {
      setSaving('')
    }
  }
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {data.robot_configured ? (
        <Alert type="success" showIcon message="已设置运营群机器人：开启的事件发生时，企业微信群会收到一条消息" />
      ) : (
        <Alert
          type="warning"
          showIcon
          message="未设置运营群机器人"
          description="在服务器的环境变量 OPERATOR_WEBHOOK_URL 中填写企业微信群机器人的 Webhook 地址并重启服务后，下面开启的事件才会发到群里。"
        />
      )}
      <Table<AdminNotifyEvent>
        rowKey="event"
        size="middle"
        pagination={false}
        dataSource={data.events.filter((e) => e.audience === 'operator' && e.channels.length > 0)}
        locale={{ emptyText: '没有给运营的事件' }}
        columns={[
          { title: '事件', dataIndex: 'label' },
          { title: '内容', key: 'fields', render: (_, e) => e.fields.map((f) => f.label).join('、') },
          {
            title: '发到群机器人',
            key: 'robot',
            width: 140,
            render: (_, e) => (
              <Switch
                aria-label={`${e.label}发到群机器人`}
                checked={e.settings.robot?.enabled ?? true}
                loading={saving === e.event}
                onChange={(on) => void toggle(e, on)}
              />
            )
          },
          { title: '更新时间', key: 'updated', width: 150, render: (_, e) => time(e.settings.robot?.updated_at) }
        ]}
      />
    </Space>
  )
}

/** 消息设置: WeChat templates per event, the operators' group robot, the 发送记录 and a test send. */
export default function NotifySettings() {
  const [data, setData] = useState<AdminNotifyEvents | null>(null)
  const [error, setError] = useState('')
  const load = useCallback(() => {
    setError('')
    api.get<AdminNotifyEvents>('/notify/events').then(setData, (e: Error) => setError(e.message))
  }, [])
  useEffect(load, [load])

  if (error)
    return <Result status="warning" title="加载失败" subTitle={error} extra={<Button onClick={load}>重试</Button>} />
  if (!data) return <Skeleton active style={{ padding: 24 }} />
  const { wechat } = data
  return (
    <PageContainer title="消息设置">
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        {wechat.provider === 'simulator' ? (
          <Alert
            type="info"
            showIcon
            message="未接入微信：消息由本机模拟器应答，不会真正发出"
            description="发送记录照常记录每条消息的结果，可在这里检查模板设置是否正确。"
          />
        ) : (
          (!wechat.mini_program || !wechat.official_account) && (
            <Alert
              type="warning"
              showIcon
              message={`未配置${wechat.mini_program ? '公众号（WECHAT_APP_SECRET）' : '小程序（WECHAT_MP_APP_SECRET）'}`}
              description={`${wechat.mini_program ? '公众号模板消息' : '小程序订阅消息'}暂时无法发送，发送记录中会显示原因。`}
            />
          )
        )}
        <Tabs
          destroyInactiveTabPane
          items={[
            { key: 'templates', label: '模板设置', children: <TemplateTab data={data} onSaved={load} /> },
            { key: 'robot', label: '群机器人', children: <RobotTab data={data} onSaved={load} /> },
            { key: 'deliveries', label: '发送记录', children: <NotifyDeliveries events={data.events} /> },
            { key: 'test', label: '测试发送', children: <NotifyTestSend events={data.events} /> }
          ]}
        />
      </Space>
    </PageContainer>
  )
}
