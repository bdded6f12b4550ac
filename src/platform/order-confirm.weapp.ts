import type { WechatOrderConfirm } from '@contract/wechat-shipping'

import { MSG_WECHAT_CONFIRM_FAILED, type WechatConfirmOutcome, wechatConfirmOutcome } from '@/core/order-confirm'

interface BusinessViewApi {
  openBusinessView(opts: {
    businessType: string
    extraData: object
    success(res: { extraData?: unknown }): void
    fail(err: { errMsg?: string }): void
  }): void
}

/**
 * WeChat's 确认收货 component for an order paid in the mini-program (wx.openBusinessView, base library
 * 2.6.0+; WeChat settles the payment once the buyer confirms there). Its success callback carries the
 * outcome in extraData.status. Same exports as order-confirm.ts.
 */
export async function confirmReceiptInWechat(order: WechatOrderConfirm): Promise<WechatConfirmOutcome> {
  const wx = (globalThis as unknown as { wx?: Partial<BusinessViewApi> }).wx
  if (!wx?.openBusinessView) return { status: 'unavailable' }
  const open = wx.openBusinessView.bind(wx)
  return new Promise<WechatConfirmOutcome>((resolve) =>
    open({
      businessType: 'weappOrderConfirm',
      extraData: order,
      success: (res) => resolve(wechatConfirmOutcome(res?.extraData)),
      fail: (err) =>
        resolve(
          /cancel/.test(err?.errMsg ?? '')
            ? { status: 'cancelled' }
            : { status: 'failed', message: MSG_WECHAT_CONFIRM_FAILED }
        )
    })
  )
}
