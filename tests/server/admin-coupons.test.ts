import './helpers/native-modules'

import { desc, eq, sql } from 'drizzle-orm'

import { adminAuditLogs } from '../../server/db/schema'
import { ensureInitialOwner } from '../../server/modules/admin/operators'
import { addOperator, type AdminClient, adminLogin } from './helpers/admin'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

let ctx: TestContext
let owner: AdminClient
let ops: AdminClient
let user: { userId: number; token: string }
const DAY = 24 * 3600 * 1000

async function couponCount(): Promise<number> {
  const { rows } = (await ctx.database.db.execute(sql`select count(*)::int as n from shop_coupons`)) as unknown as {
    rows: { n: number }[]
  }
  return rows[0].n
}

function coupon(overrides: Record<string, unknown> = {}) {
  return {
    name: '满100减20',
    type: 'amount',
    amount: 2000,
    min_spend: 10000,
    start_at: new Date(Date.now() - 60_000).toISOString(),
    end_at: new Date(Date.now() + 30 * DAY).toISOString(),
    valid_days: 7,
    total: 2,
    per_user_limit: 1,
    description: '全场通用',
    ...overrides
  }
}

beforeAll(async () => {
  ctx = await createTestContext()
  await ensureInitialOwner(ctx.database.db, 'Owner-pass-1')
  owner = (await adminLogin(ctx.app, 'admin', 'Owner-pass-1')).client!
  ops = await addOperator(ctx.app, owner, 'ops_c', 'operations')
  user = await login(ctx.app, '领券用户')
}, 180_000)

afterAll(() => ctx.close())

test('finance, content, an app token and no session cannot create coupons', async () => {
  const before = await couponCount()
  for (const role of ['finance', 'content']) {
    const client = await addOperator(ctx.app, owner, `c_${role}`, role)
    expect((await client.post('/coupon/add', coupon())).msg).toBe('没有权限执行此操作')
    expect((await client.get('/coupon/lists')).msg).toBe('没有权限执行此操作')
  }
  expect(
    (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/coupon/add',
        payload: coupon(),
        headers: { authorization: user.token }
      })
    ).json().code
  ).toBe(-9999)
  expect(await couponCount()).toBe(before)
})

test('bad input is refused in Chinese and writes nothing', async () => {
  const before = await couponCount()
  const cases: [Record<string, unknown>, string][] = [
    [{ name: '' }, '优惠券名称不能为空'],
    [{ type: 'gift' }, '类型不正确'],
    [{ total: 0 }, '发放总量至少 1'],
    [{ end_at: 'tomorrow' }, '结束时间格式不正确'],
    [{ amount: 0 }, '满减券请填写减免金额'],
    [{ amount: 10000 }, '减免金额应小于使用门槛'],
    [{ type: 'discount', discount: 5 }, '折扣应在 1 折到 9.9 折之间'],
    [
      { end_at: new Date(Date.now() - DAY).toISOString(), start_at: new Date(Date.now() - 2 * DAY).toISOString() },
      '结束时间应晚于现在'
    ],
    [{ scope: 'category', scope_ids: [] }, '请选择适用的分类'],
    [{ scope: 'goods', scope_ids: [999999] }, '所选商品有的已不存在，请刷新后重选']
  ]
  for (const [patch, msg] of cases) expect(await ops.post('/coupon/add', coupon(patch))).toMatchObject({ code: 0, msg })
  expect(await couponCount()).toBe(before)
})

test('a created coupon shows in 领券中心, is claimed within its limits, counted, listed per claim, stopped', async () => {
  const created = await ops.post('/coupon/add', coupon({ name: '后台满减券' }))
  expect(created.msg).toBe('success')
  const id = created.data.coupon_id
  const [audit] = await ctx.database.db
    .select()
    .from(adminAuditLogs)
    .where(eq(adminAuditLogs.action, 'coupon.add'))
    .orderBy(desc(adminAuditLogs.id))
  expect(audit).toMatchObject({ operatorName: 'ops_c', targetId: String(id) })

  const centre = (await call(ctx.app, 'GET', '/api/coupon.coupon/lists', { per_page: 50 }, user.token)).data.list
  expect(centre.find((c: any) => c.coupon_id === id)).toMatchObject({
    title: '满100减20',
    can_receive: true,
    remaining: 2
  })

  expect((await call(ctx.app, 'POST', '/api/user.coupon/receive', { coupon_id: id }, user.token)).code).toBe(1)
  expect((await call(ctx.app, 'POST', '/api/user.coupon/receive', { coupon_id: id }, user.token)).msg).toBe(
    '每人限领 1 张'
  )
  const other = await login(ctx.app, '另一个领券用户')
  expect((await call(ctx.app, 'POST', '/api/user.coupon/receive', { coupon_id: id }, other.token)).code).toBe(1)

  const row = (await ops.get('/coupon/lists', { keyword: '后台满减' })).data.list[0]
  expect(row).toMatchObject({ coupon_id: id, claimed: 2, used: 0, total: 2, issuing: true, valid_days: 7 })
  const claims = (await ops.get('/coupon/claims', { coupon_id: id })).data
  expect(claims.total).toBe(2)
  expect(claims.list.map((c: any) => c.nickname).sort()).toEqual(['另一个领券用户', '领券用户'].sort())
  // Claimed with 7 days to use it.
  const claim = claims.list[0]
  expect(Date.parse(claim.expire_at) - Date.parse(claim.claimed_at)).toBeGreaterThan(6.9 * DAY)
  expect(claim).toMatchObject({ status: 'unused', order_no: '' })

  const more = (
    await ops.post(
      '/coupon/add',
      coupon({ name: '停发测试', total: 100, type: 'discount', discount: 85, amount: 0, max_discount: 3000 })
    )
  ).data
  expect(
    (await call(ctx.app, 'POST', '/api/user.coupon/receive', { coupon_id: more.coupon_id }, user.token)).code
  ).toBe(1)
  expect((await ops.post('/coupon/stop', { coupon_id: more.coupon_id })).data.issuing).toBe(false)
  expect((await ops.post('/coupon/stop', { coupon_id: more.coupon_id })).msg).toBe('该优惠券已停止发放')
  const after = (await call(ctx.app, 'GET', '/api/coupon.coupon/lists', { per_page: 50 }, other.token)).data.list
  expect(after.map((c: any) => c.coupon_id)).not.toContain(more.coupon_id)
  expect(
    (await call(ctx.app, 'POST', '/api/user.coupon/receive', { coupon_id: more.coupon_id }, other.token)).code
  ).toBe(0)
  // The one already claimed stays in the user's coupons.
  const mine = (await call(ctx.app, 'GET', '/api/user.coupon/lists', { status: 'unused' }, user.token)).data.list
  expect(mine.map((c: any) => c.coupon_id)).toContain(more.coupon_id)
  const [stopAudit] = await ctx.database.db
    .select()
    .from(adminAuditLogs)
    .where(eq(adminAuditLogs.action, 'coupon.stop'))
  expect(stopAudit).toMatchObject({ targetId: String(more.coupon_id), after: { issuing: false } })
})

