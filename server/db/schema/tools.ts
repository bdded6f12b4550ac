import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar
} from 'drizzle-orm/pg-core'

import { users } from './users'

/** Short hints shown on the birth-input page (seeded by slug, editable by operators). */
export const baziTips = pgTable(
  'bazi_tips',
  {
    id: serial('id').primaryKey(),
    slug: varchar('slug', { length: 64 }).notNull(),
    content: varchar('content', { length: 256 }).notNull(),
    sort: integer('sort').notNull().default(0),
    visible: boolean('visible').notNull().default(true)
  },
  (t) => [uniqueIndex('bazi_tips_slug_uq').on(t.slug)]
)

/** A saved birth: the input as entered plus the engine's four pillars at saving time (for lists). */
export const baziRecords = pgTable(
  'bazi_records',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    name: varchar('name', { length: 32 }).notNull(),
    gender: varchar('gender', { length: 8 }).$type<'male' | 'female'>().notNull(),
    calendar: varchar('calendar', { length: 8 }).$type<'solar' | 'lunar'>().notNull(),
    /** 'YYYY-MM-DD HH:mm' in the record's calendar */
    birthDate: varchar('birth_date', { length: 16 }).notNull(),
    leapMonth: boolean('leap_month').notNull().default(false),
    city: varchar('city', { length: 32 }).notNull().default(''),
    longitude: doublePrecision('longitude'),
    utcOffset: doublePrecision('utc_offset').notNull().default(8),
    trueSolarTime: boolean('true_solar_time').notNull().default(false),
    ziHour: varchar('zi_hour', { length: 16 }).$type<'next-day' | 'same-day'>().notNull().default('next-day'),
    /** '庚午 辛巳 庚辰 癸未' */
    pillars: varchar('pillars', { length: 16 }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    index('bazi_records_user_idx').on(t.userId, t.id),
    // At most one default record per user: the daily tools read it.
    uniqueIndex('bazi_records_default_uq')
      .on(t.userId)
      .where(sql`${t.isDefault}`)
  ]
)

/** Things sold by the tools domain, priced here (integer fen) so operators can change prices. */
export const toolProducts = pgTable(
  'tool_products',
  {
    id: serial('id').primaryKey(),
    key: varchar('key', { length: 32 }).notNull(),
    title: varchar('title', { length: 64 }).notNull(),
    description: varchar('description', { length: 512 }).notNull().default(''),
    priceFen: integer('price_fen').notNull(),
    originalPriceFen: integer('original_price_fen'),
    visible: boolean('visible').notNull().default(true),
    /** The version an operator's edit must name (the console's concurrency rule). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [uniqueIndex('tool_products_key_uq').on(t.key), check('tool_products_price_positive', sql`${t.priceFen} > 0`)]
)

/**
 * A detailed report bought for a record. The birth input is copied in, so the report outlives its
 * record; its content is composed once, when the payment is confirmed.
 */
export const baziReports = pgTable(
  'bazi_reports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    recordId: integer('record_id').notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    pillars: varchar('pillars', { length: 16 }).notNull(),
    input: jsonb('input').notNull(),
    priceFen: integer('price_fen').notNull(),
    status: varchar('status', { length: 16 }).$type<'pending' | 'paid'>().notNull().default('pending'),
    outTradeNo: varchar('out_trade_no', { length: 32 }),
    content: jsonb('content'),
    /** With an AI provider: the prose the model writes from `content`'s facts, streamed in ('none' without one). */
    narrativeStatus: varchar('narrative_status', { length: 16 })
      .$type<'none' | 'queued' | 'streaming' | 'done' | 'failed'>()
      .notNull()
      .default('none'),
    narrative: text('narrative').notNull().default(''),
    narrativeError: varchar('narrative_error', { length: 256 }).notNull().default(''),
    narrativeAt: timestamp('narrative_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    uniqueIndex('bazi_reports_user_record_uq').on(t.userId, t.recordId),
    index('bazi_reports_user_idx').on(t.userId, t.id)
  ]
)

/** A reading of a chart: composed by rules at once, or streamed from an AI provider into `content`. */
export const baziReadings = pgTable(
  'bazi_readings',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    pillars: varchar('pillars', { length: 16 }).notNull(),
    input: jsonb('input').notNull(),
    source: varchar('source', { length: 8 }).$type<'ai' | 'rules'>().notNull(),
    status: varchar('status', { length: 16 }).$type<'streaming' | 'done' | 'failed'>().notNull(),
    content: text('content').notNull().default(''),
    error: varchar('error', { length: 256 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [index('bazi_readings_user_idx').on(t.userId, t.id)]
)
