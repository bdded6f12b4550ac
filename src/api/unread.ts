import type { UnreadMessagesResponse } from '@contract'

import { request } from './http'

/**
 * How many of my messages are unread: the 我的 badge. Apart from ./message because the tab bar in the
 * mini-program's main package needs only this call. A hint, so it neither shows the indicator nor toasts.
 */
export const getUnreadCount = () =>
  request<UnreadMessagesResponse>({ url: '/api/user.message/unread', showLoading: false, showToast: false })
