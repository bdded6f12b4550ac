import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'

import { users } from './users'

export const PAYMENT_BIZ_TYPES = [
  'goods',
  'course',
  'activity',
  'report',
  'certificate',
  'membership',
  'service'
] as const
export const PAYMENT_STATUSES = ['created', 'paid', 'closed', 'refunded'] as const
export type PaymentBizType = (typeof PAYMENT_BIZ_TYPES)[number]
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    outTradeNo: varchar('out_trade_no', { length: 32 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    bizType: varchar('biz_type', { length: 16 }).$type<PaymentBizType>().notNull(),
    bizId: integer('biz_id').notNull(),
    amountFen: integer('amount_fen').notNull(),
    description: varchar('description', { length: 127 }).notNull(),
    status: varchar('status', { length: 16 }).$type<PaymentStatus>().notNull().default('created'),
    provider: varchar('provider', { length: 16 }).notNull(),
    providerTxnId: varchar('provider_txn_id', { length: 64 }),
    /**
     * Who paid in which WeChat app (JSAPI): the app id (official account or mini-program) and the payer's
     * openid in it, as the last start asked and WeChat Pay's notice confirms; null for H5 and Native.
     */
    payerAppId: varchar('payer_app_id', { length: 32 }),
    payerOpenid: varchar('payer_openid', { length: 128 }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When the provider confirmed the prepay closed (a closed payment with none is still to be closed there). */
    providerClosedAt: timestamp('provider_closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    uniqueIndex('payments_out_trade_no_uq').on(t.outTradeNo),
    index('payments_biz_idx').on(t.bizType, t.bizId),
    index('payments_user_idx').on(t.userId),
    // The order center's filters and the reconciliation's day/month sums (server/modules/admin/order-center.ts).
    index('payments_type_id_idx').on(t.bizType, t.id),
    index('payments_status_id_idx').on(t.status, t.id),
    index('payments_paid_at_idx').on(t.paidAt),
    index('payments_provider_txn_idx').on(t.providerTxnId),
    check('payments_amount_positive', sql`${t.amountFen} > 0`)
  ]
)

/**
 * pending: recorded, the provider not yet answered (a retry asks again with the same out_refund_no,
 * which the provider refunds at most once); processing: accepted, result comes by notice;
 * abnormal: stuck at the provider (e.g. the payer's card closed), still holds its amount;
 * failed: closed or refused, its amount is refundable again.
 */
export const PAYMENT_REFUND_STATUSES = ['pending', 'processing', 'abnormal', 'succeeded', 'failed'] as const
export type PaymentRefundStatus = (typeof PAYMENT_REFUND_STATUSES)[number]

export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    outRefundNo: varchar('out_refund_no', { length: 64 }).notNull(),
    /** The caller's name for this refund: a repeated request with the same key is the same refund. */
    requestKey: varchar('request_key', { length: 64 }).notNull(),
    amountFen: integer('amount_fen').notNull(),
    reason: varchar('reason', { length: 80 }).notNull().default(''),
    status: varchar('status', { length: 16 }).$type<PaymentRefundStatus>().notNull().default('pending'),
    providerRefundId: varchar('provider_refund_id', { length: 64 }),
    failReason: varchar('fail_reason', { length: 256 }).notNull().default(''),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    uniqueIndex('payment_refunds_out_refund_no_uq').on(t.outRefundNo),
    uniqueIndex('payment_refunds_request_uq')
      .on(t.paymentId, t.requestKey)
      .where(sql`status <> 'failed'`),
    index('payment_refunds_payment_idx').on(t.paymentId),
    index('payment_refunds_finished_idx').on(t.status, t.finishedAt),
    index('payment_refunds_created_idx').on(t.createdAt),
    check('payment_refunds_amount_positive', sql`${t.amountFen} > 0`)
  ]
)

/**
 * Money given back for a business row (a cancelled booking or sign-up, a rejected application):
 * none; processing: asked of the payment service, not yet back; refunded: back with the payer.
 */
export const BIZ_REFUND_STATUSES = ['none', 'processing', 'refunded'] as const
export type BizRefundStatus = (typeof BIZ_REFUND_STATUSES)[number]

/** The columns a refundable business row keeps; the payment service's refund records stay the ledger. */
export const bizRefundColumns = () => ({
  refundStatus: varchar('refund_status', { length: 16 }).$type<BizRefundStatus>().notNull().default('none'),
  refundFen: integer('refund_fen').notNull().default(0),
  refundedAt: timestamp('refunded_at', { withTimezone: true })
})
