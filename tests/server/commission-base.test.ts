import './helpers/native-modules'

import { eq } from 'drizzle-orm'

import { commissions, shopOrders } from '../../server/db/schema'
import { paidShopOrder } from './helpers/admin'
import { createTestContext, login, type TestContext } from './helpers/test-app'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(() => ctx.close())

test('commission on a shop order is earned on the goods, not on the shipping fee', async () => {
  const referrer = await login(ctx.app, '推荐人')
  const buyer = await login(ctx.app, '被推荐的买家', referrer.userId)
  const { order_id } = await paidShopOrder(ctx.app, ctx.database.db, buyer.token)
  const [order] = await ctx.database.db.select().from(shopOrders).where(eq(shopOrders.id, order_id))
  // One unit of a demo item below the free-shipping line: the buyer paid freight.
  expect(order.freight).toBeGreaterThan(0)
  const [earned] = await ctx.database.db.select().from(commissions).where(eq(commissions.userId, referrer.userId))
  expect(earned.baseFen).toBe(order.payAmount - order.freight)
  expect(earned.amountFen).toBe(Math.floor((earned.baseFen * earned.rateBp) / 10_000))
})
