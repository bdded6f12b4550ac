import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
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

import { bizRefundColumns } from './payments'
import { teachers } from './teacher'
import { users } from './users'

// Consulting services (the 服务 tab), major plans and the house feng-shui service, booked with a
// teacher at a free time slot and paid through the payment service.

/** 'consult': one-to-one readings; 'plan': 专业规划 (study / career plans); 'house': 家居风水. */
export type ServiceKind = 'consult' | 'plan' | 'house'

export const consultServices = pgTable(
  'consult_services',
  {
    id: serial('id').primaryKey(),
    slug: varchar('slug', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 16 }).$type<ServiceKind>().notNull(),
    title: varchar('title', { length: 64 }).notNull(),
    summary: varchar('summary', { length: 200 }).notNull().default(''),
    cover: varchar('cover', { length: 512 }).notNull().default(''),
    /** Plain text, paragraphs separated by blank lines. */
    content: text('content').notNull().default(''),
    priceFen: integer('price_fen').notNull(),
    durationMin: integer('duration_min').notNull(),
    sort: integer('sort').notNull().default(0),
    /** Off the shelf: gone from the app and takes no new bookings; existing ones stay. */
    visible: boolean('visible').notNull().default(true),
    /** Raised on every console edit: a save carrying an older version is refused. */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    uniqueIndex('consult_services_slug_uq').on(t.slug),
    check('consult_services_price_ok', sql`${t.priceFen} > 0`)
  ]
)

/** Which teachers take which service. */
export const serviceTeachers = pgTable(
  'service_teachers',
  {
    serviceId: integer('service_id')
      .notNull()
      .references(() => consultServices.id),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id)
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.teacherId] })]
)

/**
 * A teacher's bookable hour. orderId is set by a conditional UPDATE (WHERE order_id IS NULL), so a
 * slot goes to exactly one booking however many arrive together; cancelling an unpaid booking frees it.
 */
export const serviceSlots = pgTable(
  'service_slots',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    orderId: integer('order_id')
  },
  (t) => [
    uniqueIndex('service_slots_teacher_time_uq').on(t.teacherId, t.startsAt),
    index('service_slots_starts_idx').on(t.startsAt)
  ]
)

/** unpaid (待支付) -> paid (已预约) -> done (已完成) | cancelled (已取消; a paid one is refunded). */
export type ServiceOrderStatus = 'unpaid' | 'paid' | 'done' | 'cancelled'
/** Who cancelled: the user, an operator, or the pay window that ran out. */
export type ServiceCancelledBy = '' | 'user' | 'operator' | 'expired'

export const serviceOrders = pgTable(
  'service_orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    serviceId: integer('service_id')
      .notNull()
      .references(() => consultServices.id),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id),
    slotId: integer('slot_id')
      .notNull()
      .references(() => serviceSlots.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    /** Sealed at rest (server/core/sealed-columns.ts), with its keyed hash for lookups. */
    mobile: text('mobile').notNull(),
    mobileHash: varchar('mobile_hash', { length: 64 }).notNull().default(''),
    remark: varchar('remark', { length: 300 }).notNull().default(''),
    amountFen: integer('amount_fen').notNull(),
    status: varchar('status', { length: 16 }).$type<ServiceOrderStatus>().notNull().default('unpaid'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: varchar('cancelled_by', { length: 16 }).$type<ServiceCancelledBy>().notNull().default(''),
    cancelReason: varchar('cancel_reason', { length: 200 }).notNull().default(''),
    ...bizRefundColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    // One live booking per slot, even if the slot column were ever bypassed.
    uniqueIndex('service_orders_slot_live_uq')
      .on(t.slotId)
      .where(sql`status <> 'cancelled'`),
    index('service_orders_user_idx').on(t.userId, t.createdAt)
  ]
)
