import type { PayOutcome } from '@/core/pay'

/** The mini-program always pays with wx.requestPayment (JSAPI); the server never starts H5 or Native payment for it. */
export function openPayPage(): void {
  throw new Error('请在小程序内使用微信支付')
}

export async function scanToPay(): Promise<PayOutcome> {
  throw new Error('请在小程序内使用微信支付')
}
