import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { users } from './users'

// Teachers (masters who teach courses and take consultations), their followers and reviews.
// A teacher's courses are the course rows whose teacher name is theirs.

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
    sort: integer('sort').notNull().default(0)
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
  (t) => [uniqueIndex('teacher_reviews_slug_uq').on(t.slug), index('teacher_reviews_teacher_idx').on(t.teacherId, t.createdAt)]
)
