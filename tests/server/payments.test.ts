import './helpers/native-modules'

import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { eq } from 'drizzle-orm'

import { MSG_NOT_OWNER } from '../../server/core/envelope'
import type { Database } from '../../server/db/database'
import { payments, wechatAccounts } from '../../server/db/schema'
import type { Payment } from '../../server/modules/payment/provider'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'
import { openTestDatabase } from './helpers/test-db'
import { merchantSigned, signedNotice, signedReply } from './helpers/wechat-pay-notice'

// Keys made here: the merchant's (signs requests) and the platform's (signs notices).
const merchant = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
const platform = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
const API_V3_KEY = 'abcdefghijklmnopqrstuvwxyz012345'
const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yx-pay-'))
fs.writeFileSync(path.join(keyDir, 'merchant.pem'), merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }))
fs.writeFileSync(path.join(keyDir, 'platform.pem'), platform.publicKey.export({ type: 'spki', format: 'pem' }))

// A fake merchant API that checks the request signature the way WeChat Pay documents it.
const prepays: { body: any; authOk: boolean }[] = []
const fakePay = http.createServer((req, res) => {
  let raw = ''
  req.on('data', (c) => (raw += c))
  req.on('end', () => {
    const authOk = merchantSigned(req, raw, '1900000001', merchant.publicKey)
    prepays.push({ body: JSON.parse(raw), authOk })
    signedReply(
      res,
      authOk ? 200 : 401,
      authOk ? { prepay_id: 'wx201410272009395522657a690389285100' } : { code: 'SIGN_ERROR' },
      platform.privateKey
    )
  })
})

function notice(p: { outTradeNo: string; total: number }, signer = platform.privateKey) {
  const resource = {
    out_trade_no: p.outTradeNo,
    transaction_id: `4200${p.outTradeNo}`,
    trade_state: 'SUCCESS',
    amount: { total: p.total, payer_total: p.total, currency: 'CNY' }
  }
  return signedNotice({ resource, kind: 'transaction', eventType: 'TRANSACTION.SUCCESS', apiV3Key: API_V3_KEY, signer })
}

let database: Database
let sandbox: TestContext
let wechat: TestContext
const sandboxPaid: number[] = []
const wechatPaid: number[] = []

beforeAll(async () => {
  await new Promise<void>((resolve) => fakePay.listen(0, '127.0.0.1', resolve))
  database = await openTestDatabase()
  sandbox = await createTestContext({}, database)
  wechat = await createTestContext(
    {
      PAY_PROVIDER: 'wechat',
      WECHAT_PAY_MCH_ID: '1900000001',
      WECHAT_PAY_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
      WECHAT_PAY_PRIVATE_KEY_PATH: path.join(keyDir, 'merchant.pem'),
      WECHAT_PAY_PLATFORM_CERT_PATH: path.join(keyDir, 'platform.pem'),
      WECHAT_PAY_API_V3_KEY: API_V3_KEY,
      WECHAT_PAY_PLATFORM_SERIAL: 'PUB_KEY_ID_0001',
      WECHAT_PAY_API_BASE: `http://127.0.0.1:${(fakePay.address() as AddressInfo).port}`
    },
    database
  )
  // A business type no domain here sells (its own onPaid belongs to its domain), seen through onAnyPaid.
  sandbox.app.services.payments.onAnyPaid(async (_tx, p) => void (p.bizType === 'membership' && sandboxPaid.push(p.id)))
  wechat.app.services.payments.onAnyPaid(async (_tx, p) => void (p.bizType === 'membership' && wechatPaid.push(p.id)))
})
afterAll(async () => {
  await wechat.close()
  await sandbox.close()
  await database.close()
  fakePay.close()
  fs.rmSync(keyDir, { recursive: true, force: true })
})

async function newPayment(
  ctx: TestContext,
  userId: number,
  bizType: 'membership',
  amountFen: number
): Promise<Payment> {
  return database.db.transaction((tx) =>
    ctx.app.services.payments.createPayment(tx, { userId, bizType, bizId: 7, amountFen, description: '测试商品' })
  )
}

