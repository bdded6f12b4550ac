import './helpers/native-modules'

import { eq } from 'drizzle-orm'

import { payments, shopCategories, shopOrders, shopSkus } from '../../server/db/schema'
import type { Payment } from '../../server/modules/payment/provider'
import { sweepExpired } from '../../server/modules/shop/order-lifecycle'
import { seedGoods } from '../../server/seed/shop'
import { FakeWechatPay } from './helpers/fake-wechat-pay'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

const fake = new FakeWechatPay()
let ctx: TestContext
const paidRuns: number[] = []

beforeAll(async () => {
  await fake.start()
  ctx = await createTestContext(fake.env())
  ctx.app.services.payments.onAnyPaid(async (_tx, p) => void paidRuns.push(p.id))
})
afterAll(async () => {
  await ctx.close()
  await fake.stop()
})

const db = () => ctx.database.db
const service = () => ctx.app.services.payments
const row = async (id: number) => (await db().select().from(payments).where(eq(payments.id, id)))[0]
const runsOf = (id: number) => paidRuns.filter((x) => x === id).length
const inWechat = {
  kind: 'h5' as const,
  userAgent: 'Mozilla/5.0 (iPhone) MicroMessenger/8.0',
  ip: '203.0.113.7',
  resultUrl: ''
}
const appIds = () => ({ h5: ctx.config.wechat.appId, wxapp: ctx.config.wechat.mpAppId })

/** A membership payment of a new WeChat user, prepaid at WeChat Pay (JSAPI) as the app does. */
async function prepaid(tag: string, amountFen: number): Promise<{ payment: Payment; token: string }> {
  const me = await login(ctx.app, tag)
  const payment = await service().createPayment(db(), {
    userId: me.userId,
    bizType: 'membership',
    bizId: 0,
    amountFen,
    description: '会费'
  })
  await service().start(payment, { ...inWechat, appIds: appIds() })
  return { payment, token: me.token }
}

/** As if the payment was made a while ago (the sweep leaves the freshest alone: their notice may be on its way). */
const age = (id: number, ms: number) =>
  db()
    .update(payments)
    .set({ createdAt: new Date(Date.now() - ms) })
    .where(eq(payments.id, id))

