import { jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core'

/**
 * The owner's business rules that are not money rates (those live with the wallet): the after-sale window, days
 * until automatic receipt, the return address, the course refund policy. By stable key; the value's form is the
 * key's own (server/modules/settings).
 */
export const businessSettings = pgTable('business_settings', {
  key: varchar('key', { length: 48 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
})
