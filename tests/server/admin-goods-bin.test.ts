import './helpers/native-modules'

import { and, asc, desc, eq, inArray } from 'drizzle-orm'

import { adminAuditLogs, operatorNotices, shopGoods, shopSkus } from '../../server/db/schema'
import { type AdminClient, ownerClient } from './helpers/admin'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

// The goods list as a shop runs it: 出售中 / 仓库中 / 已售罄 / 回收站 with their counts, batch changes
// (all or nothing, audited, version-checked), a deleted product gone from the app, and 库存预警 told to
// the operators once per fall below the threshold.

let ctx: TestContext
let ops: AdminClient
let buyer: { userId: number; token: string }
let addressId: number
let categoryId: number
let seq = 0

const db = () => ctx.database.db
const app = (method: 'GET' | 'POST', action: string, params: Record<string, unknown> = {}) =>
  call(ctx.app, method, `/api/${action}`, params, buyer.token)

interface Made {
  goods_id: number
  updated_at: string
  skus: { sku_id: number; stock: number }[]
}

/** A one-SKU product in this file's own category. */
async function make(name: string, o: { stock?: number; on_shelf?: boolean; low_stock?: number } = {}): Promise<Made> {
  const r = await ops.post('/goods/add', {
    category_id: categoryId,
    name,
    images: ['/static/goods/beads-crystal-white.svg'],
    specs: [{ name: '颜色', values: ['红'] }],
    skus: [{ spec_values: ['红'], price: 1000, stock: o.stock ?? 10, on_shelf: true, low_stock: o.low_stock ?? 0 }],
    max_buy: 99,
    on_shelf: o.on_shelf ?? true
  })
  expect(r.msg).toBe('success')
  return r.data
}

const list = (params: Record<string, unknown> = {}) =>
  ops.get('/goods/lists', { category_id: categoryId, per_page: 100, ...params })
const idsOf = async (params: Record<string, unknown>) =>
  (await list(params)).data.list.map((g: { goods_id: number }) => g.goods_id).sort()
/** The versions the list shows now, as the console sends them back. */
async function versions(...goods: Made[]) {
  const rows = (await list()).data.list.concat((await list({ tab: 'bin' })).data.list)
  return goods.map((g) => ({
    goods_id: g.goods_id,
    updated_at: rows.find((r: Made) => r.goods_id === g.goods_id).updated_at
  }))
}
const batch = async (action: string, ...goods: Made[]) =>
  ops.post('/goods/batch', { action, goods: await versions(...goods) })

async function buyNow(skuId: number, quantity: number) {
  return app('POST', 'order.order/buy', {
    mode: 'buy_now',
    sku_id: skuId,
    quantity,
    address_id: addressId,
    request_id: `bin-test-${++seq}-${Date.now()}`,
    user_coupon_id: 0
  })
}

const stockOf = async (skuId: number) => (await db().select().from(shopSkus).where(eq(shopSkus.id, skuId)))[0]

const lowStockNotices = (goodsId: number) =>
  db()
    .select()
    .from(operatorNotices)
    .where(and(eq(operatorNotices.event, 'op.goods.low_stock'), eq(operatorNotices.link, `/goods/${goodsId}`)))
    .orderBy(asc(operatorNotices.id))

beforeAll(async () => {
  ctx = await createTestContext()
  ops = await ownerClient(ctx.app, db())
  buyer = await login(ctx.app, '回收站测试买家')
  const address = await app('POST', 'user.address/add', {
    name: '赵六',
    mobile: '13800138001',
    province_code: '110000',
    city_code: '110100',
    district_code: '110105',
    detail: '建国路2号'
  })
  addressId = address.data.detail.address_id
  categoryId = (await ops.post('/category/add', { name: '分栏测试' })).data.category_id
}, 180_000)
afterAll(() => ctx.close())

