import { and, eq } from 'drizzle-orm'

import type { Db } from '../../db/database'
import { articles } from '../../db/schema'

/** An operator approves a user's article (shown from then on) or rejects it with a reason. */
export async function reviewArticle(
  db: Db,
  articleId: number,
  decision: { approve: true } | { approve: false; reason: string }
) {
  const [row] = await db
    .update(articles)
    .set(
      decision.approve
        ? { status: 'published', rejectReason: '', updatedAt: new Date() }
        : { status: 'rejected', rejectReason: decision.reason.slice(0, 128), updatedAt: new Date() }
    )
    .where(and(eq(articles.id, articleId), eq(articles.status, 'pending')))
    .returning({ id: articles.id, status: articles.status })
  if (!row) throw new Error(`article ${articleId} is not waiting for review`)
  return row
}
