import type { FastifyInstance } from 'fastify'

import { buildApp } from './app'
import { type Config, loadConfig } from './config'
import { checkDataKey, DataKeyMismatchError, loadDataCipher } from './core/data-key'
import { installJobQueue } from './core/jobs'
import { keepDataPrivate } from './core/private-files'
import { sealStoredValues } from './core/seal-stored'
import { purgeExpiredTokens } from './core/sessions'
import { type Database, openDatabase } from './db/database'
import { DataDirLockedError } from './db/lock'
import { runMigrations } from './db/migrate'
import { ensureInitialOwner, INITIAL_OWNER } from './modules/admin/operators'
import { WeakPasswordError } from './modules/admin/password-policy'
import { purgeAdminSessions } from './modules/admin/sessions'
import { loadDemoData } from './seed'
import { configOrExit } from './startup-check'

/** The console's first owner, when this start created it. */
export type InitialOwner = Awaited<ReturnType<typeof ensureInitialOwner>>

export interface Running {
  app: FastifyInstance
  database: Database
  initialOwner: InitialOwner
  stop(): Promise<void>
}

/**
 * Migrations, demo content (once, when asked) and upkeep that run once per start (for a cluster: once, before the
 * workers).
 */
export async function prepareDatabase(database: Database, config: Config): Promise<InitialOwner> {
  await runMigrations(database, installJobQueue)
  // The data key must be the one this database was encrypted with before anything is sealed with it.
  const cipher = loadDataCipher(config)
  await checkDataKey(database.db, cipher)
  await sealStoredValues(database.db, cipher)
  if (config.demoData) await loadDemoData(database.db)
  await purgeExpiredTokens(database.db)
  await purgeAdminSessions(database.db)
  return ensureInitialOwner(database.db, config.adminInitialPassword)
}

/** Opens the database, migrates and seeds (unless `prepared` already did), and listens. */
export async function startServer(config: Config = loadConfig(), opts: { prepared?: boolean } = {}): Promise<Running> {
  keepDataPrivate(config.dataDir)
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })
  try {
    const initialOwner = opts.prepared ? null : await prepareDatabase(database, config)
    // The embedded engine sets its files' modes itself (its first start unpacks a database open to everyone,
    // whatever the umask): closed again once it has made them.
    keepDataPrivate(config.dataDir)
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

/**
 * The address line and the console line (with the first owner's password, printed this once: it is stored only as a
 * hash).
 */
export function printAddresses(config: Config, owner: InitialOwner): void {
  const shown = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host
  console.log(`易学已启动: http://${shown}:${config.port}/`)
  const account = owner
    ? ` 账号 ${INITIAL_OWNER} 密码 ${owner.generated ? owner.password : '（ADMIN_INITIAL_PASSWORD 的值）'}`
    : ''
  console.log(`运营后台: http://${shown}:${config.port}/admin/${account}`)
}

export async function main(config: Config = configOrExit(), opts: { prepared?: boolean } = {}): Promise<void> {
  let running: Running
  try {
    running = await startServer(config, opts)
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      console.error(e.message)
      process.exit(2)
    }
    if (e instanceof DataKeyMismatchError || e instanceof WeakPasswordError) {
      console.error(e.message)
      process.exit(1)
    }
    throw e
  }
  if (!opts.prepared) printAddresses(config, running.initialOwner)
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
