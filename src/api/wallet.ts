import type {
  CashApplyRequest,
  CashApplyResponse,
  CashDetailRequest,
  CashReceiveResponse,
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
  Withdrawal,
  WithdrawalsResponse
} from '@contract'

import { request } from './http'

/** Balance: available, frozen, total earned, and the withdrawal rules. */
export const getWallet = () => request<WalletDetail>({ url: '/api/user.wallet/detail' })

/** Income and expense details, filtered by type and month (yyyy-mm). */
export const getWalletLogs = (params: WalletLogsRequest) =>
  request<WalletLogsResponse>({ url: '/api/user.wallet/lists', data: params })

export const applyWithdrawal = (data: CashApplyRequest) =>
  request<CashApplyResponse>({ url: '/api/user.cash/apply', method: 'POST', data })

export const getWithdrawals = (params: PageParams = {}) =>
  request<WithdrawalsResponse>({ url: '/api/user.cash/lists', data: params })

/** One withdrawal; the server asks WeChat Pay about its transfer while it is under way. */
export const getWithdrawal = (params: CashDetailRequest) =>
  request<Withdrawal>({ url: '/api/user.cash/detail', data: params, showLoading: false })

/** What WeChat's 确认收款 needs for a withdrawal waiting for the user. */
export const getTransferReceipt = (data: CashDetailRequest) =>
  request<CashReceiveResponse>({ url: '/api/user.cash/receive', method: 'POST', data })

/** The sandbox's 确认收款 (development provider only). */
export const confirmSandboxTransfer = (data: CashDetailRequest) =>
  request<Withdrawal>({ url: '/api/pay.sandbox/receiveTransfer', method: 'POST', data })

/** The users I referred with what each earned me (same endpoint as getFriends, with earnings). */
export const getFriendEarnings = (params: PageParams = {}) =>
  request<FriendsWithEarningsResponse>({ url: '/api/user.user/getFriends', data: params })

/** Counts of the 我的 tab (orders by status, coupons, favorites, follows); read silently. */
export const getUserCounts = () => request<UserCounts>({ url: '/api/user.user/counts', showLoading: false })

/** My payments, e.g. biz_type 'course' for online course orders. */
export const getPayRecords = (params: PayRecordsRequest) =>
  request<PayRecordsResponse>({ url: '/api/pay.index/lists', data: params })

/** Pays again a payment that is still waiting. */
export const restartPay = (data: PayRestartRequest) =>
  request<PayStart>({ url: '/api/pay.index/start', method: 'POST', data })

/** A long text page kept on the server (site_pages). */
export const getTextPage = (params: TextPageRequest) =>
  request<TextPageResponse>({ url: '/api/index/text', data: params })