describe('查单', () => {
  test('the result page finds a payment paid at WeChat whose notice never came, and credits it once', async () => {
    const { payment, token } = await prepaid('查单页', 3_300)
    const status = () => call(ctx.app, 'GET', '/api/pay.index/status', { out_trade_no: payment.outTradeNo }, token)
    expect((await status()).data.status).toBe('created')
    const queries = fake.callsTo(`/v3/pay/transactions/out-trade-no/${payment.outTradeNo}`, 'GET')
    expect(queries).toHaveLength(1)
    expect(queries[0]).toMatchObject({
      authOk: true,
      path: `/v3/pay/transactions/out-trade-no/${payment.outTradeNo}?mchid=${fake.mchId}`
    })

    expect(fake.pay(payment.outTradeNo)).toBe(true)
    // Asked again within seconds: the page's polling does not hammer WeChat.
    expect((await status()).data.status).toBe('created')
    await new Promise((r) => setTimeout(r, 3_100))
    expect((await status()).data).toMatchObject({ status: 'paid', amount_fen: 3_300 })
    expect(runsOf(payment.id)).toBe(1)
    expect(await row(payment.id)).toMatchObject({ status: 'paid', providerTxnId: `4200${payment.outTradeNo}` })

    // Then the notice arrives after all, and again: acknowledged, nothing credited twice.
    for (let i = 0; i < 2; i++) {
      const n = fake.paymentNotice(payment.outTradeNo)
      expect(
        (await ctx.app.inject({ method: 'POST', url: '/api/pay.notify/wechat', headers: n.headers, payload: n.body }))
          .statusCode
      ).toBe(204)
    }
    expect(runsOf(payment.id)).toBe(1)
    const asked = fake.callsTo('/v3/pay/transactions/out-trade-no/', 'GET').length
    expect((await status()).data.status).toBe('paid')
    expect(fake.callsTo('/v3/pay/transactions/out-trade-no/', 'GET')).toHaveLength(asked)
  })

  test('the sweep credits payments whose notice is late, once however often it runs', async () => {
    const a = await prepaid('扫单甲', 1_000)
    const b = await prepaid('扫单乙', 2_000)
    const unpaid = await prepaid('扫单丙', 500)
    const fresh = await prepaid('扫单丁', 700)
    for (const p of [a, b, unpaid]) await age(p.payment.id, 5 * 60_000)
    fake.pay(a.payment.outTradeNo)
    fake.pay(b.payment.outTradeNo)
    fake.pay(fresh.payment.outTradeNo)
    await service().syncUnanswered()
    expect([(await row(a.payment.id)).status, (await row(b.payment.id)).status]).toEqual(['paid', 'paid'])
    expect(await service().syncUnanswered()).toBe(0)
    expect([runsOf(a.payment.id), runsOf(b.payment.id)]).toEqual([1, 1])
    expect((await row(unpaid.payment.id)).status).toBe('created')
    // Its notice may still be on its way: not asked yet.
    expect((await row(fresh.payment.id)).status).toBe('created')
    expect(fake.callsTo(`/v3/pay/transactions/out-trade-no/${fresh.payment.outTradeNo}`)).toHaveLength(0)
  })

  test('concurrent queries and a notice together still credit once', async () => {
    const { payment } = await prepaid('并发查单', 1_200)
    fake.pay(payment.outTradeNo)
    const n = fake.paymentNotice(payment.outTradeNo)
    await Promise.all([
      service().sync(payment.outTradeNo),
      service().sync(payment.outTradeNo),
      ctx.app.inject({ method: 'POST', url: '/api/pay.notify/wechat', headers: n.headers, payload: n.body }),
      service().sync(payment.outTradeNo)
    ])
    expect(runsOf(payment.id)).toBe(1)
  })

  test('an answer without WeChat Pay’s signature is not believed', async () => {
    const { payment } = await prepaid('伪造应答', 900)
    fake.pay(payment.outTradeNo)
    fake.unsigned = true
    try {
      await expect(service().sync(payment.outTradeNo)).rejects.toThrow('no valid signature')
      await age(payment.id, 5 * 60_000)
      await service().syncUnanswered()
    } finally {
      fake.unsigned = false
    }
    expect((await row(payment.id)).status).toBe('created')
    expect(runsOf(payment.id)).toBe(0)
    expect(await service().sync(payment.outTradeNo)).toBe('paid')
  })
})

let goodsSku = 0
/** A shop order of one item bought inside WeChat, its payment prepaid at WeChat Pay. */
async function buyGoods(tag: string) {
  if (!goodsSku) {
    const [cat] = await db().insert(shopCategories).values({ slug: 'close-cat', name: '关单测试' }).returning()
    const goodsId = await db().transaction((tx) =>
      seedGoods(
        tx,
        {
          slug: 'close-goods',
          category: 'close-cat',
          name: '关单测试商品',
          subtitle: '',
          sales: 0,
          daysAgo: 0,
          intro: ['测试'],
          params: [],
          price: 6_600,
          stock: 50
        },
        cat.id
      )
    )
    goodsSku = (await db().select({ id: shopSkus.id }).from(shopSkus).where(eq(shopSkus.goodsId, goodsId)))[0].id
  }
  const buyer = await login(ctx.app, tag)
  const post = (url: string, params: Record<string, unknown>) => call(ctx.app, 'POST', url, params, buyer.token)
  const address = await post('/api/user.address/add', {
    name: '张三',
    mobile: '13800138000',
    province_code: '110000',
    city_code: '110100',
    district_code: '110105',
    detail: '建国路88号院3号楼'
  })
  const order = (
    await post('/api/order.order/buy', {
      mode: 'buy_now',
      sku_id: goodsSku,
      quantity: 1,
      address_id: address.data.detail.address_id,
      request_id: `buy-${Date.now()}-${Math.floor(Math.random() * 1e6)}`,
      user_coupon_id: 0,
      client: 'h5'
    })
  ).data
  return { order, buyer }
}

