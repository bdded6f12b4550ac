import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm'

import type {
  AdminAfterSale,
  AdminOrderDetail,
  AdminOrderListItem,
  AdminPackingSlip,
  AdminRefundItem
} from '../../../contract/admin'
import { chinaDayStart, DAY_MS } from '../../../contract/china-time'
import { assetUrl } from '../../core/asset-url'
import type { DataCipher } from '../../core/data-key'
import { AppError } from '../../core/envelope'
import { mobileLookup, openMobile } from '../../core/sealed-columns'
import type { Db } from '../../db/database'
import {
  type AfterSaleKind,
  type AfterSaleStatus,
  OPEN_AFTER_SALE_STATUSES,
  type OrderStatusValue,
  paymentRefunds,
  payments,
  type RefundStatusValue,
  shopAfterSales,
  shopOrderEvents,
  shopOrderItems,
  shopOrders,
  users
} from '../../db/schema'
import type { ViewImage } from '../file/private'
import { fullAddress } from '../shop/addresses'
import {
  AFTER_SALE_STATUS_TEXT,
  type AfterSaleRow,
  afterSalesOf,
  KIND_TEXT,
  withViewableImages
} from '../shop/after-sales'
import { afterSaleView } from '../shop/order-view'
import { orderAddress, receiverNameLookup } from '../shop/receiver-store'
import { adminShipping, type OrderShipping, shippingOfOrders } from '../wechat/shipping-queries'

export interface OrderFilter {
  status?: OrderStatusValue
  refund_status?: RefundStatusValue
  order_no?: string
  user?: string
  user_id?: number
  keyword?: string
  date_from?: string
  date_to?: string
}

/** The instant a China calendar day (YYYY-MM-DD) begins. */
export const chinaDate = (day: string): Date => chinaDayStart(day)

/** A LIKE pattern finding `t` anywhere, its own % and _ taken literally. */
const likeText = (t: string) => `%${t.replace(/[\\%_]/g, (c) => '\\' + c)}%`

/**
 * Users matching what an operator typed: a whole mobile (found by its keyed hash, since numbers are sealed), an id
 * (or digits of a nickname), a nickname.
 */
export function userMatch(text: string, cipher: DataCipher): SQL | undefined {
  const t = text.trim()
  if (/^1[3-9]\d{9}$/.test(t)) return eq(users.mobileHash, mobileLookup(cipher, t))
  if (/^\d{1,9}$/.test(t)) return or(eq(users.id, Number(t)), ilike(users.nickname, `%${t}%`))
  return ilike(users.nickname, likeText(t))
}

/**
 * Orders matching what a customer quotes on the phone: the receiver's whole phone number or whole name (sealed, so
 * found by their keyed hashes), or the name of goods in the order.
 */
export function keywordMatch(text: string, cipher: DataCipher): SQL | undefined {
  const t = text.trim()
  if (!t) return undefined
  const goods = sql`exists (select 1 from ${shopOrderItems} where ${shopOrderItems.orderId} = ${shopOrders.id}
    and ${shopOrderItems.name} ilike ${likeText(t)})`
  if (/^1[3-9]\d{9}$/.test(t)) return or(eq(shopOrders.receiverMobileHash, mobileLookup(cipher, t)), goods)
  return or(eq(shopOrders.receiverNameHash, receiverNameLookup(cipher, t)), goods)
}

function whereOf(f: OrderFilter, cipher: DataCipher): SQL | undefined {
  return and(
    f.status ? eq(shopOrders.status, f.status) : undefined,
    f.refund_status ? eq(shopOrders.refundStatus, f.refund_status) : undefined,
    f.order_no ? eq(shopOrders.orderNo, f.order_no.trim()) : undefined,
    f.user ? userMatch(f.user, cipher) : undefined,
    f.user_id ? eq(shopOrders.userId, f.user_id) : undefined,
    f.keyword ? keywordMatch(f.keyword, cipher) : undefined,
    f.date_from ? gte(shopOrders.createdAt, chinaDate(f.date_from)) : undefined,
    f.date_to ? lt(shopOrders.createdAt, new Date(chinaDate(f.date_to).getTime() + DAY_MS)) : undefined
  )
}

type OrderRow = typeof shopOrders.$inferSelect
type Row = { order: OrderRow; nickname: string; mobile: string | null }

function listItem(
  r: Row,
  items: (typeof shopOrderItems.$inferSelect)[],
  shipping: Map<number, OrderShipping>,
  cipher: DataCipher
): AdminOrderListItem {
  const o = r.order
  const address = orderAddress(cipher, o)
  const mine = items.filter((i) => i.orderId === o.id)
  return {
    order_id: o.id,
    order_no: o.orderNo,
    user_id: o.userId,
    nickname: r.nickname,
    mobile: openMobile(cipher, r.mobile),
    status: o.status,
    refund_status: o.refundStatus,
    goods_summary: mine.length ? mine[0].name + (mine.length > 1 ? ` 等 ${mine.length} 件商品` : '') : '',
    quantity: mine.reduce((s, i) => s + i.quantity, 0),
    pay_amount: o.payAmount,
    receiver: `${address.name} ${address.mobile}`,
    express_company: o.expressCompany,
    express_no: o.expressNo,
    created_at: o.createdAt.toISOString(),
    paid_at: o.paidAt?.toISOString() ?? null,
    updated_at: o.updatedAt.toISOString(),
    wechat_shipping_state: shipping.get(o.id)?.row.state ?? null
  }
}

