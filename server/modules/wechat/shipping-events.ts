import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { z } from 'zod'

import { payments, wechatShippingUploads } from '../../db/schema'
import type { WechatShipping } from './shipping-outbox'

/** The message push events of WeChat's 发货信息管理服务. */
export const TRADE_MANAGE_EVENTS = new Set([
  'trade_manage_remind_access_api',
  'trade_manage_remind_shipping',
  'trade_manage_order_settlement'
])

const seconds = z.coerce.number().int().nonnegative().optional()
const id = z.string().max(64).optional()

/** The fields WeChat documents for these events (times are Unix seconds; absent until they happen). */
const eventSchema = z.object({
  Event: z.string(),
  transaction_id: id,
  merchant_id: id,
  merchant_trade_no: id,
  pay_time: seconds,
  shipped_time: seconds,
  estimated_settlement_time: seconds,
  confirm_receive_method: seconds,
  confirm_receive_time: seconds,
  settlement_time: seconds,
  msg: z.string().max(1024).optional()
})

const at = (s: number | undefined) => (s ? new Date(s * 1000) : undefined)

/**
 * remind_access_api is only logged; remind_shipping flags the payment's upload (the console shows it);
 * order_settlement records WeChat's times, and once the buyer confirmed receipt (or WeChat did for them)
 * the order is received, by the same transition as the app's 确认收货.
 */
export async function tradeManagePushed(shipping: WechatShipping, body: unknown, log: FastifyBaseLogger) {
  const parsed = eventSchema.safeParse(body)
  if (!parsed.success) return log.warn({ issue: parsed.error.issues[0]?.message }, 'unreadable trade_manage push')
  const ev = parsed.data
  if (ev.Event === 'trade_manage_remind_access_api')
    return log.info({ msg: ev.msg }, 'WeChat asks to upload shipping info through its API')
  const db = shipping.db
  // out_trade_no is indexed; the transaction id is the fallback.
  const [payment] = await db
    .select()
    .from(payments)
    .where(
      ev.merchant_trade_no
        ? eq(payments.outTradeNo, ev.merchant_trade_no)
        : eq(payments.providerTxnId, ev.transaction_id ?? '')
    )
    .limit(1)
  const who = { out_trade_no: ev.merchant_trade_no, transaction_id: ev.transaction_id }
  if (!payment) return log.warn(who, `${ev.Event} for a payment this server does not know`)
  if (ev.Event === 'trade_manage_remind_shipping') {
    log.warn({ ...who, msg: ev.msg }, 'WeChat reminds us to ship')
    await db
      .update(wechatShippingUploads)
      .set({ remindedAt: new Date(), updatedAt: new Date() })
      .where(eq(wechatShippingUploads.paymentId, payment.id))
    return
  }
  const confirmedAt = at(ev.confirm_receive_time)
  await db.transaction(async (tx) => {
    await tx
      .update(wechatShippingUploads)
      .set({
        estimatedSettlementAt: at(ev.estimated_settlement_time),
        confirmedAt,
        settledAt: at(ev.settlement_time),
        updatedAt: new Date()
      })
      .where(eq(wechatShippingUploads.paymentId, payment.id))
    if (confirmedAt) await shipping.receiptConfirmed(tx, payment)
  })
  log.info({ ...who, confirmed: Boolean(confirmedAt), settled: Boolean(ev.settlement_time) }, 'WeChat settlement push')
}
