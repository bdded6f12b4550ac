import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar
} from 'drizzle-orm/pg-core'

import { type PaymentBizType, payments } from './payments'
import { users } from './users'

/**
 * Referral commission per business type: the share of a friend's payment that the referrer (level 1)
 * and the referrer's referrer (level 2) earn, in basis points (1000 = 10%), and how many days the
 * thing paid for can still be refunded; the commission stays frozen until then.
 */
export const commissionRules = pgTable(
  'commission_rules',
  {
    bizType: varchar('biz_type', { length: 16 }).$type<PaymentBizType>().primaryKey(),
    level1Bp: integer('level1_bp').notNull(),
    level2Bp: integer('level2_bp').notNull(),
    refundDays: integer('refund_days').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    check('commission_rules_bp_range', sql`${t.level1Bp} between 0 and 10000 and ${t.level2Bp} between 0 and 10000`),
    check('commission_rules_days_range', sql`${t.refundDays} between 0 and 365`)
  ]
)

/** Integer settings of the wallet (withdrawal minimum, daily limit ...), by stable key. */
export const walletSettings = pgTable('wallet_settings', {
  key: varchar('key', { length: 32 }).primaryKey(),
  value: integer('value').notNull(),
  remark: varchar('remark', { length: 64 }).notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
})

/**
 * One row per user who ever earned. available + frozen is what the user holds; owed is what a refund
 * took back after the money had already been withdrawn, settled from later income.
 */
export const wallets = pgTable(
  'wallets',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    availableFen: integer('available_fen').notNull().default(0),
    frozenFen: integer('frozen_fen').notNull().default(0),
    totalEarnedFen: integer('total_earned_fen').notNull().default(0),
    withdrawnFen: integer('withdrawn_fen').notNull().default(0),
    owedFen: integer('owed_fen').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    check(
      'wallets_non_negative',
      sql`${t.availableFen} >= 0 and ${t.frozenFen} >= 0 and ${t.totalEarnedFen} >= 0 and ${t.withdrawnFen} >= 0 and 
        ${t.owedFen} >= 0`
    )
  ]
)

export const COMMISSION_STATUSES = ['frozen', 'available', 'cancelled', 'reversed'] as const
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number]

/** What one payment earned one referrer; at most one per payment and level. */
export const commissions = pgTable(
  'commissions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    level: smallint('level').notNull(),
    bizType: varchar('biz_type', { length: 16 }).$type<PaymentBizType>().notNull(),
    baseFen: integer('base_fen').notNull(),
    rateBp: integer('rate_bp').notNull(),
    amountFen: integer('amount_fen').notNull(),
    status: varchar('status', { length: 16 }).$type<CommissionStatus>().notNull().default('frozen'),
    releaseAt: timestamp('release_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    uniqueIndex('commissions_payment_level_uq').on(t.paymentId, t.level),
    index('commissions_user_idx').on(t.userId, t.fromUserId),
    index('commissions_release_idx').on(t.status, t.releaseAt),
    index('commissions_created_idx').on(t.createdAt),
    check('commissions_level', sql`${t.level} in (1, 2)`),
    check('commissions_amount_positive', sql`${t.amountFen} > 0`)
  ]
)

/**
 * pending: waiting for the operator; transferring: approved, the transfer is being made; wait_confirm:
 * WeChat waits for the user to accept it (确认收款); paid: it reached the user's change; failed: the
 * transfer failed or was cancelled and the amount went back to the wallet; rejected: the operator refused.
 */
export const WITHDRAWAL_STATUSES = ['pending', 'transferring', 'wait_confirm', 'paid', 'failed', 'rejected'] as const
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number]

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amountFen: integer('amount_fen').notNull(),
    realName: varchar('real_name', { length: 32 }).notNull(),
    status: varchar('status', { length: 16 }).$type<WithdrawalStatus>().notNull().default('pending'),
    rejectReason: varchar('reject_reason', { length: 128 }).notNull().default(''),
    /** The payee: the user's openid under the app they applied from (WeChat Pay transfers only). */
    appId: varchar('app_id', { length: 32 }).notNull().default(''),
    openid: varchar('openid', { length: 64 }).notNull().default(''),
    /** Set on approval: who moves the money and under which merchant bill number (asked again with the same number). */
    provider: varchar('provider', { length: 16 }).notNull().default(''),
    outBillNo: varchar('out_bill_no', { length: 32 }),
    transferBillNo: varchar('transfer_bill_no', { length: 64 }),
    /** What the user's WeChat needs to accept the transfer (WAIT_USER_CONFIRM). */
    packageInfo: text('package_info'),
    failReason: varchar('fail_reason', { length: 128 }).notNull().default(''),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    index('withdrawals_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('withdrawals_out_bill_no_uq').on(t.outBillNo),
    check('withdrawals_amount_positive', sql`${t.amountFen} > 0`)
  ]
)

export const WALLET_LOG_TYPES = ['commission', 'refund', 'withdraw', 'withdraw_return'] as const
export type WalletLogType = (typeof WALLET_LOG_TYPES)[number]

/**
 * Income and expense details: every change of what the user earned or holds, signed (+ income,
 * - expense), pointing at the commission or withdrawal it came from.
 */
export const walletLogs = pgTable(
  'wallet_logs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: varchar('type', { length: 16 }).$type<WalletLogType>().notNull(),
    amountFen: integer('amount_fen').notNull(),
    commissionId: integer('commission_id').references(() => commissions.id),
    withdrawalId: integer('withdrawal_id').references(() => withdrawals.id),
    remark: varchar('remark', { length: 128 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [index('wallet_logs_user_idx').on(t.userId, t.createdAt)]
)
