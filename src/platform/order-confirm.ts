import type { WechatOrderConfirm } from '@contract/wechat-shipping'

import type { WechatConfirmOutcome } from '@/core/order-confirm'

/**
 * WeChat's own 确认收货 for an order paid in the mini-program (order-confirm.weapp.ts). A browser has no
 * such component: the app's own confirmation stays. Same exports.
 */
export async function confirmReceiptInWechat(_order: WechatOrderConfirm): Promise<WechatConfirmOutcome> {
  return { status: 'unavailable' }
}
