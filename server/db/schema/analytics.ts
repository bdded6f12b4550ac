import { index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core'

export const pageViews = pgTable(
  'page_views',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id'),
    path: varchar('path', { length: 512 }).notNull(),
    client: varchar('client', { length: 8 }).notNull().default(''),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [index('page_views_created_idx').on(t.createdAt)]
)
