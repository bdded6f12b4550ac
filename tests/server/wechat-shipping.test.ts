import './helpers/native-modules'

import { and, eq, gt } from 'drizzle-orm'

import { MSG_NOT_OWNER } from '../../contract'
import { courses, payments, shopOrderItems, shopOrders, shopSkus, wechatShippingUploads } from '../../server/db/schema'
import { pushSignature } from '../../server/modules/wechat/message-push'
import { addOperator, type AdminClient, ownerClient } from './helpers/admin'
import { fakeWechat } from './helpers/fake-wechat'
import { FakeWechatPay } from './helpers/fake-wechat-pay'
import { call, createTestContext, type TestContext } from './helpers/test-app'

// 发货信息录入: the server's real WeChat driver against a fake WeChat that checks every field as WeChat
// documents them, and real WeChat Pay v3 payments against a fake merchant API.
const fake = fakeWechat()
const pay = new FakeWechatPay()
const PUSH_TOKEN = 'push-token-for-shipping'
let ctx: TestContext
let owner: AdminClient

beforeAll(async () => {
  await pay.start()
  ctx = await createTestContext({
    ...pay.env(),
    WECHAT_APP_ID: 'wxoa',
    WECHAT_APP_SECRET: 'oasecret',
    WECHAT_MP_APP_ID: 'wxmp',
    WECHAT_MP_APP_SECRET: 'mpsecret',
    WECHAT_API_BASE: await fake.listen(),
    WECHAT_MP_PUSH_TOKEN: PUSH_TOKEN
  })
  owner = await ownerClient(ctx.app, ctx.database.db)
})
afterAll(async () => {
  await ctx.close()
  await fake.close()
  await pay.stop()
})

const db = () => ctx.database.db
const shipping = () => ctx.app.services.shipping
/** Due uploads as the periodic job finds them `ms` from now. */
const sweepIn = (ms = 0) => shipping().uploadDue(new Date(Date.now() + ms))

interface Buyer {
  token: string
  openid: string
  client: 'wxapp' | 'h5'
}

let mpUsers = 0
/** A mini-program user: WeChat knows them as o_mp-user-<n>. */
async function mpBuyer(): Promise<Buyer> {
  const code = `mp-user-ship${++mpUsers}`
  const r = await call(ctx.app, 'POST', '/api/wechat.index/mpLogin', { code, client: 'wxapp' })
  expect(r.code).toBe(1)
  return { token: r.data.token, openid: `o_${code}`, client: 'wxapp' }
}

/** The official account's user (WeChat's browser): H5 pays by JSAPI under the official account's app id. */
async function h5Buyer(): Promise<Buyer> {
  const r = await call(ctx.app, 'POST', '/api/wechat.index/mpLogin', { code: 'oa-good', client: 'h5' })
  expect(r.code).toBe(1)
  return { token: r.data.token, openid: 'o_oa_1', client: 'h5' }
}

/** The payer pays in WeChat's cashier and WeChat Pay's notice arrives; WeChat then knows the payment. */
async function paid(outTradeNo: string, buyer: Buyer, known = true) {
  expect(pay.pay(outTradeNo)).toBe(true)
  const n = pay.paymentNotice(outTradeNo)
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/pay.notify/wechat',
    headers: n.headers,
    payload: n.body
  })
  expect(res.statusCode).toBe(204)
  if (known) knows(outTradeNo, buyer)
}
const knows = (outTradeNo: string, buyer: Buyer) =>
  fake.knownPayments.push({ transactionId: `4200${outTradeNo}`, mchId: pay.mchId, outTradeNo, openid: buyer.openid })

