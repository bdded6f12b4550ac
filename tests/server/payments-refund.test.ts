import './helpers/native-modules'

import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { eq } from 'drizzle-orm'

import type { Database } from '../../server/db/database'
import { commissions, paymentRefunds, payments, shopCategories, shopOrders, shopSkus } from '../../server/db/schema'
import type { Payment } from '../../server/modules/payment/provider'
import { decideOrderAfterSale } from '../../server/modules/shop/after-sales'
import { seedGoods } from '../../server/seed/shop'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'
import { openTestDatabase } from './helpers/test-db'
import { merchantSigned, signedNotice, signedReply } from './helpers/wechat-pay-notice'

const merchant = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
const platform = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
const API_V3_KEY = 'abcdefghijklmnopqrstuvwxyz012345'
const MCH_ID = '1900000001'
const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yx-refund-'))
fs.writeFileSync(path.join(keyDir, 'merchant.pem'), merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }))
fs.writeFileSync(path.join(keyDir, 'platform.pem'), platform.publicKey.export({ type: 'spki', format: 'pem' }))

/**
 * A fake refund API: checks the request signature as WeChat Pay documents it and, like WeChat Pay,
 * answers a repeated out_refund_no with the refund it already has (money moves once per number).
 */
type Planned = { status: string } | { http: number; code?: string; message?: string }
const planned: Planned[] = []
const refundCalls: { body: any; authOk: boolean }[] = []
const wxRefunds = new Map<string, { status: string; refund: number; outTradeNo: string }>()
const fakePay = http.createServer((req, res) => {
  let raw = ''
  req.on('data', (c) => (raw += c))
  req.on('end', () => {
    const authOk = merchantSigned(req, raw, MCH_ID, merchant.publicKey)
    const send = (status: number, body: object) => signedReply(res, status, body, platform.privateKey)
    if (req.url !== '/v3/refund/domestic/refunds') return send(404, { code: 'NOT_FOUND' })
    const body = JSON.parse(raw)
    refundCalls.push({ body, authOk })
    if (!authOk) return send(401, { code: 'SIGN_ERROR', message: '签名错误' })
    let known = wxRefunds.get(body.out_refund_no)
    if (!known) {
      const plan = planned.shift() ?? { status: 'SUCCESS' }
      if ('http' in plan)
        return send(plan.http, { code: plan.code ?? 'SYSTEM_ERROR', message: plan.message ?? '系统错误' })
      known = { status: plan.status, refund: body.amount.refund, outTradeNo: body.out_trade_no }
      wxRefunds.set(body.out_refund_no, known)
    }
    send(200, {
      refund_id: `5030${body.out_refund_no}`,
      out_refund_no: body.out_refund_no,
      out_trade_no: body.out_trade_no,
      status: known.status,
      amount: {
        total: body.amount.total,
        refund: known.refund,
        payer_total: body.amount.total,
        payer_refund: known.refund,
        currency: 'CNY'
      }
    })
  })
})
/** Money the fake actually gave back for a payment: once per out_refund_no that succeeded. */
const refundedAtWechat = (outTradeNo: string) =>
  [...wxRefunds.values()]
    .filter((r) => r.outTradeNo === outTradeNo && r.status === 'SUCCESS')
    .reduce((n, r) => n + r.refund, 0)

function refundNotice(
  r: { outTradeNo: string; outRefundNo: string; total: number; refund: number; status?: string },
  signer = platform.privateKey
) {
  const status = r.status ?? 'SUCCESS'
  const resource = {
    mchid: MCH_ID,
    out_trade_no: r.outTradeNo,
    transaction_id: `4200${r.outTradeNo}`,
    out_refund_no: r.outRefundNo,
    refund_id: `5030${r.outRefundNo}`,
    refund_status: status,
    success_time: new Date().toISOString(),
    user_received_account: '招商银行信用卡0403',
    amount: { total: r.total, refund: r.refund, payer_total: r.total, payer_refund: r.refund }
  }
  return signedNotice({ resource, kind: 'refund', eventType: `REFUND.${status}`, apiV3Key: API_V3_KEY, signer })
}

let database: Database
let sandbox: TestContext
let wechat: TestContext
let fakeBase = ''
const refundedRuns: number[] = []

