import { sql } from 'drizzle-orm'
import {
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

import { shopOrders } from './shop'
import { users } from './users'

/** 仅退款 (refund) or 退货退款 (return: the goods come back before the money goes). */
export const AFTER_SALE_KINDS = ['refund', 'return'] as const
export type AfterSaleKind = (typeof AFTER_SALE_KINDS)[number]

/**
 * applied: waiting for the operator; awaiting_return: approved, the buyer is to send the goods back;
 * returning: the buyer sent them (carrier and number given); refunding: the money was asked of the payment service;
 * refunded; rejected (the operator's reply says why); cancelled: the buyer withdrew it.
 */
export const AFTER_SALE_STATUSES = [
  'applied',
  'awaiting_return',
  'returning',
  'refunding',
  'refunded',
  'rejected',
  'cancelled'
] as const
export type AfterSaleStatus = (typeof AFTER_SALE_STATUSES)[number]
/** The statuses of an after-sale still being worked on: an order has at most one. */
export const OPEN_AFTER_SALE_STATUSES: AfterSaleStatus[] = ['applied', 'awaiting_return', 'returning', 'refunding']

/** Units of one order line an after-sale covers. */
export interface AfterSaleLine {
  itemId: number
  quantity: number
}

/** 售后: one application (or an operator's own refund) against a shop order, for some of its lines and an amount. */
export const shopAfterSales = pgTable(
  'shop_after_sales',
  {
    id: serial('id').primaryKey(),
    afterSaleNo: varchar('after_sale_no', { length: 32 }).notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => shopOrders.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: varchar('kind', { length: 16 }).$type<AfterSaleKind>().notNull(),
    status: varchar('status', { length: 16 }).$type<AfterSaleStatus>().notNull().default('applied'),
    /** Who started it: the buyer, or an operator (then it is approved as it is made). */
    startedBy: varchar('started_by', { length: 16 }).$type<'buyer' | 'operator'>().notNull().default('buyer'),
    lines: jsonb('lines').$type<AfterSaleLine[]>().notNull(),
    /** The money to give back, fen. */
    amountFen: integer('amount_fen').notNull(),
    reason: varchar('reason', { length: 32 }).notNull(),
    description: varchar('description', { length: 200 }).notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** The operator's answer: why it was rejected, or a note with the approval. */
    reply: varchar('reply', { length: 200 }).notNull().default(''),
    /** Where the buyer sends the goods (退货退款): the operator's words at approval. */
    returnAddress: text('return_address').notNull().default(''),
    returnCompany: varchar('return_company', { length: 32 }).notNull().default(''),
    returnNo: varchar('return_no', { length: 64 }).notNull().default(''),
    returnShippedAt: timestamp('return_shipped_at', { withTimezone: true }),
    /** When the operator confirmed the returned goods arrived. */
    returnReceivedAt: timestamp('return_received_at', { withTimezone: true }),
    /** The payment service's key of its refund. */
    outRefundNo: varchar('out_refund_no', { length: 40 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true })
  },
  (t) => [
    uniqueIndex('shop_after_sales_no_uq').on(t.afterSaleNo),
    index('shop_after_sales_order_idx').on(t.orderId, t.id),
    index('shop_after_sales_status_idx').on(t.status, t.id),
    uniqueIndex('shop_after_sales_one_open_uq')
      .on(t.orderId)
      .where(sql`${t.status} in ('applied', 'awaiting_return', 'returning', 'refunding')`),
    check('shop_after_sales_amount_positive', sql`${t.amountFen} > 0`)
  ]
)