let requests = 0
/** A shop order bought in the buyer's client and paid with WeChat Pay. */
async function paidOrder(buyer: Buyer) {
  const [sku] = await db()
    .select()
    .from(shopSkus)
    .where(and(gt(shopSkus.stock, 5), eq(shopSkus.onShelf, true)))
    .limit(1)
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
      detail: '建国路1号',
      client: buyer.client
    },
    buyer.token
  )
  const buy = await call(
    ctx.app,
    'POST',
    '/api/order.order/buy',
    {
      mode: 'buy_now',
      sku_id: sku.id,
      quantity: 2,
      address_id: address.data.detail.address_id,
      request_id: `shipping-${Date.now()}-${++requests}`,
      user_coupon_id: 0,
      client: buyer.client
    },
    buyer.token
  )
  expect(buy.msg).toBe('success')
  const outTradeNo = buy.data.payment.out_trade_no as string
  await paid(outTradeNo, buyer)
  const version = (await owner.get('/order/detail', { order_id: buy.data.order_id })).data.updated_at
  return { id: buy.data.order_id as number, no: buy.data.order_no as string, outTradeNo, version }
}

const uploadsFor = (outTradeNo: string) =>
  fake.shippingUploads.filter((u) => u.order_key.transaction_id === `4200${outTradeNo}`)
const adminDetail = async (orderId: number) => (await owner.get('/order/detail', { order_id: orderId })).data

function push(body: object) {
  const timestamp = String(Math.floor(Date.now() / 1000))
  const nonce = 'n' + Math.random().toString(36).slice(2)
  const signature = pushSignature(PUSH_TOKEN, timestamp, nonce)
  return ctx.app.inject({
    method: 'POST',
    url: `/api/wechat.push/mp?signature=${signature}&timestamp=${timestamp}&nonce=${nonce}`,
    payload: {
      ToUserName: 'gh_x',
      FromUserName: 'o_sys',
      CreateTime: Math.floor(Date.now() / 1000),
      MsgType: 'event',
      ...body
    }
  })
}

test('start-up points WeChat’s shipping messages at the order page', async () => {
  for (let i = 0; i < 50 && !fake.jumpPaths.length; i++) await new Promise((r) => setTimeout(r, 100))
  expect(fake.jumpPaths).toEqual(['goods/pages/order/detail'])
})

test('发货 of a mini-program order: WeChat receives one correct upload, and the buyer confirms in WeChat', async () => {
  const buyer = await mpBuyer()
  const order = await paidOrder(buyer)
  const [payment] = await db().select().from(payments).where(eq(payments.outTradeNo, order.outTradeNo))
  expect(payment).toMatchObject({ payerAppId: 'wxmp', payerOpenid: buyer.openid })
  expect((await adminDetail(order.id)).wechat_shipping).toMatchObject({ state: 'pending', logistics_type: 1 })

  const carriers = (await owner.get('/order/carriers')).data.list
  expect(carriers).toContainEqual({ delivery_id: 'SF', delivery_name: '顺丰速运' })
  const shipped = await owner.post('/order/ship', {
    order_id: order.id,
    updated_at: order.version,
    express_company: '顺丰速运',
    express_no: 'SF1234567890'
  })
  expect(shipped.code).toBe(1)
  await sweepIn()
  await sweepIn()
  const [item] = await db().select().from(shopOrderItems).where(eq(shopOrderItems.orderId, order.id))
  const uploads = uploadsFor(order.outTradeNo)
  expect(uploads).toHaveLength(1)
  expect(uploads[0]).toEqual({
    order_key: { order_number_type: 2, transaction_id: `4200${order.outTradeNo}` },
    logistics_type: 1,
    delivery_mode: 1,
    shipping_list: [
      {
        tracking_no: 'SF1234567890',
        express_company: 'SF',
        item_desc: `${item.name}*2`,
        contact: { receiver_contact: '138****8000' }
      }
    ],
    upload_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+08:00$/),
    payer: { openid: buyer.openid }
  })

  const detail = await adminDetail(order.id)
  expect(detail.wechat_shipping).toMatchObject({ state: 'uploaded', delivery_mode: 1, last_error: '' })
  expect(detail.parcels).toEqual([{ express_company: '顺丰速运', express_no: 'SF1234567890', delivery_id: 'SF' }])
  const listed = (await owner.get('/order/lists', { order_no: order.no })).data.list[0]
  expect(listed.wechat_shipping_state).toBe('uploaded')

  // The app opens WeChat's 确认收货 with the payment's transaction id.
  const mine = (await call(ctx.app, 'GET', '/api/user.order/detail', { order_id: order.id }, buyer.token)).data.detail
  expect(mine.wechat_confirm).toEqual({ transaction_id: `4200${order.outTradeNo}` })
  const list = (await call(ctx.app, 'GET', '/api/user.order/lists', {}, buyer.token)).data.list
  expect(list[0].wechat_confirm).toEqual({ transaction_id: `4200${order.outTradeNo}` })
  // WeChat's message opens the page with the payment's numbers: the buyer's own order is found, nobody else's.
  const byTrade = await call(
    ctx.app,
    'GET',
    '/api/user.order/detail',
    { transaction_id: `4200${order.outTradeNo}`, merchant_id: pay.mchId, merchant_trade_no: order.outTradeNo },
    buyer.token
  )
  expect(byTrade.data.detail.order_id).toBe(order.id)
  const other = await mpBuyer()
  expect(
    (await call(ctx.app, 'GET', '/api/user.order/detail', { merchant_trade_no: order.outTradeNo }, other.token)).msg
  ).toBe(MSG_NOT_OWNER)
  expect((await call(ctx.app, 'GET', '/api/user.order/detail', {}, buyer.token)).msg).toBe('缺少订单编号')
})

