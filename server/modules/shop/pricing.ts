import { FREE_FREIGHT_FROM_FEN, FREIGHT_FEN, MIN_PAY_FEN } from './constants'

/**
 * The built-in rule (¥8, free from ¥99 after coupons), the default template's starting point. Orders are priced by
 * their templates (`computeFreight` in ./freight.ts); this is what that gives for one default-template group.
 */
export function freightFor(amountAfterCoupon: number, hasItems: boolean): number {
  if (!hasItems) return 0
  return amountAfterCoupon >= FREE_FREIGHT_FROM_FEN ? 0 : FREIGHT_FEN
}

export interface Totals {
  goodsAmount: number
  couponDiscount: number
  freight: number
  payAmount: number
}

/**
 * The totals of an order. The coupon never brings the goods below MIN_PAY_FEN. `freightOf` prices the freight once
 * the coupon's share is known (free-shipping thresholds look at the amount after coupons).
 */
export function orderTotals(
  goodsAmount: number,
  discount: number,
  hasItems: boolean,
  freightOf: (couponDiscount: number) => number = (d) => freightFor(goodsAmount - d, hasItems)
): Totals {
  const couponDiscount = Math.max(0, Math.min(discount, goodsAmount - MIN_PAY_FEN))
  const afterCoupon = goodsAmount - couponDiscount
  const freight = hasItems ? freightOf(couponDiscount) : 0
  return { goodsAmount, couponDiscount, freight, payAmount: afterCoupon + freight }
}
