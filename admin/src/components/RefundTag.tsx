import type { AdminBizRefund } from '@contract/admin'
import { Space, Tag } from 'antd'
import type { ReactNode } from 'react'

import { time, yuan } from '../format'

/** A cancelled booking's or rejected application's money: 退款中 or 已退款 with the amount and when. */
export function RefundTag({ r, amountFen }: { r: AdminBizRefund; amountFen: number }) {
  if (r.refund_status === 'none') return null
  if (r.refund_status === 'processing') return <Tag color="orange">退款中 {yuan(amountFen)}</Tag>
  return (
    <Tag color="red" title={time(r.refunded_at)}>
      已退款 {yuan(r.refund_fen)}
    </Tag>
  )
}

/** A booking's, sign-up's or application's state, any extra tags, then its refund. */
export function StatusTags({
  status,
  r,
  amountFen,
  children
}: {
  status: { text: string; color: string }
  r: AdminBizRefund
  amountFen: number
  children?: ReactNode
}) {
  return (
    <Space size={4} wrap>
      <Tag color={status.color}>{status.text}</Tag>
      {children}
      <RefundTag r={r} amountFen={amountFen} />
    </Space>
  )
}
