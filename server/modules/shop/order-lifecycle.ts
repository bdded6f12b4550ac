import { and, asc, eq, inArray, lte, ne, sql } from 'drizzle-orm'

import { MAX_ORDER_PARCELS } from '../../../contract/wechat-shipping'
import type { DataCipher } from '../../core/data-key'
import { AppError, MSG_STALE } from '../../core/envelope'
import { formatYuan } from '../../core/money'
import type { Db, Tx } from '../../db/database'
import {
  type OrderAddressSnapshot,
  payments,
  shopGoods,
  shopOrderEvents,
  shopOrderItems,
  shopOrders,
  shopSkus,
  shopUserCoupons
} from '../../db/schema'
import type { Notifier } from '../notify/notifier'
import type { Payment } from '../payment/provider'
import { regionText } from './addresses'
import { tellOrderPaid, tellRefundPaid, tellShipped } from './notices'
import { orderAddressColumns } from './receiver-store'
import { moveStock } from './stock'

// Every transition is one conditional UPDATE on the order's status: of two concurrent attempts only
// one changes the row, and only that one goes on to move stock, coupons or money. That is what makes
// "stock and coupon come back exactly once" and "paid exactly once" hold.

export async function addEvent(tx: Tx, orderId: number, title: string, description = ''): Promise<void> {
  await tx.insert(shopOrderEvents).values({ orderId, title, description: description.slice(0, 256) })
}

async function itemsOf(tx: Tx, orderId: number) {
  return tx.select().from(shopOrderItems).where(eq(shopOrderItems.orderId, orderId)).orderBy(asc(shopOrderItems.skuId))
}

/** Puts an order's units back on their SKUs (in SKU order, so concurrent returns never deadlock). */
async function returnStock(tx: Tx, orderId: number): Promise<void> {
  for (const item of await itemsOf(tx, orderId)) await moveStock(tx, item.skuId, item.quantity)
}

/** 销量 counts what was sold and kept: a paid order's units are added (+1), a refunded order's taken back (-1). */
async function countSales(tx: Tx, orderId: number, sign: 1 | -1): Promise<void> {
  for (const item of await itemsOf(tx, orderId)) {
    const by = sign * item.quantity
    await tx
      .update(shopSkus)
      .set({ sales: sql`greatest(0, ${shopSkus.sales} + ${by})` })
      .where(eq(shopSkus.id, item.skuId))
    await tx
      .update(shopGoods)
      .set({ sales: sql`greatest(0, ${shopGoods.sales} + ${by})` })
      .where(eq(shopGoods.id, item.goodsId))
  }
}

/**
 * Cancels an unpaid order: its waiting payments are closed first (so a late payment is refused), then
 * the order flips to cancelled and its stock and coupon come back. False when it was no longer unpaid.
 */
export async function cancelUnpaid(tx: Tx, orderId: number, reason: string, userId?: number): Promise<boolean> {
  await tx
    .update(payments)
    .set({ status: 'closed', updatedAt: new Date() })
    .where(and(eq(payments.bizType, 'goods'), eq(payments.bizId, orderId), eq(payments.status, 'created')))
  const [order] = await tx
    .update(shopOrders)
    .set({
      status: 'cancelled',
      cancelledAt: new Date(),
      cancelReason: reason,
      stockReturned: true,
      updatedAt: new Date()
    })
    .where(
      and(
        eq(shopOrders.id, orderId),
        eq(shopOrders.status, 'to_pay'),
        userId === undefined ? undefined : eq(shopOrders.userId, userId)
      )
    )
    .returning({ id: shopOrders.id })
  if (!order) return false
  await returnStock(tx, orderId)
  await tx
    .update(shopUserCoupons)
    .set({ status: 'unused', orderId: null, usedAt: null })
    .where(eq(shopUserCoupons.orderId, orderId))
  await addEvent(tx, orderId, '订单取消', reason)
  return true
}

/** The payment service's handler for goods: runs once, in the transaction that marks the payment paid. */
export async function markOrderPaid(tx: Tx, payment: Payment, notify: Notifier): Promise<void> {
  const [order] = await tx
    .update(shopOrders)
    .set({ status: 'to_ship', paidAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(shopOrders.id, payment.bizId),
        eq(shopOrders.status, 'to_pay'),
        eq(shopOrders.payAmount, payment.amountFen)
      )
    )
    .returning()
  // Cancelling closes the order's payments first, so a paid payment always finds its order unpaid.
  if (!order) throw new Error(`goods order ${payment.bizId} cannot take payment ${payment.outTradeNo}`)
  await countSales(tx, order.id, 1)
  await addEvent(tx, order.id, '支付成功', `实付 ¥${formatYuan(payment.amountFen)}`)
  await tellOrderPaid(tx, notify, order)
}

