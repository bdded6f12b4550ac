import crypto from 'node:crypto'

import { PGlite } from '@electric-sql/pglite'
import { Client, Pool } from 'pg'

import { type Database, fromPglite, fromPool } from '../../../server/db/database'
import { runMigrations } from '../../../server/db/migrate'

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or, when TEST_DATABASE_URL is
 * set, a new database on that PostgreSQL server that is dropped again on close.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL
  if (!url) {
    const database = fromPglite(new PGlite())
    await runMigrations(database)
    return database
  }
  const name = `yx_test_${crypto.randomBytes(6).toString('hex')}`
  const admin = new Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database "${name}"`)
  await admin.end()
  const target = new URL(url)
  target.pathname = `/${name}`
  const database = fromPool(new Pool({ connectionString: target.toString(), max: 5 }))
  await runMigrations(database)
  return {
    ...database,
    async close() {
      await database.close()
      const dropper = new Client({ connectionString: url })
      await dropper.connect()
      await dropper.query(`drop database if exists "${name}" with (force)`)
      await dropper.end()
    }
  }
}
