import type { payments } from '../../db/schema'
import type { PayStart } from '../../../src/api/contract'

export type Payment = typeof payments.$inferSelect

/** Who pays: WeChat Pay needs the payer's openid under the app the payment is made in. */
export interface Payer {
  openid?: string
  appId?: string
}

export interface PayProvider {
  readonly name: 'sandbox' | 'wechat'
  /** Prepares the client-side payment for a created payment. */
  start(payment: Payment, payer: Payer): Promise<PayStart>
}

/** Pays nothing for real: the client confirms through /api/pay.sandbox/confirm. */
export const sandboxPay: PayProvider = {
  name: 'sandbox',
  async start(payment) {
    return { out_trade_no: payment.outTradeNo, amount_fen: payment.amountFen, provider: 'sandbox' }
  }
}
