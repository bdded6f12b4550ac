import { index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core'

import { users } from './users'

export const uploadedFiles = pgTable(
  'uploaded_files',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    storageKey: varchar('storage_key', { length: 128 }).notNull(),
    url: varchar('url', { length: 512 }).notNull(),
    mime: varchar('mime', { length: 32 }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [index('uploaded_files_user_idx').on(t.userId)]
)