test('WeChat down: the ship still succeeds, and the upload is retried until WeChat accepts it', async () => {
  const buyer = await mpBuyer()
  const order = await paidOrder(buyer)
  fake.shippingDown = true
  const shipped = await owner.post('/order/ship', {
    order_id: order.id,
    updated_at: order.version,
    express_company: 'ZTO',
    express_no: 'ZT7000000001'
  })
  expect(shipped.code).toBe(1)
  const [row] = await db().select().from(shopOrders).where(eq(shopOrders.id, order.id))
  expect(row).toMatchObject({ status: 'to_receive', expressCompany: '中通快递', expressNo: 'ZT7000000001' })
  await sweepIn()
  let s = (await adminDetail(order.id)).wechat_shipping
  expect(s).toMatchObject({ state: 'pending', attempts: 1, last_error: '微信服务暂时不可用，请稍后再试' })
  expect(new Date(s.next_try_at).getTime()).toBeGreaterThan(Date.now() + 50_000)

  // Back, but busy (-1 system error): still waiting, the next try later.
  fake.shippingDown = false
  fake.shippingAnswers.push({ errcode: -1, errmsg: 'system error rid: x' })
  await sweepIn(61_000)
  s = (await adminDetail(order.id)).wechat_shipping
  expect(s).toMatchObject({ state: 'pending', attempts: 2, last_error: 'system error（错误码 -1）' })
  expect(uploadsFor(order.outTradeNo)).toHaveLength(0)

  await sweepIn(61_000 + 121_000)
  expect(uploadsFor(order.outTradeNo)).toHaveLength(1)
  expect((await adminDetail(order.id)).wechat_shipping).toMatchObject({ state: 'uploaded', attempts: 3 })
})

