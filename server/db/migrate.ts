import path from 'node:path'

import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'

import type { Database } from './database'

const migrationsFolder = path.join(__dirname, 'migrations')
// Any fixed number: several API processes starting together against one PostgreSQL take turns.
const MIGRATION_LOCK_KEY = 7_310_001

/** Applies the migrations, then `alsoInTurn` (more schema work that must not run in two processes at once). */
export async function runMigrations(
  database: Database,
  alsoInTurn?: (executeSql: Database['executeSql']) => Promise<void>
): Promise<void> {
  if (!database.pool) {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder })
    await alsoInTurn?.(database.executeSql)
    return
  }
  const client = await database.pool.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
    try {
      await migratePg(drizzle(client), { migrationsFolder })
      await alsoInTurn?.((text, values) => client.query(text, values))
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
    }
  } finally {
    client.release()
  }
}
