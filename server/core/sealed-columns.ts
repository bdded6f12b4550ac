import { eq, getTableName, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'

import {
  accountMergeRequests,
  activitySignups,
  certificateApplications,
  membershipApplications,
  offlineSignups,
  serviceOrders,
  shopAddresses,
  shopOrders,
  users
} from '../db/schema'
import type { DataCipher } from './data-key'

/**
 * The associated data (and hash context) of each kind of sealed value: one per kind, not per table, so a number
 * is found by one hash wherever it is kept, and the forms, the start-up sealing and a key rotation agree.
 */
export const SEALED = {
  idNumber: 'id_number',
  mobile: 'mobile',
  receiverName: 'receiver_name',
  addressDetail: 'address_detail'
} as const
export const ID_NUMBER_COLUMN = SEALED.idNumber

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

const mobileOf = (
  t:
    | typeof activitySignups
    | typeof certificateApplications
    | typeof membershipApplications
    | typeof offlineSignups
    | typeof serviceOrders
): SealedColumn => ({
  table: t,
  id: t.id,
  value: t.mobile,
  hash: t.mobileHash,
  aad: SEALED.mobile
})

/**
 * Every column of personal data sealed at rest. A key rotation (npm run data-key:rotate) re-seals exactly these,
 * and the start-up seals what an older version stored plain, so a column sealed anywhere must be listed here, or
 * it would stay under the old key and no longer open.
 */
export const SEALED_COLUMNS: readonly SealedColumn[] = [
  {
    table: certificateApplications,
    id: certificateApplications.id,
    value: certificateApplications.idNumber,
    hash: certificateApplications.idNumberHash,
    aad: SEALED.idNumber
  },
  {
    table: membershipApplications,
    id: membershipApplications.id,
    value: membershipApplications.idNumber,
    hash: membershipApplications.idNumberHash,
    aad: SEALED.idNumber
  },
  { table: users, id: users.id, value: users.mobile, hash: users.mobileHash, aad: SEALED.mobile },
  { table: accountMergeRequests, id: accountMergeRequests.id, value: accountMergeRequests.mobile, aad: SEALED.mobile },
  { table: shopAddresses, id: shopAddresses.id, value: shopAddresses.name, aad: SEALED.receiverName },
  { table: shopAddresses, id: shopAddresses.id, value: shopAddresses.mobile, aad: SEALED.mobile },
  { table: shopAddresses, id: shopAddresses.id, value: shopAddresses.detail, aad: SEALED.addressDetail },
  {
    table: shopOrders,
    id: shopOrders.id,
    value: shopOrders.receiverName,
    hash: shopOrders.receiverNameHash,
    aad: SEALED.receiverName
  },
  {
    table: shopOrders,
    id: shopOrders.id,
    value: shopOrders.receiverMobile,
    hash: shopOrders.receiverMobileHash,
    aad: SEALED.mobile
  },
  { table: shopOrders, id: shopOrders.id, value: shopOrders.receiverDetail, aad: SEALED.addressDetail },
  mobileOf(activitySignups),
  mobileOf(certificateApplications),
  mobileOf(membershipApplications),
  mobileOf(offlineSignups),
  mobileOf(serviceOrders)
]

/** How a column is named in output: `table.column`. */
export const sealedColumnName = (c: SealedColumn) => `${getTableName(c.table)}.${c.value.name}`

/** What a plain value is stored as: sealed, and its keyed hash; an empty value stays empty (no hash either). */
export function sealValue(cipher: DataCipher, plain: string, aad: string): { value: string; hash: string } {
  return plain ? { value: cipher.seal(plain, aad), hash: cipher.lookupHash(plain, aad) } : { value: '', hash: '' }
}

/** A mobile number as it is stored: sealed, and its keyed hash. */
export function sealMobile(cipher: DataCipher, mobile: string): { mobile: string; mobileHash: string } {
  const { value, hash } = sealValue(cipher, mobile, SEALED.mobile)
  return { mobile: value, mobileHash: hash }
}

/** The keyed hash a mobile number is found by, in every table that keeps one. */
export const mobileLookup = (cipher: DataCipher, mobile: string) => cipher.lookupHash(mobile, SEALED.mobile)

/** A stored mobile number opened ('' for none). */
export const openMobile = (cipher: DataCipher, stored: string | null | undefined) =>
  stored ? cipher.open(stored, SEALED.mobile) : ''

/**
 * What an operator typed, when it is a whole mobile number, matched against a column of mobile hashes: numbers are
 * sealed, so a number is found whole or not at all.
 */
export const mobileMatch = (cipher: DataCipher, typed: string, hashColumn: PgColumn): SQL | undefined =>
  /^1[3-9]\d{9}$/.test(typed.trim()) ? eq(hashColumn, mobileLookup(cipher, typed.trim())) : undefined
