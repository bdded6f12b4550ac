import { and, eq, isNull, lte, type SQL } from 'drizzle-orm'

import { payCutoff } from '../../core/pay-window'
import type { Db, Tx } from '../../db/database'
import { payments, type ServiceCancelledBy, serviceOrders, serviceSlots, teachers } from '../../db/schema'
import { offersHour } from './schedule'

/**
 * Cancels an unpaid booking and frees its slot. Its waiting payments are closed first, in the
 * payment-then-order lock order of a payment being marked paid, so a later payment is refused; the
 * conditional UPDATE makes this happen once however many requests try. With `dueBy`, only a booking
 * made at or before that time is cancelled. False when it was no longer unpaid (or not yet due).
 */
export async function cancelUnpaidBooking(
  tx: Tx,
  orderId: number,
  opts: { userId?: number; dueBy?: Date; by?: ServiceCancelledBy; reason?: string } = {}
): Promise<boolean> {
  const own = opts.userId === undefined ? undefined : eq(serviceOrders.userId, opts.userId)
  const due = opts.dueBy ? lte(serviceOrders.createdAt, opts.dueBy) : undefined
  const [target] = await tx
    .select({ id: serviceOrders.id })
    .from(serviceOrders)
    .where(and(eq(serviceOrders.id, orderId), eq(serviceOrders.status, 'unpaid'), own, due))
    .limit(1)
  if (!target) return false
  await tx
    .update(payments)
    .set({ status: 'closed', updatedAt: new Date() })
    .where(and(eq(payments.bizType, 'service'), eq(payments.bizId, orderId), eq(payments.status, 'created')))
  const [o] = await tx
    .update(serviceOrders)
    .set({
      status: 'cancelled',
      cancelledAt: new Date(),
      cancelledBy: opts.by ?? (opts.dueBy ? 'expired' : 'user'),
      cancelReason: (opts.reason ?? (opts.dueBy ? '超时未支付' : '')).slice(0, 200)
    })
    .where(and(eq(serviceOrders.id, orderId), eq(serviceOrders.status, 'unpaid'), own, due))
    .returning({ id: serviceOrders.id, slotId: serviceOrders.slotId })
  if (!o) return false
  await tx
    .update(serviceSlots)
    .set({ orderId: null })
    .where(and(eq(serviceSlots.id, o.slotId), eq(serviceSlots.orderId, o.id)))
  return true
}

export interface BookingScope {
  userId?: number
  orderId?: number
  teacherId?: number
  slotId?: number
}

/** Cancels unpaid bookings past their pay window (within the scope), each in its own transaction. */
export async function releaseExpiredBookings(db: Db, scope: BookingScope = {}, now = new Date()): Promise<number> {
  const cutoff = payCutoff(now)
  const filters: (SQL | undefined)[] = [
    eq(serviceOrders.status, 'unpaid'),
    lte(serviceOrders.createdAt, cutoff),
    scope.userId === undefined ? undefined : eq(serviceOrders.userId, scope.userId),
    scope.orderId === undefined ? undefined : eq(serviceOrders.id, scope.orderId),
    scope.teacherId === undefined ? undefined : eq(serviceOrders.teacherId, scope.teacherId),
    scope.slotId === undefined ? undefined : eq(serviceOrders.slotId, scope.slotId)
  ]
  const due = await db
    .select({ id: serviceOrders.id })
    .from(serviceOrders)
    .where(and(...filters))
  let cancelled = 0
  for (const { id } of due) {
    if (await db.transaction((tx) => cancelUnpaidBooking(tx, id, { dueBy: cutoff }))) cancelled++
  }
  return cancelled
}

/**
 * A payment for a booking that was cancelled meanwhile takes the slot back if it is still free and
 * not yet too late to book; true when it did. The slot is claimed by the same conditional UPDATE a
 * booking uses, so it cannot go to two orders.
 */
export async function reopenForPayment(
  tx: Tx,
  payment: { bizId: number; userId: number; amountFen: number },
  notBefore: Date
): Promise<boolean> {
  const [o] = await tx
    .select()
    .from(serviceOrders)
    .where(
      and(
        eq(serviceOrders.id, payment.bizId),
        eq(serviceOrders.userId, payment.userId),
        eq(serviceOrders.status, 'cancelled'),
        eq(serviceOrders.amountFen, payment.amountFen)
      )
    )
    .limit(1)
  if (!o || o.startsAt <= notBefore) return false
  // Only while the teacher still offers that hour (the row shared-locked, as a booking does, against a console edit).
  const [teacher] = await tx
    .select()
    .from(teachers)
    .where(and(eq(teachers.id, o.teacherId), eq(teachers.visible, true)))
    .for('share')
    .limit(1)
  if (!teacher || !offersHour(teacher, o.startsAt)) return false
  const [slot] = await tx
    .update(serviceSlots)
    .set({ orderId: o.id })
    .where(and(eq(serviceSlots.id, o.slotId), isNull(serviceSlots.orderId)))
    .returning({ id: serviceSlots.id })
  if (!slot) return false
  await tx
    .update(serviceOrders)
    .set({ status: 'paid', paidAt: new Date(), cancelledAt: null, cancelledBy: '', cancelReason: '' })
    .where(and(eq(serviceOrders.id, o.id), eq(serviceOrders.status, 'cancelled')))
  return true
}