async function itemsFor(db: Db, ids: number[]) {
  return ids.length
    ? db.select().from(shopOrderItems).where(inArray(shopOrderItems.orderId, ids)).orderBy(asc(shopOrderItems.id))
    : []
}

/** One page of orders, newest first, with the filter's total. */
export async function listOrders(
  db: Db,
  cipher: DataCipher,
  f: OrderFilter,
  page: number,
  perPage: number
): Promise<{ list: AdminOrderListItem[]; total: number }> {
  const where = whereOf(f, cipher)
  const rows = await db
    .select({ order: shopOrders, nickname: users.nickname, mobile: users.mobile })
    .from(shopOrders)
    .innerJoin(users, eq(users.id, shopOrders.userId))
    .where(where)
    .orderBy(desc(shopOrders.id))
    .limit(perPage)
    .offset((page - 1) * perPage)
  // Counting joins users only when the filter names a user.
  const counted = db.select({ n: count() }).from(shopOrders)
  const [{ n }] = await (f.user ? counted.innerJoin(users, eq(users.id, shopOrders.userId)) : counted).where(where)
  const ids = rows.map((r) => r.order.id)
  const [items, shipping] = await Promise.all([itemsFor(db, ids), shippingOfOrders(db, ids)])
  return { list: rows.map((r) => listItem(r, items, shipping, cipher)), total: n }
}

/** Up to `limit` orders of the filter for the CSV export, newest first. */
export async function exportOrders(
  db: Db,
  cipher: DataCipher,
  f: OrderFilter,
  limit: number
): Promise<AdminOrderListItem[]> {
  return (await listOrders(db, cipher, f, 1, limit)).list
}

/** The after-sale as the console shows it. */
export function adminAfterSale(
  a: AfterSaleRow,
  items: (typeof shopOrderItems.$inferSelect)[],
  publicUrl: string
): AdminAfterSale {
  return {
    ...afterSaleView(a, items, publicUrl, { kind: KIND_TEXT, status: AFTER_SALE_STATUS_TEXT }),
    updated_at: a.updatedAt.toISOString()
  }
}

export type AfterSaleListStatus = AfterSaleStatus | 'open' | 'all'

/** After-sales of one status (open ones oldest first, so the longest waiting is handled first), with their orders. */
export async function listRefunds(
  db: Db,
  cipher: DataCipher,
  publicUrl: string,
  f: { status: AfterSaleListStatus; kind?: AfterSaleKind; keyword?: string },
  page: number,
  perPage: number,
  view: ViewImage
): Promise<{ list: AdminRefundItem[]; total: number }> {
  const where = and(
    f.status === 'all'
      ? undefined
      : f.status === 'open'
        ? inArray(shopAfterSales.status, OPEN_AFTER_SALE_STATUSES)
        : eq(shopAfterSales.status, f.status),
    f.kind ? eq(shopAfterSales.kind, f.kind) : undefined,
    f.keyword
      ? or(eq(shopOrders.orderNo, f.keyword.trim()), eq(shopAfterSales.afterSaleNo, f.keyword.trim()))
      : undefined
  )
  const rows = await db
    .select({ sale: shopAfterSales, order: shopOrders, nickname: users.nickname, mobile: users.mobile })
    .from(shopAfterSales)
    .innerJoin(shopOrders, eq(shopOrders.id, shopAfterSales.orderId))
    .innerJoin(users, eq(users.id, shopOrders.userId))
    .where(where)
    .orderBy(f.status === 'open' ? asc(shopAfterSales.id) : desc(shopAfterSales.id))
    .limit(perPage)
    .offset((page - 1) * perPage)
  const [{ n }] = await db
    .select({ n: count() })
    .from(shopAfterSales)
    .innerJoin(shopOrders, eq(shopOrders.id, shopAfterSales.orderId))
    .where(where)
  const ids = rows.map((r) => r.order.id)
  const [items, shipping, sales] = await Promise.all([
    itemsFor(db, ids),
    shippingOfOrders(db, ids),
    withViewableImages(
      rows.map((r) => r.sale),
      view
    )
  ])
  return {
    list: rows.map((r, i) => ({
      ...listItem(r, items, shipping, cipher),
      after_sale: adminAfterSale(
        sales[i],
        items.filter((i) => i.orderId === r.order.id),
        publicUrl
      )
    })),
    total: n
  }
}

