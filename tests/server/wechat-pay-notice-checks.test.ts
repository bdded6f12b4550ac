import './helpers/native-modules'

import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { eq } from 'drizzle-orm'

import { payments } from '../../server/db/schema'
import { createTestContext, login, type TestContext } from './helpers/test-app'
import { signedNotice } from './helpers/wechat-pay-notice'

// WeChat Pay notices must be signed under the configured platform serial and be at most 5 minutes old.
const merchant = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
const platform = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
const API_V3_KEY = 'abcdefghijklmnopqrstuvwxyz012345'
const SERIAL = 'PUB_KEY_ID_0114232220000000000000000001'
const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yx-notice-'))
fs.writeFileSync(path.join(keyDir, 'merchant.pem'), merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }))
fs.writeFileSync(path.join(keyDir, 'platform.pem'), platform.publicKey.export({ type: 'spki', format: 'pem' }))

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext({
    PAY_PROVIDER: 'wechat',
    WECHAT_PAY_MCH_ID: '1900000001',
    WECHAT_PAY_APP_ID: 'wx0000000000000001',
    WECHAT_PAY_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    WECHAT_PAY_PRIVATE_KEY_PATH: path.join(keyDir, 'merchant.pem'),
    WECHAT_PAY_PLATFORM_CERT_PATH: path.join(keyDir, 'platform.pem'),
    WECHAT_PAY_API_V3_KEY: API_V3_KEY,
    WECHAT_PAY_PLATFORM_SERIAL: SERIAL,
    WECHAT_PAY_API_BASE: 'http://127.0.0.1:9'
  })
})
afterAll(async () => {
  await ctx.close()
  fs.rmSync(keyDir, { recursive: true, force: true })
})

async function waitingPayment(name: string, amountFen: number) {
  const me = await login(ctx.app, name)
  return ctx.database.db.transaction((tx) =>
    ctx.app.services.payments.createPayment(tx, {
      userId: me.userId,
      bizType: 'membership',
      bizId: 1,
      amountFen,
      description: '会员'
    })
  )
}

const statusOf = async (id: number) =>
  (await ctx.database.db.select().from(payments).where(eq(payments.id, id)))[0].status

function deliver(
  outTradeNo: string,
  total: number,
  opts: { timestamp?: number; serial?: string; kind?: 'transaction' | 'refund' } = {}
) {
  const resource =
    opts.kind === 'refund'
      ? {
          out_trade_no: outTradeNo,
          out_refund_no: `R${outTradeNo}`,
          refund_id: '5030',
          refund_status: 'SUCCESS',
          amount: { refund: total }
        }
      : {
          out_trade_no: outTradeNo,
          transaction_id: `4200${outTradeNo}`,
          trade_state: 'SUCCESS',
          amount: { total, payer_total: total, currency: 'CNY' }
        }
  const n = signedNotice({
    resource,
    kind: opts.kind ?? 'transaction',
    eventType: opts.kind === 'refund' ? 'REFUND.SUCCESS' : 'TRANSACTION.SUCCESS',
    apiV3Key: API_V3_KEY,
    signer: platform.privateKey,
    timestamp: opts.timestamp,
    serial: opts.serial ?? SERIAL
  })
  const url = opts.kind === 'refund' ? '/api/pay.notify/wechatRefund' : '/api/pay.notify/wechat'
  return ctx.app.inject({ method: 'POST', url, headers: n.headers, payload: n.body })
}

const now = () => Math.floor(Date.now() / 1000)

test('a notice 4 minutes old under the configured serial pays', async () => {
  const p = await waitingPayment('通知准时', 1800)
  const res = await deliver(p.outTradeNo, 1800, { timestamp: now() - 240 })
  expect(res.statusCode).toBe(204)
  expect(await statusOf(p.id)).toBe('paid')
})

test.each([
  ['more than 5 minutes old', { timestamp: now() - 6 * 60 }],
  ['more than 5 minutes ahead', { timestamp: now() + 6 * 60 }],
  ['signed under another serial', { serial: 'PUB_KEY_ID_0114232220000000000000000002' }]
])('a correctly signed notice %s is refused, logged, and pays nothing', async (_what, opts) => {
  const p = await waitingPayment('通知过期', 2600)
  const res = await deliver(p.outTradeNo, 2600, opts)
  expect(res.statusCode).toBe(401)
  expect(res.json()).toMatchObject({ code: 'FAIL' })
  expect(await statusOf(p.id)).toBe('created')
  expect(ctx.logs.some((l) => l.includes('wechat pay notice rejected'))).toBe(true)
  // The same notice, fresh and under the right serial, still pays: only the check refused it.
  expect((await deliver(p.outTradeNo, 2600)).statusCode).toBe(204)
  expect(await statusOf(p.id)).toBe('paid')
})

test('a refund notice is held to the same serial and time checks', async () => {
  expect((await deliver('NO-SUCH-ORDER', 100, { kind: 'refund', timestamp: now() - 3600 })).statusCode).toBe(401)
  expect((await deliver('NO-SUCH-ORDER', 100, { kind: 'refund', serial: 'OTHER' })).statusCode).toBe(401)
  // Fresh and under the right serial it is acknowledged (an unknown refund is logged, not retried).
  expect((await deliver('NO-SUCH-ORDER', 100, { kind: 'refund' })).statusCode).toBe(204)
})

test('a notice without a serial header is refused', async () => {
  const p = await waitingPayment('无序列号', 900)
  const n = signedNotice({
    resource: { out_trade_no: p.outTradeNo, transaction_id: 'x', trade_state: 'SUCCESS', amount: { total: 900 } },
    kind: 'transaction',
    eventType: 'TRANSACTION.SUCCESS',
    apiV3Key: API_V3_KEY,
    signer: platform.privateKey,
    serial: SERIAL
  })
  const { 'wechatpay-serial': _dropped, ...headers } = n.headers
  const res = await ctx.app.inject({ method: 'POST', url: '/api/pay.notify/wechat', headers, payload: n.body })
  expect(res.statusCode).toBe(401)
  expect(await statusOf(p.id)).toBe('created')
})
