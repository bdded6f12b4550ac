import { newOutTradeNo } from '../../server/modules/payment/service'
import { newOrderNo } from '../../server/modules/shop/checkout'
import {
  applicableAmount,
  claimedWindow,
  couponDiscount,
  couponTitle,
  userCouponStatus
} from '../../server/modules/shop/coupon-rules'
import { lineStatus } from '../../server/modules/shop/lines'
import { freightFor, orderTotals } from '../../server/modules/shop/pricing'

// The shop's money rules as pure functions: amounts in fen.

describe('coupon rules', () => {
  const amount = { type: 'amount' as const, amount: 3000, discount: 0, maxDiscount: 0, minSpend: 19900 }
  const percent = { type: 'discount' as const, amount: 0, discount: 85, maxDiscount: 2000, minSpend: 9900 }

  test('titles read the way shoppers know them', () => {
    expect(couponTitle(amount)).toBe('满199减30')
    expect(couponTitle(percent)).toBe('满99享8.5折')
    expect(couponTitle({ ...amount, minSpend: 0, amount: 1050 })).toBe('无门槛减10.5')
    expect(couponTitle({ ...percent, minSpend: 0, discount: 90 })).toBe('无门槛9折')
  })

  test('discount: threshold, amount capped by what applies, percentage rounded down and capped', () => {
    expect(couponDiscount(amount, 19899)).toEqual({ discount: 0, reason: '适用商品未满199元' })
    expect(couponDiscount(amount, 19900)).toEqual({ discount: 3000, reason: '' })
    expect(couponDiscount({ ...amount, minSpend: 0, amount: 5000 }, 1200)).toEqual({ discount: 1200, reason: '' })
    // 99.99 yuan at 8.5折 saves 14.9985 yuan: 1499 fen, never 1500.
    expect(couponDiscount(percent, 9999)).toEqual({ discount: 1499, reason: '' })
    expect(couponDiscount(percent, 50000)).toEqual({ discount: 2000, reason: '' })
    expect(couponDiscount(percent, 0)).toEqual({ discount: 0, reason: '订单中没有适用的商品' })
  })

  test('scope: goods, categories (a top category covers its children) or everything', () => {
    const lines = [
      { goodsId: 1, categoryId: 11, topCategoryId: 10, amount: 1000 },
      { goodsId: 2, categoryId: 21, topCategoryId: 20, amount: 2000 },
      { goodsId: 3, categoryId: 10, topCategoryId: 10, amount: 4000 }
    ]
    expect(applicableAmount({ scope: 'all', scopeIds: [] }, lines)).toBe(7000)
    expect(applicableAmount({ scope: 'goods', scopeIds: [2, 3] }, lines)).toBe(6000)
    expect(applicableAmount({ scope: 'category', scopeIds: [10] }, lines)).toBe(5000)
    expect(applicableAmount({ scope: 'category', scopeIds: [21] }, lines)).toBe(2000)
  })

  test('status and window of a claimed coupon', () => {
    const now = new Date('2026-03-01T00:00:00Z')
    expect(userCouponStatus('unused', new Date('2026-03-02T00:00:00Z'), now)).toBe('unused')
    expect(userCouponStatus('unused', now, now)).toBe('expired')
    expect(userCouponStatus('used', new Date('2020-01-01T00:00:00Z'), now)).toBe('used')
    const c = { startAt: new Date('2026-01-01T00:00:00Z'), endAt: new Date('2026-03-05T00:00:00Z'), validDays: 7 }
    expect(claimedWindow(c, now)).toEqual({ startAt: now, expireAt: c.endAt })
    expect(claimedWindow({ ...c, validDays: 2 }, now).expireAt).toEqual(new Date('2026-03-03T00:00:00Z'))
    expect(claimedWindow({ ...c, validDays: 0 }, now)).toEqual({ startAt: c.startAt, expireAt: c.endAt })
  })
})

describe('totals', () => {
  test('freight 8 yuan below 99 yuan after coupons, free from 99', () => {
    expect(freightFor(9899, true)).toBe(800)
    expect(freightFor(9900, true)).toBe(0)
    expect(freightFor(0, false)).toBe(0)
    // 105 - 10 = 95 < 99: the coupon brings freight back.
    expect(orderTotals(10500, 1000, true)).toEqual({
      goodsAmount: 10500,
      couponDiscount: 1000,
      freight: 800,
      payAmount: 10300
    })
  })

  test('a coupon never brings the goods below 1 fen', () => {
    expect(orderTotals(500, 1000, true)).toEqual({
      goodsAmount: 500,
      couponDiscount: 499,
      freight: 800,
      payAmount: 801
    })
  })
})

test('line status: off shelf, sold out, short, ok', () => {
  expect(lineStatus(false, 5, 1)).toEqual({ status: 'off_shelf', statusText: '已下架' })
  expect(lineStatus(true, 0, 1)).toEqual({ status: 'sold_out', statusText: '已售罄' })
  expect(lineStatus(true, 2, 3)).toEqual({ status: 'short', statusText: '库存仅剩 2 件' })
  expect(lineStatus(true, 3, 3)).toEqual({ status: 'ok', statusText: '' })
})

test("order numbers: SO, China time to the second, 6 digits, whatever the server's zone", () => {
  // 19:04:05 UTC on 1 January is 03:04:05 on 2 January in China
  expect(newOrderNo(new Date(Date.UTC(2026, 0, 1, 19, 4, 5)))).toMatch(/^SO20260102030405\d{6}$/)
  expect(newOutTradeNo(new Date(Date.UTC(2026, 0, 1, 19, 4, 5)))).toMatch(/^20260102030405\d{10}$/)
})
