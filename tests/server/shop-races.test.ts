import './helpers/native-modules'

import { and, count, eq } from 'drizzle-orm'

import { payments, shopCategories, shopCoupons, shopOrders, shopSkus, shopUserCoupons } from '../../server/db/schema'
import { cancelUnpaid, sweepExpired } from '../../server/modules/shop/order-lifecycle'
import { seedGoods } from '../../server/seed/shop'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

// The races of the shop, run against the real database (PGlite here, PostgreSQL with scripts/pg-test.sh).

let ctx: TestContext
let categoryId: number
let seq = 0

async function makeSku(price: number, stock: number): Promise<number> {
  const goodsId = await ctx.database.db.transaction((tx) =>
    seedGoods(
      tx,
      {
        slug: `test-race-${++seq}`,
        category: 'test',
        name: `抢购商品${seq}`,
        subtitle: '',
        price,
        stock,
        sales: 0,
        daysAgo: 0,
        intro: [],
        params: []
      },
      categoryId
    )
  )
  const [sku] = await ctx.database.db.select({ id: shopSkus.id }).from(shopSkus).where(eq(shopSkus.goodsId, goodsId))
  return sku.id
}

const stockOf = async (skuId: number) =>
  (await ctx.database.db.select({ stock: shopSkus.stock }).from(shopSkus).where(eq(shopSkus.id, skuId)))[0].stock

async function buyer(name: string): Promise<{ token: string; addressId: number }> {
  const { token } = await login(ctx.app, name)
  const res = await call(
    ctx.app,
    'POST',
    '/api/user.address/add',
    {
      name: '李四',
      mobile: '13900139000',
      province_code: '310000',
      city_code: '310100',
      district_code: '310115',
      detail: '世纪大道100号'
    },
    token
  )
  return { token, addressId: res.data.detail.address_id }
}

const buy = (who: { token: string; addressId: number }, skuId: number, requestId: string) =>
  call(
    ctx.app,
    'POST',
    '/api/order.order/buy',
    {
      mode: 'buy_now',
      sku_id: skuId,
      quantity: 1,
      address_id: who.addressId,
      user_coupon_id: 0,
      request_id: requestId
    },
    who.token
  )

beforeAll(async () => {
  ctx = await createTestContext()
  const [c] = await ctx.database.db.insert(shopCategories).values({ slug: 'test-races-cat', name: '抢购' }).returning()
  categoryId = c.id
})

afterAll(async () => {
  await ctx.close()
})

test('50 concurrent orders for a SKU with stock 10: exactly 10 orders, stock 0, never negative', async () => {
  const skuId = await makeSku(990, 10)
  const buyers = await Promise.all(Array.from({ length: 50 }, (_, i) => buyer(`抢购者${i}`)))
  const results = await Promise.all(buyers.map((who, i) => buy(who, skuId, `race-stock-${i}-0001`)))
  const won = results.filter((r) => r.code === 1)
  expect(won).toHaveLength(10)
  expect(results.filter((r) => r.code !== 1).every((r) => r.code === 0 && /库存|售罄/.test(r.msg))).toBe(true)
  expect(await stockOf(skuId)).toBe(0)
  const [{ n }] = await ctx.database.db.select({ n: count() }).from(shopOrders).where(eq(shopOrders.status, 'to_pay'))
  expect(n).toBe(10)
})

test('a double submit with one request_id creates one order and reserves stock once', async () => {
  const skuId = await makeSku(1990, 5)
  const who = await buyer('双击者')
  const results = await Promise.all([1, 2, 3, 4].map(() => buy(who, skuId, 'race-double-submit-1')))
  expect(results.every((r) => r.code === 1)).toBe(true)
  expect(new Set(results.map((r) => r.data.order_id)).size).toBe(1)
  expect(await stockOf(skuId)).toBe(4)
})

