import { index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core'

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    /** The number's keyed hash (server/core/sealed-columns.ts): the number itself is never kept. */
    mobileHash: varchar('mobile_hash', { length: 64 }).notNull().default(''),
    scene: varchar('scene', { length: 16 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [index('sms_codes_mobile_idx').on(t.mobileHash, t.createdAt), index('sms_codes_ip_idx').on(t.ip, t.createdAt)]
)
