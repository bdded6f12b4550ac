// The in-app 消息中心 (站内信) and WeChat subscriptions, as the app and the server speak them.

/** One message: what happened and the page it opens. */
export interface UserMessage {
  id: number
  /** The event's key, e.g. `order.shipped`. */
  event: string
  title: string
  body: string
  /** An app route with its query (`goods/pages/order/detail?id=12`); '' opens nothing. */
  link: string
  read: boolean
  /** ISO time. */
  created_at: string
}

/** GET /api/user.message/lists */
export interface UserMessagesResponse {
  list: UserMessage[]
  total: number
  page: number
  per_page: number
  last_page: number
  unread: number
}

/** GET /api/user.message/unread */
export interface UnreadMessagesResponse {
  count: number
}

/** POST /api/user.message/read: the given ids, or every message with `all`. */
export interface ReadMessagesRequest {
  ids?: number[]
  all?: boolean
}

/** When the app asks for WeChat subscriptions: at paying, booking, signing up, applying, withdrawing. */
export type SubscribeScene = 'pay' | 'book' | 'signup' | 'apply' | 'withdraw'

/** GET /api/user.message/templates?scene= : the 订阅消息 template ids to ask for (at most 3, WeChat's limit per ask). */
export interface SubscribeTemplatesResponse {
  template_ids: string[]
}

/** POST /api/user.message/subscribe: wx.requestSubscribeMessage's answer, template id -> accept|reject|ban|filter. */
export interface SubscribeResultRequest {
  results: Record<string, string>
}
