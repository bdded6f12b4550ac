import './helpers/native-modules'

import { eq } from 'drizzle-orm'

import { adminAuditLogs } from '../../server/db/schema'
import { addOperator, type AdminClient, ownerClient, paidShopOrder } from './helpers/admin'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

let ctx: TestContext
let owner: AdminClient
beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ownerClient(ctx.app, ctx.database.db)
})
afterAll(() => ctx.close())

const detail = async (orderId: number) => (await owner.get('/order/detail', { order_id: orderId })).data
const NEW_ADDRESS = {
  name: '李四',
  mobile: '13900139000',
  province_code: '310000',
  city_code: '310100',
  district_code: '310104',
  detail: '漕溪北路 88 号'
}

test('商家备注 is kept and audited; the buyer never sees it', async () => {
  const buyer = await login(ctx.app, '备注买家')
  const order = await paidShopOrder(ctx.app, ctx.database.db, buyer.token)
  const before = await detail(order.order_id)
  const saved = await owner.post('/order/remark', {
    order_id: order.order_id,
    updated_at: before.updated_at,
    merchant_remark: '客户要求周末送达\n走顺丰'
  })
  expect(saved.code).toBe(1)
  expect((await detail(order.order_id)).merchant_remark).toBe('客户要求周末送达\n走顺丰')
  // The version the operator saw is checked: a second save from the old page is refused.
  expect(
    await owner.post('/order/remark', { order_id: order.order_id, updated_at: before.updated_at, merchant_remark: 'x' })
  ).toMatchObject({ code: 0, msg: expect.stringContaining('刷新') })
  const [audit] = await ctx.database.db.select().from(adminAuditLogs).where(eq(adminAuditLogs.action, 'order.remark'))
  expect(audit.targetId).toBe(order.order_no)

  const mine = await call(ctx.app, 'GET', '/api/user.order/detail', { order_id: order.order_id }, buyer.token)
  expect(JSON.stringify(mine.data)).not.toContain('周末送达')
})

test('an address changed before shipping is what the buyer sees, on its timeline too; once shipped, no', async () => {
  const buyer = await login(ctx.app, '改地址买家')
  const order = await paidShopOrder(ctx.app, ctx.database.db, buyer.token)
  const before = await detail(order.order_id)

  const bad = await owner.post('/order/address', {
    ...NEW_ADDRESS,
    mobile: '123',
    order_id: order.order_id,
    updated_at: before.updated_at
  })
  expect(bad).toEqual({ code: 0, msg: '请填写正确的 11 位手机号码', data: {} })

  expect(
    (await owner.post('/order/address', { ...NEW_ADDRESS, order_id: order.order_id, updated_at: before.updated_at }))
      .code
  ).toBe(1)
  const mine = (await call(ctx.app, 'GET', '/api/user.order/detail', { order_id: order.order_id }, buyer.token)).data
    .detail
  expect(mine.address).toMatchObject({ name: '李四', mobile: '13900139000', province: '上海市', district: '徐汇区' })
  expect(mine.timeline.map((e: { title: string }) => e.title)).toContain('收货地址已修改')
  const [audit] = await ctx.database.db.select().from(adminAuditLogs).where(eq(adminAuditLogs.action, 'order.address'))
  // The audit log tells the receivers apart without keeping who they are (names and numbers are sealed at rest).
  expect(audit.before).toMatchObject({ address: { province: '北京市' }, receiver: '王* 138****8000' })
  expect(audit.after).toMatchObject({
    address: { province: '上海市', district: '徐汇区' },
    receiver: '李* 139****9000'
  })
  expect(JSON.stringify([audit.before, audit.after])).not.toMatch(/王五|李四|13800138000|13900139000/)

  const shipped = await detail(order.order_id)
  expect(
    (
      await owner.post('/order/ship', {
        order_id: order.order_id,
        updated_at: shipped.updated_at,
        express_company: '顺丰速运',
        express_no: 'SF1234567890'
      })
    ).code
  ).toBe(1)
  const after = await detail(order.order_id)
  expect(
    await owner.post('/order/address', { ...NEW_ADDRESS, order_id: order.order_id, updated_at: after.updated_at })
  ).toEqual({ code: 0, msg: '订单已发货或已结束，不能再修改收货地址', data: {} })
})

test('only roles that ship orders may note or readdress them', async () => {
  const buyer = await login(ctx.app, '权限买家')
  const order = await paidShopOrder(ctx.app, ctx.database.db, buyer.token)
  const content = await addOperator(ctx.app, owner, 'content_remark', 'content')
  const before = await detail(order.order_id)
  expect(
    await content.post('/order/remark', {
      order_id: order.order_id,
      updated_at: before.updated_at,
      merchant_remark: 'x'
    })
  ).toMatchObject({ code: 0, msg: '没有权限执行此操作' })
})

test('发货单 of several orders: receiver, address and goods in the order asked; finance may not print them', async () => {
  const buyer = await login(ctx.app, '发货单买家')
  const a = await paidShopOrder(ctx.app, ctx.database.db, buyer.token)
  const b = await paidShopOrder(ctx.app, ctx.database.db, buyer.token)
  const slips = await owner.get('/order/slips', { ids: `${b.order_id},${a.order_id},999999` })
  expect(slips.data.list.map((s: { order_no: string }) => s.order_no)).toEqual([b.order_no, a.order_no])
  expect(slips.data.list[0]).toMatchObject({
    receiver: '王五',
    mobile: '13800138000',
    address: expect.stringContaining('建国路1号'),
    items: [{ quantity: 1, name: expect.any(String) }]
  })
  expect((await owner.get('/order/slips', { ids: 'x' })).msg).toBe('请选择 1 到 50 个订单')
  const finance = await addOperator(ctx.app, owner, 'slip_fin', 'finance')
  expect((await finance.get('/order/slips', { ids: String(a.order_id) })).code).toBe(0)
})
