import './helpers/native-modules'

import { and, eq, gt } from 'drizzle-orm'

import { adminAuditLogs, payments, shopSkus } from '../../server/db/schema'
import { type AdminClient, ownerClient } from './helpers/admin'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

// 改价 before payment: the buyer pays the new amount, sees the change on the order, and the old payment cannot be
// used; a paid order's price cannot change.

let ctx: TestContext
let owner: AdminClient
beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ownerClient(ctx.app, ctx.database.db)
})
afterAll(() => ctx.close())

test('改价 of an unpaid order: a new amount on the buyer’s page and timeline, audited; refused once paid', async () => {
  const buyer = await login(ctx.app, '改价买家')
  const api = (method: 'GET' | 'POST', path: string, params: Record<string, unknown> = {}) =>
    call(ctx.app, method, `/api/${path}`, params, buyer.token)
  const [sku] = await ctx.database.db
    .select()
    .from(shopSkus)
    .where(and(gt(shopSkus.stock, 5), eq(shopSkus.onShelf, true)))
    .limit(1)
  const address = await api('POST', 'user.address/add', {
    name: '赵六',
    mobile: '13700137000',
    province_code: '110000',
    city_code: '110100',
    district_code: '110105',
    detail: '酒仙桥路3号'
  })
  const buy = await api('POST', 'order.order/buy', {
    mode: 'buy_now',
    sku_id: sku.id,
    quantity: 1,
    address_id: address.data.detail.address_id,
    request_id: 'price-change-1',
    user_coupon_id: 0
  })
  const orderId = buy.data.order_id
  const oldTradeNo = buy.data.payment.out_trade_no
  const before = (await owner.get('/order/detail', { order_id: orderId })).data
  const newAmount = before.pay_amount - 500

  expect(
    await owner.post('/order/changePrice', {
      order_id: orderId,
      updated_at: before.updated_at,
      pay_amount: 0,
      reason: ''
    })
  ).toMatchObject({ code: 0, msg: expect.stringContaining('应付金额') })
  expect(
    (
      await owner.post('/order/changePrice', {
        order_id: orderId,
        updated_at: before.updated_at,
        pay_amount: newAmount,
        reason: '老客户优惠'
      })
    ).code
  ).toBe(1)
  // The same page again: its version is old.
  expect(
    (
      await owner.post('/order/changePrice', {
        order_id: orderId,
        updated_at: before.updated_at,
        pay_amount: newAmount - 1,
        reason: ''
      })
    ).msg
  ).toContain('刷新')

  const mine = (await api('GET', 'user.order/detail', { order_id: orderId })).data.detail
  expect(mine).toMatchObject({ pay_amount: newAmount, price_adjust: -500, can_pay: true })
  expect(mine.timeline.at(-1)).toMatchObject({ title: '商家改价', desc: expect.stringContaining('老客户优惠') })
  // The payment started for the old amount is closed: confirming it pays nothing.
  const [old] = await ctx.database.db.select().from(payments).where(eq(payments.outTradeNo, oldTradeNo))
  expect(old.status).toBe('closed')
  const again = await api('POST', 'user.order/pay', { order_id: orderId })
  expect(again.data.amount_fen).toBe(newAmount)
  expect((await api('POST', 'pay.sandbox/confirm', { out_trade_no: again.data.out_trade_no })).code).toBe(1)
  const paid = (await api('GET', 'user.order/detail', { order_id: orderId })).data.detail
  expect(paid).toMatchObject({ status: 'to_ship', pay_amount: newAmount })

  const [audit] = await ctx.database.db.select().from(adminAuditLogs).where(eq(adminAuditLogs.action, 'order.price'))
  expect(audit.after).toMatchObject({ pay_amount: newAmount, reason: '老客户优惠' })
  const now = (await owner.get('/order/detail', { order_id: orderId })).data
  expect(
    (
      await owner.post('/order/changePrice', {
        order_id: orderId,
        updated_at: now.updated_at,
        pay_amount: 100,
        reason: ''
      })
    ).msg
  ).toBe('只能修改待付款订单的价格')
})