describe('tabs, batch changes and the bin', () => {
  let selling: Made
  let soldOut: Made
  let stored: Made
  let empty: Made

  beforeAll(async () => {
    selling = await make('在售香炉')
    soldOut = await make('售罄香炉', { stock: 0 })
    stored = await make('仓库香炉', { on_shelf: false })
    empty = await make('空仓香炉', { stock: 0, on_shelf: false })
  })

  test('each tab lists its goods, with every tab counted under the same search', async () => {
    const r = await list()
    expect(r.data.counts).toEqual({ selling: 1, warehouse: 2, sold_out: 1, bin: 0 })
    // No tab: every good not in the bin (the coupon picker's list).
    expect(r.data.total).toBe(4)
    expect(await idsOf({ tab: 'selling' })).toEqual([selling.goods_id])
    expect(await idsOf({ tab: 'warehouse' })).toEqual([stored.goods_id, empty.goods_id].sort())
    expect(await idsOf({ tab: 'sold_out' })).toEqual([soldOut.goods_id])
    expect((await list({ keyword: '仓库' })).data.counts).toEqual({ selling: 0, warehouse: 1, sold_out: 0, bin: 0 })
    expect((await list({ tab: 'trash' })).msg).toMatch(/商品状态/)
  })

  test('批量上架 refuses the whole batch naming a good without stock; then shelves and audits each', async () => {
    const refused = await batch('on_shelf', stored, empty)
    expect(refused).toMatchObject({ code: 0, msg: '「空仓香炉」没有库存，请先补货，不能上架' })
    // All or nothing: the good that could go stays in the warehouse.
    expect(await idsOf({ tab: 'warehouse' })).toEqual([stored.goods_id, empty.goods_id].sort())
    // The single switch keeps the same rule.
    const [emptyNow] = await versions(empty)
    expect((await ops.post('/goods/shelf', { ...emptyNow, on_shelf: true })).msg).toBe(
      '「空仓香炉」没有库存，请先补货，不能上架'
    )

    const stale = { goods_id: stored.goods_id, updated_at: stored.updated_at }
    const auditsBefore = (await db().select().from(adminAuditLogs)).length
    const done = await batch('on_shelf', stored)
    expect(done.code).toBe(1)
    expect(await idsOf({ tab: 'selling' })).toEqual([selling.goods_id, stored.goods_id].sort())
    const [audit] = await db()
      .select()
      .from(adminAuditLogs)
      .where(eq(adminAuditLogs.action, 'goods.onShelf'))
      .orderBy(desc(adminAuditLogs.id))
      .limit(1)
    expect(audit).toMatchObject({
      targetType: 'goods',
      targetId: String(stored.goods_id),
      before: { on_shelf: false, deleted: false },
      after: { on_shelf: true, deleted: false, batch: true }
    })
    expect((await db().select().from(adminAuditLogs)).length).toBe(auditsBefore + 1)
    // The version the list showed before is stale now: refused, naming the good.
    expect((await ops.post('/goods/batch', { action: 'off_shelf', goods: [stale] })).msg).toBe(
      '「仓库香炉」已被他人修改，请刷新后再操作'
    )

    // 批量下架 two goods: both in the warehouse, one audit row each.
    const off = await batch('off_shelf', selling, stored)
    expect(off.code).toBe(1)
    expect(off.data.goods.map((g: Made) => g.goods_id)).toEqual([selling.goods_id, stored.goods_id])
    expect((await list()).data.counts).toEqual({ selling: 0, warehouse: 3, sold_out: 1, bin: 0 })
    const offAudits = await db()
      .select()
      .from(adminAuditLogs)
      .where(
        and(
          eq(adminAuditLogs.action, 'goods.offShelf'),
          inArray(adminAuditLogs.targetId, [String(selling.goods_id), String(stored.goods_id)])
        )
      )
    expect(offAudits).toHaveLength(2)
    // Back on shelf for what follows.
    expect((await batch('on_shelf', selling)).code).toBe(1)
  })

  test('a deleted good is gone from the app: lists, search, detail, cart, checkout, favorites', async () => {
    const skuId = selling.skus[0].sku_id
    expect((await app('POST', 'order.cart/add', { sku_id: skuId, quantity: 1 })).code).toBe(1)
    expect((await app('POST', 'user.favorite/add', { goods_id: selling.goods_id })).code).toBe(1)

    const trashed = await batch('trash', selling, soldOut)
    expect(trashed.code).toBe(1)
    expect((await list()).data.counts).toEqual({ selling: 0, warehouse: 2, sold_out: 0, bin: 2 })
    expect(await idsOf({ tab: 'bin' })).toEqual([selling.goods_id, soldOut.goods_id].sort())
    const [row] = await db().select().from(shopGoods).where(eq(shopGoods.id, selling.goods_id))
    expect(row.onShelf).toBe(false)
    expect(row.deletedAt).toBeInstanceOf(Date)
    expect((await db().select().from(adminAuditLogs).where(eq(adminAuditLogs.action, 'goods.trash'))).length).toBe(2)

    const inApp = (await call(ctx.app, 'GET', '/api/product.product/lists', { category_id: categoryId })).data
    expect(inApp.list.map((g: Made) => g.goods_id)).not.toContain(selling.goods_id)
    const searched = (await call(ctx.app, 'GET', '/api/product.product/lists', { keyword: '在售香炉' })).data
    expect(searched.total).toBe(0)
    expect(await call(ctx.app, 'GET', '/api/product.product/detail', { goods_id: selling.goods_id })).toMatchObject({
      code: 0,
      msg: '商品已删除或已下架'
    })
    expect(await app('POST', 'order.cart/add', { sku_id: skuId, quantity: 1 })).toMatchObject({
      code: 0,
      msg: '该商品已下架'
    })
    const cart = (await app('GET', 'order.cart/lists')).data
    expect(cart.list.find((i: { sku_id: number }) => i.sku_id === skuId)).toMatchObject({ status: 'off_shelf' })
    const before = (await stockOf(skuId)).stock
    expect(await buyNow(skuId, 1)).toMatchObject({ code: 0, msg: expect.stringContaining('已下架') })
    expect((await stockOf(skuId)).stock).toBe(before)
    expect(await app('POST', 'user.favorite/add', { goods_id: selling.goods_id })).toMatchObject({
      code: 0,
      msg: '商品已删除或已下架'
    })
    const favorites = (await app('GET', 'user.favorite/lists')).data.list
    expect(favorites.find((f: Made) => f.goods_id === selling.goods_id)).toMatchObject({ on_shelf: false })

    // Not back on shelf while in the bin: by batch, the single switch or an edit.
    expect((await batch('on_shelf', selling)).msg).toBe('「在售香炉」在回收站中，请先恢复')
    const [now] = await versions(selling)
    expect((await ops.post('/goods/shelf', { ...now, on_shelf: true })).msg).toBe(
      '「在售香炉」在回收站中，请先恢复，不能上架'
    )
    const detail = (await ops.get('/goods/detail', { goods_id: selling.goods_id })).data
    expect(detail.deleted_at).toEqual(expect.any(String))
    expect((await ops.post('/goods/edit', { ...detail, on_shelf: true })).msg).toBe('「在售香炉」在回收站中，请先恢复')
  })

  test('恢复 brings a good back to 仓库中, off shelf, and then it can go on shelf again', async () => {
    const restored = await batch('restore', selling)
    expect(restored.code).toBe(1)
    expect(await idsOf({ tab: 'bin' })).toEqual([soldOut.goods_id])
    expect(await idsOf({ tab: 'warehouse' })).toContain(selling.goods_id)
    const [row] = await db().select().from(shopGoods).where(eq(shopGoods.id, selling.goods_id))
    expect(row).toMatchObject({ onShelf: false, deletedAt: null })
    expect((await db().select().from(adminAuditLogs).where(eq(adminAuditLogs.action, 'goods.restore'))).length).toBe(1)
    expect((await batch('on_shelf', selling)).code).toBe(1)
    expect((await call(ctx.app, 'GET', '/api/product.product/detail', { goods_id: selling.goods_id })).code).toBe(1)
  })

  test('bad batches are refused in Chinese', async () => {
    expect((await ops.post('/goods/batch', { action: 'on_shelf', goods: [] })).msg).toBe('请选择商品')
    expect((await ops.post('/goods/batch', { action: 'burn', goods: await versions(selling) })).msg).toMatch(/操作/)
    expect(
      (
        await ops.post('/goods/batch', {
          action: 'off_shelf',
          goods: [{ goods_id: 99999999, updated_at: selling.updated_at }]
        })
      ).msg
    ).toBe('有 1 件商品不存在，请刷新后重试')
  })
})