beforeAll(async () => {
  await new Promise<void>((resolve) => fakePay.listen(0, '127.0.0.1', resolve))
  fakeBase = `http://127.0.0.1:${(fakePay.address() as AddressInfo).port}`
  database = await openTestDatabase()
  sandbox = await createTestContext({}, database)
  wechat = await createTestContext(
    {
      PAY_PROVIDER: 'wechat',
      PUBLIC_URL: 'https://yixue.example.com',
      WECHAT_PAY_MCH_ID: MCH_ID,
      WECHAT_PAY_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
      WECHAT_PAY_PRIVATE_KEY_PATH: path.join(keyDir, 'merchant.pem'),
      WECHAT_PAY_PLATFORM_CERT_PATH: path.join(keyDir, 'platform.pem'),
      WECHAT_PAY_API_V3_KEY: API_V3_KEY,
      WECHAT_PAY_PLATFORM_SERIAL: 'PUB_KEY_ID_0001',
      WECHAT_PAY_API_BASE: fakeBase
    },
    database
  )
  for (const ctx of [sandbox, wechat])
    ctx.app.services.payments.onRefunded(async (_tx, p) => void refundedRuns.push(p.id))
})
afterAll(async () => {
  await wechat.close()
  await sandbox.close()
  await database.close()
  fakePay.close()
  fs.rmSync(keyDir, { recursive: true, force: true })
})

/** A paid membership payment of a buyer invited by `referrer` (membership earns the referrer commission). */
async function paidPayment(
  ctx: TestContext,
  tag: string,
  amountFen: number
): Promise<{ payment: Payment; referrer: number }> {
  const referrer = await login(ctx.app, `${tag}推荐人`)
  const buyer = await login(ctx.app, `${tag}买家`, referrer.userId)
  const service = ctx.app.services.payments
  const created = await service.createPayment(database.db, {
    userId: buyer.userId,
    bizType: 'membership',
    bizId: 0,
    amountFen,
    description: '会费'
  })
  expect(await service.markPaid(created.outTradeNo, { amountFen, providerTxnId: `4200${created.outTradeNo}` })).toBe(
    'paid'
  )
  return { payment: created, referrer: referrer.userId }
}

const paymentRow = async (id: number) => (await database.db.select().from(payments).where(eq(payments.id, id)))[0]
const refundRows = (paymentId: number) =>
  database.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId)).orderBy(paymentRefunds.id)
const commissionsOf = (paymentId: number) =>
  database.db.select().from(commissions).where(eq(commissions.paymentId, paymentId))
const notify = (n: { body: string; headers: Record<string, string> }) =>
  wechat.app.inject({ method: 'POST', url: '/api/pay.notify/wechatRefund', headers: n.headers, payload: n.body })

