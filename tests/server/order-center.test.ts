import './helpers/native-modules'

import { chinaToday, DAY_MS } from '../../contract/china-time'
import { PAYMENT_BIZ_TYPES, type PaymentBizType } from '../../server/db/schema'
import { addOperator, type AdminClient, ownerClient } from './helpers/admin'
import { buyerOfEverything, type Sale } from './helpers/sales'
import { call, createTestContext, type TestContext } from './helpers/test-app'

// 全部订单: one list over the payments of every business type, its searches and filters, a sale's detail
// with its payments and refunds, and the course pay-success page's real order number.

let ctx: TestContext
let owner: AdminClient
let operations: AdminClient
let finance: AdminClient
let content: AdminClient
let buyer: { userId: number; token: string }
let sales: Record<PaymentBizType, Sale>
let other: { userId: number; token: string }

type Item = { payment_id: number; biz_type: string; out_trade_no: string; status: string; biz_no: string }
const ids = (r: { data: { list: Item[] } }) => r.data.list.map((x) => x.payment_id).sort((a, b) => a - b)
const idsOf = (...types: PaymentBizType[]) => types.map((t) => sales[t].paymentId).sort((a, b) => a - b)

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ownerClient(ctx.app, ctx.database.db)
  operations = await addOperator(ctx.app, owner, 'ops1', 'operations')
  finance = await addOperator(ctx.app, owner, 'fin1', 'finance')
  content = await addOperator(ctx.app, owner, 'content1', 'content')
  const a = await buyerOfEverything(ctx, '全能买家', '13912345678')
  buyer = a.who
  sales = a.sales
  other = (await buyerOfEverything(ctx, '另一位顾客', '13698765432')).who
}, 300_000)
afterAll(() => ctx.close())

test('lists every type of sale of a user, newest first, with user, amount, paid time and order numbers', async () => {
  const mine = await operations.get('/sale/lists', { user_id: buyer.userId, per_page: 50 })
  expect(mine.code).toBe(1)
  expect(mine.data.total).toBe(PAYMENT_BIZ_TYPES.length)
  expect(new Set(mine.data.list.map((x: Item) => x.biz_type))).toEqual(new Set(PAYMENT_BIZ_TYPES))
  const listed = mine.data.list.map((x: Item) => x.payment_id)
  expect(listed).toEqual([...listed].sort((a, b) => b - a))
  const goods = mine.data.list.find((x: Item) => x.biz_type === 'goods')
  expect(goods).toMatchObject({
    out_trade_no: sales.goods.outTradeNo,
    biz_no: sales.goods.orderNo,
    user_id: buyer.userId,
    nickname: '全能买家',
    mobile: '13912345678',
    amount_fen: sales.goods.amountFen,
    status: 'paid',
    refunded_fen: 0
  })
  expect(Date.parse(goods.paid_at)).toBeGreaterThan(Date.now() - DAY_MS)
  const course = mine.data.list.find((x: Item) => x.biz_type === 'course')
  expect(course).toMatchObject({ biz_no: '', title: '课程：八字命理入门' })
  // Paged on the server.
  const page = await operations.get('/sale/lists', { user_id: buyer.userId, per_page: 3, page: 2 })
  expect(page.data).toMatchObject({ total: 7, per_page: 3, page: 2, last_page: 3 })
  expect(page.data.list.map((x: Item) => x.payment_id)).toEqual(listed.slice(3, 6))
})

test('filters by type, status and paid-time range', async () => {
  const courses = await finance.get('/sale/lists', { biz_type: 'course' })
  expect(courses.data.total).toBe(2)
  expect(courses.data.list.every((x: Item) => x.biz_type === 'course')).toBe(true)
  expect(ids(courses)).toContain(sales.course.paymentId)
  const today = chinaToday()
  const yesterday = chinaToday(Date.now() - DAY_MS)
  expect(
    (await finance.get('/sale/lists', { user_id: buyer.userId, date_from: today, date_to: today })).data.total
  ).toBe(7)
  expect(
    (await finance.get('/sale/lists', { user_id: buyer.userId, date_from: yesterday, date_to: yesterday })).data.total
  ).toBe(0)
  expect((await finance.get('/sale/lists', { user_id: buyer.userId, status: 'closed' })).data.total).toBe(0)
  expect((await finance.get('/sale/lists', { status: 'nope' })).msg).toMatch(/订单状态/)
  expect((await finance.get('/sale/lists', { date_from: '2026/01/01' })).msg).toMatch(/日期格式/)
})

