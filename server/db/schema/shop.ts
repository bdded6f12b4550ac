import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar
} from 'drizzle-orm/pg-core'

import { freightTemplates } from './freight'
import { users } from './users'

// The shop: catalog, favorites, cart, coupons, addresses and orders. Money columns are integer fen.
// Seeded rows carry a stable slug so the seed can run on every start without duplicating.

export const shopCategories = pgTable(
  'shop_categories',
  {
    id: serial('id').primaryKey(),
    slug: varchar('slug', { length: 64 }).notNull(),
    /** 0 for a top category; categories have two levels. */
    parentId: integer('parent_id').notNull().default(0),
    name: varchar('name', { length: 32 }).notNull(),
    image: varchar('image', { length: 512 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    visible: boolean('visible').notNull().default(true)
  },
  (t) => [uniqueIndex('shop_categories_slug_uq').on(t.slug), index('shop_categories_parent_idx').on(t.parentId, t.sort)]
)

export interface GoodsSpecDef {
  name: string
  values: string[]
}

export const shopGoods = pgTable(
  'shop_goods',
  {
    id: serial('id').primaryKey(),
    slug: varchar('slug', { length: 64 }).notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => shopCategories.id),
    name: varchar('name', { length: 64 }).notNull(),
    subtitle: varchar('subtitle', { length: 128 }).notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull(),
    /** Stored sanitized: the client renders it as HTML. */
    content: text('content').notNull().default(''),
    specs: jsonb('specs').$type<GoodsSpecDef[]>().notNull().default([]),
    /** Kept equal to the lowest/highest price of the SKUs on shelf (for sorting and lists). */
    priceMin: integer('price_min').notNull(),
    priceMax: integer('price_max').notNull(),
    linePrice: integer('line_price').notNull().default(0),
    sales: integer('sales').notNull().default(0),
    maxBuy: integer('max_buy').notNull().default(99),
    onShelf: boolean('on_shelf').notNull().default(true),
    /** In the console's 回收站 since then: off shelf and out of the app until restored; null: not deleted. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Its 运费模板; null: the default template. */
    freightTemplateId: integer('freight_template_id').references(() => freightTemplates.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    uniqueIndex('shop_goods_slug_uq').on(t.slug),
    index('shop_goods_category_idx').on(t.categoryId),
    index('shop_goods_sales_idx').on(t.sales, t.id),
    index('shop_goods_freight_template_idx').on(t.freightTemplateId),
    check('shop_goods_max_buy_positive', sql`${t.maxBuy} > 0`)
  ]
)

export const shopSkus = pgTable(
  'shop_skus',
  {
    id: serial('id').primaryKey(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => shopGoods.id),
    /** Spec values joined by '|', '' for a good without specs; unique per good. */
    specKey: varchar('spec_key', { length: 128 }).notNull(),
    specValues: jsonb('spec_values').$type<string[]>().notNull().default([]),
    price: integer('price').notNull(),
    linePrice: integer('line_price').notNull().default(0),
    stock: integer('stock').notNull().default(0),
    image: varchar('image', { length: 512 }).notNull().default(''),
    sales: integer('sales').notNull().default(0),
    onShelf: boolean('on_shelf').notNull().default(true),
    /** Grams per unit, for templates that charge by weight. */
    weight: integer('weight').notNull().default(0),
    /** 库存预警: operators are told when the stock falls to this or below; 0 means no alert. */
    lowStock: integer('low_stock').notNull().default(0),
    /** Whether operators were told of the current low stock (cleared when the stock rises above the threshold). */
    lowStockAlerted: boolean('low_stock_alerted').notNull().default(false)
  },
  (t) => [
    uniqueIndex('shop_skus_goods_spec_uq').on(t.goodsId, t.specKey),
    check('shop_skus_stock_nonnegative', sql`${t.stock} >= 0`),
    check('shop_skus_price_positive', sql`${t.price} > 0`),
    check('shop_skus_weight_nonnegative', sql`${t.weight} >= 0`),
    check('shop_skus_low_stock_nonnegative', sql`${t.lowStock} >= 0`)
  ]
)

/** Words people search for: pinned ones (sort > 0) lead, then the most searched. */
export const shopSearchWords = pgTable(
  'shop_search_words',
  {
    id: serial('id').primaryKey(),
    word: varchar('word', { length: 32 }).notNull(),
    hits: integer('hits').notNull().default(0),
    sort: integer('sort').notNull().default(0)
  },
  (t) => [uniqueIndex('shop_search_words_word_uq').on(t.word)]
)

export const shopFavorites = pgTable(
  'shop_favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => shopGoods.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [primaryKey({ columns: [t.userId, t.goodsId] }), index('shop_favorites_user_idx').on(t.userId, t.createdAt)]
)

export const shopCartItems = pgTable(
  'shop_cart_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    skuId: integer('sku_id')
      .notNull()
      .references(() => shopSkus.id),
    quantity: integer('quantity').notNull(),
    selected: boolean('selected').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    uniqueIndex('shop_cart_user_sku_uq').on(t.userId, t.skuId),
    check('shop_cart_quantity_positive', sql`${t.quantity} > 0`)
  ]
)

export const COUPON_TYPES = ['amount', 'discount'] as const
export const COUPON_SCOPES = ['all', 'goods', 'category'] as const

export const shopCoupons = pgTable(
  'shop_coupons',
  {
    id: serial('id').primaryKey(),
    slug: varchar('slug', { length: 64 }).notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    type: varchar('type', { length: 16 }).$type<(typeof COUPON_TYPES)[number]>().notNull(),
    amount: integer('amount').notNull().default(0),
    /** Percentage paid, 1..99 (85 = 8.5折). */
    discount: integer('discount').notNull().default(0),
    maxDiscount: integer('max_discount').notNull().default(0),
    minSpend: integer('min_spend').notNull().default(0),
    scope: varchar('scope', { length: 16 }).$type<(typeof COUPON_SCOPES)[number]>().notNull().default('all'),
    /** Goods ids (scope goods) or category ids (scope category). */
    scopeIds: jsonb('scope_ids').$type<number[]>().notNull().default([]),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    validDays: integer('valid_days').notNull().default(0),
    total: integer('total').notNull(),
    claimed: integer('claimed').notNull().default(0),
    perUserLimit: integer('per_user_limit').notNull().default(1),
    description: text('description').notNull().default(''),
    visible: boolean('visible').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    uniqueIndex('shop_coupons_slug_uq').on(t.slug),
    check('shop_coupons_claimed_within_total', sql`${t.claimed} >= 0 and ${t.claimed} <= ${t.total}`),
    check('shop_coupons_discount_range', sql`${t.discount} >= 0 and ${t.discount} < 100`)
  ]
)

export const shopUserCoupons = pgTable(
  'shop_user_coupons',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => shopCoupons.id),
    /** unused or used; an unused one past expire_at shows as expired. */
    status: varchar('status', { length: 16 }).$type<'unused' | 'used'>().notNull().default('unused'),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    expireAt: timestamp('expire_at', { withTimezone: true }).notNull(),
    orderId: integer('order_id'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    index('shop_user_coupons_user_idx').on(t.userId, t.status, t.expireAt),
    index('shop_user_coupons_coupon_user_idx').on(t.couponId, t.userId),
    // A coupon serves one order only.
    uniqueIndex('shop_user_coupons_order_uq').on(t.orderId)
  ]
)

