import { and, eq, getTableColumns, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'

import type { BuyCoupon, BuyPreview } from '../../../contract'
import { assetUrl } from '../../core/asset-url'
import type { DataCipher } from '../../core/data-key'
import { AppError } from '../../core/envelope'
import type { Executor } from '../../db/database'
import { freightTemplates, shopAddresses, shopCartItems, shopCoupons, shopUserCoupons } from '../../db/schema'
import { ownedAddress, toAddress } from './addresses'
import { applicableAmount, couponDiscount } from './coupon-rules'
import { categoryNamesOf, toUserCoupon } from './coupons'
import { computeFreight, freeFreightFrom, type FreightResult, type FreightTemplate } from './freight'
import { type SkuLine, type SkuRow, toSkuLines } from './lines'
import { orderTotals, type Totals } from './pricing'
import { openAddressRow } from './receiver-store'

export interface QuoteRequest {
  mode: 'cart' | 'buy_now'
  skuId?: number
  quantity?: number
  addressId?: number
  /** undefined: choose the best; 0: none. */
  userCouponId?: number
}

interface CouponOption {
  userCouponId: number
  couponName: string
  view: BuyCoupon
}

export interface Quote {
  lines: SkuLine[]
  /** The cart lines being bought (cart mode), removed from the cart when the order is placed. */
  cartIds: number[]
  address: typeof shopAddresses.$inferSelect | undefined
  coupons: CouponOption[]
  chosen: CouponOption | undefined
  totals: Totals
  /** The freight with its reason (`totals.freight` is its fee). */
  freight: FreightResult
  /** The templates read for this quote (those of its goods and the default). */
  templates: FreightTemplate[]
  /** '' when the order can be placed. */
  problem: string
}

async function wantedLines(
  db: Executor,
  userId: number,
  req: QuoteRequest
): Promise<{ wanted: { skuId: number; quantity: number }[]; cartIds: number[] }> {
  if (req.mode === 'buy_now') {
    if (!req.skuId) throw new AppError('请选择商品规格')
    return { wanted: [{ skuId: req.skuId, quantity: req.quantity ?? 1 }], cartIds: [] }
  }
  const rows = await db
    .select({ id: shopCartItems.id, skuId: shopCartItems.skuId, quantity: shopCartItems.quantity })
    .from(shopCartItems)
    .where(and(eq(shopCartItems.userId, userId), eq(shopCartItems.selected, true)))
    .orderBy(shopCartItems.createdAt, shopCartItems.id)
  return { wanted: rows.map((r) => ({ skuId: r.skuId, quantity: r.quantity })), cartIds: rows.map((r) => r.id) }
}

function problemOf(lines: SkuLine[], wantedCount: number, hasAddress: boolean, undeliverable: string[]): string {
  if (!wantedCount) return '请选择要结算的商品'
  if (lines.length < wantedCount) return '部分商品已不存在，请返回购物车重新选择'
  const bad = lines.find((l) => l.status !== 'ok')
  if (bad) return `${bad.name}${bad.specText ? `（${bad.specText}）` : ''}${bad.statusText}`
  const over = lines.find((l) => l.quantity > l.maxBuy)
  if (over) return `${over.name}每单最多购买 ${over.maxBuy} 件`
  if (!hasAddress) return '请添加收货地址'
  if (undeliverable.length) return `该地区不配送：${undeliverable.join('、')}，请更换收货地址或移除这些商品`
  return ''
}

type AddressRow = typeof shopAddresses.$inferSelect
type HeldCoupon = { uc: typeof shopUserCoupons.$inferSelect; c: typeof shopCoupons.$inferSelect }

/** A table's row from its JSON (`row_to_json`), each column read as drizzle reads it from its own query. */
function rowFromJson<T extends PgTable>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {}
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name]
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value)
  }
  return row as T['$inferSelect']
}

interface CheckoutReads {
  skus: SkuRow[]
  address: Record<string, unknown> | null
  held: { uc: Record<string, unknown>; c: Record<string, unknown> }[]
  freight: Record<string, unknown>[]
}

/**
 * The SKUs, the address (the one asked for, else the user's default), the unused coupons held now and the freight
 * templates of those goods plus the default one: one call of `checkout_reads` (migrations 0028 and 0034), whose
 * queries the database plans once per connection, instead of four statements (docs/scaling.md). Templates are read
 * fresh with every quote, so a console edit applies to the next one on every server process, with no cache to drop.
 */
