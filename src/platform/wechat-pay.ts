import type { CashReceiveResponse, WechatPayParams } from '@contract'

import type { PayOutcome } from '@/core/pay'

/** WeChat Pay in WeChat's browser (JSAPI through WeixinJSBridge); the mini-program's is wechat-pay.weapp.ts. */

interface WeixinJSBridge {
  invoke(api: 'getBrandWCPayRequest', params: WechatPayParams, callback: (result: { err_msg: string }) => void): void
  invoke(
    api: 'requestMerchantTransfer',
    params: { mchId: string; appId: string; package: string },
    callback: (result: { err_msg: string }) => void
  ): void
}

declare global {
  interface Window {
    WeixinJSBridge?: WeixinJSBridge
  }
}

/** WeChat injects the bridge a moment after the page loads and announces it with WeixinJSBridgeReady. */
function bridge(): Promise<WeixinJSBridge> {
  if (window.WeixinJSBridge) return Promise.resolve(window.WeixinJSBridge)
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('请在微信中打开以完成支付')), 3000)
    document.addEventListener(
      'WeixinJSBridgeReady',
      () => {
        clearTimeout(timer)
        if (window.WeixinJSBridge) resolve(window.WeixinJSBridge)
        else reject(new Error('请在微信中打开以完成支付'))
      },
      { once: true }
    )
  })
}

/** 确认收款 of a merchant transfer in WeChat's browser (JS-SDK requestMerchantTransfer through the bridge). */
export async function wechatReceive(receipt: CashReceiveResponse): Promise<PayOutcome> {
  const jsBridge = await bridge()
  const params = { mchId: receipt.mch_id, appId: receipt.app_id, package: receipt.package_info }
  const result = await new Promise<{ err_msg: string }>((resolve) =>
    jsBridge.invoke('requestMerchantTransfer', params, resolve)
  )
  if (result.err_msg === 'requestMerchantTransfer:ok') return 'paid'
  if (result.err_msg === 'requestMerchantTransfer:cancel') return 'cancelled'
  throw new Error('确认收款失败，请稍后再试')
}

export async function wechatPay(params: WechatPayParams): Promise<PayOutcome> {
  const jsBridge = await bridge()
  const result = await new Promise<{ err_msg: string }>((resolve) =>
    jsBridge.invoke('getBrandWCPayRequest', params, resolve)
  )
  if (result.err_msg === 'get_brand_wcpay_request:ok') return 'paid'
  if (result.err_msg === 'get_brand_wcpay_request:cancel') return 'cancelled'
  throw new Error('支付失败，请稍后再试')
}
