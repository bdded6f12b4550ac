/**
 * What WeChat's 确认收货 component (wx.openBusinessView, businessType weappOrderConfirm) came to, from its
 * answer's extraData.status: confirmed, cancelled, or failed with WeChat's reason; unavailable where there
 * is no such component (a browser, an old WeChat), so the app confirms itself.
 */
export type WechatConfirmOutcome =
  { status: 'confirmed' } | { status: 'cancelled' } | { status: 'failed'; message: string } | { status: 'unavailable' }

export const MSG_WECHAT_CONFIRM_FAILED = '微信确认收货未完成，请稍后再试'

/** WeChat's extraData: status 'success' | 'fail' | 'cancel', errormsg when it failed. */
export function wechatConfirmOutcome(extraData: unknown): WechatConfirmOutcome {
  const data = (extraData ?? {}) as { status?: unknown; errormsg?: unknown }
  if (data.status === 'success') return { status: 'confirmed' }
  if (data.status === 'cancel') return { status: 'cancelled' }
  const reason = typeof data.errormsg === 'string' && data.errormsg ? `：${data.errormsg}` : ''
  return { status: 'failed', message: `${MSG_WECHAT_CONFIRM_FAILED}${reason}` }
}
