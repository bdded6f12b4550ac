import { getTableName } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'

import { certificateApplications, membershipApplications } from '../db/schema'
import type { DataCipher } from './data-key'

/**
 * The associated data (and hash context) of every sealed ID number: one value, so the forms, the backfill and a key
 * rotation agree.
 */
export const ID_NUMBER_COLUMN = 'id_number'

/** A column that holds values sealed by DataCipher, with the keyed hash it is looked up by (if any). */
export interface SealedColumn {
  table: PgTable
  /** An integer primary key: rows are read in its order, a batch at a time. */
  id: PgColumn
  value: PgColumn
  hash?: PgColumn
  /** The name `seal` and `lookupHash` are given for this column. */
  aad: string
}

/**
 * Every column of personal data sealed at rest. A key rotation (npm run data-key:rotate) re-seals exactly these,
 * so a column sealed anywhere must be listed here, or it would stay under the old key and no longer open.
 */
export const SEALED_COLUMNS: readonly SealedColumn[] = [
  {
    table: certificateApplications,
    id: certificateApplications.id,
    value: certificateApplications.idNumber,
    hash: certificateApplications.idNumberHash,
    aad: ID_NUMBER_COLUMN
  },
  {
    table: membershipApplications,
    id: membershipApplications.id,
    value: membershipApplications.idNumber,
    hash: membershipApplications.idNumberHash,
    aad: ID_NUMBER_COLUMN
  }
]

/** How a column is named in output: `table.column`. */
export const sealedColumnName = (c: SealedColumn) => `${getTableName(c.table)}.${c.value.name}`

/** What a plain value is stored as: sealed, and its keyed hash; an empty value stays empty (no hash either). */
export function sealValue(cipher: DataCipher, plain: string, aad: string): { value: string; hash: string } {
  return plain ? { value: cipher.seal(plain, aad), hash: cipher.lookupHash(plain, aad) } : { value: '', hash: '' }
}
