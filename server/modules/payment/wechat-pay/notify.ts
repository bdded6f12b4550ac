import type crypto from 'node:crypto'
import { decryptResource, verifyMessage, type EncryptedResource } from './crypto'

export interface PaidTransaction {
  outTradeNo: string
  transactionId: string
  amountFen: number
}

export class NotifyRejected extends Error {}

/**
 * Checks a payment notice: the platform's signature over "timestamp\nnonce\nbody\n", then decrypts
 * the transaction. Returns undefined for events that are not a successful payment.
 */
export function readPaymentNotice(
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  keys: { platformKey: crypto.KeyObject; apiV3Key: string }
): PaidTransaction | undefined {
  const h = (name: string) => {
    const v = headers[name]
    return Array.isArray(v) ? v[0] : v
  }
  const timestamp = h('wechatpay-timestamp')
  const nonce = h('wechatpay-nonce')
  const signature = h('wechatpay-signature')
  if (!timestamp || !nonce || !signature) throw new NotifyRejected('missing signature headers')
  if (!verifyMessage([timestamp, nonce, rawBody], signature, keys.platformKey)) throw new NotifyRejected('bad signature')
  let notice: { event_type?: string; resource?: EncryptedResource }
  try {
    notice = JSON.parse(rawBody)
  } catch {
    throw new NotifyRejected('body is not JSON')
  }
  if (notice.event_type !== 'TRANSACTION.SUCCESS' || !notice.resource) return undefined
  let txn: { out_trade_no?: string; transaction_id?: string; trade_state?: string; amount?: { total?: number } }
  try {
    txn = JSON.parse(decryptResource(notice.resource, keys.apiV3Key))
  } catch {
    throw new NotifyRejected('resource cannot be decrypted')
  }
  if (txn.trade_state !== 'SUCCESS' || !txn.out_trade_no || !txn.transaction_id || !Number.isInteger(txn.amount?.total)) return undefined
  return { outTradeNo: txn.out_trade_no, transactionId: txn.transaction_id, amountFen: txn.amount!.total! }
}
