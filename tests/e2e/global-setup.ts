import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { openDatabase } from '../../server/db/database'
import { runMigrations } from '../../server/db/migrate'
import { seedAsFirstStart } from '../server/helpers/test-db'
import { DATA_TEMPLATE_ENV } from './server'

/**
 * One data folder with the embedded database migrated and the demo content loaded, which every server of the run
 * starts from a copy of (server.ts): the database's first creation took ~7 s of each start. The servers still run
 * every start-up step on it (migrations, data key, demo check, first owner).
 */
export default async function globalSetup(): Promise<void> {
  if (process.env[DATA_TEMPLATE_ENV]) return
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yixue-e2e-template-'))
  const database = await openDatabase({ dataDir: dir })
  try {
    await runMigrations(database)
    await seedAsFirstStart(database)
  } finally {
    await database.close()
  }
  process.env[DATA_TEMPLATE_ENV] = dir
}