test('one coupon claimed concurrently past its limits: one per user, never past the total', async () => {
  const now = Date.now()
  const base = {
    name: '限量券',
    type: 'amount' as const,
    amount: 500,
    minSpend: 0,
    startAt: new Date(now - 60_000),
    endAt: new Date(now + 86_400_000)
  }
  const [perUser] = await ctx.database.db
    .insert(shopCoupons)
    .values({ ...base, slug: 'race-per-user', total: 100, perUserLimit: 1 })
    .returning()
  const [scarce] = await ctx.database.db
    .insert(shopCoupons)
    .values({ ...base, slug: 'race-total', total: 3, perUserLimit: 5 })
    .returning()
  const { token, userId } = await login(ctx.app, '抢券者')
  const claims = await Promise.all(
    Array.from({ length: 6 }, () => call(ctx.app, 'POST', '/api/user.coupon/receive', { coupon_id: perUser.id }, token))
  )
  expect(claims.filter((r) => r.code === 1)).toHaveLength(1)
  expect(claims.filter((r) => r.code === 0).every((r) => r.msg === '每人限领 1 张')).toBe(true)
  const [{ n }] = await ctx.database.db
    .select({ n: count() })
    .from(shopUserCoupons)
    .where(and(eq(shopUserCoupons.couponId, perUser.id), eq(shopUserCoupons.userId, userId)))
  expect(n).toBe(1)

  const people = await Promise.all(Array.from({ length: 8 }, (_, i) => login(ctx.app, `抢券${i}`)))
  const rush = await Promise.all(
    people.map((p) => call(ctx.app, 'POST', '/api/user.coupon/receive', { coupon_id: scarce.id }, p.token))
  )
  expect(rush.filter((r) => r.code === 1)).toHaveLength(3)
  expect(rush.filter((r) => r.code === 0).every((r) => r.msg === '优惠券已被领完')).toBe(true)
  const [row] = await ctx.database.db
    .select({ claimed: shopCoupons.claimed })
    .from(shopCoupons)
    .where(eq(shopCoupons.id, scarce.id))
  expect(row.claimed).toBe(3)
})

test('a payment notice delivered 3 times marks the order paid once', async () => {
  const skuId = await makeSku(3300, 5)
  const who = await buyer('付款者')
  const order = (await buy(who, skuId, 'race-pay-notify-1')).data
  const pay = ctx.app.services.payments
  const outcomes = await Promise.all(
    [1, 2, 3].map(() =>
      pay.markPaid(order.payment.out_trade_no, { amountFen: order.pay_amount, providerTxnId: 'txn-race-1' })
    )
  )
  expect(outcomes.sort()).toEqual(['already_paid', 'already_paid', 'paid'])
  const d = (await call(ctx.app, 'GET', '/api/user.order/detail', { order_id: order.order_id }, who.token)).data.detail
  expect(d.status).toBe('to_ship')
  expect(d.timeline.filter((t: any) => t.title === '支付成功')).toHaveLength(1)
  const [p] = await ctx.database.db
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.outTradeNo, order.payment.out_trade_no))
  expect(p.status).toBe('paid')

  // The same through the sandbox cashier's confirm, three times at once: stock sold once, one event.
  const second = (await buy(who, skuId, 'race-pay-notify-2')).data
  const confirms = await Promise.all(
    [1, 2, 3].map(() =>
      call(ctx.app, 'POST', '/api/pay.sandbox/confirm', { out_trade_no: second.payment.out_trade_no }, who.token)
    )
  )
  expect(confirms.every((r) => r.code === 1)).toBe(true)
  const d2 = (await call(ctx.app, 'GET', '/api/user.order/detail', { order_id: second.order_id }, who.token)).data
    .detail
  expect(d2.timeline.filter((t: any) => t.title === '支付成功')).toHaveLength(1)
  const [sku] = await ctx.database.db
    .select({ sales: shopSkus.sales, stock: shopSkus.stock })
    .from(shopSkus)
    .where(eq(shopSkus.id, skuId))
  expect(sku).toEqual({ sales: 2, stock: 3 })
})

