import './helpers/native-modules'

import http from 'node:http'
import type { AddressInfo } from 'node:net'

import { and, eq, gt } from 'drizzle-orm'

import { payments, shopOrders, shopSkus } from '../../server/db/schema'
import { MSG_PAY_START_FAILED } from '../../server/modules/payment/start'
import { MSG_PAY_UNAVAILABLE } from '../../server/modules/shop/checkout'
import { FakeWechatPay } from './helpers/fake-wechat-pay'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

// WeChat Pay's merchant API as a fake that verifies signatures, behind a relay that can stop answering (a WeChat
// Pay that times out): the server's driver is pointed at the relay.
const fake = new FakeWechatPay()
let stalled = false
const relay = http.createServer((req, res) => {
  const chunks: Buffer[] = []
  req.on('data', (c: Buffer) => chunks.push(c))
  req.on('end', async () => {
    if (stalled) return // never answered: the driver gives up after its own time-out
    const { host: _host, connection: _c, 'content-length': _l, ...headers } = req.headers
    const answer = await fetch(fake.base + req.url, {
      method: req.method,
      headers: headers as Record<string, string>,
      body: chunks.length ? Buffer.concat(chunks) : undefined
    })
    const body = Buffer.from(await answer.arrayBuffer())
    const passed = [...answer.headers].filter(
      ([name]) => !['content-length', 'transfer-encoding', 'connection'].includes(name)
    )
    res.writeHead(answer.status, Object.fromEntries(passed))
    res.end(body)
  })
})

let ctx: TestContext
beforeAll(async () => {
  await fake.start()
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`
  ctx = await createTestContext({ ...fake.env(), WECHAT_PAY_API_BASE: base })
})
afterAll(async () => {
  await ctx.close()
  relay.closeAllConnections()
  await new Promise((resolve) => relay.close(resolve))
  await fake.stop()
})

const db = () => ctx.database.db
const stockOf = async (skuId: number) =>
  (await db().select({ stock: shopSkus.stock }).from(shopSkus).where(eq(shopSkus.id, skuId)))[0].stock

/** A WeChat user in WeChat's browser (JSAPI) buying one unit of a seeded product. */
async function buy(tag: string) {
  const [sku] = await db()
    .select()
    .from(shopSkus)
    .where(and(gt(shopSkus.stock, 5), eq(shopSkus.onShelf, true)))
    .limit(1)
  const buyer = await login(ctx.app, tag)
  const post = (url: string, params: Record<string, unknown>) =>
    call(ctx.app, 'POST', url, { client: 'h5', ...params }, buyer.token)
  const address = await post('/api/user.address/add', {
    name: '张三',
    mobile: '13800138000',
    province_code: '110000',
    city_code: '110100',
    district_code: '110105',
    detail: '建国路88号院3号楼'
  })
  const stockBefore = await stockOf(sku.id)
  const answer = await post('/api/order.order/buy', {
    mode: 'buy_now',
    sku_id: sku.id,
    quantity: 1,
    address_id: address.data.detail.address_id,
    request_id: `pay-fail-${Date.now()}-${Math.floor(Math.random() * 1e6)}`,
    user_coupon_id: 0
  })
  return { answer, post, skuId: sku.id, stockBefore }
}

/** The order was kept with its payment and its stock, and pays from the order page once WeChat Pay is back. */
async function keptAndPayableAgain(bought: Awaited<ReturnType<typeof buy>>) {
  const { answer, post, skuId, stockBefore } = bought
  expect(answer).toMatchObject({ code: 1, data: { payment: null, pay_error: MSG_PAY_UNAVAILABLE } })
  const orderId: number = answer.data.order_id
  expect(orderId).toBeGreaterThan(0)
  const [order] = await db().select().from(shopOrders).where(eq(shopOrders.id, orderId))
  expect(order.status).toBe('to_pay')
  expect(await stockOf(skuId)).toBe(stockBefore - 1)
  const [payment] = await db()
    .select()
    .from(payments)
    .where(and(eq(payments.bizType, 'goods'), eq(payments.bizId, orderId)))
  expect(payment).toMatchObject({ status: 'created', amountFen: order.payAmount })

  // Paying from the order page while WeChat Pay still fails: a plain message, the payment still open.
  fake.failures.push({ prefix: '/v3/pay/transactions/jsapi', http: 500, code: 'SYSTEM_ERROR', message: '系统繁忙' })
  expect(await post('/api/user.order/pay', { order_id: orderId })).toMatchObject({ code: 0, msg: MSG_PAY_START_FAILED })

  const again = await post('/api/user.order/pay', { order_id: orderId })
  expect(again).toMatchObject({ code: 1, data: { out_trade_no: payment.outTradeNo, provider: 'wechat' } })
  expect(fake.orders.get(payment.outTradeNo)?.state).toBe('NOTPAY')
}

test('WeChat Pay answering 500 to the prepay: the checkout returns the order with a pay error, not 服务器繁忙', async () => {
  fake.failures.push({ prefix: '/v3/pay/transactions/jsapi', http: 500, code: 'SYSTEM_ERROR', message: '系统繁忙' })
  await keptAndPayableAgain(await buy('预下单失败'))
})

test('WeChat Pay not answering the prepay: the same, once the driver gives up', async () => {
  stalled = true
  let bought: Awaited<ReturnType<typeof buy>>
  try {
    bought = await buy('预下单超时')
  } finally {
    stalled = false
  }
  await keptAndPayableAgain(bought)
}, 40_000)
