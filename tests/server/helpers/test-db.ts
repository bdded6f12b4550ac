import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { PGlite } from '@electric-sql/pglite'
import { Client, Pool } from 'pg'

import { installJobQueue } from '../../../server/core/jobs'
import { type Database, fromPglite, fromPool } from '../../../server/db/database'
import { runMigrations } from '../../../server/db/migrate'
import { loadDemoData } from '../../../server/seed'

/**
 * Where this jest run's template databases are (made once by tests/server/global-setup.ts): PGlite data folders
 * dumped to `<value>.tar` and `<value>-seeded.tar`, or databases `<value>` and `<value>_seeded` on the
 * TEST_DATABASE_URL server. Creating a database and migrating it took seconds per test file; a copy takes a
 * fraction of that.
 */
export const TEMPLATE_ENV = 'YX_TEST_DB_TEMPLATE'

/** Migrated only (what openTestDatabase gives), or also holding the demo content and the job queue's tables. */
type Kind = 'migrated' | 'seeded'

const pgliteFile = (base: string, kind: Kind) => `${base}${kind === 'seeded' ? '-seeded' : ''}.tar`
const pgName = (base: string, kind: Kind) => `${base}${kind === 'seeded' ? '_seeded' : ''}`

async function adminQuery(url: string, text: string): Promise<void> {
  const admin = new Client({ connectionString: url })
  await admin.connect()
  try {
    await admin.query(text)
  } finally {
    await admin.end()
  }
}

function databaseUrl(url: string, name: string): string {
  const target = new URL(url)
  target.pathname = `/${name}`
  return target.toString()
}

/** What a first start leaves besides the migrations: the demo content and pg-boss's schema (no queue, no job). */
export async function seedAsFirstStart(database: Database): Promise<void> {
  await loadDemoData(database.db)
  await installJobQueue(database.executeSql)
}

/** Creates both templates and returns where they are (the value for TEMPLATE_ENV). */
export async function createTemplates(): Promise<string> {
  const url = process.env.TEST_DATABASE_URL
  if (!url) {
    const base = path.join(os.tmpdir(), `yx-test-template-${crypto.randomBytes(6).toString('hex')}`)
    const client = new PGlite()
    const database = fromPglite(client)
    const dump = async (kind: Kind) =>
      fs.writeFileSync(pgliteFile(base, kind), Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()))
    await runMigrations(database)
    await dump('migrated')
    await seedAsFirstStart(database)
    await dump('seeded')
    await client.close()
    return base
  }
  const base = `yx_template_${crypto.randomBytes(6).toString('hex')}`
  for (const kind of ['migrated', 'seeded'] as const) {
    const name = pgName(base, kind)
    await adminQuery(
      url,
      kind === 'seeded' ? `create database "${name}" template "${base}"` : `create database "${name}"`
    )
    const database = fromPool(new Pool({ connectionString: databaseUrl(url, name), max: 1 }))
    try {
      if (kind === 'migrated') await runMigrations(database)
      else await seedAsFirstStart(database)
    } finally {
      // No connection may stay open to a database that is copied.
      await database.close()
    }
  }
  return base
}

export async function dropTemplates(base: string): Promise<void> {
  const url = process.env.TEST_DATABASE_URL
  for (const kind of ['migrated', 'seeded'] as const) {
    if (!url) fs.rmSync(pgliteFile(base, kind), { force: true })
    else await adminQuery(url, `drop database if exists "${pgName(base, kind)}" with (force)`)
  }
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or, when TEST_DATABASE_URL is
 * set, a new database on that PostgreSQL server that is dropped again on close. It starts as a copy
 * of the run's template when there is one (`seeded`: with the demo content and the job queue's tables), and the
 * migrations run again on it, applying none unless the template lacks one.
 */
export async function openTestDatabase(kind: Kind = 'migrated'): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL
  const base = process.env[TEMPLATE_ENV]
  if (!url) {
    const client = base
      ? new PGlite({ loadDataDir: new Blob([fs.readFileSync(pgliteFile(base, kind))]) })
      : new PGlite()
    const database = fromPglite(client)
    await runMigrations(database)
    return database
  }
  const name = `yx_test_${crypto.randomBytes(6).toString('hex')}`
  await adminQuery(url, `create database "${name}"${base ? ` template "${pgName(base, kind)}"` : ''}`)
  const database = fromPool(new Pool({ connectionString: databaseUrl(url, name), max: 5 }))
  await runMigrations(database)
  return {
    ...database,
    async close() {
      await database.close()
      await adminQuery(url, `drop database if exists "${name}" with (force)`)
    }
  }
}
