import './helpers/native-modules'

import { eq, sql } from 'drizzle-orm'

import { MSG_NOT_OWNER } from '../../server/core/envelope'
import {
  payments,
  shopCategories,
  shopCoupons,
  shopGoods,
  shopOrders,
  shopSkus,
  shopUserCoupons
} from '../../server/db/schema'
import { decideOrderAfterSale } from '../../server/modules/shop/after-sales'
import { shipOrder, sweepExpired } from '../../server/modules/shop/order-lifecycle'
import { type GoodsSeed, seedGoods } from '../../server/seed/shop'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

// Cart, checkout, payment and the order's whole life, on goods and coupons this file makes itself.

let ctx: TestContext
let a: { userId: number; token: string }
let b: { userId: number; token: string }
let categoryId: number
let seq = 0

const get = (url: string, params: Record<string, unknown> = {}, who = a) => call(ctx.app, 'GET', url, params, who.token)
const post = (url: string, params: Record<string, unknown> = {}, who = a) =>
  call(ctx.app, 'POST', url, params, who.token)

/** A good of this file with one SKU per entry; returns the SKU ids. */
async function makeGoods(
  skus: { price: number; stock: number; onShelf?: boolean }[],
  extra: Partial<GoodsSeed> = {}
): Promise<{ goodsId: number; skuIds: number[] }> {
  const slug = `test-orders-${++seq}`
  const def: GoodsSeed = {
    slug,
    category: 'test',
    name: `测试商品${seq}`,
    subtitle: '',
    sales: 0,
    daysAgo: 0,
    intro: ['测试'],
    params: [],
    ...(skus.length === 1 && !extra.specs
      ? { price: skus[0].price, stock: skus[0].stock }
      : {
          specs: [{ name: '规格', values: skus.map((_, i) => `款${i + 1}`) }],
          skus: skus.map((s, i) => ({ values: [`款${i + 1}`], ...s }))
        }),
    ...extra
  }
  const goodsId = await ctx.database.db.transaction((tx) => seedGoods(tx, def, categoryId))
  const rows = await ctx.database.db
    .select({ id: shopSkus.id })
    .from(shopSkus)
    .where(eq(shopSkus.goodsId, goodsId))
    .orderBy(shopSkus.id)
  return { goodsId, skuIds: rows.map((r) => r.id) }
}

async function stockOf(skuId: number): Promise<number> {
  const [r] = await ctx.database.db.select({ stock: shopSkus.stock }).from(shopSkus).where(eq(shopSkus.id, skuId))
  return r.stock
}

async function addAddress(who = a): Promise<number> {
  const res = await post(
    '/api/user.address/add',
    {
      name: '张三',
      mobile: '13800138000',
      province_code: '110000',
      city_code: '110100',
      district_code: '110105',
      detail: '建国路88号院3号楼'
    },
    who
  )
  expect(res.code).toBe(1)
  return res.data.detail.address_id
}

async function makeCoupon(values: Partial<typeof shopCoupons.$inferInsert>): Promise<number> {
  const [c] = await ctx.database.db
    .insert(shopCoupons)
    .values({
      slug: `test-coupon-${++seq}`,
      name: '测试券',
      type: 'amount',
      amount: 1000,
      minSpend: 0,
      startAt: new Date(Date.now() - 3600_000),
      endAt: new Date(Date.now() + 86400_000),
      total: 100,
      perUserLimit: 1,
      ...values
    })
    .returning()
  return c.id
}

async function claim(couponId: number, who = a): Promise<number> {
  const res = await post('/api/user.coupon/receive', { coupon_id: couponId }, who)
  expect(res.code).toBe(1)
  return res.data.coupon.user_coupon_id
}

let rid = 0
const requestId = () => `req-orders-${Date.now()}-${++rid}`

async function buyNow(
  skuId: number,
  quantity: number,
  addressId: number,
  extra: Record<string, unknown> = {},
  who = a
) {
  return post(
    '/api/order.order/buy',
    {
      mode: 'buy_now',
      sku_id: skuId,
      quantity,
      address_id: addressId,
      request_id: requestId(),
      user_coupon_id: 0,
      ...extra
    },
    who
  )
}

async function payInSandbox(outTradeNo: string, who = a) {
  const res = await post('/api/pay.sandbox/confirm', { out_trade_no: outTradeNo }, who)
  expect(res.code).toBe(1)
}

beforeAll(async () => {
  ctx = await createTestContext()
  a = await login(ctx.app, '订单甲')
  b = await login(ctx.app, '订单乙')
  const [c] = await ctx.database.db
    .insert(shopCategories)
    .values({ slug: 'test-orders-cat', name: '测试分类' })
    .returning()
  categoryId = c.id
})

afterAll(async () => {
  await ctx.close()
})

