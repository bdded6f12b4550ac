import fs from 'node:fs'
import path from 'node:path'

import { PGlite } from '@electric-sql/pglite'
import type { ExtractTablesWithRelations } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { Pool } from 'pg'

import { type DirLock, lockDataDir } from './lock'
import * as schema from './schema'

export type Schema = typeof schema
/** The query interface shared by the PGlite and node-postgres drivers. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Db | Tx

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Set for PostgreSQL: migrations need one dedicated connection to hold their lock. */
  pool?: Pool
  /** Raw SQL for libraries that bring their own (the job queue): one statement with values, or several without. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>
  close(): Promise<void>
}

/**
 * A text with its own BEGIN that fails midway leaves its connection inside an aborted transaction;
 * the connection is shared (PGlite's only one, or back to the pool), so it is rolled back here.
 */
async function closeFailedTransaction(exec: (sql: string) => Promise<unknown>): Promise<void> {
  await exec('ROLLBACK').catch(() => undefined)
}

export function fromPglite(client: PGlite, onClose?: () => void): Database {
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    kind: 'pglite',
    async executeSql(text, values) {
      try {
        if (values?.length) return await client.query(text, values)
        // Several statements in one text need the simple protocol, which exec speaks.
        const results = await client.exec(text)
        return results[results.length - 1] ?? { rows: [] }
      } catch (err) {
        await closeFailedTransaction((sql) => client.exec(sql))
        throw err
      }
    },
    async close() {
      await client.close()
      onClose?.()
    }
  }
}

export function fromPool(pool: Pool): Database {
  // A dropped connection must not crash the process; the next query reports it and the pool reconnects.
  pool.on('error', () => undefined)
  return {
    db: drizzlePg(pool, { schema }) as unknown as Db,
    kind: 'postgres',
    pool,
    async executeSql(text, values) {
      const client = await pool.connect()
      // A connection that drops while checked out emits 'error' on the client, which the pool only
      // listens to while it is idle: without this the process would crash instead of the query failing.
      let broken: Error | undefined
      const dropped = (err: Error) => (broken = err)
      client.on('error', dropped)
      try {
        return await client.query(text, values)
      } catch (err) {
        await closeFailedTransaction((sql) => client.query(sql)).catch(() => undefined)
        throw err
      } finally {
        client.off('error', dropped)
        // A broken connection is thrown away rather than handed to the next caller.
        client.release(broken)
      }
    },
    close: () => pool.end()
  }
}

/** Opens PostgreSQL when a URL is given, otherwise PGlite in `<dataDir>/pg` under an exclusive folder lock. */
export async function openDatabase(opts: { dataDir: string; databaseUrl?: string }): Promise<Database> {
  if (opts.databaseUrl) return fromPool(new Pool({ connectionString: opts.databaseUrl, max: 10 }))
  const lock: DirLock = lockDataDir(opts.dataDir)
  try {
    const pgDir = path.join(opts.dataDir, 'pg')
    fs.mkdirSync(pgDir, { recursive: true })
    const client = await PGlite.create(pgDir)
    return fromPglite(client, () => lock.release())
  } catch (e) {
    lock.release()
    throw e
  }
}
