import { and, eq, inArray } from 'drizzle-orm'

import type { AdminWechatShipping, WechatOrderConfirm } from '../../../contract/wechat-shipping'
import type { Db } from '../../db/database'
import { payments, wechatShippingUploads } from '../../db/schema'

type UploadRow = typeof wechatShippingUploads.$inferSelect

export interface OrderShipping {
  row: UploadRow
  payment: { provider: string; providerTxnId: string | null; outTradeNo: string }
}

/** The uploads of shop orders' payments, by order id. */
export async function shippingOfOrders(db: Db, orderIds: number[]): Promise<Map<number, OrderShipping>> {
  if (!orderIds.length) return new Map()
  const rows = await db
    .select({
      row: wechatShippingUploads,
      orderId: payments.bizId,
      provider: payments.provider,
      providerTxnId: payments.providerTxnId,
      outTradeNo: payments.outTradeNo
    })
    .from(wechatShippingUploads)
    .innerJoin(payments, eq(payments.id, wechatShippingUploads.paymentId))
    .where(and(eq(payments.bizType, 'goods'), inArray(payments.bizId, orderIds)))
  return new Map(
    rows.map((r) => [
      r.orderId,
      { row: r.row, payment: { provider: r.provider, providerTxnId: r.providerTxnId, outTradeNo: r.outTradeNo } }
    ])
  )
}

const iso = (d: Date | null) => d?.toISOString() ?? null

export function adminShipping(row: UploadRow): AdminWechatShipping {
  return {
    state: row.state,
    logistics_type: row.logisticsType,
    delivery_mode: row.deliveryMode,
    attempts: row.attempts,
    last_error: row.lastError,
    next_try_at: iso(row.nextTryAt),
    uploaded_at: iso(row.uploadedAt),
    reminded_at: iso(row.remindedAt),
    estimated_settlement_at: iso(row.estimatedSettlementAt),
    confirmed_at: iso(row.confirmedAt),
    settled_at: iso(row.settledAt)
  }
}

/**
 * What WeChat's 确认收货 component needs for an order whose shipping WeChat has: the transaction id, or the
 * merchant id with our out_trade_no. Null before the upload (WeChat's component would find nothing to
 * confirm) and for a sandbox payment, which WeChat never saw.
 */
export function orderConfirm(s: OrderShipping | undefined, mchId: string): WechatOrderConfirm | null {
  if (!s || s.row.state !== 'uploaded' || s.payment.provider !== 'wechat') return null
  if (s.payment.providerTxnId) return { transaction_id: s.payment.providerTxnId }
  return mchId ? { merchant_id: mchId, merchant_trade_no: s.payment.outTradeNo } : null
}
