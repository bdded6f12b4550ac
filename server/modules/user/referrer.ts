import { and, eq, isNull } from 'drizzle-orm'

import type { Executor } from '../../db/database'
import { users } from '../../db/schema'

const MAX_CHAIN = 64

/**
 * Binds `refereeId` as the referrer of `userId` once: never oneself, never a banned or deleted
 * referrer, never a cycle (the referrer's chain must not lead back to the user), never rebound.
 * The referrer's own referrer is kept too, for two-level commission. Returns whether it bound.
 */
export async function bindReferrer(db: Executor, userId: number, refereeId: number | undefined): Promise<boolean> {
  if (!refereeId || refereeId === userId) return false
  const [referrer] = await db
    .select({ id: users.id, refereeId: users.refereeId, status: users.status, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, refereeId))
    .limit(1)
  if (!referrer || referrer.status !== 0 || referrer.deletedAt) return false
  let cursor = referrer.refereeId
  for (let hops = 0; cursor !== null && hops < MAX_CHAIN; hops++) {
    if (cursor === userId) return false
    const [up] = await db.select({ refereeId: users.refereeId }).from(users).where(eq(users.id, cursor)).limit(1)
    cursor = up ? up.refereeId : null
  }
  if (cursor !== null) return false
  const bound = await db
    .update(users)
    .set({ refereeId: referrer.id, refereeParentId: referrer.refereeId, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.refereeId)))
    .returning({ id: users.id })
  return bound.length === 1
}
