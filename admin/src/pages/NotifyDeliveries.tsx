import { type ProColumns, ProTable } from '@ant-design/pro-components'
import type { AdminNotifyDeliveries, AdminNotifyDelivery, AdminNotifyEvent } from '@contract/admin-notify'
import { App, Space, Tag, Typography } from 'antd'
import { useState } from 'react'

import { api } from '../api/client'
import { time } from '../format'
import { CHANNEL_TEXT, STATE_TEXT, stateTag } from './notify-text'

const options = (texts: Record<string, string>) =>
  Object.fromEntries(Object.entries(texts).map(([k, text]) => [k, { text }]))

/** 发送记录: every WeChat and robot delivery, newest first, with why it was refused or is being retried. */
export function NotifyDeliveries({ events }: { events: AdminNotifyEvent[] }) {
  const { message } = App.useApp()
  // The server counts up to 10,000 matching rows; beyond, the total reads as "more than".
  const [more, setMore] = useState(false)
  const columns: ProColumns<AdminNotifyDelivery>[] = [
    { title: '时间', dataIndex: 'created_at', search: false, width: 140, render: (_, r) => time(r.created_at) },
    { title: '日期', dataIndex: 'date', valueType: 'dateRange', hideInTable: true },
    {
      title: '事件',
      dataIndex: 'event',
      valueType: 'select',
      valueEnum: options(Object.fromEntries(events.map((e) => [e.event, e.label]))),
      width: 150,
      render: (_, r) => (
        <Space size={4}>
          {r.event_label}
          {r.test && <Tag>测试</Tag>}
        </Space>
      )
    },
    { title: '渠道', dataIndex: 'channel', valueType: 'select', valueEnum: options(CHANNEL_TEXT), width: 120 },
    {
      title: '用户',
      dataIndex: 'user_id',
      valueType: 'digit',
      fieldProps: { placeholder: '用户 ID', precision: 0, min: 1 },
      width: 130,
      render: (_, r) => (r.user_id ? `${r.user_nickname || '用户'}（${r.user_id}）` : '运营群')
    },
    {
      title: '状态',
      dataIndex: 'state',
      valueType: 'select',
      valueEnum: options(STATE_TEXT),
      width: 80,
      render: (_, r) => {
        const tag = stateTag(r)
        return <Tag color={tag.color}>{tag.text}</Tag>
      }
    },
    { title: '次数', dataIndex: 'attempts', search: false, width: 60 },
    {
      title: '结果说明',
      dataIndex: 'last_error',
      search: false,
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          {r.last_error && <Typography.Text type="danger">{r.last_error}</Typography.Text>}
          {r.sent_at && <Typography.Text type="secondary">发送于 {time(r.sent_at)}</Typography.Text>}
          {r.state === 'pending' && r.next_try_at && (
            <Typography.Text type="secondary">下次重试 {time(r.next_try_at)}</Typography.Text>
          )}
        </Space>
      )
    }
  ]
  return (
    <ProTable<AdminNotifyDelivery>
      rowKey="id"
      columns={columns}
      search={{ labelWidth: 'auto', defaultCollapsed: false }}
      options={{ reload: true, density: false, setting: false }}
      pagination={{
        defaultPageSize: 20,
        showTotal: (total) => (more ? `超过 ${total} 条，可缩小筛选范围` : `共 ${total} 条`)
      }}
      locale={{ emptyText: '没有符合条件的发送记录' }}
      request={async ({ current, pageSize, date, ...rest }) => {
        try {
          const data = await api.get<AdminNotifyDeliveries>('/notify/deliveries', {
            ...rest,
            date_from: date?.[0],
            date_to: date?.[1],
            page: current,
            per_page: pageSize
          })
          setMore(data.more)
          return { data: data.list, total: data.total, success: true }
        } catch (e) {
          message.error(`发送记录加载失败：${(e as Error).message}`)
          return { data: [], total: 0, success: false }
        }
      }}
    />
  )
}
