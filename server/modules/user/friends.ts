import { and, count, desc, eq, inArray, sql } from 'drizzle-orm'

import type { FriendsWithEarningsResponse } from '../../../contract'
import { offsetOf, paged } from '../../core/paging'
import type { Executor } from '../../db/database'
import { commissions, users } from '../../db/schema'

/** Commission that still counts: earned and not cancelled or taken back by a refund. */
const counting = sql`${commissions.status} in ('frozen', 'available')`

/** The users I referred, newest first, each with what their payments earned me. */
export async function listFriends(
  db: Executor,
  userId: number,
  page: number,
  perPage: number
): Promise<FriendsWithEarningsResponse> {
  const where = eq(users.refereeId, userId)
  const [rows, [{ n }], [{ total }]] = await Promise.all([
    db
      .select({ id: users.id, nickname: users.nickname, avatar: users.avatar, createdAt: users.createdAt })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(perPage)
      .offset(offsetOf(page, perPage)),
    db.select({ n: count() }).from(users).where(where),
    db
      .select({ total: sql<string>`coalesce(sum(${commissions.amountFen}), 0)` })
      .from(commissions)
      .where(and(eq(commissions.userId, userId), counting))
  ])
  const earned = rows.length
    ? await db
        .select({ fromUserId: commissions.fromUserId, sum: sql<string>`sum(${commissions.amountFen})` })
        .from(commissions)
        .where(
          and(
            eq(commissions.userId, userId),
            inArray(
              commissions.fromUserId,
              rows.map((r) => r.id)
            ),
            counting
          )
        )
        .groupBy(commissions.fromUserId)
    : []
  const byFriend = new Map(earned.map((e) => [e.fromUserId, Number(e.sum)]))
  const list = rows.map((r) => ({
    user_id: r.id,
    nickname: r.nickname,
    avatar: r.avatar,
    joined_at: r.createdAt.toISOString(),
    earned_fen: byFriend.get(r.id) ?? 0
  }))
  return { ...paged(list, n, page, perPage), total_earned_fen: Number(total) }
}