describe('库存预警', () => {
  test('told once per fall to the threshold; a restock clears it, the next fall tells again', async () => {
    const goods = await make('预警罗盘', { stock: 10, low_stock: 3 })
    const skuId = goods.skus[0].sku_id
    const detail = (await ops.get('/goods/detail', { goods_id: goods.goods_id })).data
    expect(detail.skus[0]).toMatchObject({ low_stock: 3, stock: 10 })

    const order = async (quantity: number) => {
      const r = await buyNow(skuId, quantity)
      expect(r.msg).toBe('success')
      return r.data.order_id as number
    }
    const cancel = async (orderId: number) =>
      expect((await app('POST', 'user.order/cancel', { order_id: orderId })).code).toBe(1)

    await order(6)
    expect((await stockOf(skuId)).stock).toBe(4)
    expect(await lowStockNotices(goods.goods_id)).toHaveLength(0)
    expect((await list({ low_stock: true })).data.list.map((g: Made) => g.goods_id)).not.toContain(goods.goods_id)

    // 4 -> 3: at the threshold, told once, in the bell of those who edit goods.
    const first = await order(1)
    expect(await stockOf(skuId)).toMatchObject({ stock: 3, lowStockAlerted: true })
    const [notice] = await lowStockNotices(goods.goods_id)
    expect(notice).toMatchObject({
      title: '库存预警',
      body: '库存预警：预警罗盘 红 剩余 3 件',
      permission: 'goods.edit'
    })
    // The list tags it and its filter finds it.
    const tagged = (await list({ low_stock: true })).data.list
    expect(tagged.map((g: Made) => g.goods_id)).toEqual([goods.goods_id])
    expect(tagged[0].low_stock).toBe(true)

    // Further down: already told.
    const second = await order(1)
    expect((await stockOf(skuId)).stock).toBe(2)
    expect(await lowStockNotices(goods.goods_id)).toHaveLength(1)

    // Back to 3 (still low) keeps the flag; back to 4 clears it, and the next fall tells again.
    await cancel(second)
    expect(await stockOf(skuId)).toMatchObject({ stock: 3, lowStockAlerted: true })
    await cancel(first)
    expect(await stockOf(skuId)).toMatchObject({ stock: 4, lowStockAlerted: false })
    await order(1)
    expect(await lowStockNotices(goods.goods_id)).toHaveLength(2)

    // Restocked by hand above the threshold, then taken down by hand: told a third time.
    expect((await ops.post('/goods/stock', { sku_id: skuId, delta: 5, reason: '到货' })).data.stock).toBe(8)
    expect((await stockOf(skuId)).lowStockAlerted).toBe(false)
    expect(await lowStockNotices(goods.goods_id)).toHaveLength(2)
    expect((await ops.post('/goods/stock', { sku_id: skuId, delta: -5, reason: '报损' })).data.stock).toBe(3)
    expect((await ops.post('/goods/stock', { sku_id: skuId, delta: -1, reason: '报损' })).data.stock).toBe(2)
    const notices = await lowStockNotices(goods.goods_id)
    expect(notices.map((n) => n.body)).toEqual([
      '库存预警：预警罗盘 红 剩余 3 件',
      '库存预警：预警罗盘 红 剩余 3 件',
      '库存预警：预警罗盘 红 剩余 3 件'
    ])
    expect(new Set(notices.map((n) => n.dedupeKey)).size).toBe(3)
  })

  test('a threshold set in the editor: tagged at once, told at the next sale, cleared below the stock', async () => {
    const goods = await make('改阈值罗盘', { stock: 5 })
    const skuId = goods.skus[0].sku_id
    const edit = async (lowStock: number) => {
      const d = (await ops.get('/goods/detail', { goods_id: goods.goods_id })).data
      const saved = await ops.post('/goods/edit', {
        ...d,
        skus: d.skus.map((s: Record<string, unknown>) => ({ ...s, low_stock: lowStock }))
      })
      expect(saved.msg).toBe('success')
      expect(saved.data.skus[0].low_stock).toBe(lowStock)
    }
    await edit(6)
    expect((await list({ low_stock: true })).data.list.map((g: Made) => g.goods_id)).toContain(goods.goods_id)
    expect(await lowStockNotices(goods.goods_id)).toHaveLength(0)
    expect((await buyNow(skuId, 1)).msg).toBe('success')
    expect(await stockOf(skuId)).toMatchObject({ stock: 4, lowStockAlerted: true })
    expect((await lowStockNotices(goods.goods_id)).map((n) => n.body)).toEqual(['库存预警：改阈值罗盘 红 剩余 4 件'])
    await edit(2)
    expect((await stockOf(skuId)).lowStockAlerted).toBe(false)
    expect((await list({ low_stock: true })).data.list.map((g: Made) => g.goods_id)).not.toContain(goods.goods_id)
  })

  test('a SKU without a threshold is never told; the threshold is refused below 0', async () => {
    const goods = await make('无预警罗盘', { stock: 2 })
    const skuId = goods.skus[0].sku_id
    expect((await ops.post('/goods/stock', { sku_id: skuId, delta: -2, reason: '盘点' })).data.stock).toBe(0)
    expect(await lowStockNotices(goods.goods_id)).toHaveLength(0)
    const bad = await ops.post('/goods/add', {
      category_id: categoryId,
      name: '负预警',
      images: ['/static/goods/beads-crystal-white.svg'],
      specs: [],
      skus: [{ spec_values: [], price: 1000, stock: 1, low_stock: -1 }]
    })
    expect(bad).toMatchObject({ code: 0, msg: expect.stringContaining('库存预警') })
  })
})
