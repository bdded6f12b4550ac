import type { payments } from '../../db/schema'
import type { PayStart } from '../../../src/api/contract'

export type Payment = typeof payments.$inferSelect

/** Who pays: WeChat Pay needs the payer's openid under the app the payment is made in. */
export interface Payer {
  openid?: string
  appId?: string
}

export interface RefundRequest {
  outTradeNo: string
  outRefundNo: string
  totalFen: number
  refundFen: number
  reason: string
}

/**
 * The provider's answer to a refund request. REJECTED: refused outright (no refund was created, so a
 * retry needs a new out_refund_no). A network failure or server error throws instead: the refund may
 * exist, so it is asked again with the same out_refund_no.
 */
export interface RefundAnswer {
  status: 'SUCCESS' | 'PROCESSING' | 'ABNORMAL' | 'CLOSED' | 'REJECTED'
  refundId?: string
  message?: string
}

export interface PayProvider {
  readonly name: 'sandbox' | 'wechat'
  /** Prepares the client-side payment for a created payment. */
  start(payment: Payment, payer: Payer): Promise<PayStart>
  /** Sends money of a paid payment back to the payer; idempotent per out_refund_no. */
  refund(req: RefundRequest): Promise<RefundAnswer>
}

/** Pays nothing for real: the client confirms through /api/pay.sandbox/confirm; refunds succeed at once. */
export const sandboxPay: PayProvider = {
  name: 'sandbox',
  async start(payment) {
    return { out_trade_no: payment.outTradeNo, amount_fen: payment.amountFen, provider: 'sandbox' }
  },
  async refund(req) {
    return { status: 'SUCCESS', refundId: `sandbox_${req.outRefundNo}` }
  }
}
