import { and, eq } from 'drizzle-orm'

import { AppError } from '../../core/envelope'
import type { Db, Tx } from '../../db/database'
import { serviceOrders, serviceSlots } from '../../db/schema'
import type { Notifier } from '../notify/notifier'
import { refundBiz, refundStateOnFlip } from '../payment/biz-refund'
import type { PaymentService } from '../payment/service'
import { cancelUnpaidBooking } from './expiry'
import { tellCancelled } from './notices'

// A booking's life after payment: paid (已预约) -> done (已完成, an operator marks it) or cancelled
// (已取消, the money goes back through the payment service). Each step is one conditional UPDATE on
// the status, so of concurrent attempts exactly one changes the row and only that one frees the slot;
// the refund is asked for after the transaction under one key per booking (see payment/biz-refund.ts).

type OrderRow = typeof serviceOrders.$inferSelect

const REFUND_KEY = 'service-cancel'

/** Until when the user may cancel a paid booking themselves. */
export function cancelDeadlineOf(startsAt: Date, hours: number): Date {
  return new Date(startsAt.getTime() - hours * 3_600_000)
}

/**
 * Cancels a paid booking and frees its slot; its refund is marked processing (asked for by
 * refundBooking after the transaction). False when it was no longer paid.
 */
export async function cancelPaidBooking(
  tx: Tx,
  orderId: number,
  by: 'user' | 'operator',
  reason: string
): Promise<boolean> {
  const refundStatus = await refundStateOnFlip(tx, 'service', orderId)
  const [o] = await tx
    .update(serviceOrders)
    .set({
      status: 'cancelled',
      cancelledAt: new Date(),
      cancelledBy: by,
      cancelReason: reason.slice(0, 200),
      refundStatus
    })
    .where(and(eq(serviceOrders.id, orderId), eq(serviceOrders.status, 'paid')))
    .returning({ id: serviceOrders.id, slotId: serviceOrders.slotId })
  if (!o) return false
  await tx
    .update(serviceSlots)
    .set({ orderId: null })
    .where(and(eq(serviceSlots.id, o.slotId), eq(serviceSlots.orderId, o.id)))
  return true
}

/** Gives a cancelled booking's money back; asking again (a retry, a repeated request) never refunds twice. */
export async function refundBooking(
  db: Db,
  payService: PaymentService,
  orderId: number,
  reason: string
): Promise<void> {
  await refundBiz(db, payService, 'service', orderId, {
    reason: reason || '服务预约取消，款项原路退回',
    key: REFUND_KEY
  })
}

async function lockOrder(tx: Tx, orderId: number, userId?: number): Promise<OrderRow> {
  const [o] = await tx
    .select()
    .from(serviceOrders)
    .where(and(eq(serviceOrders.id, orderId), userId === undefined ? undefined : eq(serviceOrders.userId, userId)))
    .limit(1)
    .for('update')
  if (!o) throw new AppError('预约订单不存在')
  return o
}

export interface BookingCancel {
  /** The user's own booking (checked against the cut-off), or an operator's (any time). */
  userId?: number
  cancelHours: number
  reason: string
  /** Runs in the cancelling transaction with the row before it (the console's audit row). */
  inTx?: (tx: Tx, before: OrderRow) => Promise<void>
}

/**
 * Cancels a booking. Unpaid: its waiting payment is closed and the slot freed. Paid: the user may
 * until the cut-off, an operator at any time; the slot is freed and the money goes back. Already
 * cancelled with the refund still processing: the refund is asked for again (same key), so a repeated
 * request finishes the job rather than failing, and never pays twice.
 */
export async function cancelBooking(
  db: Db,
  payService: PaymentService,
  notify: Notifier,
  orderId: number,
  c: BookingCancel
): Promise<OrderRow> {
  const by = c.userId === undefined ? 'operator' : 'user'
  const refund = await db.transaction(async (tx) => {
    // Closing the waiting payment first takes the payment-then-order lock order of a payment notice.
    if (await cancelUnpaidBooking(tx, orderId, { userId: c.userId, by, reason: c.reason })) {
      await c.inTx?.(tx, { ...(await lockOrder(tx, orderId)), status: 'unpaid' })
      return false
    }
    const o = await lockOrder(tx, orderId, c.userId)
    if (o.status === 'cancelled') {
      if (o.refundStatus === 'processing') return true
      if (by === 'operator') throw new AppError('该预约已取消')
      return false
    }
    if (o.status === 'done') throw new AppError('服务已完成，不能取消')
    if (o.status !== 'paid') throw new AppError('该预约不能取消')
    if (by === 'user' && Date.now() >= cancelDeadlineOf(o.startsAt, c.cancelHours).getTime()) {
      throw new AppError(`距预约开始已不足 ${c.cancelHours} 小时，不能自行取消，如需取消请联系客服`)
    }
    if (!(await cancelPaidBooking(tx, o.id, by, c.reason))) throw new AppError('该预约不能取消')
    await c.inTx?.(tx, o)
    // The user knows why they cancelled; an operator's reason is what the user needs to read.
    await tellCancelled(tx, notify, o.id, by === 'operator' ? c.reason : '')
    return true
  })
  if (refund) await refundBooking(db, payService, orderId, c.reason)
  const [after] = await db.select().from(serviceOrders).where(eq(serviceOrders.id, orderId)).limit(1)
  return after
}

/**
 * Operator or teacher: the consultation took place. Only a paid (已预约) booking is completed, once.
 * With `teacherId` (a teacher's own account) another teacher's booking is treated as not there.
 */
export async function completeBooking(
  db: Db,
  orderId: number,
  inTx?: (tx: Tx, before: OrderRow) => Promise<void>,
  teacherId?: number
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const o = await lockOrder(tx, orderId)
    if (teacherId !== undefined && o.teacherId !== teacherId) throw new AppError('预约订单不存在')
    const [done] = await tx
      .update(serviceOrders)
      .set({ status: 'done', completedAt: new Date() })
      .where(and(eq(serviceOrders.id, o.id), eq(serviceOrders.status, 'paid')))
      .returning()
    if (!done) throw new AppError(o.status === 'done' ? '该预约已完成' : '只有已预约的服务可以标记完成')
    await inTx?.(tx, o)
    return done
  })
}
