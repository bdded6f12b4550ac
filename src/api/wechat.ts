import type { LoginResponse, MpLoginRequest, WxSignRequest, WxSignResponse } from '@contract'

import { request } from './http'

/** Exchanges a WeChat code (OAuth on H5, wx.login in the mini-program) for user_id and token. */
export const mpLogin = (data: MpLoginRequest) =>
  request<LoginResponse>({
    url: '/api/wechat.index/mpLogin',
    method: 'POST',
    data,
    showToast: false,
    waitForLogin: false
  })

/** The JS-SDK signature for an address without its hash; silent, a failure is only logged. */
export const wxSign = (data: WxSignRequest) =>
  request<WxSignResponse>({
    url: '/api/wechat.index/wxSign',
    method: 'POST',
    data,
    showLoading: false,
    showToast: false
  })
