import { index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core'

/**
 * Requests counted per limit and address in fixed windows, in the database so that every server
 * process counts against the same figure (server/core/rate-limit.ts).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    /** `<limit name>:<client address>` */
    bucket: varchar('bucket', { length: 128 }).notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull()
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] }), index('rate_limits_window_idx').on(t.windowStart)]
)
