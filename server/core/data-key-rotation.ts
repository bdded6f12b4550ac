import { eq, getTableName, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'

import type { Db, Tx } from '../db/database'
import { appMeta } from '../db/schema'
import { type DataCipher, FINGERPRINT_KEY } from './data-key'
import { SEALED_COLUMNS, type SealedColumn, sealedColumnName, sealValue } from './sealed-columns'

/** A rotation refused or stopped; its message (Chinese and English) is for the operator, and nothing was changed. */
export class DataKeyRotationError extends Error {}

export interface RotationResult {
  /** The database already carried the new key's fingerprint: nothing was changed. */
  alreadyRotated: boolean
  /** Per sealed column: the values re-sealed, and how many of them were still plain (stored before encryption). */
  columns: { column: string; rows: number; plain: number }[]
  ms: number
}

const BATCH = 500

type Row = { id: number | string; value: string }
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows

/** Re-seals one column a batch at a time, in id order (keyset paging), inside the rotation's transaction. */
async function rotateColumn(tx: Tx, c: SealedColumn, current: DataCipher, next: DataCipher, batch: number) {
  const id = sql.identifier(c.id.name)
  const value = sql.identifier(c.value.name)
  const setHash = c.hash ? sql`, ${sql.identifier(c.hash.name)} = v.hash` : sql``
  let after = 0
  let rows = 0
  let plain = 0
  for (;;) {
    const page = rowsOf(
      await tx.execute(
        sql`select ${id} as id, ${value} as value from ${c.table}
            where ${id} > ${after} and ${value} <> '' order by ${id} limit ${batch} for update`
      )
    )
    if (!page.length) break
    const values = page.map((r) => {
      let opened: string
      try {
        opened = current.open(r.value, c.aad)
      } catch {
        throw new DataKeyRotationError(
          `${sealedColumnName(c)} id ${r.id}: 无法用当前密钥解开，已全部回滚，什么也没有改 ` +
            '(cannot be opened with the current key; everything was rolled back, nothing changed)'
        )
      }
      if (!current.isSealed(r.value)) plain++
      const sealed = sealValue(next, opened, c.aad)
      return sql`(${Number(r.id)}::bigint, ${sealed.value}::text, ${sealed.hash}::text)`
    })
    // One statement per batch: on PostgreSQL a round trip per row would be most of the time taken.
    await tx.execute(
      sql`update ${c.table} set ${value} = v.value${setHash}
          from (values ${sql.join(values, sql`, `)}) as v(id, value, hash) where ${c.table}.${id} = v.id`
    )
    rows += page.length
    after = Number(page[page.length - 1].id)
  }
  return { column: sealedColumnName(c), rows, plain }
}

/**
 * Moves the data at rest from `current` to `next`: every value of SEALED_COLUMNS re-sealed (plain ones sealed on
 * the way), every lookup hash recomputed, and app_meta's fingerprint set to the new key, all in one transaction,
 * so a failure or crash leaves the database wholly under the current key and the rotation can simply be run
 * again. The sealed tables are locked against writes meanwhile; servers must still be stopped first, since one
 * left running would go on sealing with the old key after the commit (README, 安全 / Security).
 */
export async function rotateDataKey(
  db: Db,
  current: DataCipher,
  next: DataCipher,
  opts: { batchSize?: number } = {}
): Promise<RotationResult> {
  if (current.fingerprint === next.fingerprint)
    throw new DataKeyRotationError('新密钥与当前密钥相同 (the new data key is the current one)')
  const started = Date.now()
  const result = await db.transaction(async (tx) => {
    const [meta] = await tx.select().from(appMeta).where(eq(appMeta.key, FINGERPRINT_KEY)).for('update')
    if (meta?.value === next.fingerprint) return { alreadyRotated: true, columns: [] }
    if (!meta)
      throw new DataKeyRotationError(
        '本数据库还没有记录数据加密密钥，请先启动一次服务器 (this database has no data key recorded yet: start the server once first)'
      )
    if (meta.value !== current.fingerprint)
      throw new DataKeyRotationError(
        '当前数据加密密钥与加密本数据库所用的不同，不能轮换 (the current data key is not the one this database is encrypted with)：' +
          '请以服务器所用的 DATA_KEY / DATA_KEY_FILE 运行'
      )
    // Reads go on; a write from a server left running waits for the commit instead of slipping between batches.
    const tables = [...new Set<PgTable>(SEALED_COLUMNS.map((c) => c.table))]
    await tx.execute(sql.raw(`lock table ${tables.map((t) => `"${getTableName(t)}"`).join(', ')} in exclusive mode`))
    const columns = []
    for (const c of SEALED_COLUMNS) columns.push(await rotateColumn(tx, c, current, next, opts.batchSize ?? BATCH))
    await tx
      .update(appMeta)
      .set({ value: next.fingerprint, updatedAt: new Date() })
      .where(eq(appMeta.key, FINGERPRINT_KEY))
    return { alreadyRotated: false, columns }
  })
  return { ...result, ms: Date.now() - started }
}