describe('cart', () => {
  test('add, edit, select, select all, delete; totals from the server', async () => {
    const { skuIds } = await makeGoods([
      { price: 1250, stock: 5 },
      { price: 3000, stock: 2 }
    ])
    let res = await post('/api/order.cart/add', { sku_id: skuIds[0], quantity: 2 })
    expect(res.code).toBe(1)
    res = await post('/api/order.cart/add', { sku_id: skuIds[0], quantity: 1 })
    expect(res.data.list).toHaveLength(1)
    expect(res.data.list[0]).toMatchObject({ quantity: 3, price: 1250, status: 'ok', selected: true })
    res = await post('/api/order.cart/add', { sku_id: skuIds[1] })
    expect(res.data.summary).toEqual({
      count: 2,
      quantity: 4,
      selected_quantity: 4,
      selected_amount: 3 * 1250 + 3000,
      all_selected: true,
      // No address yet: the default template's rule, ¥8 below ¥99.
      freight: 800,
      freight_text: '首件¥8，满99元包邮（以收货地址为准）'
    })

    const line1 = res.data.list.find((l: any) => l.sku_id === skuIds[1]).cart_id
    res = await post('/api/order.cart/edit', { cart_id: line1, quantity: 3 })
    expect(res).toMatchObject({ code: 0, msg: '库存仅剩 2 件' })
    res = await post('/api/order.cart/select', { cart_id: line1, selected: false })
    expect(res.data.summary).toMatchObject({ selected_quantity: 3, selected_amount: 3750, all_selected: false })
    res = await post('/api/order.cart/selectAll', { selected: true })
    expect(res.data.summary.all_selected).toBe(true)
    res = await post('/api/order.cart/selectAll', { selected: false })
    expect(res.data.summary).toMatchObject({ selected_quantity: 0, selected_amount: 0 })

    // Someone else's line is invisible to them and untouched by their delete.
    expect((await get('/api/order.cart/lists', {}, b)).data.list).toHaveLength(0)
    expect((await post('/api/order.cart/edit', { cart_id: line1, quantity: 1 }, b)).code).toBe(0)
    await post('/api/order.cart/delete', { cart_ids: [line1] }, b)
    expect((await get('/api/order.cart/lists')).data.list).toHaveLength(2)

    res = await post('/api/order.cart/delete', { cart_ids: res.data.list.map((l: any) => l.cart_id) })
    expect(res.data).toEqual({
      list: [],
      summary: {
        count: 0,
        quantity: 0,
        selected_quantity: 0,
        selected_amount: 0,
        all_selected: false,
        freight: 0,
        freight_text: ''
      }
    })
  })

  test('off-shelf and sold-out SKUs are shown as such and cannot be selected or bought', async () => {
    const { skuIds } = await makeGoods([
      { price: 500, stock: 3 },
      { price: 600, stock: 1 }
    ])
    await post('/api/order.cart/add', { sku_id: skuIds[0] })
    await post('/api/order.cart/add', { sku_id: skuIds[1] })
    await ctx.database.db.update(shopSkus).set({ onShelf: false }).where(eq(shopSkus.id, skuIds[0]))
    await ctx.database.db.update(shopSkus).set({ stock: 0 }).where(eq(shopSkus.id, skuIds[1]))
    let res = await get('/api/order.cart/lists')
    const bySku = (id: number) => res.data.list.find((l: any) => l.sku_id === id)
    expect(bySku(skuIds[0])).toMatchObject({ status: 'off_shelf', status_text: '已下架' })
    expect(bySku(skuIds[1])).toMatchObject({ status: 'sold_out', status_text: '已售罄' })
    expect(res.data.summary).toMatchObject({ selected_quantity: 0, selected_amount: 0, all_selected: false })
    expect((await post('/api/order.cart/select', { cart_id: bySku(skuIds[0]).cart_id, selected: true })).msg).toBe(
      '该商品已下架，无法结算'
    )
    expect((await post('/api/order.cart/add', { sku_id: skuIds[1] })).msg).toBe('该商品已售罄')
    const addressId = await addAddress()
    const preview = await get('/api/order.order/buy', { mode: 'cart', address_id: addressId })
    expect(preview.data.preview).toMatchObject({ can_submit: false })
    expect(preview.data.preview.problem).toMatch(/已下架|已售罄/)
    res = await post('/api/order.order/buy', { mode: 'cart', address_id: addressId, request_id: requestId() })
    expect(res.code).toBe(0)
    await post('/api/order.cart/delete', {
      cart_ids: res.code === 0 ? (await get('/api/order.cart/lists')).data.list.map((l: any) => l.cart_id) : []
    })
  })

  test('bad input names the field and writes nothing', async () => {
    expect((await post('/api/order.cart/add', { sku_id: 'x' })).msg).toBe('商品规格格式不正确')
    expect((await post('/api/order.cart/add', { sku_id: 1, quantity: 0 })).msg).toBe('数量至少 1 件')
    expect((await post('/api/order.cart/edit', { cart_id: 1 })).msg).toBe('数量不能为空')
    expect((await post('/api/order.cart/select', { cart_id: 1, selected: 'maybe' })).msg).toBe('选中状态格式不正确')
    expect((await post('/api/order.cart/delete', { cart_ids: [] })).msg).toBe('请选择购物车商品')
    expect((await get('/api/order.cart/lists')).data.list).toHaveLength(0)
    expect((await call(ctx.app, 'GET', '/api/order.cart/lists')).code).toBe(-9999)
  })
})