describe('关单', () => {
  test('an order past its pay deadline is closed at WeChat, so its prepay can no longer be paid', async () => {
    const { order } = await buyGoods('关单买家')
    const outTradeNo: string = order.payment.out_trade_no
    expect(order.payment).toMatchObject({ provider: 'wechat', channel: 'jsapi' })
    expect(fake.orders.get(outTradeNo)?.state).toBe('NOTPAY')

    await db()
      .update(shopOrders)
      .set({ payDeadline: new Date(Date.now() - 1000) })
      .where(eq(shopOrders.id, order.order_id))
    expect(await sweepExpired(db())).toBe(1)
    const [p] = await db().select().from(payments).where(eq(payments.outTradeNo, outTradeNo))
    expect(p.status).toBe('closed')
    await service().closeLapsed()
    const closes = fake.callsTo(`/v3/pay/transactions/out-trade-no/${outTradeNo}/close`, 'POST')
    expect(closes).toHaveLength(1)
    expect(closes[0]).toMatchObject({ authOk: true, body: { mchid: fake.mchId } })
    expect(fake.orders.get(outTradeNo)?.state).toBe('CLOSED')
    expect(fake.pay(outTradeNo)).toBe(false)
    expect((await row(p.id)).providerClosedAt).not.toBeNull()
    // Closed once: the next round leaves it alone.
    await service().closeLapsed()
    expect(fake.callsTo(`/v3/pay/transactions/out-trade-no/${outTradeNo}/close`)).toHaveLength(1)
  })

  test('the order page finds an order paid at WeChat whose notice is late, before its lapse is swept', async () => {
    const { order, buyer } = await buyGoods('订单查单')
    const outTradeNo: string = order.payment.out_trade_no
    fake.pay(outTradeNo)
    await db()
      .update(shopOrders)
      .set({ payDeadline: new Date(Date.now() - 1000) })
      .where(eq(shopOrders.id, order.order_id))
    const detail = await call(ctx.app, 'GET', '/api/user.order/detail', { order_id: order.order_id }, buyer.token)
    expect(detail.data.detail.status).toBe('to_ship')
    expect(fake.callsTo('/v3/refund/domestic/refunds').filter((c) => c.body.out_trade_no === outTradeNo)).toHaveLength(
      0
    )
  })

  test('paid at WeChat just before the close: the money is sent back, once', async () => {
    const { payment } = await prepaid('关单前付款', 4_400)
    await service().close(payment.outTradeNo)
    fake.pay(payment.outTradeNo)
    await service().closeLapsed()
    expect(fake.orders.get(payment.outTradeNo)?.state).toBe('REFUND')
    const refunds = fake
      .callsTo('/v3/refund/domestic/refunds')
      .filter((c) => c.body.out_trade_no === payment.outTradeNo)
    expect(refunds).toHaveLength(1)
    expect(refunds[0].body).toMatchObject({
      reason: '订单已失效，款项原路退回',
      amount: { refund: 4_400, total: 4_400 }
    })
    expect(await row(payment.id)).toMatchObject({ status: 'refunded' })
    expect(runsOf(payment.id)).toBe(0)
    // Its notice comes too: acknowledged, nothing refunded twice.
    const n = fake.paymentNotice(payment.outTradeNo)
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/pay.notify/wechat', headers: n.headers, payload: n.body }))
        .statusCode
    ).toBe(204)
    await service().closeLapsed()
    expect(
      fake.callsTo('/v3/refund/domestic/refunds').filter((c) => c.body.out_trade_no === payment.outTradeNo)
    ).toHaveLength(1)
  })

  test('a close WeChat cannot answer is tried again next round', async () => {
    const { payment } = await prepaid('关单重试', 800)
    await service().close(payment.outTradeNo)
    fake.failures.push({
      prefix: `/v3/pay/transactions/out-trade-no/${payment.outTradeNo}`,
      http: 500,
      code: 'SYSTEM_ERROR',
      message: '系统错误'
    })
    fake.failures.push({
      prefix: `/v3/pay/transactions/out-trade-no/${payment.outTradeNo}`,
      http: 500,
      code: 'SYSTEM_ERROR',
      message: '系统错误'
    })
    await service().closeLapsed()
    expect((await row(payment.id)).providerClosedAt).toBeNull()
    await service().closeLapsed()
    expect(fake.orders.get(payment.outTradeNo)?.state).toBe('CLOSED')
    expect((await row(payment.id)).providerClosedAt).not.toBeNull()
  })
})