test('a cancelled order returns its stock and coupon exactly once, however many cancels race', async () => {
  const skuId = await makeSku(2500, 4)
  const who = await buyer('取消者')
  const [c] = await ctx.database.db
    .insert(shopCoupons)
    .values({
      slug: 'race-cancel-coupon',
      name: '取消测试券',
      type: 'amount',
      amount: 200,
      minSpend: 0,
      startAt: new Date(Date.now() - 60_000),
      endAt: new Date(Date.now() + 86_400_000),
      total: 10,
      perUserLimit: 1
    })
    .returning()
  const uc = (await call(ctx.app, 'POST', '/api/user.coupon/receive', { coupon_id: c.id }, who.token)).data.coupon
    .user_coupon_id
  const order = (
    await call(
      ctx.app,
      'POST',
      '/api/order.order/buy',
      {
        mode: 'buy_now',
        sku_id: skuId,
        quantity: 3,
        address_id: who.addressId,
        user_coupon_id: uc,
        request_id: 'race-cancel-1'
      },
      who.token
    )
  ).data
  expect(await stockOf(skuId)).toBe(1)
  await ctx.database.db
    .update(shopOrders)
    .set({ payDeadline: new Date(Date.now() - 1000) })
    .where(eq(shopOrders.id, order.order_id))
  // The user's cancel, the timer's sweep and an operator's cancel all at once.
  const outcomes = await Promise.all([
    call(ctx.app, 'POST', '/api/user.order/cancel', { order_id: order.order_id }, who.token),
    call(ctx.app, 'POST', '/api/user.order/cancel', { order_id: order.order_id }, who.token),
    sweepExpired(ctx.database.db),
    ctx.database.db.transaction((tx) => cancelUnpaid(tx, order.order_id, '超时未支付'))
  ])
  expect(outcomes.length).toBe(4)
  expect(await stockOf(skuId)).toBe(4)
  const [coupon] = await ctx.database.db.select().from(shopUserCoupons).where(eq(shopUserCoupons.id, uc))
  expect(coupon).toMatchObject({ status: 'unused', orderId: null })
  const d = (await call(ctx.app, 'GET', '/api/user.order/detail', { order_id: order.order_id }, who.token)).data.detail
  expect(d.status).toBe('cancelled')
  expect(d.timeline.filter((t: any) => t.title === '订单取消')).toHaveLength(1)
})

test('a payment racing the cancel: either paid or cancelled, never both', async () => {
  const skuId = await makeSku(1800, 2)
  const who = await buyer('赛跑者')
  const order = (await buy(who, skuId, 'race-pay-vs-cancel-1')).data
  const [paid, cancel] = await Promise.allSettled([
    ctx.app.services.payments.markPaid(order.payment.out_trade_no, {
      amountFen: order.pay_amount,
      providerTxnId: 'txn-race-2'
    }),
    call(ctx.app, 'POST', '/api/user.order/cancel', { order_id: order.order_id }, who.token)
  ])
  const d = (await call(ctx.app, 'GET', '/api/user.order/detail', { order_id: order.order_id }, who.token)).data.detail
  if (d.status === 'to_ship') {
    expect(await paymentStatus(order.payment.out_trade_no)).toBe('paid')
    expect(paid).toEqual({ status: 'fulfilled', value: 'paid' })
    expect(cancel.status === 'fulfilled' && cancel.value.msg).toBe('订单已支付，不能取消')
    expect(await stockOf(skuId)).toBe(1)
  } else {
    // The cancel closed the payment first: the money that still came is sent back, the order stays cancelled.
    expectCancelledAndRefunded(d, paid)
    expect(await paymentStatus(order.payment.out_trade_no)).toBe('refunded')
    expect(await stockOf(skuId)).toBe(2)
  }
})

test('money arriving just after the cancel goes back to the payer; the order stays cancelled', async () => {
  const skuId = await makeSku(1800, 2)
  const who = await buyer('晚到者')
  const order = (await buy(who, skuId, 'late-pay-after-cancel-1')).data
  expect((await call(ctx.app, 'POST', '/api/user.order/cancel', { order_id: order.order_id }, who.token)).code).toBe(1)
  const paid = await Promise.allSettled([
    ctx.app.services.payments.markPaid(order.payment.out_trade_no, {
      amountFen: order.pay_amount,
      providerTxnId: 'txn-late-1'
    })
  ])
  const d = (await call(ctx.app, 'GET', '/api/user.order/detail', { order_id: order.order_id }, who.token)).data.detail
  expectCancelledAndRefunded(d, paid[0])
  expect(await paymentStatus(order.payment.out_trade_no)).toBe('refunded')
  expect(await stockOf(skuId)).toBe(2)
})

function expectCancelledAndRefunded(detail: any, paid: PromiseSettledResult<string>): void {
  expect(detail.status).toBe('cancelled')
  expect(paid).toEqual({ status: 'fulfilled', value: 'returned' })
  const titles = detail.timeline.map((t: any) => t.title)
  expect(titles).not.toContain('支付成功')
  // The payer is told where the money went.
  expect(detail.timeline.filter((t: any) => t.title === '款项已退回')).toEqual([
    expect.objectContaining({ desc: `订单取消后到账的 ¥${(detail.pay_amount / 100).toFixed(2)} 已原路退回` })
  ])
  expect(titles.indexOf('款项已退回')).toBeGreaterThan(titles.indexOf('订单取消'))
}

async function paymentStatus(outTradeNo: string): Promise<string> {
  const [p] = await ctx.database.db
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.outTradeNo, outTradeNo))
  return p.status
}
