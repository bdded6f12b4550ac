import { pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'

/** Test identities of the local WeChat simulator, used when no WeChat app is configured. */
export const wechatSimUsers = pgTable(
  'wechat_sim_users',
  {
    id: serial('id').primaryKey(),
    openid: varchar('openid', { length: 64 }).notNull(),
    unionid: varchar('unionid', { length: 64 }).notNull(),
    nickname: varchar('nickname', { length: 32 }).notNull(),
    avatar: varchar('avatar', { length: 512 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [uniqueIndex('wechat_sim_users_openid_uq').on(t.openid)]
)

/** kind: 'oauth' (official-account authorize) or 'mp' (mini-program wx.login). Single use, short-lived. */
export const wechatSimCodes = pgTable(
  'wechat_sim_codes',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    openid: varchar('openid', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [uniqueIndex('wechat_sim_codes_code_uq').on(t.code)]
)
