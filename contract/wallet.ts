/**
 * Wallet, referral commission, withdrawals, friends with earnings, the 我的 counts, payment records
 * and the text/web utility pages. Money is always integer fen.
 */
import type { Friend, Paged, PageParams, PaymentBizType, PaymentStatus, PayStatusResponse } from '.'

// ---- wallet ----

/** GET /api/user.wallet/detail */
export interface WalletDetail {
  /** Can be withdrawn. */
  available_fen: number
  /** Earned, waiting for the refund window of what was paid to pass. */
  frozen_fen: number
  /** Everything earned and not reversed by a refund. */
  total_earned_fen: number
  withdrawn_fen: number
  /** Taken back by refunds after it was withdrawn; settled from later income. */
  owed_fen: number
  withdraw_min_fen: number
  withdraw_daily_limit_fen: number
  /** Requested today (not rejected), counted against the daily limit. */
  withdraw_today_fen: number
}

export type WalletLogType = 'commission' | 'refund' | 'withdraw' | 'withdraw_return'
export type CommissionStatus = 'frozen' | 'available' | 'cancelled' | 'reversed'
/**
 * pending: 审核中; transferring: 转账中; wait_confirm: 待确认收款 (accept it in WeChat); paid: 已到账;
 * failed: 转账失败已退回 (the amount is back in the balance); rejected: 已驳回 (back in the balance too).
 */
export type WithdrawalStatus = 'pending' | 'transferring' | 'wait_confirm' | 'paid' | 'failed' | 'rejected'

/** GET /api/user.wallet/lists: income and expense details, newest first. */
export interface WalletLogsRequest extends PageParams {
  type?: WalletLogType | ''
  /** yyyy-mm (China time) */
  month?: string
}

export interface WalletLog {
  id: number
  type: WalletLogType
  /** Signed: + income, - expense. */
  amount_fen: number
  /** What it was for, e.g. 好友「张三」购买课程 · 一级佣金. */
  title: string
  /** The commission's or withdrawal's current state; '' for entries without one. */
  status: CommissionStatus | WithdrawalStatus | ''
  /** For frozen commission: when it becomes available (ISO time). */
  release_at: string
  created_at: string
}

export type WalletLogsResponse = Paged<WalletLog>

// ---- withdrawals ----

/** POST /api/user.cash/apply */
export interface CashApplyRequest {
  amount_fen: number
  /** The account holder's real name, checked by the operator before paying. */
  real_name: string
}

export interface Withdrawal {
  id: number
  amount_fen: number
  real_name: string
  status: WithdrawalStatus
  reject_reason: string
  /** Why the transfer failed (failed only). */
  fail_reason: string
  created_at: string
  reviewed_at: string
  /** When it reached the change or failed; '' before. */
  finished_at: string
}

/** GET /api/user.cash/detail {id}: one withdrawal, its transfer asked about at WeChat Pay while under way. */
export interface CashDetailRequest {
  id: number
}

/**
 * POST /api/user.cash/receive {id}: what WeChat's 确认收款 needs (wx.requestMerchantTransfer / the JS-SDK's
 * requestMerchantTransfer).
 */
export interface CashReceiveResponse {
  provider: 'sandbox' | 'wechat'
  mch_id: string
  app_id: string
  package_info: string
}

export interface CashApplyResponse {
  withdrawal: Withdrawal
}

/** GET /api/user.cash/lists */
export type WithdrawalsResponse = Paged<Withdrawal>

// ---- friends and counts ----

export interface FriendWithEarnings extends Friend {
  /** What I earned from this friend's payments (frozen or available, refunds taken off). */
  earned_fen: number
}

/** GET /api/user.user/getFriends */
export interface FriendsWithEarningsResponse extends Paged<FriendWithEarnings> {
  /** Earned from all friends, both levels. */
  total_earned_fen: number
}

/** GET /api/user.user/counts: 0 for what the app does not sell yet. */
export interface UserCounts {
  orders: { unpaid: number; unshipped: number; unreceived: number; refunding: number }
  coupons: number
  favorites: number
  follows: number
}

// ---- payment records ----

/** GET /api/pay.index/lists: my payments, newest first. */
export interface PayRecordsRequest extends PageParams {
  biz_type?: PaymentBizType | ''
  status?: PaymentStatus | ''
}

export interface PayRecord extends PayStatusResponse {
  description: string
  created_at: string
}

export type PayRecordsResponse = Paged<PayRecord>

/** POST /api/pay.index/start: pays again a payment still waiting (the response is a PayStart). */
export interface PayRestartRequest {
  out_trade_no: string
}

// ---- utility pages ----

/** GET /api/index/text */
export interface TextPageRequest {
  key: string
}

export interface TextPageResponse {
  key: string
  title: string
  /** Sanitized HTML. */
  content: string
  updated_at: string
}
