import './helpers/native-modules'

import { desc, eq, sql } from 'drizzle-orm'

import { adminAuditLogs, shopCategories, shopGoods, shopSkus, shopStockLogs } from '../../server/db/schema'
import { ensureInitialOwner } from '../../server/modules/admin/operators'
import { addOperator, type AdminClient, adminLogin } from './helpers/admin'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'
import { multipart, PNG } from './helpers/upload'

let ctx: TestContext
let owner: AdminClient
let ops: AdminClient
let finance: AdminClient
let content: AdminClient
let user: { userId: number; token: string }
let categoryId: number
const OWNER_PASSWORD = 'Owner-pass-1'

async function auditRows(action: string) {
  return ctx.database.db
    .select()
    .from(adminAuditLogs)
    .where(eq(adminAuditLogs.action, action))
    .orderBy(desc(adminAuditLogs.id))
}

async function tableCount(table: string): Promise<number> {
  const { rows } = (await ctx.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
    rows: { n: number }[]
  }
  return rows[0].n
}

const goodsCounts = async () => [
  await tableCount('shop_goods'),
  await tableCount('shop_skus'),
  await tableCount('shop_stock_logs'),
  await tableCount('admin_audit_logs')
]

/** A product with 颜色 × 尺寸 specs and two SKUs, as the console's form sends it. */
function product(overrides: Record<string, unknown> = {}) {
  return {
    category_id: categoryId,
    name: '测试手串',
    subtitle: '后台新建',
    images: ['/static/goods/beads-crystal-white.svg'],
    content: '<p>天然水晶</p><script>alert(1)</script><img src="https://img.example.com/a.png" onerror="steal()">',
    specs: [
      { name: '颜色', values: ['红', '蓝'] },
      { name: '尺寸', values: ['8mm'] }
    ],
    skus: [
      { spec_values: ['红', '8mm'], price: 9900, line_price: 12900, stock: 10, on_shelf: true },
      { spec_values: ['蓝', '8mm'], price: 10900, line_price: 0, stock: 5, on_shelf: true }
    ],
    max_buy: 5,
    on_shelf: true,
    ...overrides
  }
}

beforeAll(async () => {
  ctx = await createTestContext()
  await ensureInitialOwner(ctx.database.db, OWNER_PASSWORD)
  owner = (await adminLogin(ctx.app, 'admin', OWNER_PASSWORD)).client!
  ops = await addOperator(ctx.app, owner, 'ops1', 'operations')
  finance = await addOperator(ctx.app, owner, 'fin1', 'finance')
  content = await addOperator(ctx.app, owner, 'content1', 'content')
  user = await login(ctx.app, '商品测试用户')
  const created = await ops.post('/category/add', { name: '测试分类', image: '', sort: 5, visible: true })
  expect(created.msg).toBe('success')
  categoryId = created.data.category_id
}, 180_000)

afterAll(() => ctx.close())

describe('who may manage goods', () => {
  test('no session, an app token, finance and content roles are all refused; nothing is written', async () => {
    const before = await goodsCounts()
    for (const url of ['/api/admin/goods/lists', '/api/admin/category/lists']) {
      expect((await ctx.app.inject({ method: 'GET', url })).json()).toMatchObject({ code: -9999 })
      expect((await ctx.app.inject({ method: 'GET', url, headers: { authorization: user.token } })).json().code).toBe(
        -9999
      )
      expect((await ctx.app.inject({ method: 'GET', url, query: { token: user.token } })).json().code).toBe(-9999)
    }
    for (const client of [finance, content]) {
      expect(await client.get('/goods/lists')).toMatchObject({ code: 0, msg: '没有权限执行此操作' })
      expect(await client.post('/goods/add', product())).toMatchObject({ code: 0, msg: '没有权限执行此操作' })
      expect(await client.post('/category/add', { name: '越权分类' })).toMatchObject({
        code: 0,
        msg: '没有权限执行此操作'
      })
      expect((await client.get('/coupon/lists')).msg).toBe('没有权限执行此操作')
    }
    expect(await goodsCounts()).toEqual(before)
    // The owner may.
    expect((await owner.get('/goods/lists')).code).toBe(1)
  })
})

