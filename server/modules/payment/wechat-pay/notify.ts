import type crypto from 'node:crypto'

import { decryptResource, type EncryptedResource, verifyMessage } from './crypto'

export interface PaidTransaction {
  outTradeNo: string
  transactionId: string
  amountFen: number
  /** The app the payer paid in and their openid there (JSAPI: the official account or the mini-program). */
  appId?: string
  payerOpenid?: string
}

export class NotifyRejected extends Error {}

type Headers = Record<string, string | string[] | undefined>
/** `platformSerial`: the configured certificate serial or public key id; a notice under any other is refused. */
type Keys = { platformKey: crypto.KeyObject; platformSerial: string; apiV3Key: string }

/** WeChat Pay's guidance: a notice whose timestamp is more than 5 minutes from ours may be a replay. */
export const NOTICE_MAX_SKEW_SECONDS = 5 * 60

/**
 * The serial the notice says it is signed under, its age, the platform's signature over
 * "timestamp\nnonce\nbody\n", then the notice itself.
 */
function verifiedNotice(
  headers: Headers,
  rawBody: string,
  keys: Keys
): { event_type?: string; resource?: EncryptedResource } {
  const h = (name: string) => {
    const v = headers[name]
    return Array.isArray(v) ? v[0] : v
  }
  const timestamp = h('wechatpay-timestamp')
  const nonce = h('wechatpay-nonce')
  const signature = h('wechatpay-signature')
  const serial = h('wechatpay-serial')
  if (!timestamp || !nonce || !signature || !serial) throw new NotifyRejected('missing signature headers')
  // An empty configured serial matches nothing: without it no notice can be trusted.
  if (!keys.platformSerial || serial !== keys.platformSerial)
    throw new NotifyRejected(`unknown serial ${serial.slice(0, 64)}`)
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > NOTICE_MAX_SKEW_SECONDS) {
    throw new NotifyRejected(`timestamp ${timestamp.slice(0, 20)} more than 5 minutes off`)
  }
  if (!verifyMessage([timestamp, nonce, rawBody], signature, keys.platformKey))
    throw new NotifyRejected('bad signature')
  try {
    return JSON.parse(rawBody)
  } catch {
    throw new NotifyRejected('body is not JSON')
  }
}

function decrypted<T>(resource: EncryptedResource, apiV3Key: string): T {
  try {
    return JSON.parse(decryptResource(resource, apiV3Key))
  } catch {
    throw new NotifyRejected('resource cannot be decrypted')
  }
}

/** Checks a payment notice and decrypts the transaction. Undefined for events that are not a successful payment. */
export function readPaymentNotice(headers: Headers, rawBody: string, keys: Keys): PaidTransaction | undefined {
  const notice = verifiedNotice(headers, rawBody, keys)
  if (notice.event_type !== 'TRANSACTION.SUCCESS' || !notice.resource) return undefined
  const txn = decrypted<{
    out_trade_no?: string
    transaction_id?: string
    trade_state?: string
    amount?: { total?: number }
    appid?: string
    payer?: { openid?: string }
  }>(notice.resource, keys.apiV3Key)
  if (txn.trade_state !== 'SUCCESS' || !txn.out_trade_no || !txn.transaction_id || !Number.isInteger(txn.amount?.total))
    return undefined
  return {
    outTradeNo: txn.out_trade_no,
    transactionId: txn.transaction_id,
    amountFen: txn.amount!.total!,
    appId: typeof txn.appid === 'string' && txn.appid ? txn.appid : undefined,
    payerOpenid: typeof txn.payer?.openid === 'string' && txn.payer.openid ? txn.payer.openid : undefined
  }
}

export interface RefundResult {
  outTradeNo: string
  outRefundNo: string
  refundId: string
  status: 'SUCCESS' | 'ABNORMAL' | 'CLOSED'
  refundFen: number
}

/** Checks a refund notice (REFUND.SUCCESS / ABNORMAL / CLOSED) and decrypts it. Undefined for other events. */
export function readRefundNotice(headers: Headers, rawBody: string, keys: Keys): RefundResult | undefined {
  const notice = verifiedNotice(headers, rawBody, keys)
  if (!notice.event_type?.startsWith('REFUND.') || !notice.resource) return undefined
  const r = decrypted<{
    out_trade_no?: string
    out_refund_no?: string
    refund_id?: string
    refund_status?: string
    amount?: { refund?: number }
  }>(notice.resource, keys.apiV3Key)
  const status = r.refund_status
  if (status !== 'SUCCESS' && status !== 'ABNORMAL' && status !== 'CLOSED') return undefined
  if (!r.out_trade_no || !r.out_refund_no || !Number.isInteger(r.amount?.refund)) return undefined
  return {
    outTradeNo: r.out_trade_no,
    outRefundNo: r.out_refund_no,
    refundId: r.refund_id ?? '',
    status,
    refundFen: r.amount!.refund!
  }
}

export interface TransferResult {
  outBillNo: string
  transferBillNo: string
  state: string
  amountFen: number
  failReason: string
}

/** Checks a merchant transfer notice (MCHTRANSFER.BILL.FINISHED) and decrypts it. Undefined for other events. */
export function readTransferNotice(headers: Headers, rawBody: string, keys: Keys): TransferResult | undefined {
  const notice = verifiedNotice(headers, rawBody, keys)
  if (!notice.event_type?.startsWith('MCHTRANSFER.') || !notice.resource) return undefined
  const r = decrypted<{
    out_bill_no?: string
    transfer_bill_no?: string
    state?: string
    transfer_amount?: number
    fail_reason?: string
  }>(notice.resource, keys.apiV3Key)
  if (!r.out_bill_no || !r.state || !Number.isInteger(r.transfer_amount)) return undefined
  return {
    outBillNo: r.out_bill_no,
    transferBillNo: r.transfer_bill_no ?? '',
    state: r.state,
    amountFen: r.transfer_amount!,
    failReason: r.fail_reason ?? ''
  }
}
