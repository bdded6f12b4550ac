import crypto from 'node:crypto'

import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm'

import { chinaStamp } from '../../../contract/china-time'
import { AppError, MSG_STALE } from '../../core/envelope'
import { formatYuan } from '../../core/money'
import type { Db, Tx } from '../../db/database'
import {
  type AfterSaleKind,
  type AfterSaleLine,
  type AfterSaleStatus,
  OPEN_AFTER_SALE_STATUSES,
  payments,
  shopAfterSales,
  shopGoods,
  shopOrderItems,
  shopOrders,
  shopSkus
} from '../../db/schema'
import type { ViewImage } from '../file/private'
import type { Notifier } from '../notify/notifier'
import type { PaymentService } from '../payment/service'
import { businessSetting } from '../settings'
import { afterSaleBlocked, kindsFor, refundableFor } from './after-sale-amounts'
import { tellAfterSaleDecided, tellAfterSaleRequested, tellRefundPaid, tellReturnShipped } from './notices'
import { addEvent } from './order-lifecycle'
import { reasonText } from './order-view'
import { moveStock } from './stock'

// 售后 of a shop order: the buyer applies (仅退款, or 退货退款 once shipped) for some units and an amount; the
// operator approves (a return first waits for the goods to come back and be received) or rejects; the money goes
// back through the payment service, and the after-sale completes in that refund's own transaction
// (finishAfterSale), however it finished. An operator may also refund on their own. Each step is one conditional
// update on the after-sale's status, so of two concurrent steps only one happens. The order keeps a summary of its
// latest after-sale (refund_status and the refund_* columns) for its lists, badges and notices.

export type AfterSaleRow = typeof shopAfterSales.$inferSelect
type OrderRow = typeof shopOrders.$inferSelect

export const KIND_TEXT: Record<AfterSaleKind, string> = { refund: '仅退款', return: '退货退款' }
export const AFTER_SALE_STATUS_TEXT: Record<AfterSaleStatus, string> = {
  applied: '待商家处理',
  awaiting_return: '待买家退货',
  returning: '买家已寄回',
  refunding: '退款中',
  refunded: '退款成功',
  rejected: '已拒绝',
  cancelled: '已撤销'
}
/** Reasons the app offers; the buyer's own words go in the description. */
export const AFTER_SALE_REASONS = [
  '拍错了/不想要了',
  '商品信息描述不符',
  '发货太慢',
  '商品质量问题',
  '少件/漏发',
  '未收到货',
  '其他'
] as const

/** 'AS' + local time to the second + 6 random digits, like an order number. */
function newAfterSaleNo(now = new Date()): string {
  return `AS${chinaStamp(now)}${String(crypto.randomInt(0, 1e6)).padStart(6, '0')}`
}

const refundKey = (id: number) => `after-sale:${id}`

async function lockOrder(tx: Tx, orderId: number): Promise<OrderRow> {
  const [order] = await tx.select().from(shopOrders).where(eq(shopOrders.id, orderId)).for('update').limit(1)
  if (!order) throw new AppError('订单不存在')
  return order
}

async function itemsOf(tx: Db | Tx, orderId: number) {
  return tx.select().from(shopOrderItems).where(eq(shopOrderItems.orderId, orderId)).orderBy(asc(shopOrderItems.id))
}

export async function afterSalesOf(db: Db | Tx, orderId: number): Promise<AfterSaleRow[]> {
  return db.select().from(shopAfterSales).where(eq(shopAfterSales.orderId, orderId)).orderBy(desc(shopAfterSales.id))
}

/** The rows with their photos as links the reader may open (private uploads expire; see file/private.ts). */
export async function withViewableImages(rows: AfterSaleRow[], view: ViewImage): Promise<AfterSaleRow[]> {
  return Promise.all(
    rows.map(async (a) => (a.images.length ? { ...a, images: await Promise.all(a.images.map(view)) } : a))
  )
}

