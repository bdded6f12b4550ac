import type { AdminOrderStatus, AdminRefundStatus, AdminRole } from '../../src/api/contracts/admin'

export const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`

/** A time as China reads it: 2025-01-31 14:05. */
export function time(iso: string | null | undefined): string {
  if (!iso) return '-'
  const d = new Date(new Date(iso).getTime() + 8 * 3_600_000)
  return d.toISOString().slice(0, 16).replace('T', ' ')
}

export const ORDER_STATUS: Record<AdminOrderStatus, { text: string; color: string }> = {
  to_pay: { text: '待付款', color: 'default' },
  to_ship: { text: '待发货', color: 'orange' },
  to_receive: { text: '已发货', color: 'blue' },
  done: { text: '已完成', color: 'green' },
  cancelled: { text: '已取消', color: 'default' },
  refunded: { text: '已退款', color: 'red' }
}

export const REFUND_STATUS: Record<AdminRefundStatus, { text: string; color: string }> = {
  none: { text: '无', color: 'default' },
  applied: { text: '退款申请中', color: 'volcano' },
  rejected: { text: '已拒绝', color: 'default' },
  refunded: { text: '已退款', color: 'red' }
}

export const ROLE_TEXT: Record<AdminRole, string> = { owner: '店主', operations: '运营', finance: '财务', content: '内容' }

/** The audit log's actions in words. */
export const ACTION_TEXT: Record<string, string> = {
  'operator.add': '新增操作员',
  'operator.edit': '修改操作员',
  'operator.resetPassword': '重置密码',
  'operator.revokeSessions': '强制下线',
  'operator.password': '修改自己的密码',
  'order.ship': '订单发货',
  'order.close': '关闭订单',
  'refund.approve': '同意退款',
  'refund.reject': '拒绝退款',
  'withdrawal.pay': '提现已打款',
  'withdrawal.reject': '驳回提现',
  'service.complete': '服务标记完成',
  'service.cancel': '取消服务预约',
  'certificate.approve': '通过证书申请',
  'certificate.reject': '驳回证书申请',
  'membership.approve': '通过入会申请',
  'membership.reject': '驳回入会申请',
  'signup.cancel': '取消活动报名',
  'signup.checkin': '活动签到'
}

export const PAYMENT_STATUS: Record<string, string> = { created: '待支付', paid: '已支付', closed: '已关闭', refunded: '已退款' }
export const REFUND_RECORD_STATUS: Record<string, string> = { pending: '待提交', processing: '处理中', abnormal: '异常', succeeded: '已退回', failed: '失败' }