describe('categories', () => {
  test('create, edit with audit; a bad field is named in Chinese; one with goods is not deleted', async () => {
    const bad = await ops.post('/category/add', { name: '', sort: 1 })
    expect(bad).toMatchObject({ code: 0, msg: '分类名称不能为空' })
    expect((await ops.post('/category/add', { name: '图标坏', image: 'javascript:alert(1)' })).msg).toBe(
      '图片地址不正确，请重新上传'
    )

    const top = await ops.post('/category/add', { name: '法器', image: '/static/goods/cat.svg', sort: 2 })
    const child = await ops.post('/category/add', { name: '罗盘', parent_id: top.data.category_id, sort: 1 })
    expect(child.data).toMatchObject({ parent_id: top.data.category_id, visible: true })
    // Two levels only.
    expect((await ops.post('/category/add', { name: '三级', parent_id: child.data.category_id })).msg).toBe(
      '分类最多两级，上级只能选一级分类'
    )

    // One name once per level: a twin (in any letter case) is refused, naming it; under another parent it is fine.
    expect((await ops.post('/category/add', { name: '罗盘', parent_id: top.data.category_id })).msg).toBe(
      '该上级分类下已有名为「罗盘」的分类'
    )
    expect((await ops.post('/category/add', { name: '法器' })).msg).toBe('一级分类中已有名为「法器」的分类')
    const other = await ops.post('/category/add', { name: '书籍分类' })
    const cousin = await ops.post('/category/add', { name: '罗盘', parent_id: other.data.category_id })
    expect(cousin.code).toBe(1)
    expect(
      (
        await ops.post('/category/edit', {
          category_id: cousin.data.category_id,
          parent_id: top.data.category_id,
          name: '罗盘'
        })
      ).msg
    ).toBe('该上级分类下已有名为「罗盘」的分类')

    const edited = await ops.post('/category/edit', {
      category_id: child.data.category_id,
      parent_id: top.data.category_id,
      name: '罗盘仪',
      sort: 3,
      visible: false
    })
    expect(edited.data).toMatchObject({ name: '罗盘仪', visible: false })
    const [audit] = await auditRows('category.edit')
    expect(audit).toMatchObject({
      operatorName: 'ops1',
      targetType: 'category',
      targetId: String(child.data.category_id)
    })
    expect(audit.before).toMatchObject({ name: '罗盘' })
    expect(audit.after).toMatchObject({ name: '罗盘仪', visible: false })
    // Hidden from the app.
    const appCats = (await call(ctx.app, 'GET', '/api/product.category/lists', {})).data.list
    const appTop = appCats.find((c: any) => c.category_id === top.data.category_id)
    expect(appTop.children).toEqual([])

    expect((await ops.post('/category/delete', { category_id: top.data.category_id })).msg).toBe(
      '该分类下还有 1 个子分类，请先删除或移走子分类'
    )
    expect((await ops.post('/category/delete', { category_id: child.data.category_id })).code).toBe(1)
    expect((await auditRows('category.delete'))[0].before).toMatchObject({ name: '罗盘仪' })

    const withGoods = await ops.post('/goods/add', product({ name: '占分类的商品', category_id: top.data.category_id }))
    expect(withGoods.code).toBe(1)
    expect((await ops.post('/category/delete', { category_id: top.data.category_id })).msg).toBe(
      '该分类下还有 1 件商品，请先把商品移到其他分类再删除'
    )
    expect(
      await ctx.database.db.select().from(shopCategories).where(eq(shopCategories.id, top.data.category_id))
    ).toHaveLength(1)
  })
})

