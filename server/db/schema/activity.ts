import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
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

import { bizRefundColumns } from './payments'
import { users } from './users'

// Activities (salons, field trips, lectures): a time, a place, a capacity and a sign-up deadline.
// Seeded rows carry a stable slug so seeding can run on every start without duplicating.

/** A question of an activity's sign-up form, besides name and mobile (always asked). */
export interface ActivityFormField {
  label: string
  required: boolean
}

export const activities = pgTable(
  'activities',
  {
    id: serial('id').primaryKey(),
    slug: varchar('slug', { length: 64 }).notNull(),
    title: varchar('title', { length: 64 }).notNull(),
    summary: varchar('summary', { length: 128 }).notNull().default(''),
    cover: varchar('cover', { length: 512 }).notNull().default(''),
    /** Sanitized HTML. */
    content: text('content').notNull().default(''),
    organizer: varchar('organizer', { length: 32 }).notNull().default(''),
    city: varchar('city', { length: 16 }).notNull(),
    address: varchar('address', { length: 128 }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    signupDeadline: timestamp('signup_deadline', { withTimezone: true }).notNull(),
    capacity: integer('capacity').notNull(),
    taken: integer('taken').notNull().default(0),
    feeFen: integer('fee_fen').notNull().default(0),
    /** A paid sign-up cancelled by the user is refunded until this many hours before the start. */
    refundHours: integer('refund_hours').notNull().default(24),
    visible: boolean('visible').notNull().default(true),
    /** The sign-up form's own questions, in order. */
    formFields: jsonb('form_fields').$type<ActivityFormField[]>().notNull().default([]),
    /** Raised on every console edit: a save carrying an older version is refused. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    uniqueIndex('activities_slug_uq').on(t.slug),
    index('activities_starts_idx').on(t.startsAt),
    check('activities_taken_ok', sql`${t.taken} >= 0 AND ${t.taken} <= ${t.capacity}`),
    check('activities_fee_nonneg', sql`${t.feeFen} >= 0`),
    check('activities_refund_hours_nonneg', sql`${t.refundHours} >= 0`)
  ]
)

/**
 * cancelled: unpaid past its pay window, or cancelled by the user or an operator; the seat went back and the user may
 * sign up again.
 */
export const ACTIVITY_SIGNUP_STATUSES = ['unpaid', 'signed', 'cancelled'] as const
export type ActivitySignupStatus = (typeof ACTIVITY_SIGNUP_STATUSES)[number]

/** One sign-up per user and activity; a paid activity's seat is held while it waits for payment. */
export const activitySignups = pgTable(
  'activity_signups',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    name: varchar('name', { length: 32 }).notNull(),
    /** Sealed at rest (server/core/sealed-columns.ts), with its keyed hash for lookups. */
    mobile: text('mobile').notNull(),
    mobileHash: varchar('mobile_hash', { length: 64 }).notNull().default(''),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    /** Answers to the activity's form fields as asked at sign-up (the label kept with each). */
    answers: jsonb('answers').$type<{ label: string; value: string }[]>().notNull().default([]),
    amountFen: integer('amount_fen').notNull().default(0),
    status: varchar('status', { length: 16 }).$type<ActivitySignupStatus>().notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** '' (the pay window ran out), 'user' or 'operator'. */
    cancelledBy: varchar('cancelled_by', { length: 16 }).$type<'' | 'user' | 'operator'>().notNull().default(''),
    cancelReason: varchar('cancel_reason', { length: 200 }).notNull().default(''),
    ...bizRefundColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
  },
  // One live sign-up per user and activity; cancelled ones stay as history.
  (t) => [
    uniqueIndex('activity_signups_user_uq')
      .on(t.activityId, t.userId)
      .where(sql`${t.status} <> 'cancelled'`),
    index('activity_signups_user_idx').on(t.userId, t.createdAt)
  ]
)
