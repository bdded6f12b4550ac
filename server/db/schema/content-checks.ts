import { index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'

import { users } from './users'

/**
 * Images sent to WeChat's asynchronous media check (mediaCheckAsync), waiting for the verdict WeChat
 * pushes to `/api/wechat.push/mp`. target: `avatar` (the user's avatar) or `article` (target_id).
 * status: pending, pass, risky. A risky one is taken down and `notice` tells the owner why.
 */
export const contentMediaChecks = pgTable(
  'content_media_checks',
  {
    id: serial('id').primaryKey(),
    traceId: varchar('trace_id', { length: 128 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    url: varchar('url', { length: 512 }).notNull(),
    target: varchar('target', { length: 16 }).notNull(),
    targetId: integer('target_id'),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    notice: varchar('notice', { length: 128 }).notNull().default(''),
    /** When the owner was shown the notice (null: not yet). */
    noticeSeenAt: timestamp('notice_seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true })
  },
  (t) => [
    uniqueIndex('content_media_checks_trace_uq').on(t.traceId),
    index('content_media_checks_user_idx').on(t.userId, t.status)
  ]
)