/** The line of the order's summary for its latest after-sale (none: the order never had one, or it was withdrawn). */
async function mirror(tx: Tx, orderId: number): Promise<OrderRow> {
  const [latest] = await tx
    .select()
    .from(shopAfterSales)
    .where(and(eq(shopAfterSales.orderId, orderId), ne(shopAfterSales.status, 'cancelled')))
    .orderBy(desc(shopAfterSales.id))
    .limit(1)
  const summary = latest
    ? {
        refundStatus: OPEN_AFTER_SALE_STATUSES.includes(latest.status)
          ? ('applied' as const)
          : latest.status === 'refunded'
            ? ('refunded' as const)
            : ('rejected' as const),
        refundReason: reasonText(latest).slice(0, 200),
        refundReply: latest.reply,
        refundAppliedAt: latest.createdAt,
        refundFinishedAt: latest.finishedAt
      }
    : {
        refundStatus: 'none' as const,
        refundReason: '',
        refundReply: '',
        refundAppliedAt: null,
        refundFinishedAt: null
      }
  const [order] = await tx
    .update(shopOrders)
    .set({ ...summary, updatedAt: new Date() })
    .where(eq(shopOrders.id, orderId))
    .returning()
  return order
}

/** Why this order cannot take a new after-sale now ('' when it can), by the owner's 售后期. */
export async function whyNoAfterSale(db: Db | Tx, order: OrderRow, now = new Date()): Promise<string> {
  return afterSaleBlocked(order, await businessSetting(db, 'after_sale_days'), now)
}

export interface AfterSaleRequest {
  kind: AfterSaleKind
  lines: AfterSaleLine[]
  /** Fen; defaults to the most the lines may give back. */
  amountFen?: number
  reason: string
  description: string
  images?: string[]
}

/** Checks a request against the order as it is now; answers the amount to give back. */
async function checkRequest(tx: Tx, order: OrderRow, req: AfterSaleRequest): Promise<number> {
  if (!kindsFor(order.status).includes(req.kind))
    throw new AppError(req.kind === 'return' ? '订单未发货，请选择仅退款' : '该订单不能申请售后')
  const allowed = refundableFor(order, await itemsOf(tx, order.id), req.lines)
  if ('error' in allowed) throw new AppError(allowed.error)
  const amount = req.amountFen ?? allowed.maxFen
  if (!Number.isInteger(amount) || amount < 1) throw new AppError('退款金额至少 ¥0.01')
  if (amount > allowed.maxFen) throw new AppError(`退款金额不能超过 ¥${formatYuan(allowed.maxFen)}`)
  return amount
}

/** Buyer: applies for an after-sale of their own paid order. */
export async function applyAfterSale(
  db: Db,
  notify: Notifier,
  userId: number,
  orderId: number,
  req: AfterSaleRequest
): Promise<AfterSaleRow> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId)
    if (order.userId !== userId) throw new AppError('订单不存在')
    const why = await whyNoAfterSale(tx, order)
    if (why) throw new AppError(why)
    const amountFen = await checkRequest(tx, order, req)
    const [sale] = await tx
      .insert(shopAfterSales)
      .values({
        afterSaleNo: newAfterSaleNo(),
        orderId,
        userId,
        kind: req.kind,
        lines: req.lines,
        amountFen,
        reason: req.reason,
        description: req.description,
        images: req.images ?? []
      })
      .returning()
    const summary = await mirror(tx, orderId)
    await addEvent(
      tx,
      orderId,
      req.kind === 'return' ? '申请退货退款' : '申请退款',
      `${KIND_TEXT[req.kind]} ¥${formatYuan(amountFen)}：${summary.refundReason}`
    )
    await tellAfterSaleRequested(tx, notify, summary, sale)
    return sale
  })
}

/** One step of an after-sale: from one of these statuses to the next, with more columns; false when it was not. */
async function move(
  tx: Tx,
  sale: AfterSaleRow,
  from: AfterSaleStatus[],
  set: Partial<typeof shopAfterSales.$inferInsert>
): Promise<AfterSaleRow | undefined> {
  const [moved] = await tx
    .update(shopAfterSales)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(shopAfterSales.id, sale.id), inArray(shopAfterSales.status, from)))
    .returning()
  return moved
}

function stepError(sale: AfterSaleRow): AppError {
  return new AppError(`该售后${AFTER_SALE_STATUS_TEXT[sale.status]}，不能进行此操作`)
}

export async function afterSaleById(db: Db | Tx, id: number): Promise<AfterSaleRow> {
  const [sale] = await db.select().from(shopAfterSales).where(eq(shopAfterSales.id, id)).limit(1)
  if (!sale) throw new AppError('售后单不存在')
  return sale
}

