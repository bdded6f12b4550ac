import { jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core'

/**
 * What each client (`wxapp`, `h5`, `web`) hides, as the owner set it in the console (渠道功能). A client with no row
 * uses its default preset (contract/features.ts): the mini-program the compliant one, the web builds everything.
 */
export const clientFeatures = pgTable('client_features', {
  client: varchar('client', { length: 8 }).primaryKey(),
  /** The preset last applied, or `custom` once the owner picked features one by one. */
  preset: varchar('preset', { length: 16 }).notNull(),
  /** Keys of contract/features.ts hidden on this client. */
  hidden: jsonb('hidden').$type<string[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
})