export const shopAddresses = pgTable(
  'shop_addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** name, mobile and detail are sealed at rest (server/core/sealed-columns.ts). */
    name: text('name').notNull(),
    mobile: text('mobile').notNull(),
    provinceCode: varchar('province_code', { length: 6 }).notNull(),
    cityCode: varchar('city_code', { length: 6 }).notNull(),
    districtCode: varchar('district_code', { length: 6 }).notNull().default(''),
    province: varchar('province', { length: 32 }).notNull(),
    city: varchar('city', { length: 32 }).notNull(),
    district: varchar('district', { length: 32 }).notNull().default(''),
    detail: text('detail').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    index('shop_addresses_user_idx').on(t.userId),
    uniqueIndex('shop_addresses_one_default_uq')
      .on(t.userId)
      .where(sql`${t.isDefault}`)
  ]
)

export const ORDER_STATUSES = ['to_pay', 'to_ship', 'to_receive', 'done', 'cancelled', 'refunded'] as const
export const REFUND_STATUSES = ['none', 'applied', 'rejected', 'refunded'] as const
export type OrderStatusValue = (typeof ORDER_STATUSES)[number]
export type RefundStatusValue = (typeof REFUND_STATUSES)[number]

/** Where an order goes, as the buyer and the console see it. */
export interface OrderAddressSnapshot extends OrderRegion {
  name: string
  mobile: string
  detail: string
}

/** The part of the address kept in the clear (the receiver, number and street are sealed columns). */
export interface OrderRegion {
  province: string
  city: string
  district: string
}

/**
 * One parcel of a shipment: the carrier as the operator chose it, WeChat's code for it (delivery_id, '' when
 * WeChat's list was out of reach at shipping time) and the tracking number.
 */
export interface OrderParcelSnapshot {
  company: string
  deliveryId: string
  no: string
}