describe('WeChat Pay refunds', () => {
  test('the request is signed and carries the amounts; SUCCESS refunds at once and reverses commission', async () => {
    const { payment } = await paidPayment(wechat, '成功', 10_000)
    expect((await commissionsOf(payment.id)).map((c) => c.status)).toEqual(['frozen'])
    const out = await wechat.app.services.payments.refund(payment.id, { reason: '会员退费', key: 'dues' })
    expect(out).toMatchObject({ status: 'succeeded', refundFen: 10_000 })
    expect(out.outRefundNo).toMatch(/^R\d{24}$/)
    const call = refundCalls.at(-1)!
    expect(call.authOk).toBe(true)
    expect(call.body).toEqual({
      out_trade_no: payment.outTradeNo,
      out_refund_no: out.outRefundNo,
      reason: '会员退费',
      notify_url: 'https://yixue.example.com/api/pay.notify/wechatRefund',
      amount: { refund: 10_000, total: 10_000, currency: 'CNY' }
    })
    expect((await paymentRow(payment.id)).status).toBe('refunded')
    expect(refundedRuns.filter((id) => id === payment.id)).toHaveLength(1)
    expect((await commissionsOf(payment.id)).map((c) => c.status)).toEqual(['cancelled'])
    expect(await refundRows(payment.id)).toMatchObject([
      { status: 'succeeded', amountFen: 10_000, providerRefundId: `5030${out.outRefundNo}` }
    ])
  })

  test('money for a payment we had closed is acknowledged and refunded via WeChat, no commission paid', async () => {
    const buyer = await login(wechat.app, '晚到买家')
    const service = wechat.app.services.payments
    const created = await service.createPayment(database.db, {
      userId: buyer.userId,
      bizType: 'membership',
      bizId: 0,
      amountFen: 4_400,
      description: '会费'
    })
    await service.close(created.outTradeNo)
    expect(
      await service.markPaid(created.outTradeNo, { amountFen: 4_400, providerTxnId: `4200${created.outTradeNo}` })
    ).toBe('returned')
    expect(refundCalls.at(-1)!.body).toMatchObject({
      out_trade_no: created.outTradeNo,
      reason: '订单已失效，款项原路退回',
      amount: { refund: 4_400, total: 4_400 }
    })
    expect((await paymentRow(created.id)).status).toBe('refunded')
    expect(await commissionsOf(created.id)).toEqual([])
    // WeChat repeats its notice: acknowledged again, nothing refunded twice.
    const calls = refundCalls.length
    expect(
      await service.markPaid(created.outTradeNo, { amountFen: 4_400, providerTxnId: `4200${created.outTradeNo}` })
    ).toBe('already_paid')
    expect(refundCalls).toHaveLength(calls)
  })

  test('PROCESSING waits for the signed notice, which completes it once', async () => {
    const { payment } = await paidPayment(wechat, '处理中', 6_600)
    planned.push({ status: 'PROCESSING' })
    const out = await wechat.app.services.payments.refund(payment.id, { reason: '退款', key: 'dues' })
    expect(out.status).toBe('processing')
    expect((await paymentRow(payment.id)).status).toBe('paid')
    expect(refundedRuns).not.toContain(payment.id)
    expect((await commissionsOf(payment.id)).map((c) => c.status)).toEqual(['frozen'])

    const good = { outTradeNo: payment.outTradeNo, outRefundNo: out.outRefundNo, total: 6_600, refund: 6_600 }
    expect((await notify(refundNotice(good, merchant.privateKey))).statusCode).toBe(401)
    const wrong = await notify(refundNotice({ ...good, refund: 6_599 }))
    expect([wrong.statusCode, wrong.json().code]).toEqual([400, 'FAIL'])
    expect((await paymentRow(payment.id)).status).toBe('paid')

    for (let i = 0; i < 3; i++) expect((await notify(refundNotice(good))).statusCode).toBe(204)
    expect((await paymentRow(payment.id)).status).toBe('refunded')
    expect(refundedRuns.filter((id) => id === payment.id)).toHaveLength(1)
    expect((await commissionsOf(payment.id)).map((c) => c.status)).toEqual(['cancelled'])
    expect((await refundRows(payment.id))[0].status).toBe('succeeded')
    // Asking again afterwards answers from the record, without another request.
    const calls = refundCalls.length
    expect((await wechat.app.services.payments.refund(payment.id, { reason: '退款', key: 'dues' })).status).toBe(
      'succeeded'
    )
    expect(refundCalls).toHaveLength(calls)
  })

  test('a double click refunds once', async () => {
    const { payment } = await paidPayment(wechat, '双击', 3_000)
    const service = wechat.app.services.payments
    const outs = await Promise.all([1, 2].map(() => service.refund(payment.id, { reason: '退款', key: 'dues' })))
    expect(outs.map((o) => o.status)).toEqual(['succeeded', 'succeeded'])
    expect(new Set(outs.map((o) => o.outRefundNo)).size).toBe(1)
    expect((await service.refund(payment.id, { reason: '退款', key: 'dues' })).outRefundNo).toBe(outs[0].outRefundNo)
    expect(refundedAtWechat(payment.outTradeNo)).toBe(3_000)
    expect(await refundRows(payment.id)).toHaveLength(1)
    expect(refundedRuns.filter((id) => id === payment.id)).toHaveLength(1)
  })

  test('partial refunds never exceed what was paid', async () => {
    const { payment } = await paidPayment(wechat, '部分', 5_000)
    const service = wechat.app.services.payments
    expect((await service.refund(payment.id, { refundFen: 3_000, reason: '少发一件', key: 'item-1' })).status).toBe(
      'succeeded'
    )
    expect((await paymentRow(payment.id)).status).toBe('paid')
    expect(refundedRuns).not.toContain(payment.id)
    const calls = refundCalls.length
    await expect(service.refund(payment.id, { refundFen: 2_500, reason: '再退', key: 'item-2' })).rejects.toThrow(
      '退款金额 ¥25.00 超过可退金额 ¥20.00'
    )
    await expect(service.refund(payment.id, { refundFen: 0, reason: '再退', key: 'item-2' })).rejects.toThrow(
      '退款金额不正确'
    )
    expect(refundCalls).toHaveLength(calls)
    expect((await service.refund(payment.id, { reason: '余款', key: 'rest' })).refundFen).toBe(2_000)
    expect((await paymentRow(payment.id)).status).toBe('refunded')
    expect(refundedRuns.filter((id) => id === payment.id)).toHaveLength(1)
    await expect(service.refund(payment.id, { reason: '又退', key: 'again' })).rejects.toThrow('该支付单已全额退款')
    expect(refundedAtWechat(payment.outTradeNo)).toBe(5_000)
  })

  test('a closed or unanswered refund leaves the payment paid, is logged, and can be tried again', async () => {
    const { payment } = await paidPayment(wechat, '失败', 4_200)
    const service = wechat.app.services.payments
    planned.push({ status: 'CLOSED' })
    await expect(service.refund(payment.id, { reason: '退款', key: 'dues' })).rejects.toThrow('退款失败')
    const [closed] = await refundRows(payment.id)
    expect(closed).toMatchObject({ status: 'failed', failReason: 'CLOSED' })
    expect(wechat.logs.join('')).toContain(closed.outRefundNo)

    // Refused outright (no refund created): a later try uses a new number.
    planned.push({ http: 403, code: 'NOT_ENOUGH', message: '基本账户余额不足' })
    await expect(service.refund(payment.id, { reason: '退款', key: 'dues' })).rejects.toThrow(
      '退款失败：基本账户余额不足'
    )

    // No answer: the refund may exist, so the next try asks again with the same number.
    planned.push({ http: 500 })
    await expect(service.refund(payment.id, { reason: '退款', key: 'dues' })).rejects.toThrow('请稍后重试')
    const pending = (await refundRows(payment.id)).at(-1)!
    expect(pending.status).toBe('pending')
    expect((await paymentRow(payment.id)).status).toBe('paid')
    expect(refundedRuns).not.toContain(payment.id)

    const out = await service.refund(payment.id, { reason: '退款', key: 'dues' })
    expect(out).toMatchObject({ status: 'succeeded', outRefundNo: pending.outRefundNo })
    expect((await refundRows(payment.id)).map((r) => r.status)).toEqual(['failed', 'failed', 'succeeded'])
    expect((await paymentRow(payment.id)).status).toBe('refunded')
    expect(refundedAtWechat(payment.outTradeNo)).toBe(4_200)
  })

  test('ABNORMAL holds its amount until the notice settles it', async () => {
    const { payment } = await paidPayment(wechat, '异常', 1_800)
    planned.push({ status: 'ABNORMAL' })
    const service = wechat.app.services.payments
    await expect(service.refund(payment.id, { reason: '退款', key: 'dues' })).rejects.toThrow('退款异常')
    const [row] = await refundRows(payment.id)
    expect(row.status).toBe('abnormal')
    await expect(service.refund(payment.id, { reason: '退款', key: 'other' })).rejects.toThrow('该支付单已没有可退金额')
    // Handled in the merchant platform: WeChat Pay reports success for the same number.
    wxRefunds.get(row.outRefundNo)!.status = 'SUCCESS'
    expect(
      (
        await notify(
          refundNotice({ outTradeNo: payment.outTradeNo, outRefundNo: row.outRefundNo, total: 1_800, refund: 1_800 })
        )
      ).statusCode
    ).toBe(204)
    expect((await paymentRow(payment.id)).status).toBe('refunded')
    expect(refundedRuns.filter((id) => id === payment.id)).toHaveLength(1)
  })

  test('a notice for a refund made elsewhere is acknowledged and changes nothing', async () => {
    const res = await notify(
      refundNotice({ outTradeNo: '20260101000000123', outRefundNo: 'MANUAL-1', total: 100, refund: 100 })
    )
    expect(res.statusCode).toBe(204)
  })
})