/** The console's version check: the after-sale as the operator saw it. */
function checkVersion(sale: AfterSaleRow, updatedAt?: string): void {
  if (updatedAt !== undefined && sale.updatedAt.toISOString() !== updatedAt) throw new AppError(MSG_STALE)
}

export interface OperatorStep {
  updatedAt?: string
  /** Runs in the step's transaction with the after-sale before and after (the audit row). */
  inTx?: (tx: Tx, before: AfterSaleRow, after: AfterSaleRow) => Promise<void>
}

/** Operator rejects an application, or a return whose goods did not arrive as they should; the reply says why. */
export async function rejectAfterSale(
  db: Db,
  notify: Notifier,
  id: number,
  reply: string,
  step: OperatorStep = {}
): Promise<void> {
  if (!reply.trim()) throw new AppError('拒绝售后时请填写原因')
  await db.transaction(async (tx) => {
    const sale = await afterSaleById(tx, id)
    checkVersion(sale, step.updatedAt)
    const done = await move(tx, sale, ['applied', 'returning'], { status: 'rejected', reply, finishedAt: new Date() })
    if (!done) throw stepError(sale)
    const order = await mirror(tx, sale.orderId)
    await addEvent(tx, sale.orderId, sale.kind === 'return' ? '退货退款被拒绝' : '退款被拒绝', reply)
    await tellAfterSaleDecided(tx, notify, order, done, false)
    await step.inTx?.(tx, sale, done)
  })
}

/**
 * Operator approves. 仅退款 sends the money now; 退货退款 gives the buyer the return address (the owner's 退货地址
 * unless the operator writes another) and waits for the goods.
 */
export async function approveAfterSale(
  db: Db,
  payService: PaymentService,
  notify: Notifier,
  id: number,
  input: { reply?: string; returnAddress?: string },
  step: OperatorStep = {}
): Promise<AfterSaleRow> {
  const reply = (input.reply ?? '').trim()
  const sale = await db.transaction(async (tx) => {
    const before = await afterSaleById(tx, id)
    checkVersion(before, step.updatedAt)
    let moved: AfterSaleRow | undefined
    if (before.kind === 'return') {
      const address = (input.returnAddress ?? '').trim() || (await businessSetting(tx, 'return_address'))
      if (!address) throw new AppError('请填写退货地址（或在 业务设置 中设置默认退货地址）')
      moved = await move(tx, before, ['applied'], { status: 'awaiting_return', reply, returnAddress: address })
      if (!moved) throw stepError(before)
      const order = await mirror(tx, before.orderId)
      await addEvent(tx, before.orderId, '商家同意退货', `请将商品寄回：${address}`)
      await tellAfterSaleDecided(tx, notify, order, moved, true)
    } else {
      moved = await move(tx, before, ['applied'], { status: 'refunding', reply })
      if (!moved) throw stepError(before)
      await mirror(tx, before.orderId)
    }
    await step.inTx?.(tx, before, moved)
    return moved
  })
  if (sale.status === 'refunding') await payBack(db, payService, notify, sale)
  return sale
}

/** Buyer: the goods are on their way back, with the carrier and number. */
export async function shipReturn(
  db: Db,
  notify: Notifier,
  userId: number,
  id: number,
  parcel: { company: string; no: string }
): Promise<void> {
  await db.transaction(async (tx) => {
    const sale = await afterSaleById(tx, id)
    if (sale.userId !== userId) throw new AppError('售后单不存在')
    const moved = await move(tx, sale, ['awaiting_return'], {
      status: 'returning',
      returnCompany: parcel.company,
      returnNo: parcel.no,
      returnShippedAt: new Date()
    })
    if (!moved) throw stepError(sale)
    const order = await mirror(tx, sale.orderId)
    await addEvent(tx, sale.orderId, '买家已寄回', `${parcel.company} ${parcel.no}`)
    await tellReturnShipped(tx, notify, order, moved)
  })
}

