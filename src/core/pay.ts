import type { PayStart, WechatPayParams } from '../api/contract'
import { formatFen } from './format'

export type PayOutcome = 'paid' | 'cancelled'

export interface PayDeps {
  /** The platform's WeChat Pay: wx.requestPayment in the mini-program, WeixinJSBridge on H5. */
  wechatPay(params: WechatPayParams): Promise<PayOutcome>
  /** Asks the user to confirm a sandbox payment; true when confirmed. */
  confirm(title: string, content: string): Promise<boolean>
  /** POST /api/pay.sandbox/confirm */
  confirmSandbox(outTradeNo: string): Promise<unknown>
}

/**
 * Pays what a domain's pay endpoint started. With the sandbox provider (development, plain browsers)
 * the user confirms a simulated payment; with WeChat Pay the platform shows WeChat's own cashier.
 * Resolves 'paid' or 'cancelled'; a failure rejects. The order status is the server's to confirm.
 */
export async function pay(start: PayStart, deps: PayDeps): Promise<PayOutcome> {
  if (start.provider === 'sandbox') {
    const confirmed = await deps.confirm('模拟支付', `支付 ${formatFen(start.amount_fen)}（测试环境，不会真实扣款）`)
    if (!confirmed) return 'cancelled'
    await deps.confirmSandbox(start.out_trade_no)
    return 'paid'
  }
  if (!start.pay_params) throw new Error('支付参数缺失，请稍后再试')
  return deps.wechatPay(start.pay_params)
}
