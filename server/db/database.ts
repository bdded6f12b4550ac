import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import {
  type ParserOptions,
  PGlite,
  type QueryOptions,
  type Transaction,
  types as pgliteTypes
} from '@electric-sql/pglite'
import type { ExtractTablesWithRelations } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { Client, Pool, type PoolClient, type QueryConfig } from 'pg'

import { type DirLock, lockDataDir } from './lock'
import * as schema from './schema'

export type Schema = typeof schema
/** The query interface shared by the PGlite and node-postgres drivers. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Db | Tx

/**
 * A query of fixed shape (values as `sql.placeholder`), built once per database and kept as a named prepared
 * statement: building the SQL text in drizzle cost more CPU than the rest of a short request (docs/scaling.md).
 * On a transaction it is built once for that transaction.
 */
export function preparedQuery<Q>(build: (db: Executor) => Q): (db: Executor) => Q {
  const built = new WeakMap<Executor, Q>()
  return (db) => {
    let query = built.get(db)
    if (!query) built.set(db, (query = build(db)))
    return query
  }
}

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Set for PostgreSQL: migrations need one dedicated connection to hold their lock. */
  pool?: Pool
  /** Raw SQL for libraries that bring their own (the job queue): one statement with values, or several without. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>
  /** Hears PostgreSQL's notices on `channel` (LISTEN) until the returned function is called. */
  listen(channel: string, listener: Listener): Promise<() => Promise<void>>
  close(): Promise<void>
}

export interface Listener {
  /** A notice's payload; undefined when a statement of this process matched `localWrites`. */
  onMessage(payload: string | undefined): void
  /** False while notices cannot be heard (not yet connected, connection lost, stopped). */
  onListening(listening: boolean): void
  /**
   * Statements of this process to count as a notice the moment they are sent: on PostgreSQL the notice of one's
   * own write arrives on another connection, a turn of the event loop after the write's answer.
   */
  localWrites?: RegExp
}

/**
 * A text with its own BEGIN that fails midway leaves its connection inside an aborted transaction;
 * the connection is shared (PGlite's only one, or back to the pool), so it is rolled back here.
 */
async function closeFailedTransaction(exec: (sql: string) => Promise<unknown>): Promise<void> {
  await exec('ROLLBACK').catch(() => undefined)
}

/**
 * The types drizzle reads as text, as it asks PGlite to: timestamps, dates, intervals, and the arrays of numeric
 * (1231), timestamp (1115), timestamptz (1185), interval (1187) and date (1182), which PGlite's `types` does not name.
 */
const READ_AS_TEXT = [
  pgliteTypes.TIMESTAMP,
  pgliteTypes.TIMESTAMPTZ,
  pgliteTypes.INTERVAL,
  pgliteTypes.DATE,
  1231,
  1115,
  1185,
  1187,
  1182
]
const asText = (value: string) => value

/**
 * drizzle passes those text readers with every query, and PGlite then copies its whole table of ~400 type readers
 * for that query: about 180 µs each time, more than the query itself on short reads (docs/scaling.md). So the
 * client reads those types as text itself and drizzle's queries go without them; raw SQL (the job queue) still gets
 * them as Date, as before, by passing the client's former readers along.
 */
function withTextReaders(client: PGlite) {
  let former: ParserOptions = {}
  // After the array types are set up, which would otherwise replace the readers of the arrays again.
  const ready = client.waitReady.then(() => {
    former = Object.fromEntries(READ_AS_TEXT.map((type) => [type, client.parsers[type]]))
    for (const type of READ_AS_TEXT) client.parsers[type] = asText
  })
  // A database that fails to open fails its first query instead.
  ready.catch(() => undefined)
  const lean = (options?: QueryOptions): QueryOptions | undefined =>
    options?.parsers ? { ...options, parsers: undefined } : options
  const queries = (on: Pick<Transaction, 'query'>) => ({
    query: async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
      await ready
      return on.query<T>(text, params, lean(options))
    }
  })
  // drizzle asks its client for nothing but these two.
  const forDrizzle = {
    ...queries(client),
    transaction: <T>(fn: (tx: Transaction) => Promise<T>) =>
      client.transaction((tx) => fn(Object.assign(Object.create(tx) as Transaction, queries(tx))))
  } as unknown as PGlite
  const raw = async () => {
    await ready
    return { parsers: former }
  }
  return { forDrizzle, raw }
}