export async function orderDetail(
  db: Db,
  cipher: DataCipher,
  orderId: number,
  publicUrl: string,
  view: ViewImage
): Promise<AdminOrderDetail> {
  const [r] = await db
    .select({ order: shopOrders, nickname: users.nickname, mobile: users.mobile })
    .from(shopOrders)
    .innerJoin(users, eq(users.id, shopOrders.userId))
    .where(eq(shopOrders.id, orderId))
    .limit(1)
  if (!r) throw new AppError('订单不存在')
  const o = r.order
  const [items, shipping] = await Promise.all([itemsFor(db, [o.id]), shippingOfOrders(db, [o.id])])
  const pays = await db
    .select()
    .from(payments)
    .where(and(eq(payments.bizType, 'goods'), eq(payments.bizId, o.id)))
    .orderBy(asc(payments.id))
  const refunds = pays.length
    ? await db
        .select()
        .from(paymentRefunds)
        .where(
          inArray(
            paymentRefunds.paymentId,
            pays.map((p) => p.id)
          )
        )
        .orderBy(asc(paymentRefunds.id))
    : []
  const events = await db
    .select()
    .from(shopOrderEvents)
    .where(eq(shopOrderEvents.orderId, o.id))
    .orderBy(asc(shopOrderEvents.id))
  const iso = (d: Date | null) => d?.toISOString() ?? null
  const upload = shipping.get(o.id)
  return {
    ...listItem(r, items, shipping, cipher),
    goods_amount: o.goodsAmount,
    freight: o.freight,
    coupon_discount: o.couponDiscount,
    price_adjust: o.priceAdjust,
    coupon_name: o.couponName,
    remark: o.remark,
    merchant_remark: o.merchantRemark,
    address: orderAddress(cipher, o),
    items: items.map((i) => ({
      item_id: i.id,
      refunded_quantity: i.refundedQuantity,
      sku_id: i.skuId,
      goods_id: i.goodsId,
      name: i.name,
      image: assetUrl(publicUrl, i.image),
      spec_text: i.specText,
      price: i.price,
      quantity: i.quantity,
      amount: i.amount
    })),
    payments: pays.map((p) => ({
      out_trade_no: p.outTradeNo,
      provider: p.provider,
      status: p.status,
      amount_fen: p.amountFen,
      paid_at: iso(p.paidAt),
      created_at: p.createdAt.toISOString()
    })),
    refunds: refunds.map((x) => ({
      out_refund_no: x.outRefundNo,
      amount_fen: x.amountFen,
      status: x.status,
      reason: x.reason,
      created_at: x.createdAt.toISOString(),
      finished_at: iso(x.finishedAt)
    })),
    events: events.map((e) => ({ title: e.title, description: e.description, created_at: e.createdAt.toISOString() })),
    after_sales: (await withViewableImages(await afterSalesOf(db, o.id), view)).map((a) =>
      adminAfterSale(a, items, publicUrl)
    ),
    refunded_amount: o.refundedFen,
    refund_reason: o.refundReason,
    refund_reply: o.refundReply,
    refund_applied_at: iso(o.refundAppliedAt),
    shipped_at: iso(o.shippedAt),
    cancel_reason: o.cancelReason,
    parcels: o.parcels.length
      ? o.parcels.map((p) => ({ express_company: p.company, express_no: p.no, delivery_id: p.deliveryId }))
      : o.expressNo
        ? [{ express_company: o.expressCompany, express_no: o.expressNo, delivery_id: '' }]
        : [],
    wechat_shipping: upload ? adminShipping(upload.row) : null
  }
}

/** The audit's picture of an order: the fields an operator changes (of its address, the region: the rest is sealed). */
export function orderSnapshot(o: OrderRow) {
  return {
    status: o.status,
    refund_status: o.refundStatus,
    express_company: o.expressCompany,
    express_no: o.expressNo,
    refund_reply: o.refundReply,
    merchant_remark: o.merchantRemark,
    address: o.address
  }
}

export async function orderRowById(db: Db, id: number): Promise<OrderRow> {
  const [o] = await db.select().from(shopOrders).where(eq(shopOrders.id, id)).limit(1)
  if (!o) throw new AppError('订单不存在')
  return o
}

/** 发货单 of these orders, in the order asked (an id that is no order is left out). */
export async function packingSlips(db: Db, cipher: DataCipher, ids: number[]): Promise<AdminPackingSlip[]> {
  if (!ids.length) return []
  const [orders, items] = await Promise.all([
    db.select().from(shopOrders).where(inArray(shopOrders.id, ids)),
    itemsFor(db, ids)
  ])
  const byId = new Map(orders.map((o) => [o.id, o]))
  return ids.flatMap((id) => {
    const o = byId.get(id)
    if (!o) return []
    const a = orderAddress(cipher, o)
    return [
      {
        order_no: o.orderNo,
        paid_at: o.paidAt?.toISOString() ?? null,
        receiver: a.name,
        mobile: a.mobile,
        address: fullAddress(a),
        items: items
          .filter((i) => i.orderId === id)
          .map((i) => ({ name: i.name, spec_text: i.specText, quantity: i.quantity - i.refundedQuantity }))
          .filter((i) => i.quantity > 0),
        remark: o.remark,
        merchant_remark: o.merchantRemark
      }
    ]
  })
}