describe('products', () => {
  test('console image upload (its session, not an app token) is served; bad files are refused in Chinese', async () => {
    const send = (data: Buffer, headers: Record<string, string> = {}) => {
      const m = multipart('file', 'a.png', data)
      return ctx.app.inject({
        method: 'POST',
        url: '/api/admin/upload/image',
        payload: m.payload,
        headers: { ...m.headers, ...headers }
      })
    }
    const as = (client: AdminClient) => ({ cookie: client.cookie, 'x-csrf-token': client.csrf })
    const uploads = async () => (await auditRows('file.upload')).length
    const before = await uploads()
    // A visitor, an app user's token, and the finance role (it edits no images) are refused.
    expect((await send(PNG)).json().code).toBe(-9999)
    expect((await send(PNG, { authorization: user.token })).json().code).toBe(-9999)
    expect((await send(PNG, as(finance))).json()).toMatchObject({ code: 0, msg: '没有权限执行此操作' })
    // Not a picture (whatever its name says), or over 5MB.
    expect((await send(Buffer.from('<svg onload=alert(1)>'), as(ops))).json()).toMatchObject({
      code: 0,
      msg: '只能上传 JPG、PNG、GIF 或 WebP 图片'
    })
    const huge = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)])
    expect((await send(huge, as(ops))).json()).toMatchObject({ code: 0, msg: '文件不能超过 5MB' })
    expect(await uploads()).toBe(before)

    // Operations (products, home content) and content (course covers) both upload; the file is served as sent.
    for (const [client, name] of [
      [ops, 'ops1'],
      [content, 'content1']
    ] as const) {
      const body = (await send(PNG, as(client))).json()
      expect(body.code).toBe(1)
      expect(body.data.url).toMatch(/\/uploads\/\d{6}\/[0-9a-f]{32}\.png$/)
      const served = await ctx.app.inject({ method: 'GET', url: new URL(body.data.url).pathname })
      expect(served.statusCode).toBe(200)
      expect(served.headers['content-type']).toMatch(/^image\/png/)
      expect(served.rawPayload.equals(PNG)).toBe(true)
      expect((await auditRows('file.upload'))[0]).toMatchObject({
        operatorName: name,
        after: { url: body.data.url, bytes: PNG.length }
      })
    }
  })

  test('bad input: code 0, a Chinese message, nothing half-written', async () => {
    const before = await goodsCounts()
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, '商品名称不能为空'],
      [{ images: [] }, '请至少上传一张图片'],
      [{ skus: [] }, '请至少填写一个 SKU'],
      [{ skus: [{ spec_values: ['红', '8mm'], price: 0, stock: 1 }] }, 'SKU 第 1 个 售价至少 1'],
      [{ skus: [{ spec_values: ['红', '8mm'], price: 100, stock: -1 }] }, 'SKU 第 1 个 库存至少 0'],
      [{ skus: [{ spec_values: ['绿', '8mm'], price: 100 }] }, '第 1 个 SKU的「颜色」取值「绿」不在规格里'],
      [
        {
          skus: [
            { spec_values: ['红', '8mm'], price: 100 },
            { spec_values: ['红', '8mm'], price: 200 }
          ]
        },
        '规格组合「红 / 8mm」重复'
      ],
      [{ category_id: 999999 }, '所选分类不存在，请刷新后重选'],
      // One bad SKU among good ones: none of them is saved.
      [
        {
          skus: [
            { spec_values: ['红', '8mm'], price: 100, stock: 3 },
            { spec_values: ['蓝', '8mm'], price: 100, line_price: 50 }
          ]
        },
        '第 2 个 SKU的划线价不能低于售价'
      ]
    ]
    for (const [patch, msg] of cases)
      expect(await ops.post('/goods/add', product(patch))).toMatchObject({ code: 0, msg })
    expect(await goodsCounts()).toEqual(before)
  })

  test('created in the console: listed, sanitized, in the app with its SKUs, and bought through checkout', async () => {
    const created = await ops.post('/goods/add', product())
    expect(created.msg).toBe('success')
    const goods = created.data
    expect(goods.skus).toHaveLength(2)
    // Stored sanitized: no script, no handler; the text and image stay.
    const [row] = await ctx.database.db.select().from(shopGoods).where(eq(shopGoods.id, goods.goods_id))
    expect(row.content).toBe('<p>天然水晶</p><img src="https://img.example.com/a.png" />')
    expect(row).toMatchObject({ priceMin: 9900, priceMax: 10900, onShelf: true })
    const [audit] = await auditRows('goods.add')
    expect(audit).toMatchObject({ operatorName: 'ops1', targetType: 'goods', targetId: String(goods.goods_id) })
    expect((audit.after as any).skus).toHaveLength(2)
    // Opening stock is logged per SKU.
    const logs = (await ops.get('/goods/stockLogs', { goods_id: goods.goods_id })).data.list
    expect(logs.map((l: any) => [l.spec_text, l.delta, l.operator_name]).sort()).toEqual([
      ['红 / 8mm', 10, 'ops1'],
      ['蓝 / 8mm', 5, 'ops1']
    ])

    const listed = (await ops.get('/goods/lists', { keyword: '测试手', category_id: categoryId, on_shelf: true })).data
    expect(listed.list.map((g: any) => g.goods_id)).toContain(goods.goods_id)
    expect(listed.list.find((g: any) => g.goods_id === goods.goods_id)).toMatchObject({
      stock: 15,
      sku_count: 2,
      category_name: '测试分类'
    })
    expect(
      (await ops.get('/goods/lists', { keyword: '测试手', on_shelf: false })).data.list.map((g: any) => g.goods_id)
    ).not.toContain(goods.goods_id)

    // The app's shop.
    const appList = (
      await call(ctx.app, 'GET', '/api/product.product/lists', { category_id: categoryId, sort: 'newest' })
    ).data.list
    expect(appList.map((g: any) => g.goods_id)).toContain(goods.goods_id)
    const detail = (await call(ctx.app, 'GET', '/api/product.product/detail', { goods_id: goods.goods_id })).data.detail
    expect(detail.skus.map((s: any) => [s.spec_text, s.price, s.stock, s.available])).toEqual([
      ['红 / 8mm', 9900, 10, true],
      ['蓝 / 8mm', 10900, 5, true]
    ])
    expect(detail.content).not.toMatch(/script|onerror/)

    // Bought with the app's checkout and sandbox payment.
    const address = await call(
      ctx.app,
      'POST',
      '/api/user.address/add',
      {
        name: '王五',
        mobile: '13800138000',
        province_code: '110000',
        city_code: '110100',
        district_code: '110105',
        detail: '建国路1号'
      },
      user.token
    )
    const sku = detail.skus[1]
    const buy = await call(
      ctx.app,
      'POST',
      '/api/order.order/buy',
      {
        mode: 'buy_now',
        sku_id: sku.sku_id,
        quantity: 2,
        address_id: address.data.detail.address_id,
        request_id: `goods-${Date.now()}`,
        user_coupon_id: 0
      },
      user.token
    )
    expect(buy.msg).toBe('success')
    expect(
      (
        await call(
          ctx.app,
          'POST',
          '/api/pay.sandbox/confirm',
          { out_trade_no: buy.data.payment.out_trade_no },
          user.token
        )
      ).code
    ).toBe(1)
    const order = (await call(ctx.app, 'GET', '/api/user.order/detail', { order_id: buy.data.order_id }, user.token))
      .data
    expect(JSON.stringify(order)).toContain('测试手串')
    const [skuRow] = await ctx.database.db.select().from(shopSkus).where(eq(shopSkus.id, sku.sku_id))
    expect(skuRow).toMatchObject({ stock: 3, sales: 2 })
  })

  test('edit: SKUs matched by spec, a dropped one goes off shelf, a stale save is refused', async () => {
    const goods = (await ops.post('/goods/add', product({ name: '编辑用商品' }))).data
    const [red, blue] = goods.skus
    const edit = (patch: Record<string, unknown>, by: AdminClient = ops, version = goods.updated_at) =>
      by.post('/goods/edit', { ...product(patch), goods_id: goods.goods_id, updated_at: version })

    // Red stays (new price), blue is left out, a large red is new.
    const saved = await edit({
      name: '编辑后商品',
      specs: [
        { name: '颜色', values: ['红', '蓝'] },
        { name: '尺寸', values: ['8mm', '10mm'] }
      ],
      skus: [
        { spec_values: ['红', '8mm'], price: 8800, stock: 999, on_shelf: true },
        { spec_values: ['红', '10mm'], price: 12800, stock: 7, on_shelf: true }
      ]
    })
    expect(saved.msg).toBe('success')
    const after = saved.data
    expect(after.updated_at).not.toBe(goods.updated_at)
    const byKey = Object.fromEntries(after.skus.map((s: any) => [s.spec_values.join('|'), s]))
    // Same id and stock (an edit never overwrites stock), new price.
    expect(byKey['红|8mm']).toMatchObject({ sku_id: red.sku_id, price: 8800, stock: 10 })
    expect(byKey['蓝|8mm']).toMatchObject({ sku_id: blue.sku_id, on_shelf: false })
    expect(byKey['红|10mm']).toMatchObject({ stock: 7, on_shelf: true })
    const [row] = await ctx.database.db.select().from(shopGoods).where(eq(shopGoods.id, goods.goods_id))
    expect(row).toMatchObject({ name: '编辑后商品', priceMin: 8800, priceMax: 12800 })
    const [audit] = await auditRows('goods.edit')
    expect((audit.before as any).name).toBe('编辑用商品')
    expect((audit.after as any).name).toBe('编辑后商品')

    // A second operator saving the page they opened before the first save.
    const auditsBefore = await tableCount('admin_audit_logs')
    expect(await edit({ name: '覆盖别人' }, owner)).toMatchObject({
      code: 0,
      msg: '该记录已被他人修改，请刷新后再编辑'
    })
    expect((await ctx.database.db.select().from(shopGoods).where(eq(shopGoods.id, goods.goods_id)))[0].name).toBe(
      '编辑后商品'
    )
    expect(await tableCount('admin_audit_logs')).toBe(auditsBefore)

    // Off shelf: gone from the app's list; the stale version is refused there too.
    expect(
      (await ops.post('/goods/shelf', { goods_id: goods.goods_id, updated_at: goods.updated_at, on_shelf: false })).msg
    ).toBe('该记录已被他人修改，请刷新后再编辑')
    const off = await ops.post('/goods/shelf', {
      goods_id: goods.goods_id,
      updated_at: after.updated_at,
      on_shelf: false
    })
    expect(off.data.on_shelf).toBe(false)
    expect((await auditRows('goods.offShelf'))[0].targetId).toBe(String(goods.goods_id))
    const appList = (await call(ctx.app, 'GET', '/api/product.product/lists', { keyword: '编辑后商品' })).data.list
    expect(appList).toEqual([])
  })

  test('stock adjustments: added or removed atomically, never below 0, logged with operator and reason', async () => {
    const goods = (await ops.post('/goods/add', product({ name: '库存商品' }))).data
    const sku = goods.skus[0]
    expect((await ops.post('/goods/stock', { sku_id: sku.sku_id, delta: 0, reason: '盘点' })).msg).toBe(
      '调整数量不能为 0'
    )
    expect((await ops.post('/goods/stock', { sku_id: sku.sku_id, delta: 5, reason: '' })).msg).toBe('调整原因不能为空')
    expect((await ops.post('/goods/stock', { sku_id: sku.sku_id, delta: 20, reason: '到货' })).data).toEqual({
      sku_id: sku.sku_id,
      stock: 30
    })
    const logsBefore = await tableCount('shop_stock_logs')
    expect((await ops.post('/goods/stock', { sku_id: sku.sku_id, delta: -31, reason: '报损' })).msg).toBe(
      '库存不足：当前库存 30，最多减少 30'
    )
    expect(await tableCount('shop_stock_logs')).toBe(logsBefore)
    expect((await owner.post('/goods/stock', { sku_id: sku.sku_id, delta: -4, reason: '报损' })).data.stock).toBe(26)

    const logs = (await ops.get('/goods/stockLogs', { sku_id: sku.sku_id })).data.list
    expect(logs.map((l: any) => [l.delta, l.stock_after, l.reason, l.operator_name])).toEqual([
      [-4, 26, '报损', 'admin'],
      [20, 30, '到货', 'ops1'],
      [10, 10, '新建规格的初始库存', 'ops1']
    ])
    const [audit] = await auditRows('goods.stock')
    expect(audit).toMatchObject({
      operatorName: 'admin',
      targetType: 'sku',
      targetId: String(sku.sku_id),
      before: { stock: 30 }
    })
    const rows = await ctx.database.db.select().from(shopStockLogs).where(eq(shopStockLogs.skuId, sku.sku_id))
    expect(rows).toHaveLength(3)
  })
})
