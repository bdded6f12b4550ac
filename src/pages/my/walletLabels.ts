import type { CommissionStatus, PaymentBizType, PaymentStatus, WalletLogType, WithdrawalStatus } from '../../api/contract'

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