export const shopOrders = pgTable(
  'shop_orders',
  {
    id: serial('id').primaryKey(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The client's key of the checkout attempt: one order per key and user. */
    requestId: varchar('request_id', { length: 64 }).notNull(),
    status: varchar('status', { length: 16 }).$type<OrderStatusValue>().notNull().default('to_pay'),
    refundStatus: varchar('refund_status', { length: 16 }).$type<RefundStatusValue>().notNull().default('none'),
    goodsAmount: integer('goods_amount').notNull(),
    freight: integer('freight').notNull().default(0),
    couponDiscount: integer('coupon_discount').notNull().default(0),
    /** 改价: what the shop added (+) or took off (-) before payment, fen; pay_amount already includes it. */
    priceAdjust: integer('price_adjust').notNull().default(0),
    payAmount: integer('pay_amount').notNull(),
    userCouponId: integer('user_coupon_id'),
    couponName: varchar('coupon_name', { length: 32 }).notNull().default(''),
    address: jsonb('address').$type<OrderRegion>().notNull(),
    /**
     * The receiver, number and street, sealed at rest (server/core/sealed-columns.ts); name and number hashed for
     * search.
     */
    receiverName: text('receiver_name').notNull().default(''),
    receiverNameHash: varchar('receiver_name_hash', { length: 64 }).notNull().default(''),
    receiverMobile: text('receiver_mobile').notNull().default(''),
    receiverMobileHash: varchar('receiver_mobile_hash', { length: 64 }).notNull().default(''),
    receiverDetail: text('receiver_detail').notNull().default(''),
    remark: varchar('remark', { length: 100 }).notNull().default(''),
    /** The merchant's own note on the order (商家备注): the console shows it, the buyer never does. */
    merchantRemark: varchar('merchant_remark', { length: 200 }).notNull().default(''),
    payDeadline: timestamp('pay_deadline', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: varchar('cancel_reason', { length: 32 }).notNull().default(''),
    expressCompany: varchar('express_company', { length: 32 }).notNull().default(''),
    expressNo: varchar('express_no', { length: 64 }).notNull().default(''),
    /** Every parcel of the shipment, at most 15 (WeChat's limit); express_company/express_no are the first. */
    parcels: jsonb('parcels').$type<OrderParcelSnapshot[]>().notNull().default([]),
    refundReason: varchar('refund_reason', { length: 200 }).notNull().default(''),
    refundReply: varchar('refund_reply', { length: 200 }).notNull().default(''),
    refundAppliedAt: timestamp('refund_applied_at', { withTimezone: true }),
    refundFinishedAt: timestamp('refund_finished_at', { withTimezone: true }),
    /** What its after-sales gave back so far, fen (pay_amount when the order is refunded in full). */
    refundedFen: integer('refunded_fen').notNull().default(0),
    /** Whether the order's stock went back to the SKUs (cancel or refund before shipping). */
    stockReturned: boolean('stock_returned').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    uniqueIndex('shop_orders_order_no_uq').on(t.orderNo),
    uniqueIndex('shop_orders_user_request_uq').on(t.userId, t.requestId),
    index('shop_orders_user_idx').on(t.userId, t.status, t.id),
    index('shop_orders_unpaid_idx').on(t.status, t.payDeadline),
    // The console's order list: newest first, optionally one status or refund status.
    index('shop_orders_status_id_idx').on(t.status, t.id),
    index('shop_orders_refund_idx').on(t.refundStatus, t.id),
    // Its date filter and the filter's total: a range of one status, or of all orders.
    index('shop_orders_status_created_idx').on(t.status, t.createdAt),
    index('shop_orders_created_idx').on(t.createdAt),
    index('shop_orders_receiver_name_idx').on(t.receiverNameHash),
    index('shop_orders_receiver_mobile_idx').on(t.receiverMobileHash),
    check('shop_orders_pay_amount_positive', sql`${t.payAmount} > 0`)
  ]
)

export const shopOrderItems = pgTable(
  'shop_order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => shopOrders.id),
    goodsId: integer('goods_id').notNull(),
    skuId: integer('sku_id').notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    image: varchar('image', { length: 512 }).notNull(),
    specText: varchar('spec_text', { length: 128 }).notNull().default(''),
    price: integer('price').notNull(),
    quantity: integer('quantity').notNull(),
    amount: integer('amount').notNull(),
    /** Units of this line an after-sale refunded. */
    refundedQuantity: integer('refunded_quantity').notNull().default(0)
  },
  (t) => [index('shop_order_items_order_idx').on(t.orderId)]
)

/** The order's timeline, oldest first. */
export const shopOrderEvents = pgTable(
  'shop_order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => shopOrders.id),
    title: varchar('title', { length: 32 }).notNull(),
    description: varchar('description', { length: 256 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [index('shop_order_events_order_idx').on(t.orderId, t.id)]
)

/** Stock an operator added or took away by hand, with the reason; sales and refunds are not logged here. */
export const shopStockLogs = pgTable(
  'shop_stock_logs',
  {
    id: serial('id').primaryKey(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => shopGoods.id),
    skuId: integer('sku_id')
      .notNull()
      .references(() => shopSkus.id),
    operatorId: integer('operator_id').notNull(),
    operatorName: varchar('operator_name', { length: 32 }).notNull(),
    delta: integer('delta').notNull(),
    stockAfter: integer('stock_after').notNull(),
    reason: varchar('reason', { length: 100 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [index('shop_stock_logs_goods_idx').on(t.goodsId, t.id), index('shop_stock_logs_sku_idx').on(t.skuId, t.id)]
)
