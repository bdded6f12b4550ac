import type { FastifyInstance } from 'fastify'
import { buildApp } from './app'
import { loadConfig, type Config } from './config'
import { configOrExit } from './startup-check'
import { openDatabase, type Database } from './db/database'
import { DataDirLockedError } from './db/lock'
import { runMigrations } from './db/migrate'
import { purgeExpiredTokens } from './modules/user/sessions'
import { loadDemoData } from './seed'

export interface Running {
  app: FastifyInstance
  database: Database
  stop(): Promise<void>
}

/** Migrations, demo content (once, when asked) and upkeep that run once per start (for a cluster: once, before the workers). */
export async function prepareDatabase(database: Database, config: Config): Promise<void> {
  await runMigrations(database)
  if (config.demoData) await loadDemoData(database.db)
  await purgeExpiredTokens(database.db)
}

/** Opens the database, migrates and seeds (unless `prepared` already did), and listens. */
export async function startServer(config: Config = loadConfig(), opts: { prepared?: boolean } = {}): Promise<Running> {
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })
  try {
    if (!opts.prepared) await prepareDatabase(database, config)
    const app = await buildApp({ database, config })
    await app.listen({ port: config.port, host: config.host })
    let stopping: Promise<void> | undefined
    const stop = () =>
      (stopping ??= (async () => {
        await app.close()
        await database.close()
      })())
    return { app, database, stop }
  } catch (e) {
    await database.close().catch(() => undefined)
    throw e
  }
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
    throw e
  }
  const shown = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host
  console.log(`易学已启动: http://${shown}:${config.port}/`)
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
