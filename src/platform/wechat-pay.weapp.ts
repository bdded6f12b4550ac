import Taro from '@tarojs/taro'
import type { WechatPayParams } from '../api/contract'
import type { PayOutcome } from '../core/pay'

/** WeChat Pay in the mini-program (wx.requestPayment); same exports as wechat-pay.ts. */
export async function wechatPay(params: WechatPayParams): Promise<PayOutcome> {
  try {
    await Taro.requestPayment({
      timeStamp: params.timeStamp,
      nonceStr: params.nonceStr,
      package: params.package,
      signType: params.signType,
      paySign: params.paySign
    })
    return 'paid'
  } catch (error) {
    const errMsg = (error as { errMsg?: string } | null)?.errMsg ?? ''
    if (errMsg === 'requestPayment:fail cancel') return 'cancelled'
    throw new Error('支付失败，请稍后再试')
  }
}
