import { pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core'

/** Facts about the database itself, by key (e.g. `demo_data`: when the demo content was loaded). */
export const appMeta = pgTable('app_meta', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
})
