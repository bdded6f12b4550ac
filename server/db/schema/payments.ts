import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { users } from './users'

export const PAYMENT_BIZ_TYPES = ['goods', 'course', 'activity', 'report', 'certificate', 'membership', 'service'] as const
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
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    uniqueIndex('payments_out_trade_no_uq').on(t.outTradeNo),
    index('payments_biz_idx').on(t.bizType, t.bizId),
    index('payments_user_idx').on(t.userId),
    check('payments_amount_positive', sql`${t.amountFen} > 0`)
  ]
)