test('a split shipment uploads SPLIT_DELIVERY with every parcel', async () => {
  const buyer = await mpBuyer()
  const order = await paidOrder(buyer)
  const shipped = await owner.post('/order/ship', {
    order_id: order.id,
    updated_at: order.version,
    express_company: '顺丰',
    express_no: 'SF2000000001',
    more_parcels: [
      { express_company: '中通快递', express_no: 'ZT2000000002' },
      { express_company: '京东物流', express_no: 'JD2000000003' }
    ]
  })
  expect(shipped.code).toBe(1)
  await sweepIn()
  const [upload] = uploadsFor(order.outTradeNo)
  expect(upload).toMatchObject({ logistics_type: 1, delivery_mode: 2, is_all_delivered: true })
  expect(upload.shipping_list).toEqual([
    expect.objectContaining({
      tracking_no: 'SF2000000001',
      express_company: 'SF',
      contact: { receiver_contact: '138****8000' }
    }),
    { tracking_no: 'ZT2000000002', express_company: 'ZTO', item_desc: upload.shipping_list[0].item_desc },
    { tracking_no: 'JD2000000003', express_company: 'JD', item_desc: upload.shipping_list[0].item_desc }
  ])
  const detail = await adminDetail(order.id)
  expect(detail.parcels.map((p: any) => `${p.express_company} ${p.express_no}`)).toEqual([
    '顺丰速运 SF2000000001',
    '中通快递 ZT2000000002',
    '京东快递 JD2000000003'
  ])
  expect(detail.wechat_shipping).toMatchObject({ state: 'uploaded', delivery_mode: 2 })
  const mine = (await call(ctx.app, 'GET', '/api/user.order/detail', { order_id: order.id }, buyer.token)).data.detail
  expect(mine.parcels).toHaveLength(3)
  expect(mine).toMatchObject({ express_company: '顺丰速运', express_no: 'SF2000000001' })

  // More than WeChat's 15 parcels is refused before anything ships.
  const next = await paidOrder(buyer)
  const many = Array.from({ length: 15 }, (_, i) => ({
    express_company: '中通快递',
    express_no: `ZT30000000${10 + i}`
  }))
  const refused = await owner.post('/order/ship', {
    order_id: next.id,
    updated_at: next.version,
    express_company: '顺丰速运',
    express_no: 'SF3000000001',
    more_parcels: many
  })
  expect(refused.msg).toBe('其他包裹最多 14 个')
  expect((await adminDetail(next.id)).status).toBe('to_ship')
})

test('a paid course uploads 虚拟发货 once WeChat knows the payment', async () => {
  const buyer = await mpBuyer()
  const [course] = await db()
    .select()
    .from(courses)
    .where(and(gt(courses.priceFen, 0), eq(courses.visible, true)))
    .limit(1)
  const added = await call(ctx.app, 'POST', '/api/course.order/add', { course_id: course.id }, buyer.token)
  const started = await call(
    ctx.app,
    'POST',
    '/api/course.order/pay',
    { order_id: added.data.order_id, client: 'wxapp' },
    buyer.token
  )
  const outTradeNo = started.data.out_trade_no as string
  // Paid, but WeChat's 发货 service does not know the payment yet (it takes WeChat a moment).
  await paid(outTradeNo, buyer, false)
  const refusals = fake.shippingRefusals.length
  await sweepIn()
  expect(fake.shippingRefusals).toHaveLength(refusals)
  await sweepIn(16_000)
  expect(fake.shippingRefusals.at(-1)?.answer.errcode).toBe(10060001)
  const [payment] = await db().select().from(payments).where(eq(payments.outTradeNo, outTradeNo))
  const rowOf = async () =>
    (await db().select().from(wechatShippingUploads).where(eq(wechatShippingUploads.paymentId, payment.id)))[0]
  expect(await rowOf()).toMatchObject({ state: 'pending', lastError: '支付单不存在（错误码 10060001）' })

  knows(outTradeNo, buyer)
  await sweepIn(16_000 + 61_000)
  expect(uploadsFor(outTradeNo)).toEqual([
    {
      order_key: { order_number_type: 2, transaction_id: `4200${outTradeNo}` },
      logistics_type: 3,
      delivery_mode: 1,
      shipping_list: [{ item_desc: `课程：${course.title}` }],
      upload_time: expect.stringMatching(/\+08:00$/),
      payer: { openid: buyer.openid }
    }
  ])
  expect(await rowOf()).toMatchObject({ state: 'uploaded', logisticsType: 3 })
  // WeChat's message for it opens the order page, which says there is nothing to confirm.
  expect(
    (await call(ctx.app, 'GET', '/api/user.order/detail', { merchant_trade_no: outTradeNo }, buyer.token)).msg
  ).toBe('这笔支付购买的是虚拟商品，已自动发放，无需确认收货')
})

