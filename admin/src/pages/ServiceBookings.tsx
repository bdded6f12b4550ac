import { type ActionType, PageContainer, type ProColumns } from '@ant-design/pro-components'
import type { AdminServiceBooking, AdminServiceStatus } from '@contract/admin'
import { App } from 'antd'
import { useRef, useState } from 'react'

import { api } from '../api/client'
import { DecisionModal } from '../components/DecisionModal'
import { DecisionLinks, DecisionQueue } from '../components/DecisionQueue'
import { StatusTags } from '../components/RefundTag'
import { time, yuan } from '../format'
import { useSession } from '../session'

const STATUS: Record<AdminServiceStatus, { text: string; color: string }> = {
  paid: { text: '已预约', color: 'green' },
  unpaid: { text: '待支付', color: 'default' },
  done: { text: '已完成', color: 'blue' },
  cancelled: { text: '已取消', color: 'default' }
}
const CANCELLED_BY: Record<string, string> = { user: '用户取消', operator: '后台取消', expired: '超时未支付' }

/** 服务预约: bookings by state; mark a consultation completed, or cancel a booking (a paid one is refunded). */
export default function ServiceBookings() {
  const { can } = useSession()
  const { message } = App.useApp()
  const table = useRef<ActionType>()
  const [tab, setTab] = useState<AdminServiceStatus>('paid')
  const [acting, setActing] = useState<{ item: AdminServiceBooking; action: 'complete' | 'cancel' } | null>(null)

  const columns: ProColumns<AdminServiceBooking>[] = [
    { title: '预约号', dataIndex: 'order_id', width: 80 },
    { title: '服务', dataIndex: 'service_title', ellipsis: true },
    { title: '老师', dataIndex: 'teacher_name', width: 90 },
    { title: '预约时间', dataIndex: 'starts_at', render: (_, r) => time(r.starts_at) },
    { title: '联系人', dataIndex: 'name', render: (_, r) => `${r.name} ${r.mobile}` },
    { title: '用户', dataIndex: 'nickname', render: (_, r) => `${r.nickname || '-'}（${r.user_id}）` },
    { title: '金额', dataIndex: 'amount_fen', render: (_, r) => yuan(r.amount_fen) },
    {
      title: '状态',
      dataIndex: 'status',
      render: (_, r) => <StatusTags status={STATUS[r.status]} r={r} amountFen={r.amount_fen} />
    },
    {
      title: '完成时间',
      dataIndex: 'completed_at',
      hideInTable: tab !== 'done',
      render: (_, r) => time(r.completed_at)
    },
    {
      title: '取消',
      dataIndex: 'cancel_reason',
      hideInTable: tab !== 'cancelled',
      render: (_, r) =>
        `${CANCELLED_BY[r.cancelled_by] ?? ''}` +
        `${r.cancel_reason && r.cancelled_by !== 'expired' ? `：${r.cancel_reason}` : ''} ` +
        `${time(r.cancelled_at)}`
    },
    { title: '备注', dataIndex: 'remark', ellipsis: true, hideInTable: tab === 'cancelled' },
    {
      title: '操作',
      valueType: 'option',
      hideInTable: !can('service.manage') || (tab !== 'paid' && tab !== 'unpaid'),
      render: (_, r) => (
        <DecisionLinks
          approve={r.status === 'paid' ? '标记完成' : undefined}
          reject={r.status === 'paid' ? '取消并退款' : '取消'}
          onDecide={(complete) => setActing({ item: r, action: complete ? 'complete' : 'cancel' })}
        />
      )
    }
  ]

  return (
    <PageContainer title="服务预约">
      <DecisionQueue<AdminServiceBooking, AdminServiceStatus>
        path="/service/lists"
        rowKey="order_id"
        columns={columns}
        statuses={STATUS}
        tab={tab}
        onTab={setTab}
        tableRef={table}
        search={{ placeholder: '联系人、完整手机号、用户昵称或 ID、老师', width: 300 }}
      />
      {acting && (
        <DecisionModal
          open
          approve={acting.action === 'complete'}
          title={
            acting.action === 'complete'
              ? `确认 ${acting.item.name} 的「${acting.item.service_title}」已完成`
              : acting.item.status === 'paid'
                ? `取消预约，${yuan(acting.item.amount_fen)} 原路退回用户`
                : '取消未支付的预约（时段释放）'
          }
          label={acting.action === 'cancel' ? '取消原因（用户可见）' : undefined}
          onClose={() => setActing(null)}
          onSubmit={async (reason) => {
            if (acting.action === 'complete') {
              await api.post('/service/complete', { order_id: acting.item.order_id })
              message.success('已标记为已完成')
            } else {
              const done = await api.post<{ refund_status: string }>('/service/cancel', {
                order_id: acting.item.order_id,
                reason
              })
              message.success(
                done.refund_status === 'refunded'
                  ? '已取消，款项已原路退回'
                  : done.refund_status === 'processing'
                    ? '已取消，退款处理中'
                    : '已取消'
              )
            }
            table.current?.reload()
          }}
        />
      )}
    </PageContainer>
  )
}
