import './helpers/native-modules'

import { eq } from 'drizzle-orm'

import { shopOrderEvents, shopOrders } from '../../server/db/schema'
import { autoReceive } from '../../server/modules/shop/auto-receive'
import { paidShopOrder } from './helpers/admin'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(() => ctx.close())

const DAY = 86_400_000
const orderOf = async (id: number) => (await ctx.database.db.select().from(shopOrders).where(eq(shopOrders.id, id)))[0]
/** A paid order marked shipped `days` ago. */
async function shippedDaysAgo(token: string, days: number) {
  const { order_id } = await paidShopOrder(ctx.app, ctx.database.db, token)
  await ctx.database.db
    .update(shopOrders)
    .set({
      status: 'to_receive',
      shippedAt: new Date(Date.now() - days * DAY),
      expressCompany: '顺丰速运',
      expressNo: 'SF1'
    })
    .where(eq(shopOrders.id, order_id))
  return order_id
}

test('a shipped order the buyer never confirms is confirmed 10 days after shipping, once', async () => {
  const buyer = await login(ctx.app, '不点确认收货的买家')
  const old = await shippedDaysAgo(buyer.token, 11)
  const recent = await shippedDaysAgo(buyer.token, 3)
  const disputed = await shippedDaysAgo(buyer.token, 12)
  const refund = await call(
    ctx.app,
    'POST',
    '/api/user.order/refund',
    { order_id: disputed, reason: '商品破损' },
    buyer.token
  )
  expect(refund.code).toBe(1)

  expect(await autoReceive(ctx.database.db)).toBe(1)
  expect(await autoReceive(ctx.database.db)).toBe(0)
  expect((await orderOf(old)).status).toBe('done')
  expect((await orderOf(old)).receivedAt).not.toBeNull()
  expect((await orderOf(recent)).status).toBe('to_receive')
  // An open refund request waits for the operator's decision.
  expect((await orderOf(disputed)).status).toBe('to_receive')
  const events = await ctx.database.db.select().from(shopOrderEvents).where(eq(shopOrderEvents.orderId, old))
  expect(events.map((e) => e.title)).toContain('自动确认收货')
  const detail = await call(ctx.app, 'GET', '/api/user.order/detail', { order_id: old }, buyer.token)
  expect(detail.data.detail.status).toBe('done')
})