describe('sandbox', () => {
  test('confirm pays once, runs the handler once, and the owner sees it paid', async () => {
    const me = await login(sandbox.app, '付款人')
    const p = await newPayment(sandbox, me.userId, 'membership', 19900)
    expect(p.outTradeNo).toMatch(/^\d{24}$/)
    expect(
      (await call(sandbox.app, 'GET', '/api/pay.index/status', { out_trade_no: p.outTradeNo }, me.token)).data.status
    ).toBe('created')
    for (let i = 0; i < 3; i++)
      expect(
        (await call(sandbox.app, 'POST', '/api/pay.sandbox/confirm', { out_trade_no: p.outTradeNo }, me.token)).code
      ).toBe(1)
    expect(sandboxPaid.filter((id) => id === p.id)).toHaveLength(1)
    const status = await call(sandbox.app, 'GET', '/api/pay.index/status', { out_trade_no: p.outTradeNo }, me.token)
    expect(status.data).toMatchObject({ status: 'paid', amount_fen: 19900, biz_type: 'membership', biz_id: 7 })
  })

  test('another user can neither see nor pay nor fail my payment', async () => {
    const owner = await login(sandbox.app, '主人')
    const other = await login(sandbox.app, '旁人')
    const p = await newPayment(sandbox, owner.userId, 'membership', 500)
    for (const [m, url] of [
      ['GET', '/api/pay.index/status'],
      ['POST', '/api/pay.sandbox/confirm'],
      ['POST', '/api/pay.sandbox/fail']
    ] as const) {
      expect(await call(sandbox.app, m, url, { out_trade_no: p.outTradeNo }, other.token)).toMatchObject({
        code: 0,
        msg: MSG_NOT_OWNER
      })
    }
    const [row] = await database.db.select().from(payments).where(eq(payments.id, p.id))
    expect(row.status).toBe('created')
  })

  test('fail closes a payment, which can then not be paid', async () => {
    const me = await login(sandbox.app, '取消者')
    const p = await newPayment(sandbox, me.userId, 'membership', 800)
    expect(
      (await call(sandbox.app, 'POST', '/api/pay.sandbox/fail', { out_trade_no: p.outTradeNo }, me.token)).data.status
    ).toBe('closed')
    expect(
      await call(sandbox.app, 'POST', '/api/pay.sandbox/confirm', { out_trade_no: p.outTradeNo }, me.token)
    ).toMatchObject({ code: 0, msg: '支付单已关闭' })
    expect(sandboxPaid).not.toContain(p.id)
  })

  test('amounts are bounded', async () => {
    const me = await login(sandbox.app, '金额')
    for (const amountFen of [0, -1, 1.5, 100_000_001])
      await expect(newPayment(sandbox, me.userId, 'membership', amountFen)).rejects.toThrow('支付金额不正确')
  })

  test('concurrent confirmations still pay once', async () => {
    const me = await login(sandbox.app, '并发')
    const p = await newPayment(sandbox, me.userId, 'membership', 300)
    await Promise.all(
      [1, 2, 3, 4].map(() =>
        sandbox.app.services.payments.markPaid(p.outTradeNo, { amountFen: 300, providerTxnId: 'x' })
      )
    )
    expect(sandboxPaid.filter((id) => id === p.id)).toHaveLength(1)
  })
})

describe('WeChat Pay v3', () => {
  test('prepay is signed and the pay params carry a verifiable paySign', async () => {
    const me = await login(wechat.app, '微信付款')
    const p = await newPayment(wechat, me.userId, 'membership', 12800)
    const appIds = { h5: wechat.config.wechat.appId, wxapp: wechat.config.wechat.mpAppId }
    const start = await wechat.app.services.payments.start(p, {
      kind: 'h5',
      userAgent: 'MicroMessenger',
      ip: '127.0.0.1',
      appIds,
      resultUrl: ''
    })
    const last = prepays.at(-1)!
    expect(last.authOk).toBe(true)
    const [account] = await database.db.select().from(wechatAccounts).where(eq(wechatAccounts.userId, me.userId))
    expect(last.body).toMatchObject({
      mchid: '1900000001',
      out_trade_no: p.outTradeNo,
      amount: { total: 12800, currency: 'CNY' },
      payer: { openid: account.openid }
    })
    const pp = start.pay_params!
    expect(pp.package).toBe('prepay_id=wx201410272009395522657a690389285100')
    const signed = `${pp.appId}\n${pp.timeStamp}\n${pp.nonceStr}\n${pp.package}\n`
    expect(crypto.createVerify('RSA-SHA256').update(signed).verify(merchant.publicKey, pp.paySign, 'base64')).toBe(true)
  })

  test('a notice delivered three times pays once and runs the handler once', async () => {
    const me = await login(wechat.app, '通知')
    const p = await newPayment(wechat, me.userId, 'membership', 2500)
    for (let i = 0; i < 3; i++) {
      const n = notice({ outTradeNo: p.outTradeNo, total: 2500 })
      const res = await wechat.app.inject({
        method: 'POST',
        url: '/api/pay.notify/wechat',
        headers: n.headers,
        payload: n.body
      })
      expect(res.statusCode).toBe(204)
    }
    expect(wechatPaid.filter((id) => id === p.id)).toHaveLength(1)
    const [row] = await database.db.select().from(payments).where(eq(payments.id, p.id))
    expect(row).toMatchObject({ status: 'paid', providerTxnId: `4200${p.outTradeNo}` })
  })

  test('a wrong amount or a forged signature is refused and pays nothing', async () => {
    const me = await login(wechat.app, '伪造')
    const p = await newPayment(wechat, me.userId, 'membership', 9900)
    const wrong = notice({ outTradeNo: p.outTradeNo, total: 1 })
    const r1 = await wechat.app.inject({
      method: 'POST',
      url: '/api/pay.notify/wechat',
      headers: wrong.headers,
      payload: wrong.body
    })
    expect(r1.statusCode).toBe(400)
    expect(r1.json()).toMatchObject({ code: 'FAIL' })
    const forged = notice({ outTradeNo: p.outTradeNo, total: 9900 }, merchant.privateKey)
    const r2 = await wechat.app.inject({
      method: 'POST',
      url: '/api/pay.notify/wechat',
      headers: forged.headers,
      payload: forged.body
    })
    expect(r2.statusCode).toBe(401)
    const tampered = notice({ outTradeNo: p.outTradeNo, total: 9900 })
    const r3 = await wechat.app.inject({
      method: 'POST',
      url: '/api/pay.notify/wechat',
      headers: tampered.headers,
      payload: tampered.body.replace('"id":"', '"id":"x')
    })
    expect(r3.statusCode).toBe(401)
    const [row] = await database.db.select().from(payments).where(eq(payments.id, p.id))
    expect(row.status).toBe('created')
    expect(wechatPaid).not.toContain(p.id)
  })
})
