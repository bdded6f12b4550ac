import { pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * WeChat's access_token and jsapi_ticket, one row per app and kind, shared by every server process:
 * a new token invalidates the previous one after a few minutes, so processes must not each fetch
 * their own (server/modules/wechat/shared-token.ts).
 */
export const wechatTokens = pgTable('wechat_tokens', {
  /** `access_token:<appid>` or `jsapi_ticket:<appid>`. */
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** Set while one process fetches a new value; the others wait for it instead of fetching too. */
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
})