describe('checkout', () => {
  test('preview: items, default address, freight, best coupon chosen, total — all computed on the server', async () => {
    const { skuIds } = await makeGoods([{ price: 4500, stock: 10 }])
    const small = await makeCoupon({ amount: 500 })
    const big = await makeCoupon({ amount: 2000, minSpend: 10000 })
    const percent = await makeCoupon({ type: 'discount', amount: 0, discount: 80, maxDiscount: 1500, minSpend: 0 })
    const ids = [await claim(small), await claim(big), await claim(percent)]
    await addAddress()

    // 2 × 45.00 = 90.00: below 99 so freight 8.00; the 100-minimum coupon does not apply; 8折 takes 18.00 capped to
    // 15.00.
    let p = (await get('/api/order.order/buy', { mode: 'buy_now', sku_id: skuIds[0], quantity: 2 })).data.preview
    expect(p).toMatchObject({
      goods_amount: 9000,
      freight: 800,
      coupon_discount: 1500,
      pay_amount: 9000 - 1500 + 800,
      can_submit: true,
      problem: ''
    })
    expect(p.address.is_default).toBe(true)
    expect(p.user_coupon_id).toBe(ids[2])
    expect(p.items).toEqual([
      expect.objectContaining({ sku_id: skuIds[0], price: 4500, quantity: 2, amount: 9000, status: 'ok' })
    ])
    const bigView = p.coupons.find((c: any) => c.user_coupon_id === ids[1])
    expect(bigView).toMatchObject({ usable: false, reason: '适用商品未满100元', discount_amount: 0 })
    expect(p.coupons[p.coupons.length - 1].user_coupon_id).toBe(ids[1])

    // 3 × 45.00 = 135.00: the 20.00 coupon now wins, and the total is over 99 so shipping is free.
    p = (await get('/api/order.order/buy', { mode: 'buy_now', sku_id: skuIds[0], quantity: 3 })).data.preview
    expect(p).toMatchObject({
      goods_amount: 13500,
      coupon_discount: 2000,
      freight: 0,
      pay_amount: 11500,
      user_coupon_id: ids[1]
    })

    // An explicit choice, and "no coupon".
    p = (await get('/api/order.order/buy', { mode: 'buy_now', sku_id: skuIds[0], quantity: 3, user_coupon_id: ids[0] }))
      .data.preview
    expect(p).toMatchObject({ coupon_discount: 500, pay_amount: 13000 })
    p = (await get('/api/order.order/buy', { mode: 'buy_now', sku_id: skuIds[0], quantity: 3, user_coupon_id: 0 })).data
      .preview
    expect(p).toMatchObject({ coupon_discount: 0, pay_amount: 13500, user_coupon_id: 0 })
    expect(
      (await get('/api/order.order/buy', { mode: 'buy_now', sku_id: skuIds[0], quantity: 1, user_coupon_id: ids[1] }))
        .msg
    ).toBe('该优惠券不可用于本订单：适用商品未满100元')
    // Another user's coupon cannot be chosen.
    expect(
      (
        await get(
          '/api/order.order/buy',
          { mode: 'buy_now', sku_id: skuIds[0], quantity: 3, user_coupon_id: ids[1] },
          b
        )
      ).msg
    ).toBe('优惠券不存在或已使用')
  })

  test('each preview reads the goods, the address and the coupons as they are at that moment', async () => {
    const c = await login(ctx.app, '订单丙')
    const { goodsId, skuIds } = await makeGoods([{ price: 3000, stock: 5 }])
    const couponId = await makeCoupon({ amount: 1000 })
    const held = await claim(couponId, c)
    const preview = async (params: Record<string, unknown> = {}) =>
      get('/api/order.order/buy', { mode: 'buy_now', sku_id: skuIds[0], quantity: 1, ...params }, c)

    // No address yet: the coupon still applies, but the order cannot be placed.
    let p = (await preview()).data.preview
    expect(p).toMatchObject({ address: null, can_submit: false, problem: '请添加收货地址', user_coupon_id: held })
    expect(p).toMatchObject({ goods_amount: 3000, coupon_discount: 1000, pay_amount: 3000 - 1000 + 800 })

    // The default address unless another of one's own is asked for; someone else's or a missing one is refused.
    const first = await addAddress(c)
    const second = await addAddress(c)
    expect((await preview()).data.preview.address.address_id).toBe(first)
    expect((await post('/api/user.address/setDefault', { address_id: second }, c)).code).toBe(1)
    expect((await preview()).data.preview.address).toMatchObject({ address_id: second, is_default: true })
    p = (await preview({ address_id: first })).data.preview
    expect(p).toMatchObject({ address: { address_id: first, is_default: false }, can_submit: true })
    expect((await preview({ address_id: await addAddress(b) })).msg).toBe(MSG_NOT_OWNER)
    expect((await preview({ address_id: 2_000_000_000 })).msg).toBe('收货地址不存在')

    // The operator raises the coupon's minimum: listed, not usable, not chosen.
    await ctx.database.db.update(shopCoupons).set({ minSpend: 5000 }).where(eq(shopCoupons.id, couponId))
    p = (await preview()).data.preview
    expect(p).toMatchObject({ coupon_discount: 0, user_coupon_id: 0, pay_amount: 3800 })
    expect(p.coupons).toEqual([expect.objectContaining({ user_coupon_id: held, usable: false, discount_amount: 0 })])
    // Past its expiry it is not offered at all.
    await ctx.database.db
      .update(shopUserCoupons)
      .set({ expireAt: new Date(Date.now() - 1000) })
      .where(eq(shopUserCoupons.id, held))
    expect((await preview()).data.preview.coupons).toEqual([])

    // A new price, then no stock, then off the shelf; an unknown SKU.
    await ctx.database.db.update(shopSkus).set({ price: 12000 }).where(eq(shopSkus.id, skuIds[0]))
    expect((await preview()).data.preview).toMatchObject({ goods_amount: 12000, freight: 0, pay_amount: 12000 })
    expect((await preview({ quantity: 6 })).data.preview.items[0]).toMatchObject({ status: 'short' })
    await ctx.database.db.update(shopSkus).set({ stock: 0 }).where(eq(shopSkus.id, skuIds[0]))
    p = (await preview()).data.preview
    expect(p.items[0]).toMatchObject({ status: 'sold_out', status_text: '已售罄' })
    expect(p).toMatchObject({ can_submit: false, problem: expect.stringContaining('已售罄') })
    await ctx.database.db.update(shopGoods).set({ onShelf: false }).where(eq(shopGoods.id, goodsId))
    expect((await preview()).data.preview.items[0]).toMatchObject({ status: 'off_shelf' })
    p = (await preview({ sku_id: 2_000_000_000 })).data.preview
    expect(p).toMatchObject({ items: [], can_submit: false, problem: '部分商品已不存在，请返回购物车重新选择' })
  })

  test('create: prices from the server, stock reserved, coupon used, same request_id makes one order', async () => {
    const { skuIds } = await makeGoods([{ price: 6000, stock: 5 }])
    const coupon = await claim(await makeCoupon({ amount: 1000 }))
    const addressId = await addAddress()
    const body = {
      mode: 'buy_now',
      sku_id: skuIds[0],
      quantity: 2,
      address_id: addressId,
      user_coupon_id: coupon,
      request_id: requestId(),
      price: 1,
      pay_amount: 1
    }
    const first = await post('/api/order.order/buy', body)
    expect(first.code).toBe(1)
    expect(first.data).toMatchObject({ pay_amount: 12000 - 1000, pay_error: '' })
    expect(first.data.payment).toMatchObject({ amount_fen: 11000, provider: 'sandbox' })
    const again = await post('/api/order.order/buy', body)
    expect(again.data.order_id).toBe(first.data.order_id)
    expect(again.data.payment.out_trade_no).toBe(first.data.payment.out_trade_no)
    expect(await stockOf(skuIds[0])).toBe(3)
    const [uc] = await ctx.database.db.select().from(shopUserCoupons).where(eq(shopUserCoupons.id, coupon))
    expect(uc).toMatchObject({ status: 'used', orderId: first.data.order_id })
    // A used coupon cannot serve a second order.
    expect((await buyNow(skuIds[0], 1, addressId, { user_coupon_id: coupon })).msg).toBe('优惠券不存在或已使用')
  })

  test('create refuses what the server would not sell', async () => {
    const { skuIds } = await makeGoods([{ price: 1000, stock: 2 }], { maxBuy: 3 })
    const addressId = await addAddress()
    expect((await buyNow(skuIds[0], 3, addressId)).msg).toMatch(/库存仅剩 2 件/)
    expect((await buyNow(skuIds[0], 1, addressId, { expected_amount: 999 })).msg).toBe(
      '商品价格或优惠已变化，请确认后重新提交'
    )
    expect((await buyNow(skuIds[0], 1, addressId, {}, b)).msg).toBe(MSG_NOT_OWNER)
    expect(
      (
        await post('/api/order.order/buy', {
          mode: 'buy_now',
          sku_id: skuIds[0],
          address_id: addressId,
          request_id: 'short'
        })
      ).msg
    ).toBe('下单请求格式不正确')
    expect(
      (await post('/api/order.order/buy', { mode: 'buy_now', sku_id: skuIds[0], request_id: requestId() })).msg
    ).toBe('收货地址不能为空')
    expect(
      (await post('/api/order.order/buy', { mode: 'buy_now', address_id: addressId, request_id: requestId() })).msg
    ).toBe('请选择商品规格')
    expect(
      (await post('/api/order.order/buy', { mode: 'later', address_id: addressId, request_id: requestId() })).msg
    ).toBe('方式不正确')
    expect(await stockOf(skuIds[0])).toBe(2)
  })

  test('cart checkout buys the selected lines and empties them from the cart', async () => {
    const { skuIds } = await makeGoods([
      { price: 2000, stock: 9 },
      { price: 3000, stock: 9 }
    ])
    const addressId = await addAddress()
    await post('/api/order.cart/add', { sku_id: skuIds[0], quantity: 2 })
    const cart = await post('/api/order.cart/add', { sku_id: skuIds[1], quantity: 1 })
    await post('/api/order.cart/select', {
      cart_id: cart.data.list.find((l: any) => l.sku_id === skuIds[1]).cart_id,
      selected: false
    })
    const res = await post('/api/order.order/buy', {
      mode: 'cart',
      address_id: addressId,
      request_id: requestId(),
      user_coupon_id: 0
    })
    expect(res.data.pay_amount).toBe(4000 + 800)
    const left = (await get('/api/order.cart/lists')).data.list
    expect(left.map((l: any) => l.sku_id)).toEqual([skuIds[1]])
    await post('/api/order.cart/delete', { cart_ids: left.map((l: any) => l.cart_id) })
  })
})

