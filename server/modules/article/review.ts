import { and, eq } from 'drizzle-orm'

import type { Db } from '../../db/database'
import { articles } from '../../db/schema'
import type { Notifier } from '../notify/notifier'
import { tellReviewed } from './notices'

/** An operator approves a user's article (shown from then on) or rejects it with a reason; the author hears which. */
export async function reviewArticle(
  db: Db,
  notify: Notifier,
  articleId: number,
  decision: { approve: true } | { approve: false; reason: string }
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(articles)
      .set(
        decision.approve
          ? { status: 'published', rejectReason: '', updatedAt: new Date() }
          : { status: 'rejected', rejectReason: decision.reason.slice(0, 128), updatedAt: new Date() }
      )
      .where(and(eq(articles.id, articleId), eq(articles.status, 'pending')))
      .returning()
    if (!row) throw new Error(`article ${articleId} is not waiting for review`)
    await tellReviewed(tx, notify, row)
    return { id: row.id, status: row.status }
  })
}