test('searches by order number (ours, the shop order, WeChat), user, receiver and what was bought', async () => {
  const by = async (q: Record<string, unknown>) => ids(await operations.get('/sale/lists', { per_page: 100, ...q }))
  expect(await by({ order_no: sales.course.outTradeNo })).toEqual([sales.course.paymentId])
  expect(await by({ order_no: sales.goods.orderNo })).toEqual([sales.goods.paymentId])
  expect(await by({ order_no: 'SO-none' })).toEqual([])

  expect(await by({ user: '全能' })).toEqual(idsOf(...PAYMENT_BIZ_TYPES))
  expect(await by({ user: '13912345678' })).toEqual(idsOf(...PAYMENT_BIZ_TYPES))
  // Digits also match ids and nicknames that hold them (the user list's rule): the buyer is among them.
  expect(await by({ user: String(buyer.userId), biz_type: 'report' })).toContain(sales.report.paymentId)

  // Both buyers' shop orders went to 王五 at 13800138000 (helpers/admin.ts).
  const goodsOfBoth = await by({ keyword: '王五' })
  expect(goodsOfBoth).toContain(sales.goods.paymentId)
  expect(goodsOfBoth).toHaveLength(2)
  expect(await by({ keyword: '13800138000', user_id: buyer.userId })).toEqual([sales.goods.paymentId])
  expect(await by({ keyword: '八字命理入门', user_id: buyer.userId })).toEqual([sales.course.paymentId])
  const detail = (await operations.get('/sale/detail', { payment_id: sales.goods.paymentId })).data
  expect(await by({ keyword: detail.items[0].name, user_id: buyer.userId })).toEqual([sales.goods.paymentId])
  expect(await by({ keyword: '100%_无此商品' })).toEqual([])
})

test('a partial refund shows as 部分退款 in the list and the detail carries payments and refunds', async () => {
  const refund = await ctx.app.services.payments.refund(sales.course.paymentId, {
    reason: '部分退款测试',
    key: 'order-center-partial',
    refundFen: 1000
  })
  expect(refund.status).toBe('succeeded')
  const partial = await owner.get('/sale/lists', { status: 'partial' })
  expect(partial.msg).toBe('success')
  expect(ids(partial)).toEqual([sales.course.paymentId])
  expect(partial.data.list[0]).toMatchObject({ status: 'partial', refunded_fen: 1000 })
  expect(ids(await owner.get('/sale/lists', { status: 'paid', user_id: buyer.userId }))).not.toContain(
    sales.course.paymentId
  )

  const d = (await owner.get('/sale/detail', { payment_id: sales.course.paymentId })).data
  expect(d).toMatchObject({
    biz_type: 'course',
    status: 'partial',
    biz_status: '已支付',
    biz_link_text: '课程与学员',
    items: [{ name: '八字命理入门', quantity: 1, amount_fen: sales.course.amountFen }],
    receiver: null
  })
  expect(d.biz_link).toMatch(/^\/courses\/\d+$/)
  expect(d.payments).toEqual([expect.objectContaining({ out_trade_no: sales.course.outTradeNo, status: 'paid' })])
  expect(d.refunds).toEqual([
    expect.objectContaining({
      out_trade_no: sales.course.outTradeNo,
      amount_fen: 1000,
      status: 'succeeded',
      reason: '部分退款测试'
    })
  ])
  expect(d.refunds[0].finished_at).toBeTruthy()

  const goods = (await owner.get('/sale/detail', { payment_id: sales.goods.paymentId })).data
  expect(goods).toMatchObject({ biz_no: sales.goods.orderNo, biz_status: '待发货', receiver: { name: '王五' } })
  expect(goods.biz_link).toMatch(/^\/orders\/\d+$/)
  for (const t of ['activity', 'certificate', 'membership', 'service', 'report'] as const) {
    const x = (await owner.get('/sale/detail', { payment_id: sales[t].paymentId })).data
    expect(x.items).toHaveLength(1)
    expect(x.biz_status).not.toBe('')
  }
  expect(await owner.get('/sale/detail', { payment_id: 99999999 })).toMatchObject({ code: 0, msg: '订单不存在' })
})

test('only roles with order.view: content is refused, app users and visitors are not operators', async () => {
  expect(await content.get('/sale/lists')).toMatchObject({ code: 0, msg: '没有权限执行此操作' })
  expect(await content.get('/sale/detail', { payment_id: sales.goods.paymentId })).toMatchObject({
    code: 0,
    msg: '没有权限执行此操作'
  })
  const appUser = await ctx.app.inject({
    method: 'GET',
    url: '/api/admin/sale/lists',
    headers: { authorization: other.token }
  })
  expect(appUser.json()).toMatchObject({ code: -9999 })
})

test('the course order tells the pay-success page its 商户订单号', async () => {
  const list = await call(ctx.app, 'GET', '/api/course.order/lists', {}, buyer.token)
  const order = list.data.list[0]
  expect(order.out_trade_no).toBe(sales.course.outTradeNo)
  const detail = await call(ctx.app, 'GET', '/api/course.order/detail', { order_id: order.order_id }, buyer.token)
  expect(detail.data.order).toMatchObject({ status: 'paid', out_trade_no: sales.course.outTradeNo })
})
