import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'

import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'

import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { sealStoredValues } from '../../server/core/seal-stored'
import { type Database, openDatabase } from '../../server/db/database'
import { runMigrations } from '../../server/db/migrate'
import { ensureInitialOwner } from '../../server/modules/admin/operators'
import { loadDemoData } from '../../server/seed'

/** A date `daysAgo` days back in China time, YYYY-MM-DD, as the console's date filters take it. */
export const chinaDay = (daysAgo: number) =>
  new Date(Date.now() + 8 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10)

/** The p-th percentile of sorted figures. */
export const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]

/**
 * Runs `work` on a fresh embedded database (migrated, demo data loaded, `users` bench users named 压测用户N) in a
 * folder of its own, removed afterwards.
 */
export async function withBenchDatabase(
  name: string,
  users: number,
  work: (database: Database, dataDir: string) => Promise<void>
): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `yx-bench-${name}-`))
  const database = await openDatabase({ dataDir })
  try {
    await runMigrations(database)
    await loadDemoData(database.db)
    await database.db.execute(sql`
      insert into users (nickname, mobile, created_at)
      select '压测用户' || g, '17' || lpad(g::text, 9, '0'), now() - (g || ' minutes')::interval
      from generate_series(1, ${users}) g`)
    await work(database, dataDir)
  } finally {
    await database.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

/** The server on a bench database, its log discarded, with the first owner logged into the console: its cookie. */
export async function benchConsoleApp(
  database: Database,
  dataDir: string
): Promise<{ app: FastifyInstance; cookie: string }> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DIST_DIR: path.join(dataDir, 'none'),
    ADMIN_DIST_DIR: path.join(dataDir, 'none')
  })
  const app = await buildApp({ database, config, logStream: new Writable({ write: (_c, _e, done) => done() }) })
  await app.ready()
  // The rows above were written plain, as an older version stored them; the start-up seals them (server/main.ts).
  await sealStoredValues(database.db, app.services.dataCipher)
  await ensureInitialOwner(database.db, 'Bench-owner-1')
  const login = await app.inject({
    method: 'POST',
    url: '/api/admin/auth/login',
    payload: { username: 'admin', password: 'Bench-owner-1' }
  })
  return { app, cookie: String(login.headers['set-cookie']).split(';')[0] }
}
