import './helpers/native-modules'

import { eq } from 'drizzle-orm'

import { shopGoods, shopSkus } from '../../server/db/schema'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

/**
 * Issue 3, security: "user A can never read or change user B's data (a test per endpoint that owns
 * data)". The other suites hold one such test per endpoint; this file fills the ones they left loose:
 * a cart line of A edited or (de)selected with B's token must stay exactly as A left it.
 */
let ctx: TestContext
let a: { userId: number; token: string }
let b: { userId: number; token: string }
beforeAll(async () => {
  ctx = await createTestContext()
  a = await login(ctx.app, '购物甲')
  b = await login(ctx.app, '购物乙')
})
afterAll(() => ctx.close())

const cartOf = async (who: { token: string }) =>
  (await call(ctx.app, 'GET', '/api/order.cart/lists', {}, who.token)).data

test("B can neither change the quantity nor the selection of A's cart line, nor delete it", async () => {
  const rows = await ctx.database.db
    .select({ id: shopSkus.id, stock: shopSkus.stock, goodsId: shopSkus.goodsId })
    .from(shopSkus)
    .where(eq(shopSkus.onShelf, true))
  const onShelf = new Set(
    (await ctx.database.db.select({ id: shopGoods.id }).from(shopGoods).where(eq(shopGoods.onShelf, true))).map(
      (g) => g.id
    )
  )
  const sku = rows.find((r) => r.stock >= 5 && onShelf.has(r.goodsId))!
  expect(sku).toBeDefined()
  const added = await call(ctx.app, 'POST', '/api/order.cart/add', { sku_id: sku.id, quantity: 2 }, a.token)
  expect(added.code).toBe(1)
  const line = added.data.list[0]
  expect(line).toMatchObject({ quantity: 2, selected: true })
  const before = await cartOf(a)

  const edit = await call(ctx.app, 'POST', '/api/order.cart/edit', { cart_id: line.cart_id, quantity: 4 }, b.token)
  const select = await call(
    ctx.app,
    'POST',
    '/api/order.cart/select',
    { cart_id: line.cart_id, selected: false },
    b.token
  )
  await call(ctx.app, 'POST', '/api/order.cart/delete', { cart_ids: [line.cart_id] }, b.token)
  // Whatever B is told, nothing of A's changed and B's own cart stays empty.
  for (const r of [edit, select]) expect([0, 1]).toContain(r.code)
  expect(await cartOf(a)).toEqual(before)
  expect((await cartOf(b)).list).toEqual([])
})