/** Operator: the returned goods arrived as they should; the money goes back. */
export async function receiveReturn(
  db: Db,
  payService: PaymentService,
  notify: Notifier,
  id: number,
  step: OperatorStep = {}
): Promise<void> {
  const sale = await db.transaction(async (tx) => {
    const before = await afterSaleById(tx, id)
    checkVersion(before, step.updatedAt)
    const moved = await move(tx, before, ['returning'], { status: 'refunding', returnReceivedAt: new Date() })
    if (!moved) throw stepError(before)
    await mirror(tx, before.orderId)
    await addEvent(tx, before.orderId, '商家已收到退货')
    await step.inTx?.(tx, before, moved)
    return moved
  })
  await payBack(db, payService, notify, sale)
}

/** Buyer: withdraws an application not yet decided, or a return not yet sent. */
export async function cancelAfterSale(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const sale = await afterSaleById(tx, id)
    if (sale.userId !== userId) throw new AppError('售后单不存在')
    const moved = await move(tx, sale, ['applied', 'awaiting_return'], { status: 'cancelled', finishedAt: new Date() })
    if (!moved) throw stepError(sale)
    await mirror(tx, sale.orderId)
    await addEvent(tx, sale.orderId, '撤销售后申请')
  })
}

/** Operator: refunds on their own (the buyer asked by phone, a part is out of stock ...), approved as it is made. */
export async function refundByOperator(
  db: Db,
  payService: PaymentService,
  notify: Notifier,
  orderId: number,
  req: Omit<AfterSaleRequest, 'kind'>,
  step: OperatorStep = {}
): Promise<AfterSaleRow> {
  const sale = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId)
    if (step.updatedAt !== undefined && order.updatedAt.toISOString() !== step.updatedAt) throw new AppError(MSG_STALE)
    if (order.refundStatus === 'applied') throw new AppError('该订单有售后正在处理，请先处理该售后')
    if (order.status === 'refunded' || order.refundedFen >= order.payAmount) throw new AppError('订单已全额退款')
    if (!kindsFor(order.status).length) throw new AppError('只有已支付的订单可以退款')
    const amountFen = await checkRequest(tx, order, { ...req, kind: 'refund' })
    const [row] = await tx
      .insert(shopAfterSales)
      .values({
        afterSaleNo: newAfterSaleNo(),
        orderId,
        userId: order.userId,
        kind: 'refund',
        status: 'refunding',
        startedBy: 'operator',
        lines: req.lines,
        amountFen,
        reason: req.reason,
        description: req.description
      })
      .returning()
    await mirror(tx, orderId)
    await addEvent(tx, orderId, '商家发起退款', `¥${formatYuan(amountFen)}：${req.reason}`)
    await step.inTx?.(tx, row, row)
    return row
  })
  await payBack(db, payService, notify, sale)
  return sale
}

/**
 * Sends an after-sale's money back through the payment service (a network call, outside any transaction of ours;
 * its key never refunds twice, so asking again after a failure or a crash is safe). Completion comes in the
 * refund's own transaction (finishAfterSale through onRefundSucceeded), now or on the platform's notice.
 */
export async function payBack(db: Db, payService: PaymentService, notify: Notifier, sale: AfterSaleRow): Promise<void> {
  if (sale.status !== 'refunding') throw stepError(sale)
  const [paid] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.bizType, 'goods'), eq(payments.bizId, sale.orderId), eq(payments.status, 'paid')))
    .limit(1)
  if (!paid) {
    // Nothing to send back through a provider (an order paid before payments were kept): complete it here.
    await db.transaction((tx) => finishAfterSale(tx, notify, sale.id))
    return
  }
  const out = await payService.refund(paid.id, {
    refundFen: sale.amountFen,
    reason: sale.description || sale.reason,
    key: refundKey(sale.id)
  })
  await db
    .update(shopAfterSales)
    .set({ outRefundNo: out.outRefundNo })
    .where(and(eq(shopAfterSales.id, sale.id), eq(shopAfterSales.outRefundNo, '')))
  if (out.status === 'processing') {
    await db.transaction(async (tx) => {
      const order = await lockOrder(tx, sale.orderId)
      await tellAfterSaleDecided(tx, notify, order, sale, true)
    })
    throw new AppError('退款已提交，支付平台处理中，到账后售后将自动完成')
  }
}

/** The after-sale a refund of the payment service belongs to, by its key (undefined: not an after-sale's). */
export function afterSaleOfRefund(requestKey: string): number | undefined {
  const m = /^after-sale:(\d+)$/.exec(requestKey)
  return m ? Number(m[1]) : undefined
}

