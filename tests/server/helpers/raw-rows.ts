import { sql } from 'drizzle-orm'

import type { Db } from '../../../server/db/database'

/** Every column of every row of a table, as the database holds it (what a stolen backup would show). */
export const rawRows = async (db: Db, table: string) =>
  JSON.stringify(((await db.execute(sql.raw(`select * from ${table}`))) as unknown as { rows: unknown[] }).rows)
