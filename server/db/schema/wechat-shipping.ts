import { index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'

import { payments } from './payments'

/**
 * pending: to be uploaded (due at next_try_at; a shop order's row has none until the order ships);
 * uploaded: WeChat accepted it; failed: WeChat refused it for good (last_error says why), until an
 * operator asks again.
 */
export const WECHAT_SHIPPING_STATES = ['pending', 'uploaded', 'failed'] as const
export type WechatShippingState = (typeof WECHAT_SHIPPING_STATES)[number]

/**
 * 发货信息录入 as an outbox: one row per WeChat Pay payment made in the mini-program, written in the
 * transaction that marks the payment paid; a periodic job uploads what is due and retries with backoff,
 * so shipping never waits for WeChat (docs/mini-program.md, 发货信息录入). WeChat's settlement pushes
 * land here too.
 */
export const wechatShippingUploads = pgTable(
  'wechat_shipping_uploads',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    state: varchar('state', { length: 16 }).$type<WechatShippingState>().notNull().default('pending'),
    /** WeChat's logistics_type: 1 实体物流 (shop goods), 3 虚拟商品 (everything else). */
    logisticsType: smallint('logistics_type').notNull(),
    /** WeChat's delivery_mode of the accepted upload: 1 统一发货, 2 分拆发货. */
    deliveryMode: smallint('delivery_mode'),
    attempts: integer('attempts').notNull().default(0),
    lastError: varchar('last_error', { length: 256 }).notNull().default(''),
    /** When the next attempt is due; null for a shop order not shipped yet. */
    nextTryAt: timestamp('next_try_at', { withTimezone: true }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    /** WeChat's trade_manage_remind_shipping: the buyer has waited long for the goods. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** From trade_manage_order_settlement: when WeChat expects to settle, when the buyer confirmed, when it settled. */
    estimatedSettlementAt: timestamp('estimated_settlement_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    uniqueIndex('wechat_shipping_uploads_payment_uq').on(t.paymentId),
    index('wechat_shipping_uploads_due_idx').on(t.state, t.nextTryAt)
  ]
)

/**
 * WeChat's carriers (get_delivery_list): the codes upload_shipping_info takes as express_company,
 * refreshed daily and shared by every process.
 */
export const wechatDeliveryCompanies = pgTable('wechat_delivery_companies', {
  deliveryId: varchar('delivery_id', { length: 32 }).primaryKey(),
  deliveryName: varchar('delivery_name', { length: 64 }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
})
