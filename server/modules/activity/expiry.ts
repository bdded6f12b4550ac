import { and, eq, inArray, lte, type SQL, sql } from 'drizzle-orm'

import { payCutoff } from '../../core/pay-window'
import type { Db } from '../../db/database'
import { activities, activitySignups, payments } from '../../db/schema'

export interface SignupScope {
  activityIds?: number[]
  userId?: number
  signupId?: number
}

/**
 * Hands back the seats of unpaid sign-ups past their pay window; returns how many were released.
 * Their waiting payments are closed first (as the shop does, and in the payment-then-sign-up lock
 * order of a payment being marked paid), so money arriving later is sent back rather than taken for
 * a seat that is gone. The conditional UPDATE to cancelled releases each seat exactly once however
 * many requests sweep together; the row stays as the user's history, and the one-live-sign-up index
 * lets them sign up again.
 */
export async function releaseExpiredSignups(db: Db, scope: SignupScope = {}, now = new Date()): Promise<number> {
  if (scope.activityIds && !scope.activityIds.length) return 0
  const cutoff = payCutoff(now)
  const filters: (SQL | undefined)[] = [
    eq(activitySignups.status, 'unpaid'),
    lte(activitySignups.createdAt, cutoff),
    scope.activityIds ? inArray(activitySignups.activityId, scope.activityIds) : undefined,
    scope.userId === undefined ? undefined : eq(activitySignups.userId, scope.userId),
    scope.signupId === undefined ? undefined : eq(activitySignups.id, scope.signupId)
  ]
  const due = await db
    .select({ id: activitySignups.id })
    .from(activitySignups)
    .where(and(...filters))
  if (!due.length) return 0
  const ids = due.map((r) => r.id)
  return db.transaction(async (tx) => {
    await tx
      .update(payments)
      .set({ status: 'closed', updatedAt: new Date() })
      .where(and(eq(payments.bizType, 'activity'), inArray(payments.bizId, ids), eq(payments.status, 'created')))
    const gone = await tx
      .update(activitySignups)
      .set({ status: 'cancelled' })
      .where(
        and(
          inArray(activitySignups.id, ids),
          eq(activitySignups.status, 'unpaid'),
          lte(activitySignups.createdAt, cutoff)
        )
      )
      .returning({ activityId: activitySignups.activityId })
    const perActivity = new Map<number, number>()
    for (const { activityId } of gone) perActivity.set(activityId, (perActivity.get(activityId) ?? 0) + 1)
    // In id order, so two sweeps over the same activities never wait on each other in a cycle.
    for (const [activityId, n] of [...perActivity].sort((x, y) => x[0] - y[0])) {
      await tx
        .update(activities)
        .set({ taken: sql`greatest(${activities.taken} - ${n}, 0)` })
        .where(eq(activities.id, activityId))
    }
    return gone.length
  })
}