test('a coupon for one product discounts only that product; on another it is refused with the reason', async () => {
  const category = (await ops.post('/category/add', { name: '单品券分类' })).data
  const goods = async (name: string) => {
    const g = (
      await ops.post('/goods/add', {
        category_id: category.category_id,
        name,
        images: ['/static/goods/beads-crystal-white.svg'],
        specs: [],
        skus: [{ spec_values: [], price: 20000, stock: 10 }]
      })
    ).data
    return { goodsId: g.goods_id as number, skuId: g.skus[0].sku_id as number }
  }
  const chosen = await goods('单品券指定商品')
  const other = await goods('单品券其他商品')
  const created = await ops.post(
    '/coupon/add',
    coupon({ name: '指定商品满减', scope: 'goods', scope_ids: [chosen.goodsId], valid_days: 0 })
  )
  expect(created.msg).toBe('success')
  expect((await ops.get('/coupon/lists', { keyword: '指定商品满减' })).data.list[0]).toMatchObject({
    scope: 'goods',
    scope_ids: [chosen.goodsId]
  })

  const buyer = await login(ctx.app, '单品券买家')
  expect(
    (await call(ctx.app, 'POST', '/api/user.coupon/receive', { coupon_id: created.data.coupon_id }, buyer.token)).code
  ).toBe(1)
  const held = (await call(ctx.app, 'GET', '/api/user.coupon/lists', { status: 'unused' }, buyer.token)).data.list.find(
    (c: any) => c.coupon_id === created.data.coupon_id
  )
  const address = (
    await call(
      ctx.app,
      'POST',
      '/api/user.address/add',
      {
        name: '单品',
        mobile: '13800138002',
        province_code: '110000',
        city_code: '110100',
        district_code: '110105',
        detail: '朝阳路2号'
      },
      buyer.token
    )
  ).data.detail
  const buy = (skuId: number, requestId: string) =>
    call(
      ctx.app,
      'POST',
      '/api/order.order/buy',
      {
        mode: 'buy_now',
        sku_id: skuId,
        quantity: 1,
        address_id: address.address_id,
        request_id: requestId,
        user_coupon_id: held.user_coupon_id
      },
      buyer.token
    )

  // Another product: the checkout lists the coupon as not usable, and an order with it is refused.
  const preview = (
    await call(
      ctx.app,
      'GET',
      '/api/order.order/buy',
      { mode: 'buy_now', sku_id: other.skuId, quantity: 1 },
      buyer.token
    )
  ).data.preview
  expect(preview.coupons.find((c: any) => c.user_coupon_id === held.user_coupon_id)).toMatchObject({
    usable: false,
    reason: '订单中没有适用的商品'
  })
  expect(preview.coupon_discount).toBe(0)
  expect(await buy(other.skuId, 'scoped-other')).toMatchObject({
    code: 0,
    msg: '该优惠券不可用于本订单：订单中没有适用的商品'
  })
  expect((await call(ctx.app, 'GET', '/api/user.order/lists', {}, buyer.token)).data.total).toBe(0)

  // Its own product: 20 off 200.
  const order = await buy(chosen.skuId, 'scoped-own')
  expect(order.code).toBe(1)
  const { detail } = (
    await call(ctx.app, 'GET', '/api/user.order/detail', { order_id: order.data.order_id }, buyer.token)
  ).data
  expect(detail).toMatchObject({
    coupon_name: '指定商品满减',
    goods_amount: 20000,
    coupon_discount: 2000,
    pay_amount: 18000
  })
})