/** Cancels every unpaid order past its deadline (optionally one user's); each in its own transaction. */
export async function sweepExpired(db: Db, now = new Date(), userId?: number): Promise<number> {
  const due = await db
    .select({ id: shopOrders.id })
    .from(shopOrders)
    .where(
      and(
        eq(shopOrders.status, 'to_pay'),
        lte(shopOrders.payDeadline, now),
        userId === undefined ? undefined : eq(shopOrders.userId, userId)
      )
    )
  let cancelled = 0
  for (const { id } of due) {
    if (await db.transaction((tx) => cancelUnpaid(tx, id, '超时未支付'))) cancelled++
  }
  return cancelled
}

async function orderByNo(db: Db | Tx, orderNo: string) {
  const [order] = await db.select().from(shopOrders).where(eq(shopOrders.orderNo, orderNo)).limit(1)
  if (!order) throw new AppError(`订单不存在: ${orderNo}`)
  return order
}

type OrderRow = typeof shopOrders.$inferSelect

/**
 * What the console adds to an operator's action: the order's version as the operator saw it (a
 * different one is refused) and a step run in the action's transaction (its audit row).
 */
export interface OperatorGuard {
  updatedAt?: string
  inTx?: (tx: Tx, before: OrderRow) => Promise<void>
}

function checkVersion(order: OrderRow, guard?: OperatorGuard): void {
  if (guard?.updatedAt !== undefined && order.updatedAt.toISOString() !== guard.updatedAt) throw new AppError(MSG_STALE)
}

/** A parcel to ship: the carrier's name, WeChat's code for it when known, the tracking number. */
export interface ParcelInput {
  company: string
  no: string
  deliveryId?: string
}

/** The parcels of a shipment, trimmed; at least one, at most WeChat's 15, each number once. */
function parcelsOf(express: ParcelInput | ParcelInput[]) {
  const parcels = [express].flat().map((p) => ({
    company: p.company.trim().slice(0, 32),
    deliveryId: (p.deliveryId ?? '').slice(0, 32),
    no: p.no.trim().slice(0, 64)
  }))
  if (!parcels.length || parcels.some((p) => !p.company || !p.no)) throw new AppError('请填写快递公司和快递单号')
  if (parcels.length > MAX_ORDER_PARCELS) throw new AppError(`一个订单最多 ${MAX_ORDER_PARCELS} 个包裹`)
  if (new Set(parcels.map((p) => p.no)).size < parcels.length) throw new AppError('同一订单的快递单号重复')
  return parcels
}

/**
 * Operator: ships a paid order in one parcel or several (split), each with its carrier and number; the
 * first is also the order's express company and number.
 */
export async function shipOrder(
  db: Db,
  notify: Notifier,
  orderNo: string,
  express: ParcelInput | ParcelInput[],
  guard?: OperatorGuard
): Promise<void> {
  const parcels = parcelsOf(express)
  const [{ company, no }] = parcels
  await db.transaction(async (tx) => {
    const order = await orderByNo(tx, orderNo)
    checkVersion(order, guard)
    const [shipped] = await tx
      .update(shopOrders)
      .set({
        status: 'to_receive',
        shippedAt: new Date(),
        expressCompany: company,
        expressNo: no,
        parcels,
        updatedAt: new Date()
      })
      .where(and(eq(shopOrders.id, order.id), eq(shopOrders.status, 'to_ship'), ne(shopOrders.refundStatus, 'applied')))
      .returning()
    if (!shipped)
      throw new AppError(order.refundStatus === 'applied' ? '该订单正在申请退款，请先处理退款' : '该订单不是待发货状态')
    await addEvent(tx, order.id, '已发货', parcels.map((p) => `${p.company} ${p.no}`).join('；'))
    await tellShipped(tx, notify, shipped, parcels)
    await guard?.inTx?.(tx, order)
  })
}

/** Operator: the merchant's own note on the order (商家备注); the buyer never sees it. */
export async function setMerchantRemark(db: Db, orderNo: string, remark: string, guard?: OperatorGuard): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await orderByNo(tx, orderNo)
    checkVersion(order, guard)
    await tx
      .update(shopOrders)
      .set({ merchantRemark: remark, updatedAt: new Date() })
      .where(eq(shopOrders.id, order.id))
    await guard?.inTx?.(tx, order)
  })
}

