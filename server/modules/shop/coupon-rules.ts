import type { CouponRule, CouponScope, CouponType, UserCouponStatus } from '../../../contract'
import type { shopCoupons } from '../../db/schema'

type CouponRow = typeof shopCoupons.$inferSelect

const yuan = (fen: number) => {
  const s = (fen / 100).toFixed(2)
  return s.replace(/\.?0+$/, '')
}

/** '满199减30', '无门槛减10', '满99享8.5折' — the headline a shopper reads. */
export function couponTitle(c: Pick<CouponRow, 'type' | 'amount' | 'discount' | 'minSpend'>): string {
  const threshold = c.minSpend > 0 ? `满${yuan(c.minSpend)}` : '无门槛'
  if (c.type === 'amount') return `${threshold}减${yuan(c.amount)}`
  const zhe = (c.discount / 10).toString()
  return `${threshold}${c.minSpend > 0 ? '享' : ''}${zhe}折`
}

export function scopeText(scope: CouponScope, categoryNames: string[]): string {
  if (scope === 'all') return '全场通用'
  if (scope === 'goods') return '限指定商品'
  return categoryNames.length ? `限${categoryNames.join('、')}类商品` : '限指定分类商品'
}

export function toCouponRule(c: CouponRow, categoryNames: string[]): CouponRule {
  return {
    coupon_id: c.id,
    name: c.name,
    type: c.type as CouponType,
    amount: c.type === 'amount' ? c.amount : 0,
    discount: c.type === 'discount' ? c.discount : 0,
    max_discount: c.type === 'discount' ? c.maxDiscount : 0,
    min_spend: c.minSpend,
    scope: c.scope,
    scope_text: scopeText(c.scope, categoryNames),
    title: couponTitle(c)
  }
}

/** A line of an order as coupons see it: the goods, its category and its top category. */
export interface CouponLine {
  goodsId: number
  categoryId: number
  topCategoryId: number
  amount: number
}

/** The part of the order the coupon applies to, fen. */
export function applicableAmount(c: Pick<CouponRow, 'scope' | 'scopeIds'>, lines: CouponLine[]): number {
  const ids = new Set(c.scopeIds)
  const applies = (l: CouponLine) =>
    c.scope === 'all' || (c.scope === 'goods' ? ids.has(l.goodsId) : ids.has(l.categoryId) || ids.has(l.topCategoryId))
  return lines.filter(applies).reduce((sum, l) => sum + l.amount, 0)
}

/** What the coupon takes off an applicable amount, or why it does not apply. */
export function couponDiscount(
  c: Pick<CouponRow, 'type' | 'amount' | 'discount' | 'maxDiscount' | 'minSpend'>,
  applicable: number
): { discount: number; reason: string } {
  if (applicable <= 0) return { discount: 0, reason: '订单中没有适用的商品' }
  if (applicable < c.minSpend) return { discount: 0, reason: `适用商品未满${yuan(c.minSpend)}元` }
  if (c.type === 'amount') return { discount: Math.min(c.amount, applicable), reason: '' }
  // Discount coupons round the saving down to the fen, so the shopper never pays less than the rate.
  const off = Math.floor((applicable * (100 - c.discount)) / 100)
  return { discount: c.maxDiscount > 0 ? Math.min(off, c.maxDiscount) : off, reason: '' }
}

export function userCouponStatus(status: 'unused' | 'used', expireAt: Date, now: Date): UserCouponStatus {
  if (status === 'used') return 'used'
  return expireAt.getTime() <= now.getTime() ? 'expired' : 'unused'
}

/** The window a coupon claimed now can be used in. */
export function claimedWindow(
  c: Pick<CouponRow, 'startAt' | 'endAt' | 'validDays'>,
  now: Date
): { startAt: Date; expireAt: Date } {
  if (c.validDays <= 0) return { startAt: c.startAt, expireAt: c.endAt }
  const end = new Date(now.getTime() + c.validDays * 24 * 3600 * 1000)
  return { startAt: now, expireAt: end < c.endAt ? end : c.endAt }
}
