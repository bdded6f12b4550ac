// The operator's review of articles users publish, against the server's database (DATABASE_URL, or
// the embedded one in DATA_DIR — locked by a running server: stop it first, or use PostgreSQL).
//   npx tsx scripts/review-article.ts list
//   npx tsx scripts/review-article.ts approve <id>
//   npx tsx scripts/review-article.ts reject <id> <reason>
import { and, asc, eq } from 'drizzle-orm'
import { loadConfig } from '../server/config'
import { openDatabase } from '../server/db/database'
import { runMigrations } from '../server/db/migrate'
import { articles } from '../server/db/schema'
import { reviewArticle } from '../server/modules/article/review'

const USAGE = 'usage: review-article.ts list | approve <id> | reject <id> <reason>'

async function run([command, idText, ...reason]: string[]): Promise<void> {
  const id = Number(idText)
  if (!['list', 'approve', 'reject'].includes(command) || (command !== 'list' && !(Number.isInteger(id) && id > 0))) throw new Error(USAGE)
  if (command === 'reject' && !reason.length) throw new Error('请写明驳回原因: ' + USAGE)
  const config = loadConfig()
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })
  try {
    await runMigrations(database)
    if (command === 'list') {
      const rows = await database.db
        .select({ id: articles.id, title: articles.title, author: articles.author, summary: articles.summary })
        .from(articles)
        .where(and(eq(articles.status, 'pending'), eq(articles.visible, true)))
        .orderBy(asc(articles.createdAt))
      if (!rows.length) console.log('没有待审核的文章')
      for (const r of rows) console.log(`#${r.id} 《${r.title}》 ${r.author}: ${r.summary}`)
      return
    }
    const row = await reviewArticle(database.db, id, command === 'approve' ? { approve: true } : { approve: false, reason: reason.join(' ') })
    console.log(`#${row.id} ${row.status === 'published' ? '已通过，文章已展示' : '已驳回'}`)
  } finally {
    await database.close()
  }
}

run(process.argv.slice(2)).catch((e) => {
  console.error(e instanceof Error ? e.message : e)
  process.exit(1)
})
