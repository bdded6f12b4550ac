import { and, asc, gt, ne, notLike, sql } from 'drizzle-orm'

import type { Db } from '../db/database'
import type { DataCipher } from './data-key'
import { SEALED_COLUMNS, sealValue } from './sealed-columns'

const BATCH = 500

/**
 * Seals what was stored before its column was sealed (and fills its lookup hash). Run at start-up after the
 * migrations, since SQL cannot encrypt with a key the database never sees; each row is rewritten only while it
 * still holds the plain value, so running it again, or in two processes at once, changes nothing. Answers how many
 * values it sealed.
 */
export async function sealStoredValues(db: Db, cipher: DataCipher): Promise<number> {
  let done = 0
  for (const c of SEALED_COLUMNS) {
    let after = 0
    for (;;) {
      const page = (await db
        .select({ id: c.id, value: c.value })
        .from(c.table)
        .where(and(gt(c.id, after), ne(c.value, ''), notLike(c.value, 'v1:%')))
        .orderBy(asc(c.id))
        .limit(BATCH)) as { id: number; value: string }[]
      for (const row of page) {
        const sealed = sealValue(cipher, row.value, c.aad)
        const setHash = c.hash ? sql`, ${sql.identifier(c.hash.name)} = ${sealed.hash}` : sql``
        const updated = await db.execute(
          sql`update ${c.table} set ${sql.identifier(c.value.name)} = ${sealed.value}${setHash}
              where ${c.id} = ${row.id} and ${c.value} = ${row.value} returning 1`
        )
        done += (updated as unknown as { rows: unknown[] }).rows.length
      }
      if (page.length < BATCH) break
      after = page[page.length - 1].id
    }
  }
  return done
}
