import type { Tx } from '../../db/database'
import type { articles } from '../../db/schema'
import type { Notifier } from '../notify/notifier'

// A user's article waits for review once and is decided once: its id keys both messages.

type Article = typeof articles.$inferSelect

/** A user's article waiting for a reviewer (every article a user publishes does). */
export async function tellSubmitted(tx: Tx, notify: Notifier, a: Article): Promise<void> {
  await notify.toOperators(tx, 'op.article.submitted', {
    key: a.id,
    fields: { title: a.title, user: a.author },
    link: '/reviews'
  })
}

/** The review's result; the author reads their own article whatever its state. */
export async function tellReviewed(tx: Tx, notify: Notifier, a: Article): Promise<void> {
  if (a.userId === null) return
  await notify.toUsers(tx, 'article.reviewed', a.userId, {
    key: a.id,
    fields: { title: a.title, result: a.status === 'published' ? '已通过' : '未通过', reason: a.rejectReason },
    link: `pages/article/detail?article_id=${a.id}`
  })
}
