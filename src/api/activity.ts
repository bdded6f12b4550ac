import type {
  ActivityCancelResponse,
  ActivityDetailRequest,
  ActivityDetailResponse,
  ActivityListResponse,
  ActivityPayRequest,
  ActivityPayResponse,
  ActivitySignupRequest,
  ActivitySignupResponse,
  MyActivityListRequest,
  MyActivityListResponse,
  PageParams
} from '@contract'

import { request } from './http'

export const getActivities = (params: PageParams = {}) =>
  request<ActivityListResponse>({ url: '/api/share.share/activity', data: params })

export const getActivity = (params: ActivityDetailRequest) =>
  request<ActivityDetailResponse>({ url: '/api/share.activity/detail', data: params })

/** A refusal (full, closed, signed up already) is shown in the form, not as a toast. */
export const signupActivity = (data: ActivitySignupRequest) =>
  request<ActivitySignupResponse>({ url: '/api/share.activity/signup', method: 'POST', data, showToast: false })

export const payActivity = (data: ActivityPayRequest) =>
  request<ActivityPayResponse>({ url: '/api/share.activity/pay', method: 'POST', data })

export const getMyActivities = (params: MyActivityListRequest = {}) =>
  request<MyActivityListResponse>({ url: '/api/share.activity/lists', data: params })

/** Cancels my sign-up: the seat goes back, a paid fee is refunded per the activity's rule. */
export const cancelActivitySignup = (data: ActivityPayRequest) =>
  request<ActivityCancelResponse>({ url: '/api/share.activity/cancel', method: 'POST', data })