describe('orders', () => {
  test('pay, ship, confirm receipt: lists by status and a timeline', async () => {
    const { goodsId, skuIds } = await makeGoods([{ price: 12000, stock: 4 }])
    const addressId = await addAddress()
    const order = (await buyNow(skuIds[0], 1, addressId, { remark: '请用顺丰' })).data
    let list = await get('/api/user.order/lists', { status: 'to_pay' })
    expect(list.data.list.map((o: any) => o.order_id)).toContain(order.order_id)
    expect(list.data.list.find((o: any) => o.order_id === order.order_id)).toMatchObject({
      status: 'to_pay',
      status_text: '待付款',
      can_pay: true,
      can_cancel: true,
      can_refund: false
    })

    await payInSandbox(order.payment.out_trade_no)
    let d = (await get('/api/user.order/detail', { order_id: order.order_id })).data.detail
    expect(d).toMatchObject({
      status: 'to_ship',
      status_text: '待发货',
      can_pay: false,
      can_refund: true,
      remark: '请用顺丰',
      goods_amount: 12000,
      freight: 0,
      pay_amount: 12000
    })
    expect(d.address).toMatchObject({ name: '张三', full_address: '北京市朝阳区建国路88号院3号楼' })
    const [goods] = await ctx.database.db
      .select({ sales: shopGoods.sales })
      .from(shopGoods)
      .where(eq(shopGoods.id, goodsId))
    expect(goods.sales).toBe(1)
    expect((await get('/api/user.order/lists', { status: 'to_ship' })).data.list.map((o: any) => o.order_id)).toContain(
      order.order_id
    )
    expect((await post('/api/user.order/receipt', { order_id: order.order_id })).msg).toBe('订单不是待收货状态')
    expect((await post('/api/user.order/pay', { order_id: order.order_id })).msg).toBe('订单已支付')
    expect((await post('/api/user.order/cancel', { order_id: order.order_id })).msg).toBe('订单已支付，不能取消')

    await shipOrder(ctx.database.db, ctx.app.services.notify, d.order_no, { company: '顺丰速运', no: 'SF1234567890' })
    await expect(
      shipOrder(ctx.database.db, ctx.app.services.notify, d.order_no, { company: '顺丰速运', no: 'SF1234567890' })
    ).rejects.toThrow('该订单不是待发货状态')
    d = (await post('/api/user.order/receipt', { order_id: order.order_id })).data.detail
    expect(d).toMatchObject({
      status: 'done',
      status_text: '已完成',
      express_company: '顺丰速运',
      express_no: 'SF1234567890'
    })
    expect(d.timeline.map((t: any) => t.title)).toEqual(['提交订单', '支付成功', '已发货', '确认收货'])
    list = await get('/api/user.order/lists', { status: 'done' })
    expect(list.data.list.map((o: any) => o.order_id)).toContain(order.order_id)

    // Another user sees none of it: a link to it says whose it is.
    expect((await get('/api/user.order/detail', { order_id: order.order_id }, b)).msg).toBe(MSG_NOT_OWNER)
    expect((await post('/api/user.order/receipt', { order_id: order.order_id }, b)).msg).toBe(MSG_NOT_OWNER)
    expect((await get('/api/user.order/lists', { status: 'all' }, b)).data.total).toBe(0)
  })

  test('cancel returns stock and coupon once; pay again after a closed payment', async () => {
    const { skuIds } = await makeGoods([{ price: 3000, stock: 6 }])
    const coupon = await claim(await makeCoupon({ amount: 300 }))
    const addressId = await addAddress()
    const order = (await buyNow(skuIds[0], 2, addressId, { user_coupon_id: coupon })).data
    expect(await stockOf(skuIds[0])).toBe(4)
    // The sandbox cashier failed: paying again opens a new payment.
    await post('/api/pay.sandbox/fail', { out_trade_no: order.payment.out_trade_no })
    const again = await post('/api/user.order/pay', { order_id: order.order_id })
    expect(again.data.out_trade_no).not.toBe(order.payment.out_trade_no)
    expect(again.data.amount_fen).toBe(6000 - 300 + 800)

    const d = (await post('/api/user.order/cancel', { order_id: order.order_id })).data.detail
    expect(d).toMatchObject({ status: 'cancelled', cancel_reason: '用户取消', can_pay: false })
    expect((await post('/api/user.order/cancel', { order_id: order.order_id })).msg).toBe('订单已取消')
    expect(await stockOf(skuIds[0])).toBe(6)
    const [uc] = await ctx.database.db.select().from(shopUserCoupons).where(eq(shopUserCoupons.id, coupon))
    expect(uc).toMatchObject({ status: 'unused', orderId: null })
    // The open payment was closed with the order, so it can no longer be paid.
    expect((await post('/api/pay.sandbox/confirm', { out_trade_no: again.data.out_trade_no })).msg).toBe('支付单已关闭')
    expect((await post('/api/user.order/pay', { order_id: order.order_id })).msg).toBe('订单已取消，请重新下单')
  })

  test('an unpaid order is cancelled after its deadline: by the sweep and on read', async () => {
    const { skuIds } = await makeGoods([{ price: 1500, stock: 3 }])
    const addressId = await addAddress()
    const one = (await buyNow(skuIds[0], 1, addressId)).data
    const two = (await buyNow(skuIds[0], 1, addressId)).data
    expect(await stockOf(skuIds[0])).toBe(1)
    const past = new Date(Date.now() - 1000)
    await ctx.database.db
      .update(shopOrders)
      .set({ payDeadline: past })
      .where(sql`${shopOrders.id} in (${one.order_id}, ${two.order_id})`)
    // On read: the list closes this user's overdue orders before answering.
    const list = await get('/api/user.order/lists', { status: 'to_pay' })
    expect(list.data.list.map((o: any) => o.order_id)).not.toContain(one.order_id)
    expect(await stockOf(skuIds[0])).toBe(3)
    expect(await sweepExpired(ctx.database.db)).toBe(0)
    const d = (await get('/api/user.order/detail', { order_id: one.order_id })).data.detail
    expect(d).toMatchObject({ status: 'cancelled', cancel_reason: '超时未支付' })
    expect(d.timeline.map((t: any) => t.title)).toEqual(['提交订单', '订单取消'])

    // The sweep on its own (the timer's job).
    const three = (await buyNow(skuIds[0], 2, addressId)).data
    await ctx.database.db.update(shopOrders).set({ payDeadline: past }).where(eq(shopOrders.id, three.order_id))
    expect(await sweepExpired(ctx.database.db)).toBe(1)
    expect(await stockOf(skuIds[0])).toBe(3)
  })

  test('refund: apply with a reason, then the operator approves or rejects', async () => {
    const { skuIds } = await makeGoods([{ price: 5000, stock: 5 }])
    const addressId = await addAddress()
    const order = (await buyNow(skuIds[0], 2, addressId)).data
    expect((await post('/api/user.order/refund', { order_id: order.order_id, reason: '不想要了' })).msg).toBe(
      '订单未支付'
    )
    await payInSandbox(order.payment.out_trade_no)
    expect((await post('/api/user.order/refund', { order_id: order.order_id, reason: '' })).msg).toBe(
      '请填写退款原因（至少 2 个字）'
    )
    let d = (await post('/api/user.order/refund', { order_id: order.order_id, reason: '拍错了/不想要了' })).data.detail
    expect(d).toMatchObject({ status: 'to_ship', status_text: '退款中', refund_status: 'applied', can_refund: false })
    expect(d.refund).toMatchObject({ status: 'applied', reason: '拍错了/不想要了', reply: '' })
    expect((await post('/api/user.order/refund', { order_id: order.order_id, reason: '再申请' })).msg).toBe(
      '已提交售后申请，请等待处理'
    )
    expect(
      (await get('/api/user.order/lists', { status: 'after_sale' })).data.list.map((o: any) => o.order_id)
    ).toContain(order.order_id)
    await expect(
      shipOrder(ctx.database.db, ctx.app.services.notify, d.order_no, { company: '中通快递', no: 'ZT1' })
    ).rejects.toThrow('该订单正在申请退款，请先处理退款')

    // Rejected: the order goes on and may be shipped.
    await decideOrderAfterSale(ctx.database.db, ctx.app.services.payments, ctx.app.services.notify, d.order_no, {
      approve: false,
      reply: '商品已打包'
    })
    d = (await get('/api/user.order/detail', { order_id: order.order_id })).data.detail
    expect(d).toMatchObject({ status: 'to_ship', refund_status: 'rejected', can_refund: true })
    expect(d.refund.reply).toBe('商品已打包')

    // Applied again and approved before shipping: refunded, stock back, payment refunded.
    await post('/api/user.order/refund', { order_id: order.order_id, reason: '发货太慢' })
    await decideOrderAfterSale(ctx.database.db, ctx.app.services.payments, ctx.app.services.notify, d.order_no, {
      approve: true
    })
    await expect(
      decideOrderAfterSale(ctx.database.db, ctx.app.services.payments, ctx.app.services.notify, d.order_no, {
        approve: true
      })
    ).rejects.toThrow('该订单已退款')
    d = (await get('/api/user.order/detail', { order_id: order.order_id })).data.detail
    expect(d).toMatchObject({ status: 'refunded', status_text: '已退款', refund_status: 'refunded', can_refund: false })
    expect(d.timeline.map((t: any) => t.title)).toEqual([
      '提交订单',
      '支付成功',
      '申请退款',
      '退款被拒绝',
      '申请退款',
      '退款成功'
    ])
    expect(await stockOf(skuIds[0])).toBe(5)
    // Two units sold and given back: 销量 counts what was kept.
    const [sku] = await ctx.database.db.select().from(shopSkus).where(eq(shopSkus.id, skuIds[0]))
    const [goods] = await ctx.database.db.select().from(shopGoods).where(eq(shopGoods.id, sku.goodsId))
    expect([sku.sales, goods.sales]).toEqual([0, 0])
    const [p] = await ctx.database.db
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.outTradeNo, order.payment.out_trade_no))
    expect(p.status).toBe('refunded')
  })

  test('counts and list paging; bad input', async () => {
    const counts = await get('/api/user.order/counts')
    expect(counts.code).toBe(1)
    expect(Object.keys(counts.data).sort()).toEqual(['after_sale', 'to_pay', 'to_receive', 'to_ship'])
    const all = await get('/api/user.order/lists', { page: 1, per_page: 2 })
    expect(all.data).toMatchObject({ page: 1, per_page: 2 })
    expect(all.data.list.length).toBeLessThanOrEqual(2)
    expect(all.data.last_page).toBe(Math.max(1, Math.ceil(all.data.total / 2)))
    expect((await get('/api/user.order/lists', { status: 'shipping' })).msg).toBe('状态不正确')
    expect((await get('/api/user.order/detail', { order_id: 'abc' })).msg).toBe('订单格式不正确')
    expect((await post('/api/user.order/cancel', {})).msg).toBe('订单不能为空')
    expect((await post('/api/user.order/refund', { order_id: 1, reason: 'x'.repeat(201) })).msg).toBe(
      '退款原因不能超过 200 个字'
    )
  })
})