/**
 * The money is back: the after-sale is refunded, its units counted refunded (and back in stock when they never
 * left or came back), 销量 lowered, the order's refunded total raised — the order itself refunded once all of it
 * is. In the refund's own transaction, once.
 */
export async function finishAfterSale(tx: Tx, notify: Notifier, id: number): Promise<boolean> {
  const [sale] = await tx.select().from(shopAfterSales).where(eq(shopAfterSales.id, id)).for('update').limit(1)
  if (!sale) return false
  const order = await lockOrder(tx, sale.orderId)
  const done = await move(tx, sale, OPEN_AFTER_SALE_STATUSES, { status: 'refunded', finishedAt: new Date() })
  if (!done) return false
  const restock = order.status === 'to_ship' || sale.kind === 'return'
  const items = await itemsOf(tx, order.id)
  // In SKU order, as every stock change, so concurrent changes never deadlock.
  const lines = sale.lines
    .map((l) => ({ ...l, item: items.find((i) => i.id === l.itemId) }))
    .sort((a, b) => (a.item?.skuId ?? 0) - (b.item?.skuId ?? 0))
  for (const { item, quantity } of lines) {
    if (!item) continue
    await tx
      .update(shopOrderItems)
      .set({ refundedQuantity: sql`${shopOrderItems.refundedQuantity} + ${quantity}` })
      .where(eq(shopOrderItems.id, item.id))
    await tx
      .update(shopSkus)
      .set({ sales: sql`greatest(0, ${shopSkus.sales} - ${quantity})` })
      .where(eq(shopSkus.id, item.skuId))
    if (restock) await moveStock(tx, item.skuId, quantity)
    await tx
      .update(shopGoods)
      .set({ sales: sql`greatest(0, ${shopGoods.sales} - ${quantity})` })
      .where(eq(shopGoods.id, item.goodsId))
  }
  const refundedFen = order.refundedFen + sale.amountFen
  const whole = refundedFen >= order.payAmount
  await tx
    .update(shopOrders)
    .set({
      refundedFen,
      ...(whole ? { status: 'refunded' as const, stockReturned: order.stockReturned || restock } : {})
    })
    .where(eq(shopOrders.id, order.id))
  const summary = await mirror(tx, order.id)
  await addEvent(
    tx,
    order.id,
    '退款成功',
    `退款 ¥${formatYuan(sale.amountFen)} 原路返回${sale.reply ? `（${sale.reply}）` : ''}`
  )
  // The approval first (a no-op when a refund the platform was still processing already told it), then the money.
  await tellAfterSaleDecided(tx, notify, summary, done, true)
  await tellRefundPaid(tx, notify, summary, { afterSale: done })
  return true
}

/** The open after-sale of an order (its refund was asked for before after-sales had their own key). */
export async function openAfterSaleOf(tx: Tx, orderId: number): Promise<AfterSaleRow | undefined> {
  const [sale] = await tx
    .select()
    .from(shopAfterSales)
    .where(and(eq(shopAfterSales.orderId, orderId), inArray(shopAfterSales.status, OPEN_AFTER_SALE_STATUSES)))
    .limit(1)
  return sale
}

/**
 * Operator: approves or rejects the open application of an order, from the order itself (`step.updatedAt` is the
 * order's version here).
 */
export async function decideOrderAfterSale(
  db: Db,
  payService: PaymentService,
  notify: Notifier,
  orderNo: string,
  decision: { approve: boolean; reply?: string },
  step: OperatorStep = {}
): Promise<void> {
  const [order] = await db.select().from(shopOrders).where(eq(shopOrders.orderNo, orderNo)).limit(1)
  if (!order) throw new AppError('订单不存在')
  if (step.updatedAt !== undefined && order.updatedAt.toISOString() !== step.updatedAt) throw new AppError(MSG_STALE)
  const open = await db.transaction((tx) => openAfterSaleOf(tx, order.id))
  if (!open) throw new AppError(order.status === 'refunded' ? '该订单已退款' : '该订单没有待处理的退款申请')
  const inner = { inTx: step.inTx }
  if (decision.approve) await approveAfterSale(db, payService, notify, open.id, { reply: decision.reply }, inner)
  else await rejectAfterSale(db, notify, open.id, decision.reply ?? '', inner)
}