/**
 * Operator: a new receiver address, only before the order ships (the buyer asked by phone or chat). The freight
 * stays as it was paid; the change is on the order's timeline, which the buyer sees.
 */
export async function changeOrderAddress(
  db: Db,
  cipher: DataCipher,
  orderNo: string,
  address: OrderAddressSnapshot,
  guard?: OperatorGuard
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await orderByNo(tx, orderNo)
    checkVersion(order, guard)
    const [changed] = await tx
      .update(shopOrders)
      .set({ ...orderAddressColumns(cipher, address), updatedAt: new Date() })
      .where(and(eq(shopOrders.id, order.id), inArray(shopOrders.status, ['to_pay', 'to_ship'])))
      .returning({ id: shopOrders.id })
    if (!changed) throw new AppError('订单已发货或已结束，不能再修改收货地址')
    // The timeline is not sealed: it names the region only; who and the street are in the order's address.
    await addEvent(tx, order.id, '收货地址已修改', `新地址在${regionText(address)}，收货人与详细地址以订单为准`)
    await guard?.inTx?.(tx, order)
  })
}

/**
 * Operator: 改价 before payment (a discount agreed with the buyer, a postage difference). The order's waiting payment
 * is closed, so the next payment is made for the new amount (a payment of the old amount that still arrives is sent
 * back, as for any closed payment); the change is on the buyer's timeline.
 */
export async function changeOrderPrice(
  db: Db,
  orderNo: string,
  payAmount: number,
  reason: string,
  guard?: OperatorGuard
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await orderByNo(tx, orderNo)
    checkVersion(order, guard)
    if (order.status !== 'to_pay' || order.payDeadline <= new Date()) throw new AppError('只能修改待付款订单的价格')
    if (payAmount === order.payAmount) throw new AppError('新的应付金额与原金额相同')
    await tx
      .update(payments)
      .set({ status: 'closed', updatedAt: new Date() })
      .where(and(eq(payments.bizType, 'goods'), eq(payments.bizId, order.id), eq(payments.status, 'created')))
    const [changed] = await tx
      .update(shopOrders)
      .set({
        payAmount,
        priceAdjust: sql`${shopOrders.priceAdjust} + ${payAmount - order.payAmount}`,
        updatedAt: new Date()
      })
      .where(and(eq(shopOrders.id, order.id), eq(shopOrders.status, 'to_pay')))
      .returning({ id: shopOrders.id })
    if (!changed) throw new AppError('只能修改待付款订单的价格')
    await addEvent(
      tx,
      order.id,
      '商家改价',
      `应付金额由 ¥${formatYuan(order.payAmount)} 改为 ¥${formatYuan(payAmount)}${reason ? `：${reason}` : ''}`
    )
    await guard?.inTx?.(tx, order)
  })
}

/** Operator: closes an unpaid order (its stock and coupon come back, a late payment is refused). */
export async function closeUnpaid(db: Db, orderNo: string, guard?: OperatorGuard): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await orderByNo(tx, orderNo)
    checkVersion(order, guard)
    if (!(await cancelUnpaid(tx, order.id, '商家关闭'))) throw new AppError('只能关闭待付款的订单')
    await guard?.inTx?.(tx, order)
  })
}

/** Buyer: confirms receipt of a shipped order. */
export async function confirmReceipt(tx: Tx, orderId: number, userId: number): Promise<boolean> {
  const [done] = await tx
    .update(shopOrders)
    .set({ status: 'done', receivedAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(shopOrders.id, orderId),
        eq(shopOrders.userId, userId),
        eq(shopOrders.status, 'to_receive'),
        ne(shopOrders.refundStatus, 'applied')
      )
    )
    .returning({ id: shopOrders.id })
  if (done) await addEvent(tx, orderId, '确认收货')
  return Boolean(done)
}

/**
 * Money that arrived after its order was cancelled went back (the payment service returns it, and calls
 * this through onRefunded once it is back): the cancelled order says so, so the payer knows.
 */
export async function noteReturnedPayment(tx: Tx, notify: Notifier, payment: Payment): Promise<void> {
  const [order] = await tx
    .select()
    .from(shopOrders)
    .where(and(eq(shopOrders.id, payment.bizId), eq(shopOrders.status, 'cancelled')))
    .limit(1)
  if (!order) return
  await addEvent(tx, order.id, '款项已退回', `订单取消后到账的 ¥${formatYuan(payment.amountFen)} 已原路退回`)
  await tellRefundPaid(tx, notify, order, { returned: payment })
}