describe('shop after-sale through WeChat Pay', () => {
  test('approval waits on a PROCESSING refund; its notice ends the order; re-approval refunds nothing', async () => {
    const [cat] = await database.db.insert(shopCategories).values({ slug: 'refund-cat', name: '退款测试' }).returning()
    const goodsId = await database.db.transaction((tx) =>
      seedGoods(
        tx,
        {
          slug: 'refund-goods',
          category: 'refund-cat',
          name: '退款测试商品',
          subtitle: '',
          sales: 0,
          daysAgo: 0,
          intro: ['测试'],
          params: [],
          price: 8_800,
          stock: 3
        },
        cat.id
      )
    )
    const buyer = await login(sandbox.app, '售后买家')
    const post = (url: string, params: Record<string, unknown>) => call(sandbox.app, 'POST', url, params, buyer.token)
    const address = await post('/api/user.address/add', {
      name: '张三',
      mobile: '13800138000',
      province_code: '110000',
      city_code: '110100',
      district_code: '110105',
      detail: '建国路88号院3号楼'
    })
    const [{ id: skuId }] = await database.db
      .select({ id: shopSkus.id })
      .from(shopSkus)
      .where(eq(shopSkus.goodsId, goodsId))
    const order = (
      await post('/api/order.order/buy', {
        mode: 'buy_now',
        sku_id: skuId,
        quantity: 1,
        address_id: address.data.detail.address_id,
        request_id: 'refund-order-1',
        user_coupon_id: 0
      })
    ).data
    const outTradeNo = order.payment.out_trade_no
    expect(
      await wechat.app.services.payments.markPaid(outTradeNo, {
        amountFen: order.payment.amount_fen,
        providerTxnId: `4200${outTradeNo}`
      })
    ).toBe('paid')
    expect((await post('/api/user.order/refund', { order_id: order.order_id, reason: '拍错了' })).code).toBe(1)
    const [row] = await database.db.select().from(shopOrders).where(eq(shopOrders.id, order.order_id))

    planned.push({ status: 'PROCESSING' })
    const service = wechat.app.services.payments
    await expect(
      decideOrderAfterSale(database.db, service, wechat.app.services.notify, row.orderNo, { approve: true })
    ).rejects.toThrow('退款已提交')
    expect((await database.db.select().from(shopOrders).where(eq(shopOrders.id, row.id)))[0].refundStatus).toBe(
      'applied'
    )
    // The buyer hears of the approval now, and of the money only once it is back.
    const told = async () =>
      (await call(sandbox.app, 'GET', '/api/user.message/lists', {}, buyer.token)).data.list.map(
        (m: { event: string; title: string }) => [m.event, m.title]
      )
    expect(await told()).toEqual([
      ['refund.decided', '退款申请已通过'],
      ['order.paid', '订单支付成功']
    ])
    const call1 = refundCalls.at(-1)!
    expect(call1.body).toMatchObject({
      out_trade_no: outTradeNo,
      reason: '拍错了',
      amount: { refund: order.payment.amount_fen, total: order.payment.amount_fen }
    })

    wxRefunds.get(call1.body.out_refund_no)!.status = 'SUCCESS'
    const n = refundNotice({
      outTradeNo,
      outRefundNo: call1.body.out_refund_no,
      total: order.payment.amount_fen,
      refund: order.payment.amount_fen
    })
    expect((await notify(n)).statusCode).toBe(204)
    const [done] = await database.db.select().from(shopOrders).where(eq(shopOrders.id, row.id))
    expect([done.status, done.refundStatus]).toEqual(['refunded', 'refunded'])
    expect(await told()).toEqual([
      ['refund.paid', '退款已到账'],
      ['refund.decided', '退款申请已通过'],
      ['order.paid', '订单支付成功']
    ])
    const calls = refundCalls.length
    await expect(
      decideOrderAfterSale(database.db, service, wechat.app.services.notify, row.orderNo, { approve: true })
    ).rejects.toThrow('该订单已退款')
    expect(refundCalls).toHaveLength(calls)
    expect(refundedAtWechat(outTradeNo)).toBe(order.payment.amount_fen)
  })
})

describe('sandbox refunds', () => {
  test('succeed at once, reverse commission, and refuse an unpaid payment', async () => {
    const { payment } = await paidPayment(sandbox, '沙箱', 2_000)
    const calls = refundCalls.length
    const out = await sandbox.app.services.payments.refund(payment.id, { reason: '退款', key: 'dues' })
    expect(out).toMatchObject({ status: 'succeeded', refundFen: 2_000 })
    expect(refundCalls).toHaveLength(calls)
    expect((await paymentRow(payment.id)).status).toBe('refunded')
    expect((await commissionsOf(payment.id)).map((c) => c.status)).toEqual(['cancelled'])
    expect(refundedRuns.filter((id) => id === payment.id)).toHaveLength(1)

    const buyer = await login(sandbox.app, '沙箱未付')
    const unpaid = await sandbox.app.services.payments.createPayment(database.db, {
      userId: buyer.userId,
      bizType: 'membership',
      bizId: 0,
      amountFen: 100,
      description: '会费'
    })
    await expect(sandbox.app.services.payments.refund(unpaid.id, { reason: '退款', key: 'dues' })).rejects.toThrow(
      '该支付单未支付，不能退款'
    )
  })
})
