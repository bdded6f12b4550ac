import './helpers/native-modules'

import { eq } from 'drizzle-orm'

import { adminAuditLogs, toolProducts } from '../../server/db/schema'
import { addOperator, type AdminClient, ownerClient } from './helpers/admin'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

/** 付费工具: the report's price and sale switch from the console, applied to purchases started after. */
let ctx: TestContext
let owner: AdminClient
let operations: AdminClient
let finance: AdminClient

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ownerClient(ctx.app, ctx.database.db)
  operations = await addOperator(ctx.app, owner, 'price_ops', 'operations')
  finance = await addOperator(ctx.app, owner, 'price_fin', 'finance')
}, 180_000)
afterAll(() => ctx.close())

const report = async () =>
  (await operations.get('/toolProduct/lists')).data.find((p: { key: string }) => p.key === 'bazi_report')
const BIRTH = { gender: 'male', date: '1990-05-15 14:30' }

test('owner/operations reprice the report, app sells at it; stale or bad edit refused, writes nothing', async () => {
  const before = await report()
  expect(before).toMatchObject({ key: 'bazi_report', visible: true })
  expect(await finance.get('/toolProduct/lists')).toMatchObject({ code: 0, msg: '没有权限执行此操作' })
  const visitor = await ctx.app.inject({ method: 'GET', url: '/api/admin/toolProduct/lists' })
  expect(visitor.json()).toMatchObject({ code: -9999 })

  const edit = {
    key: 'bazi_report',
    title: '八字详批报告',
    description: '格局用神与大运流年逐年详批',
    price_fen: 2990,
    original_price_fen: 5990,
    visible: true,
    updated_at: before.updated_at
  }
  expect(await operations.post('/toolProduct/save', { ...edit, price_fen: 0 })).toMatchObject({
    code: 0,
    msg: '售价至少 1'
  })
  expect(await operations.post('/toolProduct/save', { ...edit, original_price_fen: 2000 })).toMatchObject({
    code: 0,
    msg: '原价应高于售价，不需要划线价请填 0'
  })
  expect(await operations.post('/toolProduct/save', { ...edit, title: '' })).toMatchObject({ code: 0 })
  expect(await operations.post('/toolProduct/save', { ...edit, key: 'nothing' })).toMatchObject({
    code: 0,
    msg: '付费工具不存在'
  })
  const [untouched] = await ctx.database.db.select().from(toolProducts).where(eq(toolProducts.key, 'bazi_report'))
  expect(untouched.priceFen).toBe(before.price_fen)

  const saved = await operations.post('/toolProduct/save', edit)
  expect(saved).toMatchObject({ code: 1, data: { price_fen: 2990, original_price_fen: 5990 } })
  // The page another operator loaded before is stale now.
  expect(await owner.post('/toolProduct/save', { ...edit, price_fen: 100 })).toMatchObject({
    code: 0,
    msg: '该记录已被他人修改，请刷新后再编辑'
  })
  const [audit] = await ctx.database.db
    .select()
    .from(adminAuditLogs)
    .where(eq(adminAuditLogs.action, 'toolProduct.save'))
  expect(audit).toMatchObject({ targetType: 'tool_product', targetId: 'bazi_report' })
  expect((await owner.get('/toolProduct/history')).data.list[0]).toMatchObject({
    operator_name: 'price_ops',
    before: { price_fen: before.price_fen },
    after: { price_fen: 2990 }
  })

  // The app shows and charges the new price.
  expect((await call(ctx.app, 'GET', '/api/tools.report/price')).data).toMatchObject({
    price_fen: 2990,
    original_price_fen: 5990,
    title: '八字详批报告'
  })
  const buyer = await login(ctx.app, '改价后买家')
  const rec = (await call(ctx.app, 'POST', '/api/tools.index/saveBazi', { name: '改价', ...BIRTH }, buyer.token)).data
  const pay = await call(ctx.app, 'POST', '/api/tools.index/pay', { record_id: rec.id }, buyer.token)
  expect(pay.data.pay.amount_fen).toBe(2990)
})

test('off sale: the app says so and nothing can be bought until it is back', async () => {
  const now = await report()
  const off = await owner.post('/toolProduct/save', {
    ...now,
    original_price_fen: now.original_price_fen ?? 0,
    visible: false
  })
  expect(off.code).toBe(1)
  expect((await call(ctx.app, 'GET', '/api/tools.report/price')).msg).toBe('详批报告暂停销售，请稍后再来')
  const buyer = await login(ctx.app, '停售时买家')
  const rec = (await call(ctx.app, 'POST', '/api/tools.index/saveBazi', { name: '停售', ...BIRTH }, buyer.token)).data
  expect((await call(ctx.app, 'POST', '/api/tools.index/pay', { record_id: rec.id }, buyer.token)).msg).toBe(
    '详批报告暂停销售，请稍后再来'
  )
  const on = await owner.post('/toolProduct/save', {
    ...off.data,
    original_price_fen: off.data.original_price_fen ?? 0,
    visible: true
  })
  expect(on.code).toBe(1)
  expect((await call(ctx.app, 'POST', '/api/tools.index/pay', { record_id: rec.id }, buyer.token)).code).toBe(1)
})