test('an H5 payment (JSAPI in the official account) uploads nothing', async () => {
  const buyer = await h5Buyer()
  const order = await paidOrder(buyer)
  const [payment] = await db().select().from(payments).where(eq(payments.outTradeNo, order.outTradeNo))
  expect(payment).toMatchObject({ payerAppId: 'wxoa', payerOpenid: 'o_oa_1' })
  const before = fake.shippingUploads.length + fake.shippingRefusals.length
  const shipped = await owner.post('/order/ship', {
    order_id: order.id,
    updated_at: order.version,
    express_company: '圆通速递',
    express_no: 'YT5000000001'
  })
  expect(shipped.code).toBe(1)
  await sweepIn(3600_000)
  expect(fake.shippingUploads.length + fake.shippingRefusals.length).toBe(before)
  expect((await adminDetail(order.id)).wechat_shipping).toBeNull()
  expect((await owner.get('/order/lists', { order_no: order.no })).data.list[0].wechat_shipping_state).toBeNull()
  const mine = (await call(ctx.app, 'GET', '/api/user.order/detail', { order_id: order.id }, buyer.token)).data.detail
  expect(mine.wechat_confirm).toBeNull()
})

test('a refusal is kept as failed with WeChat’s message; 重新上传 by an operator; already uploaded is done', async () => {
  const buyer = await mpBuyer()
  const order = await paidOrder(buyer)
  fake.shippingAnswers.push({ errcode: 10060004, errmsg: '支付单处于不可发货的状态 rid: 1234-abcd' })
  await owner.post('/order/ship', {
    order_id: order.id,
    updated_at: order.version,
    express_company: '申通快递',
    express_no: 'ST6000000001'
  })
  await sweepIn()
  expect((await adminDetail(order.id)).wechat_shipping).toMatchObject({
    state: 'failed',
    last_error: '支付单处于不可发货的状态（错误码 10060004）'
  })
  expect((await owner.get('/order/lists', { order_no: order.no })).data.list[0].wechat_shipping_state).toBe('failed')
  // Not retried by the sweep.
  await sweepIn(3600_000)
  expect(uploadsFor(order.outTradeNo)).toHaveLength(0)

  const finance = await addOperator(ctx.app, owner, 'finance_ship', 'finance')
  expect((await finance.post('/order/wechatShippingRetry', { order_id: order.id })).msg).toBe('没有权限执行此操作')
  // WeChat already has it (entered in its admin meanwhile): done.
  fake.shippingAnswers.push({ errcode: 10060003, errmsg: '支付单已使用重新发货机会 rid: x' })
  const retried = await owner.post('/order/wechatShippingRetry', { order_id: order.id })
  expect(retried.data).toMatchObject({ state: 'uploaded', attempts: 1 })
  expect(retried.data.last_error).toContain('微信已有该支付单的发货信息')
  expect((await owner.post('/order/wechatShippingRetry', { order_id: order.id })).msg).toBe('发货信息已上传到微信')
})

