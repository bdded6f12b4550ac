import { and, eq, ne, notLike } from 'drizzle-orm'

import { maskIdNumber } from '../../../contract/id-number'
import type { DataCipher } from '../../core/data-key'
import { ID_NUMBER_COLUMN as COLUMN, sealValue } from '../../core/sealed-columns'
import type { Db } from '../../db/database'
import { certificateApplications, membershipApplications } from '../../db/schema'

/** The columns an ID number is stored in: encrypted, and its keyed hash for lookups. */
export function sealIdNumber(cipher: DataCipher, idNumber: string): { idNumber: string; idNumberHash: string } {
  const { value, hash } = sealValue(cipher, idNumber, COLUMN)
  return { idNumber: value, idNumberHash: hash }
}

/** What a person may be shown of a stored ID number: the first 6 and last 4 characters. */
export function maskedIdNumber(cipher: DataCipher, stored: string): string {
  return stored ? maskIdNumber(cipher.open(stored, COLUMN)) : ''
}

/** The keyed hash to look an (upper-case) ID number up by. */
export const idNumberLookup = (cipher: DataCipher, idNumber: string) => cipher.lookupHash(idNumber, COLUMN)

/**
 * Encrypts the ID numbers stored before encryption existed. Run at start-up after the migrations
 * (SQL cannot encrypt with a key the database never sees); each row is rewritten only while it still
 * holds the plain value, so running it again, or in two processes at once, changes nothing.
 */
export async function encryptStoredIdNumbers(db: Db, cipher: DataCipher): Promise<number> {
  let done = 0
  for (const table of [certificateApplications, membershipApplications]) {
    const plain = await db
      .select({ id: table.id, idNumber: table.idNumber })
      .from(table)
      .where(and(ne(table.idNumber, ''), notLike(table.idNumber, 'v1:%')))
    for (const row of plain) {
      const updated = await db
        .update(table)
        .set(sealIdNumber(cipher, row.idNumber))
        .where(and(eq(table.id, row.id), eq(table.idNumber, row.idNumber)))
        .returning({ id: table.id })
      done += updated.length
    }
  }
  return done
}
