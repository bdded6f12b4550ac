import { sql } from 'drizzle-orm'
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar
} from 'drizzle-orm/pg-core'

/** status: 0 normal, 1 banned. A deleted account keeps its row (orders reference it) with deleted_at set. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    nickname: varchar('nickname', { length: 32 }).notNull().default(''),
    avatar: varchar('avatar', { length: 512 }).notNull().default(''),
    gender: smallint('gender').notNull().default(0),
    /** Sealed at rest (server/core/sealed-columns.ts); found and kept unique by its keyed hash. */
    mobile: text('mobile'),
    mobileHash: varchar('mobile_hash', { length: 64 }),
    birthday: date('birthday', { mode: 'string' }),
    level: smallint('level').notNull().default(0),
    refereeId: integer('referee_id'),
    // The referrer's own referrer, frozen at binding time: commission pays two levels.
    refereeParentId: integer('referee_parent_id'),
    status: smallint('status').notNull().default(0),
    /** Set when this account was merged into another (then disabled); everything it held moved there. */
    mergedInto: integer('merged_into'),
    mergedAt: timestamp('merged_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    uniqueIndex('users_mobile_uq').on(t.mobileHash),
    index('users_referee_idx').on(t.refereeId, t.id),
    check('users_not_self_referee', sql`${t.refereeId} is null or ${t.refereeId} <> ${t.id}`)
  ]
)

export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [uniqueIndex('user_tokens_hash_uq').on(t.tokenHash), index('user_tokens_user_idx').on(t.userId)]
)

/** One row per WeChat app identity; session_key stays here and never leaves the server. */
export const wechatAccounts = pgTable(
  'wechat_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    appId: varchar('app_id', { length: 64 }).notNull(),
    openid: varchar('openid', { length: 64 }).notNull(),
    unionid: varchar('unionid', { length: 64 }),
    sessionKey: varchar('session_key', { length: 128 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    uniqueIndex('wechat_accounts_app_openid_uq').on(t.appId, t.openid),
    index('wechat_accounts_unionid_idx').on(t.unionid)
  ]
)

/**
 * A merge the user proved with the SMS code of a number another account holds: the code is used up
 * when it is offered, and the merge itself needs this request's token (10 minutes, once).
 */
export const accountMergeRequests = pgTable(
  'account_merge_requests',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    /** The account kept (the one binding the number). */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The account merged into it and then disabled (it held the number). */
    otherUserId: integer('other_user_id')
      .notNull()
      .references(() => users.id),
    /** Sealed at rest. */
    mobile: text('mobile').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    mergedAt: timestamp('merged_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    uniqueIndex('account_merge_requests_token_uq').on(t.tokenHash),
    index('account_merge_requests_user_idx').on(t.userId)
  ]
)
