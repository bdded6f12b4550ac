import { loadConfig, type Config } from '../../server/config'
import { checkDataKey, DataKeyMismatchError, loadDataCipher } from '../../server/core/data-key'
import { AppError } from '../../server/core/envelope'
import { openDatabase, type Database } from '../../server/db/database'
import { DataDirLockedError } from '../../server/db/lock'
import { runMigrations } from '../../server/db/migrate'

/** A command line the script does not understand: its message is the usage line. */
export class UsageError extends Error {}

export interface Operator {
  database: Database
  config: Config
  args: string[]
}

/**
 * Runs an operator command against the server's database: PostgreSQL with DATABASE_URL, else the
 * embedded one in DATA_DIR, which a running server holds locked (stop it first, or use PostgreSQL).
 * Migrations run first. A refusal (a usage line, an AppError of the domain) prints its message and
 * exits 1; a locked data folder exits 2.
 */
export function runOperator(work: (op: Operator) => Promise<void>): void {
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' })
  const run = async () => {
    let database: Database
    try {
      database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })
    } catch (e) {
      if (!(e instanceof DataDirLockedError)) throw e
      console.error(`${e.message}\n请先停止服务器，或设置 DATABASE_URL 使用 PostgreSQL。`)
      return 2
    }
    try {
      await runMigrations(database)
      await checkDataKey(database.db, loadDataCipher(config))
      await work({ database, config, args: process.argv.slice(2) })
      return 0
    } finally {
      await database.close()
    }
  }
  run().then(
    (code) => process.exit(code),
    (e) => {
      // A refusal is told in its own words; anything else is a bug, shown whole.
      console.error(e instanceof UsageError || e instanceof AppError || e instanceof DataKeyMismatchError ? e.message : e)
      process.exit(1)
    }
  )
}

/** A positive integer id from the command line, or the usage line as the error. */
export function idArg(text: string | undefined, usage: string): number {
  const id = Number(text)
  if (!(Number.isInteger(id) && id > 0)) throw new UsageError(usage)
  return id
}