async function readForQuote(
  db: Executor,
  userId: number,
  skuIds: number[],
  addressId: number | undefined,
  now: Date
): Promise<{ skus: SkuRow[]; address: AddressRow | undefined; held: HeldCoupon[]; templates: FreightTemplate[] }> {
  // `now` as ISO text, not a Date: it binds the same way on both drivers.
  const result = await db.execute(
    sql`select checkout_reads(${sql.param(skuIds)}, ${addressId ?? null}, ${userId}, ${now.toISOString()}) as r`
  )
  const read = (result as unknown as { rows: { r: CheckoutReads }[] }).rows[0].r
  return {
    skus: read.skus,
    address: read.address ? rowFromJson(shopAddresses, read.address) : undefined,
    held: read.held.map((h) => ({ uc: rowFromJson(shopUserCoupons, h.uc), c: rowFromJson(shopCoupons, h.c) })),
    templates: read.freight.map((f) => rowFromJson(freightTemplates, f))
  }
}

/** Everything the server decides about a checkout: the lines, address, coupons (best chosen) and totals. */
export async function buildQuote(db: Executor, userId: number, req: QuoteRequest, now = new Date()): Promise<Quote> {
  const { wanted, cartIds } = await wantedLines(db, userId, req)
  const read = await readForQuote(
    db,
    userId,
    wanted.map((w) => w.skuId),
    req.addressId,
    now
  )
  const lines = toSkuLines(wanted, read.skus)
  // Someone else's address is refused as such, as the address screens do.
  const address = req.addressId ? ownedAddress(read.address, userId) : read.address
  const { held, templates } = read
  const goodsAmount = lines.reduce((s, l) => s + l.amount, 0)
  const hasItems = lines.length > 0
  const region = address ? { provinceCode: address.provinceCode, cityCode: address.cityCode } : null
  const freightWith = (discount: number) => computeFreight(templates, lines, region, discount)
  const freightOf = (discount: number) => freightWith(discount).fee

  const names = await categoryNamesOf(
    db,
    held.map((h) => h.c)
  )
  const coupons: CouponOption[] = held.map(({ uc, c }) => {
    const notYet = uc.startAt > now
    const result = notYet ? { discount: 0, reason: '未到使用时间' } : couponDiscount(c, applicableAmount(c, lines))
    const pay = orderTotals(goodsAmount, result.discount, hasItems, freightOf)
    return {
      userCouponId: uc.id,
      couponName: c.name,
      view: {
        ...toUserCoupon(uc, c, names.get(c.id) ?? [], now),
        usable: !result.reason && pay.couponDiscount > 0,
        reason: result.reason,
        discount_amount: result.reason ? 0 : pay.couponDiscount
      }
    }
  })
  // Best first: the lowest amount to pay, then the coupon that expires soonest.
  const payWith = (o: CouponOption) => orderTotals(goodsAmount, o.view.discount_amount, hasItems, freightOf).payAmount
  coupons.sort(
    (a, b) =>
      Number(b.view.usable) - Number(a.view.usable) ||
      payWith(a) - payWith(b) ||
      a.view.expire_at.localeCompare(b.view.expire_at)
  )

  let chosen: CouponOption | undefined
  if (req.userCouponId === undefined) chosen = coupons.find((o) => o.view.usable)
  else if (req.userCouponId !== 0) {
    chosen = coupons.find((o) => o.userCouponId === req.userCouponId)
    if (!chosen) throw new AppError('优惠券不存在或已使用')
    if (!chosen.view.usable)
      throw new AppError(`该优惠券不可用于本订单${chosen.view.reason ? `：${chosen.view.reason}` : ''}`)
  }
  const totals = orderTotals(goodsAmount, chosen?.view.discount_amount ?? 0, hasItems, freightOf)
  const freight = freightWith(totals.couponDiscount)
  return {
    lines,
    cartIds,
    address,
    coupons,
    chosen,
    totals,
    freight,
    templates,
    problem: problemOf(lines, wanted.length, Boolean(address), freight.undeliverable)
  }
}

/** The quote as the confirm page shows it; the address's receiver is opened here, where it is shown. */
export function toPreview(q: Quote, publicUrl: string, cipher: DataCipher): BuyPreview {
  return {
    items: q.lines.map((l) => ({
      goods_id: l.goodsId,
      sku_id: l.skuId,
      name: l.name,
      image: assetUrl(publicUrl, l.image),
      spec_text: l.specText,
      price: l.price,
      quantity: l.quantity,
      amount: l.amount,
      status: l.status,
      status_text: l.statusText
    })),
    address: q.address ? toAddress(openAddressRow(cipher, q.address)) : null,
    goods_amount: q.totals.goodsAmount,
    freight: q.totals.freight,
    freight_text: q.freight.text,
    deliverable: !q.freight.undeliverable.length,
    free_freight_from: freeFreightFrom(q.templates),
    coupon_discount: q.totals.couponDiscount,
    user_coupon_id: q.chosen?.userCouponId ?? 0,
    pay_amount: q.totals.payAmount,
    coupons: q.coupons.map((o) => o.view),
    can_submit: !q.problem,
    problem: q.problem
  }
}