describe('limits, coupons at checkout and other people’s orders', () => {
  test('the per-order limit holds in the cart and at checkout; the pay deadline is 30 minutes', async () => {
    const { skuIds } = await makeGoods([{ price: 1000, stock: 50 }], { maxBuy: 3 })
    const addressId = await addAddress()
    expect((await post('/api/order.cart/add', { sku_id: skuIds[0], quantity: 4 })).msg).toBe('每单最多购买 3 件')
    await post('/api/order.cart/add', { sku_id: skuIds[0], quantity: 3 })
    expect((await post('/api/order.cart/add', { sku_id: skuIds[0], quantity: 1 })).msg).toBe('每单最多购买 3 件')
    const line = (await get('/api/order.cart/lists')).data.list.find((l: any) => l.sku_id === skuIds[0])
    expect(line).toMatchObject({ quantity: 3, max_buy: 3 })
    expect((await post('/api/order.cart/edit', { cart_id: line.cart_id, quantity: 4 })).msg).toBe('每单最多购买 3 件')
    await post('/api/order.cart/delete', { cart_ids: [line.cart_id] })

    const preview = (await get('/api/order.order/buy', { mode: 'buy_now', sku_id: skuIds[0], quantity: 4 })).data
      .preview
    expect(preview).toMatchObject({ can_submit: false, problem: `测试商品${seq}每单最多购买 3 件` })
    expect((await buyNow(skuIds[0], 4, addressId)).msg).toBe(`测试商品${seq}每单最多购买 3 件`)
    expect(await stockOf(skuIds[0])).toBe(50)

    const order = (await buyNow(skuIds[0], 3, addressId)).data
    const d = (await get('/api/user.order/detail', { order_id: order.order_id })).data.detail
    // The deadline is set by the server's clock, the creation time by the database's: a few ms apart.
    expect(
      Math.abs(new Date(d.pay_deadline).getTime() - new Date(d.created_at).getTime() - 30 * 60 * 1000)
    ).toBeLessThan(1000)
    expect(d).toMatchObject({ can_pay: true, can_cancel: true })
    await post('/api/user.order/cancel', { order_id: order.order_id })
  })

  test('coupons apply to their goods or categories in their window; listed as used; restored on cancel', async () => {
    // A buyer of its own: the other tests leave coupons with the first one.
    const c = await login(ctx.app, '券测试者')
    const mine = await makeGoods([{ price: 5000, stock: 10 }])
    const [otherCat] = await ctx.database.db
      .insert(shopCategories)
      .values({ slug: `test-orders-other-${++seq}`, name: '别的分类' })
      .returning()
    const elsewhere = await ctx.database.db.transaction((tx) =>
      seedGoods(
        tx,
        {
          slug: `test-orders-elsewhere-${seq}`,
          category: 'test',
          name: '别处商品',
          subtitle: '',
          price: 8000,
          stock: 10,
          sales: 0,
          daysAgo: 0,
          intro: [],
          params: []
        },
        otherCat.id
      )
    )
    const forGoods = await claim(
      await makeCoupon({ name: '单品券', amount: 700, scope: 'goods', scopeIds: [mine.goodsId] }),
      c
    )
    const forCategory = await claim(
      await makeCoupon({
        name: '分类券',
        type: 'discount',
        amount: 0,
        discount: 90,
        scope: 'category',
        scopeIds: [categoryId]
      }),
      c
    )
    const forOther = await claim(
      await makeCoupon({ name: '别类券', amount: 3000, scope: 'goods', scopeIds: [elsewhere] }),
      c
    )
    const notYet = await claim(await makeCoupon({ name: '未开始券', amount: 4000 }), c)
    await ctx.database.db
      .update(shopUserCoupons)
      .set({ startAt: new Date(Date.now() + 3600_000) })
      .where(eq(shopUserCoupons.id, notYet))
    const expired = await claim(await makeCoupon({ name: '过期券', amount: 4500 }), c)
    await ctx.database.db
      .update(shopUserCoupons)
      .set({ expireAt: new Date(Date.now() - 1000) })
      .where(eq(shopUserCoupons.id, expired))
    const addressId = await addAddress(c)

    // 1 × 50.00: the goods coupon takes 7.00, the category's 9折 5.00; the other goods' coupon and the early one do not
    // apply.
    const p = (await get('/api/order.order/buy', { mode: 'buy_now', sku_id: mine.skuIds[0], quantity: 1 }, c)).data
      .preview
    const view = (id: number) => p.coupons.find((c: any) => c.user_coupon_id === id)
    expect(view(forGoods)).toMatchObject({ usable: true, discount_amount: 700 })
    expect(view(forCategory)).toMatchObject({ usable: true, discount_amount: 500 })
    expect(view(forOther)).toMatchObject({ usable: false, reason: '订单中没有适用的商品' })
    expect(view(notYet)).toMatchObject({ usable: false, reason: '未到使用时间' })
    expect(view(expired)).toBeUndefined()
    expect(p).toMatchObject({ user_coupon_id: forGoods, coupon_discount: 700, pay_amount: 5000 - 700 + 800 })
    expect(
      (
        await get(
          '/api/order.order/buy',
          { mode: 'buy_now', sku_id: mine.skuIds[0], quantity: 1, user_coupon_id: expired },
          c
        )
      ).msg
    ).toBe('优惠券不存在或已使用')

    const order = (await buyNow(mine.skuIds[0], 1, addressId, { user_coupon_id: forGoods }, c)).data
    const used = (await get('/api/user.coupon/lists', { status: 'used', per_page: 50 }, c)).data.list
    expect(used.find((c: any) => c.user_coupon_id === forGoods)).toMatchObject({
      status: 'used',
      order_id: order.order_id
    })
    // One order only: a second order cannot take it.
    expect((await buyNow(mine.skuIds[0], 1, addressId, { user_coupon_id: forGoods }, c)).msg).toBe(
      '优惠券不存在或已使用'
    )
    await post('/api/user.order/cancel', { order_id: order.order_id }, c)
    const unused = (await get('/api/user.coupon/lists', { status: 'unused', per_page: 50 }, c)).data.list
    expect(unused.find((c: any) => c.user_coupon_id === forGoods)).toMatchObject({ status: 'unused', order_id: 0 })
    expect(
      (await get('/api/user.coupon/lists', { status: 'used', per_page: 50 }, c)).data.list.map(
        (c: any) => c.user_coupon_id
      )
    ).not.toContain(forGoods)
  })

  test('nobody can pay, cancel or ask a refund for someone else’s order', async () => {
    const { skuIds } = await makeGoods([{ price: 2000, stock: 5 }])
    const order = (await buyNow(skuIds[0], 1, await addAddress())).data
    expect((await post('/api/user.order/pay', { order_id: order.order_id }, b)).msg).toBe(MSG_NOT_OWNER)
    expect((await post('/api/user.order/cancel', { order_id: order.order_id }, b)).msg).toBe(MSG_NOT_OWNER)
    await payInSandbox(order.payment.out_trade_no)
    expect((await post('/api/user.order/refund', { order_id: order.order_id, reason: '不想要了' }, b)).msg).toBe(
      MSG_NOT_OWNER
    )
    expect((await post('/api/pay.sandbox/confirm', { out_trade_no: order.payment.out_trade_no }, b)).code).toBe(0)
    const d = (await get('/api/user.order/detail', { order_id: order.order_id })).data.detail
    expect(d).toMatchObject({ status: 'to_ship', refund_status: 'none' })
  })
})
