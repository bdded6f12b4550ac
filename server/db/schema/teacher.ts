import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar
} from 'drizzle-orm/pg-core'

import { users } from './users'

// Teachers (masters who teach courses and take consultations), their followers and reviews.
// A teacher's courses are the course rows whose teacher name is theirs.

/** China-time start times ('HH:MM') per weekday, Monday first; the default every teacher starts with. */
export const DEFAULT_WEEKLY_SLOTS: string[][] = Array.from({ length: 7 }, () => ['10:00', '14:00', '16:00', '19:30'])

export const teachers = pgTable(
  'teachers',
  {
    id: serial('id').primaryKey(),
    slug: varchar('slug', { length: 64 }).notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    title: varchar('title', { length: 64 }).notNull().default(''),
    avatar: varchar('avatar', { length: 512 }).notNull().default(''),
    cover: varchar('cover', { length: 512 }).notNull().default(''),
    city: varchar('city', { length: 16 }).notNull().default(''),
    years: integer('years').notNull().default(0),
    specialties: jsonb('specialties').$type<string[]>().notNull().default([]),
    /** Plain text, paragraphs separated by blank lines. */
    intro: text('intro').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    /** Bookable hours as a weekly template (see DEFAULT_WEEKLY_SLOTS) and its exceptions. */
    weeklySlots: jsonb('weekly_slots').$type<string[][]>().notNull().default(DEFAULT_WEEKLY_SLOTS),
    /** China dates ('YYYY-MM-DD') with no bookable hours. */
    daysOff: jsonb('days_off').$type<string[]>().notNull().default([]),
    /** One-off extra hours ('YYYY-MM-DD HH:MM', China time), besides the template. */
    extraSlots: jsonb('extra_slots').$type<string[]>().notNull().default([]),
    /** Hidden teachers are left out of the app's lists and take no new bookings. */
    visible: boolean('visible').notNull().default(true),
    /** Raised on every console edit: a save carrying an older version is refused. */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [uniqueIndex('teachers_slug_uq').on(t.slug)]
)

export const teacherFollows = pgTable(
  'teacher_follows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [primaryKey({ columns: [t.userId, t.teacherId] }), index('teacher_follows_teacher_idx').on(t.teacherId)]
)

export const teacherReviews = pgTable(
  'teacher_reviews',
  {
    id: serial('id').primaryKey(),
    slug: varchar('slug', { length: 64 }).notNull(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id),
    author: varchar('author', { length: 32 }).notNull(),
    /** 1..5 stars. */
    rating: integer('rating').notNull(),
    content: varchar('content', { length: 500 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    uniqueIndex('teacher_reviews_slug_uq').on(t.slug),
    index('teacher_reviews_teacher_idx').on(t.teacherId, t.createdAt)
  ]
)
