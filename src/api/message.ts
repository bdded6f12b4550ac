import type {
  PageParams,
  ReadMessagesRequest,
  SubscribeResultRequest,
  SubscribeScene,
  SubscribeTemplatesResponse,
  UnreadMessagesResponse,
  UserMessagesResponse
} from '@contract'

import { request } from './http'

// The unread count is in ./unread: the main package (the tab bar's badge) needs only that one call.

/** My messages (站内信), newest first, with how many are unread in all. */
export const getMessages = (params: PageParams) =>
  request<UserMessagesResponse>({ url: '/api/user.message/lists', data: params, showLoading: false })

/** Marks the given messages (or all) read; answers how many are left unread. */
export const readMessages = (data: ReadMessagesRequest) =>
  request<UnreadMessagesResponse>({ url: '/api/user.message/read', method: 'POST', data, showLoading: false })

/** The 订阅消息 templates to ask for at this tap (mini-program). Asked ahead of the tap, silently. */
export const getSubscribeTemplates = (scene: SubscribeScene) =>
  request<SubscribeTemplatesResponse>({
    url: '/api/user.message/templates',
    data: { scene },
    showLoading: false,
    showToast: false
  })

/** wx.requestSubscribeMessage's answer, reported silently: the user's action never waits for it. */
export const reportSubscribe = (data: SubscribeResultRequest) =>
  request<{ accepted: number }>({
    url: '/api/user.message/subscribe',
    method: 'POST',
    data,
    showLoading: false,
    showToast: false
  })
