import { index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core'

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    scene: varchar('scene', { length: 16 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [index('sms_codes_mobile_idx').on(t.mobile, t.createdAt), index('sms_codes_ip_idx').on(t.ip, t.createdAt)]
)