describe('paying outside WeChat', () => {
  const IPHONE =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 ' +
    'Mobile/15E148 Safari/604.1'
  const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36'
  async function startFrom(client: string, userAgent: string, tag: string) {
    const me = await login(ctx.app, tag)
    const payment = await service().createPayment(db(), {
      userId: me.userId,
      bizType: 'membership',
      bizId: 0,
      amountFen: 1_990,
      description: '会费'
    })
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/pay.index/start',
      headers: { authorization: me.token, 'user-agent': userAgent },
      payload: { out_trade_no: payment.outTradeNo, client },
      remoteAddress: '198.51.100.23'
    })
    return { payment, token: me.token, start: res.json() }
  }

  test('a phone browser gets WeChat’s H5 cashier with the payer’s IP, coming back to the result page', async () => {
    const { payment, start } = await startFrom('web', IPHONE, 'H5付款')
    expect(start.code).toBe(1)
    expect(start.data).toMatchObject({ provider: 'wechat', channel: 'h5', out_trade_no: payment.outTradeNo })
    const back = encodeURIComponent(`https://yixue.example.com/#/pages/pay/pay?out_trade_no=${payment.outTradeNo}`)
    expect(start.data.h5_url).toBe(
      `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx${payment.outTradeNo}&package=1&red` +
        `irect_url=${back}`
    )
    const [req] = fake.callsTo('/v3/pay/transactions/h5')
    expect(req.authOk).toBe(true)
    expect(req.body).toMatchObject({
      appid: 'wxpaymerchantapp001',
      mchid: fake.mchId,
      out_trade_no: payment.outTradeNo,
      notify_url: 'https://yixue.example.com/api/pay.notify/wechat',
      amount: { total: 1_990, currency: 'CNY' },
      scene_info: { payer_client_ip: '198.51.100.23', h5_info: { type: 'Wap' } }
    })
    expect(req.body.payer).toBeUndefined()
  })

  test('a desktop gets a Native QR; the page polling the status sees it paid once scanned', async () => {
    const { payment, token, start } = await startFrom('web', DESKTOP, 'Native付款')
    expect(start.data).toMatchObject({
      provider: 'wechat',
      channel: 'native',
      code_url: `weixin://wxpay/bizpayurl?pr=${payment.outTradeNo.slice(-7)}`
    })
    expect(fake.callsTo('/v3/pay/transactions/native')[0].body).toMatchObject({
      appid: 'wxpaymerchantapp001',
      out_trade_no: payment.outTradeNo
    })
    expect(fake.orders.get(payment.outTradeNo)?.tradeType).toBe('NATIVE')
    fake.pay(payment.outTradeNo)
    expect(
      (await call(ctx.app, 'GET', '/api/pay.index/status', { out_trade_no: payment.outTradeNo }, token)).data.status
    ).toBe('paid')
    expect(runsOf(payment.id)).toBe(1)
  })

  test('inside WeChat it stays JSAPI with the payer’s openid', async () => {
    const { start } = await startFrom('h5', 'Mozilla/5.0 (iPhone) MicroMessenger/8.0.50', 'JSAPI付款')
    expect(start.data).toMatchObject({ channel: 'jsapi', pay_params: { signType: 'RSA' } })
    expect(start.data.h5_url).toBeUndefined()
  })
})
