import { type ActionType, PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components'
import type { Paged } from '@contract'
import type { AdminSignup, AdminSignupActivity, AdminSignupStatus } from '@contract/admin'
import { App, Button, Input, Space, Tag } from 'antd'
import { useRef, useState } from 'react'

import { api } from '../api/client'
import { DecisionModal } from '../components/DecisionModal'
import { StatusTags } from '../components/RefundTag'
import { time, yuan } from '../format'
import { useSession } from '../session'

const STATUS: Record<AdminSignupStatus, { text: string; color: string }> = {
  signed: { text: '已报名', color: 'green' },
  unpaid: { text: '待支付', color: 'default' },
  cancelled: { text: '已取消', color: 'default' }
}
const CANCELLED_BY: Record<string, string> = { user: '用户取消', operator: '后台取消', '': '超时未支付' }

/** One activity's sign-ups: check people in, or cancel one (the seat and a paid fee go back). */
function SignupList({ activity, onBack }: { activity: AdminSignupActivity; onBack: () => void }) {
  const { can } = useSession()
  const { message } = App.useApp()
  const table = useRef<ActionType>()
  const [acting, setActing] = useState<{ item: AdminSignup; action: 'checkin' | 'cancel' } | null>(null)
  const columns: ProColumns<AdminSignup>[] = [
    { title: '编号', dataIndex: 'signup_id', width: 70 },
    { title: '报名人', dataIndex: 'name', render: (_, r) => `${r.name} ${r.mobile}` },
    { title: '用户', dataIndex: 'nickname', render: (_, r) => `${r.nickname || '-'}（${r.user_id}）` },
    { title: '费用', dataIndex: 'amount_fen', render: (_, r) => (r.amount_fen ? yuan(r.amount_fen) : '免费') },
    {
      title: '状态',
      dataIndex: 'status',
      render: (_, r) => (
        <StatusTags status={STATUS[r.status]} r={r} amountFen={r.amount_fen}>
          {r.checked_in_at && <Tag color="blue">已签到 {time(r.checked_in_at).slice(11)}</Tag>}
        </StatusTags>
      )
    },
    { title: '报名时间', dataIndex: 'created_at', render: (_, r) => time(r.created_at) },
    {
      title: '取消',
      dataIndex: 'cancel_reason',
      render: (_, r) =>
        r.status === 'cancelled'
          ? `${CANCELLED_BY[r.cancelled_by] ?? ''}${r.cancelled_by === 'operator' ? `：${r.cancel_reason}` : ''}`
          : '-'
    },
    {
      title: '报名信息',
      dataIndex: 'answers',
      render: (_, r) => (r.answers.length ? r.answers.map((a) => `${a.label}：${a.value || '-'}`).join('；') : '-')
    },
    { title: '备注', dataIndex: 'remark', ellipsis: true },
    {
      title: '操作',
      valueType: 'option',
      hideInTable: !can('signup.manage'),
      render: (_, r) =>
        r.status === 'cancelled' || r.checked_in_at ? null : (
          <Space>
            {r.status === 'signed' && <a onClick={() => setActing({ item: r, action: 'checkin' })}>签到</a>}
            <a style={{ color: '#cf1322' }} onClick={() => setActing({ item: r, action: 'cancel' })}>
              {r.status === 'signed' && r.amount_fen ? '取消并退款' : '取消报名'}
            </a>
          </Space>
        )
    }
  ]
  return (
    <PageContainer
      title={`${activity.title} · 报名`}
      subTitle={
        `${time(activity.starts_at)} ${activity.city} · 名额 ${activity.taken}/${activity.capacity} · ` +
        `${activity.fee_fen ? `${yuan(activity.fee_fen)}，开始前 ${activity.refund_hours} 小时内用户不可自行退款取消` : '免费'}`
      }
      onBack={onBack}
    >
      <ProTable<AdminSignup>
        rowKey="signup_id"
        actionRef={table}
        columns={columns}
        search={false}
        params={{ activity_id: activity.activity_id }}
        pagination={{ defaultPageSize: 50 }}
        request={async ({ current, pageSize, activity_id }) => {
          const data = await api.get<Paged<AdminSignup>>('/signup/lists', {
            activity_id,
            page: current,
            per_page: pageSize
          })
          return { data: data.list, total: data.total, success: true }
        }}
      />
      {acting && (
        <DecisionModal
          open
          approve={acting.action === 'checkin'}
          title={
            acting.action === 'checkin'
              ? `${acting.item.name} 签到`
              : `取消 ${acting.item.name} 的报名` +
                (acting.item.status === 'signed' && acting.item.amount_fen
                  ? `，${yuan(acting.item.amount_fen)} 原路退回`
                  : '')
          }
          label={acting.action === 'cancel' ? '取消原因（用户可见）' : undefined}
          onClose={() => setActing(null)}
          onSubmit={async (reason) => {
            if (acting.action === 'checkin') {
              await api.post('/signup/checkin', { signup_id: acting.item.signup_id })
              message.success('已签到')
            } else {
              const done = await api.post<{ refund_status: string }>('/signup/cancel', {
                signup_id: acting.item.signup_id,
                reason
              })
              message.success(
                done.refund_status === 'refunded'
                  ? '已取消，报名费已原路退回'
                  : done.refund_status === 'processing'
                    ? '已取消，退款处理中'
                    : '已取消报名'
              )
            }
            table.current?.reload()
          }}
        />
      )}
    </PageContainer>
  )
}

/** 活动报名: activities with their sign-up counts; open one to manage its sign-ups. */
export default function Signups() {
  const [keyword, setKeyword] = useState('')
  const [open, setOpen] = useState<AdminSignupActivity | null>(null)
  if (open) return <SignupList activity={open} onBack={() => setOpen(null)} />
  const columns: ProColumns<AdminSignupActivity>[] = [
    { title: '活动', dataIndex: 'title', render: (_, r) => <a onClick={() => setOpen(r)}>{r.title}</a> },
    { title: '开始时间', dataIndex: 'starts_at', render: (_, r) => time(r.starts_at) },
    { title: '城市', dataIndex: 'city', width: 80 },
    { title: '费用', dataIndex: 'fee_fen', render: (_, r) => (r.fee_fen ? yuan(r.fee_fen) : '免费') },
    { title: '名额', dataIndex: 'taken', render: (_, r) => `${r.taken}/${r.capacity}` },
    { title: '已报名', dataIndex: 'signed' },
    { title: '已签到', dataIndex: 'checked_in' },
    { title: '已取消', dataIndex: 'cancelled' },
    {
      title: '操作',
      valueType: 'option',
      render: (_, r) => (
        <Button size="small" onClick={() => setOpen(r)}>
          报名名单
        </Button>
      )
    }
  ]
  return (
    <PageContainer title="活动报名">
      <ProTable<AdminSignupActivity>
        rowKey="activity_id"
        columns={columns}
        search={false}
        params={{ keyword }}
        toolbar={{
          search: <Input.Search allowClear placeholder="活动名称" onSearch={setKeyword} style={{ width: 240 }} />
        }}
        pagination={{ defaultPageSize: 20 }}
        request={async ({ current, pageSize, keyword: k }) => {
          const data = await api.get<Paged<AdminSignupActivity>>('/signup/activities', {
            keyword: k,
            page: current,
            per_page: pageSize
          })
          return { data: data.list, total: data.total, success: true }
        }}
      />
    </PageContainer>
  )
}
