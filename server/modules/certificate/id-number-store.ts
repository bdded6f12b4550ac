import { maskIdNumber } from '../../../contract/id-number'
import type { DataCipher } from '../../core/data-key'
import { ID_NUMBER_COLUMN as COLUMN, sealValue } from '../../core/sealed-columns'

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
