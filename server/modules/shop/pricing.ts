import { FREE_FREIGHT_FROM_FEN, FREIGHT_FEN, MIN_PAY_FEN } from './constants'

/** Freight by the goods amount after coupons: free from FREE_FREIGHT_FROM_FEN. An empty order ships nothing. */
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

/** The totals of an order. The coupon never brings the goods below MIN_PAY_FEN. */
export function orderTotals(goodsAmount: number, discount: number, hasItems: boolean): Totals {
  const couponDiscount = Math.max(0, Math.min(discount, goodsAmount - MIN_PAY_FEN))
  const afterCoupon = goodsAmount - couponDiscount
  const freight = freightFor(afterCoupon, hasItems)
  return { goodsAmount, couponDiscount, freight, payAmount: afterCoupon + freight }
}
