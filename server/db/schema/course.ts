import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar
} from 'drizzle-orm/pg-core'

import { users } from './users'

// Courses: recorded (chapters of lessons), live (scheduled sessions) and offline (classes with seats).
// Seeded rows carry a stable slug so seeding can run on every start without duplicating.

export const COURSE_KINDS = ['recorded', 'live', 'offline'] as const
export type CourseKind = (typeof COURSE_KINDS)[number]

export const courseCategories = pgTable(
  'course_categories',
  {
    id: serial('id').primaryKey(),
    slug: varchar('slug', { length: 64 }).notNull(),
    name: varchar('name', { length: 16 }).notNull(),
    icon: varchar('icon', { length: 512 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    visible: boolean('visible').notNull().default(true)
  },
  (t) => [uniqueIndex('course_categories_slug_uq').on(t.slug)]
)

export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    slug: varchar('slug', { length: 64 }).notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => courseCategories.id),
    kind: varchar('kind', { length: 16 }).$type<CourseKind>().notNull(),
    title: varchar('title', { length: 64 }).notNull(),
    subtitle: varchar('subtitle', { length: 128 }).notNull().default(''),
    cover: varchar('cover', { length: 512 }).notNull().default(''),
    teacher: varchar('teacher', { length: 32 }).notNull().default(''),
    teacherTitle: varchar('teacher_title', { length: 64 }).notNull().default(''),
    /** Sanitized HTML. */
    intro: text('intro').notNull().default(''),
    priceFen: integer('price_fen').notNull().default(0),
    originalPriceFen: integer('original_price_fen').notNull().default(0),
    students: integer('students').notNull().default(0),
    favorites: integer('favorites').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    visible: boolean('visible').notNull().default(true),
    /** Grows with every console save of the course or its outline, so a stale editor is refused. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    uniqueIndex('courses_slug_uq').on(t.slug),
    index('courses_category_idx').on(t.categoryId, t.sort),
    check('courses_price_nonneg', sql`${t.priceFen} >= 0`)
  ]
)

export const courseChapters = pgTable(
  'course_chapters',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    slug: varchar('slug', { length: 64 }).notNull(),
    title: varchar('title', { length: 64 }).notNull(),
    sort: integer('sort').notNull().default(0)
  },
  (t) => [uniqueIndex('course_chapters_slug_uq').on(t.courseId, t.slug)]
)

export const courseLessons = pgTable(
  'course_lessons',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    chapterId: integer('chapter_id')
      .notNull()
      .references(() => courseChapters.id),
    slug: varchar('slug', { length: 64 }).notNull(),
    title: varchar('title', { length: 64 }).notNull(),
    durationSec: integer('duration_sec').notNull().default(0),
    videoUrl: varchar('video_url', { length: 512 }).notNull(),
    /** Playable before the course is bought. */
    preview: boolean('preview').notNull().default(false),
    sort: integer('sort').notNull().default(0)
  },
  (t) => [
    uniqueIndex('course_lessons_slug_uq').on(t.courseId, t.slug),
    index('course_lessons_chapter_idx').on(t.chapterId, t.sort)
  ]
)

/** Sessions of a live course; whether one is upcoming, live or a replay follows from the clock. */
export const liveSessions = pgTable(
  'live_sessions',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    slug: varchar('slug', { length: 64 }).notNull(),
    title: varchar('title', { length: 64 }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    streamUrl: varchar('stream_url', { length: 512 }).notNull().default(''),
    replayUrl: varchar('replay_url', { length: 512 }).notNull().default('')
  },
  (t) => [uniqueIndex('live_sessions_slug_uq').on(t.courseId, t.slug), index('live_sessions_starts_idx').on(t.startsAt)]
)

/** Offline classes: a time, a place and a number of seats; seatsTaken never exceeds seats. */
export const offlineClasses = pgTable(
  'offline_classes',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    slug: varchar('slug', { length: 64 }).notNull(),
    title: varchar('title', { length: 64 }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    signupDeadline: timestamp('signup_deadline', { withTimezone: true }).notNull(),
    city: varchar('city', { length: 16 }).notNull(),
    address: varchar('address', { length: 128 }).notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    seats: integer('seats').notNull(),
    seatsTaken: integer('seats_taken').notNull().default(0)
  },
  (t) => [
    uniqueIndex('offline_classes_slug_uq').on(t.courseId, t.slug),
    index('offline_classes_starts_idx').on(t.startsAt),
    check('offline_classes_seats_ok', sql`${t.seatsTaken} >= 0 AND ${t.seatsTaken} <= ${t.seats}`)
  ]
)

export const offlineSignups = pgTable(
  'offline_signups',
  {
    id: serial('id').primaryKey(),
    classId: integer('class_id')
      .notNull()
      .references(() => offlineClasses.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    name: varchar('name', { length: 32 }).notNull(),
    /** Sealed at rest (server/core/sealed-columns.ts), with its keyed hash for lookups. */
    mobile: text('mobile').notNull(),
    mobileHash: varchar('mobile_hash', { length: 64 }).notNull().default(''),
    /** Set once, by an operator at the door. */
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    uniqueIndex('offline_signups_user_uq').on(t.classId, t.userId),
    index('offline_signups_user_idx').on(t.userId)
  ]
)

export const courseFavorites = pgTable(
  'course_favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] })]
)

export const ENROLL_SOURCES = ['signup', 'order'] as const
export type EnrollSource = (typeof ENROLL_SOURCES)[number]

/** Who may learn a course: a free sign-up or a paid order. */
export const courseEnrollments = pgTable(
  'course_enrollments',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    source: varchar('source', { length: 16 }).$type<EnrollSource>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] })]
)

export const COURSE_ORDER_STATUSES = ['created', 'paid', 'closed'] as const
export type CourseOrderStatus = (typeof COURSE_ORDER_STATUSES)[number]

export const courseOrders = pgTable(
  'course_orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    amountFen: integer('amount_fen').notNull(),
    status: varchar('status', { length: 16 }).$type<CourseOrderStatus>().notNull().default('created'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    index('course_orders_user_idx').on(t.userId),
    // A user has at most one order of a course that is open or paid: a course is never bought twice.
    uniqueIndex('course_orders_open_uq')
      .on(t.userId, t.courseId)
      .where(sql`status in ('created', 'paid')`),
    check('course_orders_amount_positive', sql`${t.amountFen} > 0`)
  ]
)

/** Where a user is in each lesson, kept on the server so learning continues on any device. */
export const lessonProgress = pgTable(
  'lesson_progress',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => courseLessons.id),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    positionSec: integer('position_sec').notNull().default(0),
    completed: boolean('completed').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] }), index('lesson_progress_course_idx').on(t.userId, t.courseId)]
)
