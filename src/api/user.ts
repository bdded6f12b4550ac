import type {
  BindMobileRequest,
  BindMobileResponse,
  CheckBindMobileResponse,
  Empty,
  FriendsResponse,
  InviteMpCodeResponse,
  LoginResponse,
  MergeAccountRequest,
  MergeAccountResponse,
  MobileLoginRequest,
  PageParams,
  SmsSendRequest,
  SmsSendResponse,
  UpdateInfoRequest,
  UserDetailResponse,
  UserNoticesResponse
} from '@contract'

import { request } from './http'

export const getUserDetail = () => request<UserDetailResponse>({ url: '/api/user.user/detail' })

/** Ends a login on the server; sent with the token the app has just let go of, silently. */
export const endSession = (token: string) =>
  request<Empty>({ url: '/api/user.user/logout', method: 'POST', token, showLoading: false, showToast: false })

export const updateUserInfo = (data: UpdateInfoRequest) =>
  request<Empty>({ url: '/api/user.user/updateInfo', method: 'POST', data })

export const checkBindMobile = () =>
  request<CheckBindMobileResponse>({ url: '/api/user.user/checkBindMobile', method: 'POST' })

/** Binds the number; when another account holds it, answers a merge offer to confirm with mergeAccount. */
export const bindMobile = (data: BindMobileRequest) =>
  request<BindMobileResponse>({ url: '/api/user.user/bindMobile', method: 'POST', data })

/** Merges the account that held the number into this one (the offer's token, within 10 minutes). */
export const mergeAccount = (data: MergeAccountRequest) =>
  request<MergeAccountResponse>({ url: '/api/user.user/mergeAccount', method: 'POST', data })

/** My invitation poster's mini-program code (null when none is configured). */
export const getInviteMpCode = () =>
  request<InviteMpCodeResponse>({ url: '/api/user.invite/mpCode', showLoading: false })

/** The users I referred, newest first. */
export const getFriends = (params: PageParams = {}) =>
  request<FriendsResponse>({ url: '/api/user.user/getFriends', data: params })

export const sendSms = (data: SmsSendRequest) =>
  request<SmsSendResponse>({ url: '/api/sms.index/send', method: 'POST', data })

export const mobileLogin = (data: MobileLoginRequest) =>
  request<LoginResponse>({ url: '/api/user.user/mobileLogin', method: 'POST', data })

/** Notices not shown yet (content taken down by the content check); fetching marks them read. */
export const takeNotices = () =>
  request<UserNoticesResponse>({ url: '/api/user.notice/unread', method: 'POST', showLoading: false, showToast: false })
