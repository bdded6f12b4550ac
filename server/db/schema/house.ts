import { sql } from 'drizzle-orm'
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  timestamp,
  varchar
} from 'drizzle-orm/pg-core'

import { users } from './users'

/**
 * A house analysis a user builds step by step: the uploaded plan, the facing and build period,
 * the owner's birth year for 八宅 and the 立极 centre and overlay rotation placed on the plan.
 * The centre is stored as fractions of the image (0..1) so it survives any display size.
 */
export const housePlans = pgTable(
  'house_plans',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    title: varchar('title', { length: 32 }).notNull(),
    planType: varchar('plan_type', { length: 16 }).$type<'floorplan' | 'sketch' | 'photo'>().notNull(),
    fileId: integer('file_id').notNull(),
    imageUrl: varchar('image_url', { length: 512 }).notNull(),
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    facingDegrees: doublePrecision('facing_degrees'),
    buildYear: smallint('build_year'),
    period: smallint('period'),
    method: varchar('method', { length: 8 }).$type<'xiagua' | 'tigua'>().notNull().default('xiagua'),
    ownerBirthYear: smallint('owner_birth_year'),
    ownerGender: varchar('owner_gender', { length: 8 }).$type<'male' | 'female'>(),
    centerX: doublePrecision('center_x'),
    centerY: doublePrecision('center_y'),
    rotation: doublePrecision('rotation').notNull().default(180),
    mode: varchar('mode', { length: 2 }).$type<'8' | '9' | '24'>().notNull().default('9'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    index('house_plans_user_idx').on(t.userId, t.id),
    check('house_plans_period_range', sql`${t.period} IS NULL OR ${t.period} BETWEEN 1 AND 9`)
  ]
)

/** A saved 六爻 coin divination: the question, when it was cast and the six lines bottom-up. */
export const divinationRecords = pgTable(
  'divination_records',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    question: varchar('question', { length: 100 }).notNull(),
    /** 本卦 (之 变卦) names for the list */
    title: varchar('title', { length: 64 }).notNull(),
    /** 'YYYY-MM-DD HH:mm' local time of the cast */
    castAt: varchar('cast_at', { length: 16 }).notNull(),
    /** six line values 6/7/8/9 from the bottom line up */
    lines: jsonb('lines').$type<number[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [index('divination_records_user_idx').on(t.userId, t.id)]
)