test('pushes: the buyer’s confirmation in WeChat marks the order received; a reminder flags it', async () => {
  const buyer = await mpBuyer()
  const order = await paidOrder(buyer)
  // WeChat reminds us to ship (it has waited 48 hours).
  let res = await push({
    Event: 'trade_manage_remind_shipping',
    transaction_id: `4200${order.outTradeNo}`,
    merchant_id: pay.mchId,
    merchant_trade_no: order.outTradeNo,
    pay_time: Math.floor(Date.now() / 1000),
    msg: '订单已超过48小时未发货'
  })
  expect(res.body).toBe('success')
  expect((await adminDetail(order.id)).wechat_shipping.reminded_at).not.toBeNull()

  await owner.post('/order/ship', {
    order_id: order.id,
    updated_at: order.version,
    express_company: '极兔速递',
    express_no: 'JT8000000001'
  })
  await sweepIn()
  const now = Math.floor(Date.now() / 1000)
  // Shipped: WeChat says when it expects to settle; the order waits for the buyer.
  res = await push({
    Event: 'trade_manage_order_settlement',
    transaction_id: `4200${order.outTradeNo}`,
    merchant_id: pay.mchId,
    merchant_trade_no: order.outTradeNo,
    pay_time: now,
    shipped_time: now,
    estimated_settlement_time: now + 86400 * 7,
    msg: '订单已发货'
  })
  expect(res.body).toBe('success')
  let detail = await adminDetail(order.id)
  expect(detail.status).toBe('to_receive')
  expect(detail.wechat_shipping.estimated_settlement_at).not.toBeNull()

  // The buyer confirmed in WeChat; WeChat settled.
  res = await push({
    Event: 'trade_manage_order_settlement',
    transaction_id: `4200${order.outTradeNo}`,
    merchant_id: pay.mchId,
    merchant_trade_no: order.outTradeNo,
    pay_time: now,
    shipped_time: now,
    confirm_receive_method: 1,
    confirm_receive_time: now + 60,
    settlement_time: now + 120
  })
  expect(res.body).toBe('success')
  detail = await adminDetail(order.id)
  expect(detail.status).toBe('done')
  expect(detail.events.map((e: any) => e.title)).toContain('确认收货')
  expect(detail.wechat_shipping).toMatchObject({
    confirmed_at: new Date((now + 60) * 1000).toISOString(),
    settled_at: new Date((now + 120) * 1000).toISOString()
  })
  const mine = (await call(ctx.app, 'GET', '/api/user.order/detail', { order_id: order.id }, buyer.token)).data.detail
  expect(mine).toMatchObject({ status: 'done', can_receipt: false, wechat_confirm: null })

  expect((await push({ Event: 'trade_manage_remind_access_api', msg: '请尽快接入' })).body).toBe('success')
  expect(
    (await push({ Event: 'trade_manage_order_settlement', merchant_trade_no: 'NO-SUCH', confirm_receive_time: now }))
      .body
  ).toBe('success')
})

test('batch ship: an unknown carrier is refused naming its line; the lines of one order are its parcels', async () => {
  const buyer = await mpBuyer()
  const a = await paidOrder(buyer)
  const b = await paidOrder(buyer)
  const c = await paidOrder(buyer)
  const csv = [
    '订单号,快递公司,快递单号',
    `${a.no},顺丰速运,SF9000000001`,
    `${b.no},火星快递,HX9000000002`,
    `${b.no},中通快递,ZT9000000003`,
    `${c.no},ZTO,ZT9000000004`,
    `${c.no},sf,SF9000000005`
  ].join('\n')
  const res = await owner.post('/order/batchShip', { csv })
  expect(res.data.shipped).toBe(2)
  expect(res.data.failed).toEqual([
    { line: 3, order_no: b.no, reason: '快递公司「火星快递」不在微信支持的快递公司中，请从列表中选择' },
    { line: 4, order_no: b.no, reason: '同一订单的其他行有误，该订单未发货' }
  ])
  expect((await adminDetail(b.id)).status).toBe('to_ship')
  expect((await adminDetail(c.id)).parcels.map((p: any) => p.delivery_id)).toEqual(['ZTO', 'SF'])
  await sweepIn()
  expect(uploadsFor(c.outTradeNo)[0]).toMatchObject({ delivery_mode: 2, is_all_delivered: true })
  expect(uploadsFor(a.outTradeNo)[0]).toMatchObject({ delivery_mode: 1 })

  // The one-order form refuses it too, and ships nothing.
  const refused = await owner.post('/order/ship', {
    order_id: b.id,
    updated_at: b.version,
    express_company: '火星快递',
    express_no: 'HX9000000002'
  })
  expect(refused.msg).toBe('快递公司「火星快递」不在微信支持的快递公司中，请从列表中选择')
})
