import type { CashReceiveResponse, WechatPayParams } from '@contract'
import Taro from '@tarojs/taro'

import type { PayOutcome } from '@/core/pay'

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
    throw new Error('支付失败，请稍后再试', { cause: error })
  }
}

interface MerchantTransferApi {
  requestMerchantTransfer(opts: {
    mchId: string
    appId: string
    package: string
    success(): void
    fail(err: { errMsg?: string }): void
  }): void
}

/** 确认收款 of a merchant transfer in the mini-program (wx.requestMerchantTransfer, base library 3.3.0+). */
export async function wechatReceive(receipt: CashReceiveResponse): Promise<PayOutcome> {
  const wx = (globalThis as unknown as { wx?: Partial<MerchantTransferApi> }).wx
  if (!wx?.requestMerchantTransfer) throw new Error('请升级微信后再确认收款')
  const request = wx.requestMerchantTransfer.bind(wx)
  return new Promise<PayOutcome>((resolve, reject) =>
    request({
      mchId: receipt.mch_id,
      appId: receipt.app_id,
      package: receipt.package_info,
      success: () => resolve('paid'),
      fail: (err) =>
        err?.errMsg === 'requestMerchantTransfer:fail cancel'
          ? resolve('cancelled')
          : reject(new Error('确认收款失败，请稍后再试'))
    })
  )
}
