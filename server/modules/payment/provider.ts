import type { PayStart } from '../../../contract'
import type { payments } from '../../db/schema'

export type Payment = typeof payments.$inferSelect

/**
 * How the payer pays: WeChat's cashier inside WeChat (JSAPI, also the mini-program), a mobile browser (H5), a QR on a
 * desktop (Native).
 */
export type PayChannel = 'jsapi' | 'h5' | 'native'

/** Who pays and where: JSAPI needs the payer's openid under the app; H5 the payer's IP and a page to come back to. */
export interface Payer {
  channel?: PayChannel
  openid?: string
  appId?: string
  clientIp?: string
  /** H5: where WeChat sends the browser back after paying. */
  returnUrl?: string
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

/** A payment the provider took: its transaction id and amount, and who paid in which app when it says (JSAPI). */
export interface PaidAnswer {
  transactionId: string
  amountFen: number
  appId?: string
  payerOpenid?: string
}

/**
 * What the provider knows of a payment (查单): paid (also when refunded since), still payable, closed, or never prepaid.
 */
export type TradeQuery =
  ({ state: 'paid' } & PaidAnswer) | { state: 'unpaid' } | { state: 'closed' } | { state: 'not_found' }

export interface TransferRequest {
  outBillNo: string
  amountFen: number
  appId: string
  openid: string
  /** The payee's real name, sent (encrypted) where WeChat requires it. */
  realName: string
  remark: string
}

/**
 * A merchant transfer's state as WeChat Pay names it, NOT_FOUND when it has no such bill, or REJECTED
 * when the request was refused outright (message says why). A network failure throws: the bill may
 * exist, so it is asked again with the same out_bill_no.
 */
export interface TransferAnswer {
  state:
    | 'ACCEPTED'
    | 'PROCESSING'
    | 'WAIT_USER_CONFIRM'
    | 'TRANSFERING'
    | 'SUCCESS'
    | 'FAIL'
    | 'CANCELING'
    | 'CANCELLED'
    | 'NOT_FOUND'
    | 'REJECTED'
  transferBillNo?: string
  packageInfo?: string
  failReason?: string
  message?: string
  /** The amount the provider reports (notices): must be the withdrawal's. */
  amountFen?: number
}

export interface PayProvider {
  readonly name: 'sandbox' | 'wechat'
  /** Prepares the client-side payment for a created payment. */
  start(payment: Payment, payer: Payer): Promise<PayStart>
  /** Sends money of a paid payment back to the payer; idempotent per out_refund_no. */
  refund(req: RefundRequest): Promise<RefundAnswer>
  /** 查单 by out_trade_no. */
  query(outTradeNo: string): Promise<TradeQuery>
  /** 关单: true when the provider will no longer take money for it (closed, or never prepaid). */
  close(outTradeNo: string): Promise<boolean>
  /** Pays a withdrawal into the user's WeChat change; idempotent per out_bill_no. */
  transfer(req: TransferRequest): Promise<TransferAnswer>
  queryTransfer(outBillNo: string): Promise<TransferAnswer>
}

/**
 * Pays nothing for real: the client confirms through /api/pay.sandbox/confirm; refunds succeed at once;
 * a transfer waits for the user's 确认收款 (/api/pay.sandbox/receiveTransfer) like WeChat's does.
 */
export const sandboxPay: PayProvider = {
  name: 'sandbox',
  async start(payment) {
    return { out_trade_no: payment.outTradeNo, amount_fen: payment.amountFen, provider: 'sandbox' }
  },
  async refund(req) {
    return { status: 'SUCCESS', refundId: `sandbox_${req.outRefundNo}` }
  },
  // The sandbox's only record is our own database: nothing more to learn or close.
  async query() {
    return { state: 'unpaid' }
  },
  async close() {
    return true
  },
  async transfer(req) {
    return {
      state: 'WAIT_USER_CONFIRM',
      transferBillNo: `sandbox_${req.outBillNo}`,
      packageInfo: `sandbox:${req.outBillNo}`
    }
  },
  async queryTransfer() {
    return { state: 'WAIT_USER_CONFIRM' }
  }
}
