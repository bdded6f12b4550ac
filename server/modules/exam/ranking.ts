import { and, asc, count, desc, eq, sql } from 'drizzle-orm'

import type { Executor } from '../../db/database'
import { examAttempts, examPapers, users } from '../../db/schema'

type Paper = Pick<typeof examPapers.$inferSelect, 'id' | 'passScore'>

export interface RankingRow {
  place: number
  userId: number
  nickname: string
  avatar: string
  score: number
  usedSec: number
  bestAt: Date
  sittings: number
  firstPassedAt: Date | null
}

// Drivers differ on whether a computed timestamp or a bigint comes back as text.
const dateOf = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string))

/**
 * A paper's ranking, one row per user: each user's best submitted sitting (highest score, then shortest
 * time, then the earliest), ranked the same way; the app's 成绩排行 and the console's both read it.
 */
function rankingCte(db: Executor, paper: Paper) {
  const a = examAttempts
  const byUser = sql`over (partition by ${a.userId})`
  const best = db.$with('best').as(
    db
      .selectDistinctOn([a.userId], {
        userId: a.userId,
        score: a.score,
        usedSec: a.usedSec,
        bestAt: sql`${a.submittedAt}`.as('best_at'),
        sittings: sql`count(*) ${byUser}`.as('sittings'),
        firstPassedAt: sql`min(${a.submittedAt}) filter (where ${a.score} >= ${paper.passScore}) ${byUser}`.as(
          'first_passed_at'
        )
      })
      .from(a)
      .where(and(eq(a.paperId, paper.id), eq(a.status, 'submitted')))
      .orderBy(a.userId, desc(a.score), asc(a.usedSec), asc(a.submittedAt), asc(a.id))
  )
  const ranked = db.$with('ranked').as(
    db
      .select({
        userId: best.userId,
        score: best.score,
        usedSec: best.usedSec,
        bestAt: best.bestAt,
        sittings: best.sittings,
        firstPassedAt: best.firstPassedAt,
        place: sql`row_number() over (order by ${best.score} desc, ${best.usedSec}, ${best.bestAt}, ${best.userId})`.as(
          'place'
        )
      })
      .from(best)
  )
  return { best, ranked }
}

const rowOf = (r: {
  place: unknown
  userId: number
  nickname: string
  avatar: string
  score: number
  usedSec: number
  bestAt: unknown
  sittings: unknown
  firstPassedAt: unknown
}): RankingRow => ({
  place: Number(r.place),
  userId: r.userId,
  nickname: r.nickname,
  avatar: r.avatar,
  score: r.score,
  usedSec: r.usedSec,
  bestAt: dateOf(r.bestAt)!,
  sittings: Number(r.sittings),
  firstPassedAt: dateOf(r.firstPassedAt)
})

/** One page of the ranking and how many users are on it; with `userId`, only that user's row (or none). */
export async function paperRanking(
  db: Executor,
  paper: Paper,
  page: { limit: number; offset: number } | { userId: number }
): Promise<{ rows: RankingRow[]; total: number }> {
  const { best, ranked } = rankingCte(db, paper)
  const query = db
    .with(best, ranked)
    .select({
      place: ranked.place,
      userId: ranked.userId,
      score: ranked.score,
      usedSec: ranked.usedSec,
      bestAt: ranked.bestAt,
      sittings: ranked.sittings,
      firstPassedAt: ranked.firstPassedAt,
      nickname: users.nickname,
      avatar: users.avatar
    })
    .from(ranked)
    .innerJoin(users, eq(users.id, ranked.userId))
  if ('userId' in page) {
    const rows = await query.where(eq(ranked.userId, page.userId))
    return { rows: rows.map(rowOf), total: rows.length }
  }
  const [rows, [{ total }]] = await Promise.all([
    query.orderBy(asc(ranked.place)).limit(page.limit).offset(page.offset),
    db.with(best).select({ total: count() }).from(best)
  ])
  return { rows: rows.map(rowOf), total }
}
