import { and, eq, isNull, sql } from 'drizzle-orm'

import { AppError } from '../../core/envelope'
import type { Db, Tx } from '../../db/database'
import { activities, activitySignups, payments } from '../../db/schema'
import { refundBiz, refundStateOnFlip } from '../payment/biz-refund'
import type { PaymentService } from '../payment/service'

// Cancelling a sign-up: the seat goes back and a paid fee is refunded through the payment service, per
// the activity's rule (the user until refund_hours before the start; an operator at any time). The
// flip is one conditional UPDATE on the status, so the seat and the money come back once; the refund
// is asked for after the transaction under one key (see payment/biz-refund.ts).

type Signup = typeof activitySignups.$inferSelect
type Activity = typeof activities.$inferSelect

const REFUND_KEY = 'signup-cancel'

/** Until when the user may cancel a paid sign-up and be refunded. */
export function refundDeadlineOf(a: Pick<Activity, 'startsAt' | 'refundHours'>): Date {
  return new Date(a.startsAt.getTime() - a.refundHours * 3_600_000)
}

/** Whether the user may cancel this sign-up now (the app's cancel button). */
export function userMayCancel(s: Signup, a: Activity, now = new Date()): boolean {
  if (s.status === 'unpaid') return true
  if (s.status !== 'signed' || s.checkedInAt || now >= a.startsAt) return false
  return s.amountFen === 0 || now < refundDeadlineOf(a)
}

export interface SignupCancel {
  /** The user's own sign-up (checked against the activity's rule), or an operator's (any time). */
  userId?: number
  reason: string
  inTx?: (tx: Tx, before: Signup) => Promise<void>
}

/**
 * Cancels a sign-up and releases its seat; a paid one's fee goes back. Already cancelled with its refund
 * still processing: the refund is asked for again under the same key, so a repeated request finishes the
 * job and never pays twice.
 */
export async function cancelSignup(
  db: Db,
  payService: PaymentService,
  signupId: number,
  c: SignupCancel
): Promise<Signup> {
  const own = c.userId === undefined ? undefined : eq(activitySignups.userId, c.userId)
  const [exists] = await db
    .select({ id: activitySignups.id })
    .from(activitySignups)
    .where(and(eq(activitySignups.id, signupId), own))
    .limit(1)
  if (!exists) throw new AppError('报名记录不存在')
  const refund = await db.transaction(async (tx) => {
    // A waiting payment is closed first, in the payment-then-sign-up lock order of a payment notice.
    await tx
      .update(payments)
      .set({ status: 'closed', updatedAt: new Date() })
      .where(and(eq(payments.bizType, 'activity'), eq(payments.bizId, signupId), eq(payments.status, 'created')))
    const [s] = await tx.select().from(activitySignups).where(eq(activitySignups.id, signupId)).limit(1).for('update')
    const [a] = await tx.select().from(activities).where(eq(activities.id, s.activityId)).limit(1)
    if (s.status === 'cancelled') {
      if (s.refundStatus === 'processing') return true
      if (c.userId === undefined) throw new AppError('该报名已取消')
      return false
    }
    if (s.checkedInAt) throw new AppError('已签到，不能取消报名')
    const now = new Date()
    if (c.userId !== undefined && s.status === 'signed') {
      if (now >= a.startsAt) throw new AppError('活动已开始，不能取消报名')
      if (s.amountFen > 0 && now >= refundDeadlineOf(a))
        throw new AppError(`活动开始前 ${a.refundHours} 小时内不能取消报名，如有疑问请联系主办方`)
    }
    const refundStatus = s.status === 'signed' ? await refundStateOnFlip(tx, 'activity', s.id) : 'none'
    const [gone] = await tx
      .update(activitySignups)
      .set({
        status: 'cancelled',
        cancelledAt: now,
        cancelledBy: c.userId === undefined ? 'operator' : 'user',
        cancelReason: c.reason.slice(0, 200),
        refundStatus
      })
      .where(
        and(eq(activitySignups.id, s.id), eq(activitySignups.status, s.status), isNull(activitySignups.checkedInAt))
      )
      .returning({ id: activitySignups.id })
    if (!gone) throw new AppError('该报名状态已变化，请刷新后重试')
    await tx
      .update(activities)
      .set({ taken: sql`greatest(${activities.taken} - 1, 0)` })
      .where(eq(activities.id, s.activityId))
    await c.inTx?.(tx, s)
    return refundStatus === 'processing'
  })
  if (refund)
    await refundBiz(db, payService, 'activity', signupId, {
      reason: c.reason || '活动报名取消，报名费原路退回',
      key: REFUND_KEY
    })
  const [after] = await db.select().from(activitySignups).where(eq(activitySignups.id, signupId)).limit(1)
  return after
}

/** Operator: checks a signed-up person in at the door, once. */
export async function checkInSignup(
  db: Db,
  signupId: number,
  inTx?: (tx: Tx, before: Signup) => Promise<void>
): Promise<Signup> {
  return db.transaction(async (tx) => {
    const [s] = await tx.select().from(activitySignups).where(eq(activitySignups.id, signupId)).limit(1).for('update')
    if (!s) throw new AppError('报名记录不存在')
    const [done] = await tx
      .update(activitySignups)
      .set({ checkedInAt: new Date() })
      .where(
        and(eq(activitySignups.id, s.id), eq(activitySignups.status, 'signed'), isNull(activitySignups.checkedInAt))
      )
      .returning()
    if (!done)
      throw new AppError(
        s.checkedInAt ? '该报名已签到' : s.status === 'unpaid' ? '该报名尚未缴费，不能签到' : '该报名已取消，不能签到'
      )
    await inTx?.(tx, s)
    return done
  })
}