export function fromPglite(client: PGlite, onClose?: () => void): Database {
  const { forDrizzle, raw } = withTextReaders(client)
  return {
    db: drizzlePglite(forDrizzle, { schema }) as unknown as Db,
    kind: 'pglite',
    async executeSql(text, values) {
      try {
        if (values?.length) return await client.query(text, values, await raw())
        // Several statements in one text need the simple protocol, which exec speaks.
        const results = await client.exec(text, await raw())
        return results[results.length - 1] ?? { rows: [] }
      } catch (err) {
        await closeFailedTransaction((sql) => client.exec(sql))
        throw err
      }
    },
    // One connection in this process: a notice is handed over while the statement's answer is read, before the
    // writer's promise resolves, so no local write needs spotting.
    async listen(channel, listener) {
      const unlisten = await client.listen(channel, (payload) => listener.onMessage(payload))
      listener.onListening(true)
      return async () => {
        listener.onListening(false)
        await unlisten()
      }
    },
    async close() {
      await client.close()
      onClose?.()
    }
  }
}

/**
 * Every parameterized query gets a name derived from its text, so each connection parses and plans it once and
 * afterwards only binds and runs it: most of PostgreSQL's work on our short queries was the parsing and planning
 * (docs/scaling.md has the figures). Queries without values (several statements, DDL) stay unnamed. Behind
 * PgBouncer in transaction mode this needs PgBouncer 1.21+ with max_prepared_statements set.
 */
function prepareByText(client: PoolClient, watchers: Set<Listener>): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown
  client.query = ((config: unknown, ...rest: unknown[]) => {
    const c = config as Partial<QueryConfig> & { submit?: unknown }
    const text = typeof config === 'string' ? config : c?.text
    if (typeof text === 'string') for (const w of watchers) if (w.localWrites!.test(text)) w.onMessage(undefined)
    if (c && typeof c === 'object' && !c.name && !c.submit && typeof c.text === 'string') {
      const values = c.values ?? rest[0]
      if (Array.isArray(values) && values.length) config = { ...c, name: statementName(c.text) }
    }
    return query(config, ...rest)
  }) as PoolClient['query']
}

const names = new Map<string, string>()
function statementName(text: string): string {
  let name = names.get(text)
  if (!name) {
    name = `q${crypto.createHash('sha1').update(text).digest('base64url')}`
    if (names.size < 10_000) names.set(text, name)
  }
  return name
}

export function fromPool(pool: Pool): Database {
  // A dropped connection must not crash the process; the next query reports it and the pool reconnects.
  pool.on('error', () => undefined)
  const watchers = new Set<Listener>()
  const listening = new Set<() => Promise<void>>()
  pool.on('connect', (client) => prepareByText(client, watchers))
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
    async listen(channel, listener) {
      if (listener.localWrites) watchers.add(listener)
      // Not awaited: a database slow to answer must not hold the start; until then nothing is heard.
      const notices = listenOnPostgres(pool, channel, listener)
      const stop = async () => {
        listening.delete(stop)
        watchers.delete(listener)
        await notices.stop()
      }
      listening.add(stop)
      return stop
    },
    async close() {
      await Promise.all([...listening].map((stop) => stop()))
      await pool.end()
    }
  }
}

const RELISTEN_MS = 1000

/** A dedicated connection that LISTENs, made again a second after it is lost (notices in between are missed). */
function listenOnPostgres(pool: Pool, channel: string, listener: Listener) {
  let stopped = false
  let current: Client | undefined
  let retry: NodeJS.Timeout | undefined
  const again = () => {
    if (!stopped) retry = setTimeout(connect, RELISTEN_MS).unref()
  }
  async function connect(): Promise<void> {
    const client = new Client(pool.options)
    client.on('error', () => undefined)
    client.on('notification', (n) => n.channel === channel && listener.onMessage(n.payload ?? ''))
    client.on('end', () => {
      if (current !== client) return
      current = undefined
      listener.onListening(false)
      again()
    })
    try {
      await client.connect()
      await client.query(`LISTEN "${channel}"`)
    } catch {
      await client.end().catch(() => undefined)
      return again()
    }
    if (stopped) return void (await client.end())
    current = client
    listener.onListening(true)
  }
  void connect()
  return {
    async stop() {
      stopped = true
      clearTimeout(retry)
      listener.onListening(false)
      const client = current
      current = undefined
      await client?.end().catch(() => undefined)
    }
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
