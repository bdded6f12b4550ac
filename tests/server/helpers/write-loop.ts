// Run as a child process: opens the data folder, then inserts rows forever, printing each id once
// its insert has committed. The parent kills it with SIGKILL mid-loop.
import { openDatabase } from '../../../server/db/database'
import { runMigrations } from '../../../server/db/migrate'
import { pageViews } from '../../../server/db/schema'

async function run(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir })
  await runMigrations(database)
  process.stdout.write('ready\n')
  for (let i = 0; ; i++) {
    const [row] = await database.db
      .insert(pageViews)
      .values({ path: `/crash/${i}`, client: 'web' })
      .returning({ id: pageViews.id })
    process.stdout.write(`committed ${row.id}\n`)
  }
}

run(process.argv[2]).catch((e) => {
  console.error(e)
  process.exit(1)
})
