import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  varchar
} from 'drizzle-orm/pg-core'

import { adminOperators } from './admin'
import { users } from './users'

// Notifications (server/modules/notify): what happened, told to the people concerned. The in-app message
// and the operators' notice are rows written in the event's own transaction; WeChat's channels and the
// group robot go through an outbox of deliveries that a periodic job sends, retrying with backoff.

/** 站内信: a user's message, opening `link` (an app route with its query). */
export const userMessages = pgTable(
  'user_messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    event: varchar('event', { length: 48 }).notNull(),
    title: varchar('title', { length: 64 }).notNull(),
    body: varchar('body', { length: 256 }).notNull().default(''),
    link: varchar('link', { length: 256 }).notNull().default(''),
    /** The event's own key (e.g. `order.shipped:12`): an event told twice writes one message. */
    dedupeKey: varchar('dedupe_key', { length: 128 }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    uniqueIndex('user_messages_key_uq').on(t.userId, t.dedupeKey),
    index('user_messages_user_idx').on(t.userId, t.id),
    index('user_messages_unread_idx')
      .on(t.userId)
      .where(sql`read_at is null`)
  ]
)

/** Work waiting for operators (an order to ship, a review): shown in the console's bell to those allowed to do it. */
export const operatorNotices = pgTable(
  'operator_notices',
  {
    id: serial('id').primaryKey(),
    event: varchar('event', { length: 48 }).notNull(),
    title: varchar('title', { length: 64 }).notNull(),
    body: varchar('body', { length: 256 }).notNull().default(''),
    /** A console route, e.g. `/orders?id=12`. */
    link: varchar('link', { length: 256 }).notNull().default(''),
    /** The console permission that may act on it: only operators holding it see the notice. */
    permission: varchar('permission', { length: 48 }).notNull(),
    /** A teacher's own account sees only the notices of its teacher. */
    teacherId: integer('teacher_id'),
    dedupeKey: varchar('dedupe_key', { length: 128 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    uniqueIndex('operator_notices_key_uq').on(t.dedupeKey),
    index('operator_notices_perm_idx').on(t.permission, t.id)
  ]
)

/** How far each operator has read the notices. */
export const operatorNoticeReads = pgTable('operator_notice_reads', {
  operatorId: integer('operator_id')
    .primaryKey()
    .references(() => adminOperators.id),
  seenId: integer('seen_id').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
})

/** subscribe: 小程序订阅消息; template: 公众号模板消息; robot: the operators' 企业微信群机器人. */
export const NOTIFY_CHANNELS = ['subscribe', 'template', 'robot'] as const
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number]

/**
 * pending: to be sent at next_try_at; sent: the service took it; refused: it cannot be sent (no template, no
 * subscription left, the user declined, WeChat refused it for good), last_error says why; failed: still
 * refused after the last retry.
 */
export const DELIVERY_STATES = ['pending', 'sent', 'refused', 'failed'] as const
export type DeliveryState = (typeof DELIVERY_STATES)[number]

/** One event's message to one person on one channel; the key makes an event told twice one delivery. */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: serial('id').primaryKey(),
    dedupeKey: varchar('dedupe_key', { length: 160 }).notNull(),
    event: varchar('event', { length: 48 }).notNull(),
    channel: varchar('channel', { length: 16 }).$type<NotifyChannel>().notNull(),
    /** The recipient; null for the group robot. */
    userId: integer('user_id').references(() => users.id),
    /** The event's values by field name (server/modules/notify/events.ts). */
    fields: jsonb('fields').$type<Record<string, string>>().notNull(),
    link: varchar('link', { length: 256 }).notNull().default(''),
    state: varchar('state', { length: 16 }).$type<DeliveryState>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: varchar('last_error', { length: 256 }).notNull().default(''),
    nextTryAt: timestamp('next_try_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    uniqueIndex('notification_deliveries_key_uq').on(t.dedupeKey),
    index('notification_deliveries_due_idx')
      .on(t.nextTryAt)
      .where(sql`state = 'pending'`),
    index('notification_deliveries_created_idx').on(t.createdAt),
    index('notification_deliveries_user_idx').on(t.userId, t.id)
  ]
)

/** What a user accepted in wx.requestSubscribeMessage: each acceptance allows one message of that template. */
export const subscribeGrants = pgTable(
  'subscribe_grants',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    templateId: varchar('template_id', { length: 64 }).notNull(),
    remaining: integer('remaining').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [primaryKey({ columns: [t.userId, t.templateId] })]
)

/**
 * The console's 消息设置 per event and channel: WeChat's template id and which of its keys each of the
 * event's fields fills (`{ thing1: 'goods', amount2: 'amount' }`); for the robot only `enabled`.
 */
export const notificationTemplates = pgTable(
  'notification_templates',
  {
    event: varchar('event', { length: 48 }).notNull(),
    channel: varchar('channel', { length: 16 }).$type<NotifyChannel>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    templateId: varchar('template_id', { length: 64 }).notNull().default(''),
    fields: jsonb('fields').$type<Record<string, string>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [primaryKey({ columns: [t.event, t.channel] })]
)
