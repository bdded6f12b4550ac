import type {
  CashApplyRequest,
  CashApplyResponse,
  FriendsWithEarningsResponse,
  PageParams,
  PayRecordsRequest,
  PayRecordsResponse,
  PayRestartRequest,
  PayStart,
  TextPageRequest,
  TextPageResponse,
  UserCounts,
  WalletDetail,
  WalletLogsRequest,
  WalletLogsResponse,
  WithdrawalsResponse
} from './contract'
import { request } from './http'

/** Balance: available, frozen, total earned, and the withdrawal rules. */
export const getWallet = () => request<WalletDetail>({ url: '/api/user.wallet/detail' })

/** Income and expense details, filtered by type and month (yyyy-mm). */
export const getWalletLogs = (params: WalletLogsRequest) => request<WalletLogsResponse>({ url: '/api/user.wallet/lists', data: params })

export const applyWithdrawal = (data: CashApplyRequest) =>
  request<CashApplyResponse>({ url: '/api/user.cash/apply', method: 'POST', data })

export const getWithdrawals = (params: PageParams = {}) => request<WithdrawalsResponse>({ url: '/api/user.cash/lists', data: params })

/** The users I referred with what each earned me (same endpoint as getFriends, with earnings). */
export const getFriendEarnings = (params: PageParams = {}) =>
  request<FriendsWithEarningsResponse>({ url: '/api/user.user/getFriends', data: params })

/** Counts of the 我的 tab (orders by status, coupons, favorites, follows); read silently. */
export const getUserCounts = () => request<UserCounts>({ url: '/api/user.user/counts', showLoading: false })

/** My payments, e.g. biz_type 'course' for online course orders. */
export const getPayRecords = (params: PayRecordsRequest) => request<PayRecordsResponse>({ url: '/api/pay.index/lists', data: params })

/** Pays again a payment that is still waiting. */
export const restartPay = (data: PayRestartRequest) => request<PayStart>({ url: '/api/pay.index/start', method: 'POST', data })

/** A long text page kept on the server (site_pages). */
export const getTextPage = (params: TextPageRequest) => request<TextPageResponse>({ url: '/api/index/text', data: params })
