import type { FastifyInstance } from 'fastify'
import { buildApp } from './app'
import { loadConfig, type Config } from './config'
import { openDatabase, type Database } from './db/database'
import { DataDirLockedError } from './db/lock'
import { runMigrations } from './db/migrate'
import { purgeExpiredTokens } from './modules/user/sessions'
import { seed } from './seed'
import { ensureInitialOwner, INITIAL_OWNER } from './modules/admin/operators'
import { purgeAdminSessions } from './modules/admin/sessions'

export interface Running {
  app: FastifyInstance
  database: Database
  /** Set when this start created the console's first owner (no operator existed). */
  initialOwner: { password: string; generated: boolean } | null
  stop(): Promise<void>
}

/** Opens the database, migrates, seeds and listens. */
export async function startServer(config: Config = loadConfig()): Promise<Running> {
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })
  try {
    await runMigrations(database)
    await seed(database.db)
    await purgeExpiredTokens(database.db)
    await purgeAdminSessions(database.db)
    const initialOwner = await ensureInitialOwner(database.db, config.adminInitialPassword)
    const app = await buildApp({ database, config })
    await app.listen({ port: config.port, host: config.host })
    let stopping: Promise<void> | undefined
    const stop = () =>
      (stopping ??= (async () => {
        await app.close()
        await database.close()
      })())
    return { app, database, initialOwner, stop }
  } catch (e) {
    await database.close().catch(() => undefined)
    throw e
  }
}

export async function main(): Promise<void> {
  const config = loadConfig()
  let running: Running
  try {
    running = await startServer(config)
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      console.error(e.message)
      process.exit(2)
    }
    throw e
  }
  const shown = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host
  console.log(`易学已启动: http://${shown}:${config.port}/`)
  const owner = running.initialOwner
  // The generated password is printed this once; it is stored only as a hash.
  const account = owner ? ` 账号 ${INITIAL_OWNER} 密码 ${owner.generated ? owner.password : '（ADMIN_INITIAL_PASSWORD 的值）'}` : ''
  console.log(`运营后台: http://${shown}:${config.port}/admin/${account}`)
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      running.stop().then(
        () => process.exit(0),
        () => process.exit(1)
      )
    })
  }
}

if (require.main === module) {
  main().catch((e) => {
    console.error('启动失败 (failed to start):', e)
    process.exit(1)
  })
}
