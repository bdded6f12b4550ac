// The operator's review of articles users publish (see scripts/lib/operator.ts for the database).
//   npx tsx scripts/review-article.ts list
//   npx tsx scripts/review-article.ts approve <id>
//   npx tsx scripts/review-article.ts reject <id> <reason>
import { and, asc, eq } from 'drizzle-orm'
import { articles } from '../server/db/schema'
import { reviewArticle } from '../server/modules/article/review'
import { idArg, runOperator, UsageError } from './lib/operator'

const USAGE = 'usage: review-article.ts list | approve <id> | reject <id> <reason>'

runOperator(async ({ database: { db }, args: [command, idText, ...reason] }) => {
  if (command === 'list') {
    const rows = await db
      .select({ id: articles.id, title: articles.title, author: articles.author, summary: articles.summary })
      .from(articles)
      .where(and(eq(articles.status, 'pending'), eq(articles.visible, true)))
      .orderBy(asc(articles.createdAt))
    if (!rows.length) console.log('没有待审核的文章')
    for (const r of rows) console.log(`#${r.id} 《${r.title}》 ${r.author}: ${r.summary}`)
    return
  }
  if (command !== 'approve' && command !== 'reject') throw new UsageError(USAGE)
  const id = idArg(idText, USAGE)
  if (command === 'reject' && !reason.length) throw new UsageError('请写明驳回原因: ' + USAGE)
  const row = await reviewArticle(db, id, command === 'approve' ? { approve: true } : { approve: false, reason: reason.join(' ') })
  console.log(`#${row.id} ${row.status === 'published' ? '已通过，文章已展示' : '已驳回'}`)
})
