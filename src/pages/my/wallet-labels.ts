import type {
  CommissionStatus,
  PaymentBizType,
  PaymentStatus,
  WalletDetail,
  WalletLogType,
  WithdrawalStatus
} from '@contract'

import { formatFen } from '@/core/format'

/** The details filter, in the order shown ('' = all). */
export const LOG_TYPES: { type: WalletLogType | ''; label: string }[] = [
  { type: '', label: '全部' },
  { type: 'commission', label: '佣金收入' },
  { type: 'refund', label: '退款扣回' },
  { type: 'withdraw', label: '提现' },
  { type: 'withdraw_return', label: '提现退回' }
]

export const LOG_TYPE_NAMES: Record<WalletLogType, string> = {
  commission: '佣金收入',
  refund: '退款扣回',
  withdraw: '提现',
  withdraw_return: '提现退回'
}

export const STATUS_NAMES: Record<CommissionStatus | WithdrawalStatus, string> = {
  frozen: '冻结中',
  available: '已到账',
  cancelled: '已取消',
  reversed: '已扣回',
  pending: '审核中',
  transferring: '转账中',
  wait_confirm: '待确认收款',
  paid: '已到账',
  failed: '转账失败已退回',
  rejected: '已驳回'
}

export const PAY_STATUS_NAMES: Record<PaymentStatus, string> = {
  created: '待支付',
  paid: '已支付',
  closed: '已关闭',
  refunded: '已退款'
}

export const BIZ_TYPE_NAMES: Record<PaymentBizType, string> = {
  goods: '商品',
  course: '课程',
  activity: '活动',
  report: '报告',
  certificate: '证书',
  membership: '会员',
  service: '服务'
}

/**
 * A yuan amount typed by the user as integer fen, or a message naming what is wrong:
 * at most two decimals, more than zero.
 */
export function parseYuan(text: string): { fen: number } | { error: string } {
  const value = text.trim()
  if (!value) return { error: '请输入提现金额' }
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(value)) return { error: '提现金额格式不正确，最多两位小数' }
  const [yuan, decimals = ''] = value.split('.')
  const fen = Number(yuan) * 100 + Number(decimals.padEnd(2, '0'))
  if (fen <= 0) return { error: '提现金额必须大于 0' }
  return { fen }
}

/**
 * Why no withdrawal can be requested now (nothing to take out, less than the minimum, today's limit
 * used up), or '' when one can; said above the form instead of letting the user type and be refused.
 */
export function withdrawBlocked(w: WalletDetail): string {
  const frozen = w.frozen_fen > 0 ? `；冻结中的 ${formatFen(w.frozen_fen)} 过了退款期后转为可提现` : ''
  if (w.available_fen <= 0) {
    return w.frozen_fen > 0
      ? `可提现余额为 0，暂时不能提现${frozen}`
      : '可提现余额为 0，暂时不能提现。邀请好友购买课程或商品，获得的佣金过了退款期即可提现'
  }
  if (w.available_fen < w.withdraw_min_fen)
    return `可提现余额 ${formatFen(w.available_fen)}，不足单笔最低 ${formatFen(w.withdraw_min_fen)}，暂时不能提现${frozen}`
  if (w.withdraw_today_fen >= w.withdraw_daily_limit_fen)
    return `今日提现已达每日限额 ${formatFen(w.withdraw_daily_limit_fen)}，请明天再来`
  return ''
}
