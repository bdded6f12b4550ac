import './helpers/native-modules'

import { eq } from 'drizzle-orm'

import type { Database } from '../../server/db/database'
import { walletLogs, wallets, withdrawals } from '../../server/db/schema'
import { FakeWechatPay } from './helpers/fake-wechat-pay'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'
import { openTestDatabase } from './helpers/test-db'

const fake = new FakeWechatPay()
let database: Database
let wechat: TestContext
let sandbox: TestContext

beforeAll(async () => {
  await fake.start()
  database = await openTestDatabase()
  wechat = await createTestContext(fake.env(), database)
  sandbox = await createTestContext({}, database)
})
afterAll(async () => {
  await sandbox.close()
  await wechat.close()
  await database.close()
  await fake.stop()
})

type User = { userId: number; token: string }

/** A WeChat user (logged in in WeChat's browser) with commission available in the wallet. */
async function funded(ctx: TestContext, tag: string, availableFen: number): Promise<User> {
  const u = await login(ctx.app, tag)
  await database.db.insert(wallets).values({ userId: u.userId, availableFen, totalEarnedFen: availableFen })
  return u
}

async function apply(ctx: TestContext, u: User, amountFen: number, client = 'h5') {
  const res = await call(
    ctx.app,
    'POST',
    '/api/user.cash/apply',
    { amount_fen: amountFen, real_name: '张三', client },
    u.token
  )
  expect(res.code).toBe(1)
  return res.data.withdrawal.id as number
}

const row = async (id: number) => (await database.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]
const balance = async (u: User) => (await database.db.select().from(wallets).where(eq(wallets.userId, u.userId)))[0]
const logs = (u: User) =>
  database.db.select().from(walletLogs).where(eq(walletLogs.userId, u.userId)).orderBy(walletLogs.id)
const detailsOf = async (ctx: TestContext, u: User) =>
  (await call(ctx.app, 'GET', '/api/user.wallet/lists', {}, u.token)).data.list
const notify = (n: { body: string; headers: Record<string, string> }) =>
  wechat.app.inject({ method: 'POST', url: '/api/pay.notify/wechatTransfer', headers: n.headers, payload: n.body })

describe('withdrawals paid by WeChat Pay merchant transfer', () => {
  test('approval signs a transfer to the user’s openid; user accepts in WeChat; the notice sets 已到账 once', async () => {
    const u = await funded(wechat, '转账到账', 5_000)
    const id = await apply(wechat, u, 3_000)
    expect((await row(id)).openid).not.toBe('')

    const approved = await wechat.app.services.payouts.approve(id)
    expect(approved.status).toBe('wait_confirm')
    const [req] = fake.callsTo('/v3/fund-app/mch-transfer/transfer-bills', 'POST')
    expect(req.authOk).toBe(true)
    expect(req.body).toMatchObject({
      appid: wechat.config.wechat.appId,
      out_bill_no: approved.outBillNo,
      openid: approved.openid,
      transfer_amount: 3_000,
      transfer_scene_id: '1005',
      user_recv_perception: '劳务报酬',
      notify_url: 'https://yixue.example.com/api/pay.notify/wechatTransfer'
    })
    expect(req.body.transfer_scene_report_infos.map((i: { info_type: string }) => i.info_type)).toEqual([
      '岗位类型',
      '报酬说明'
    ])
    expect(req.body.user_name).toBeUndefined()

    // 确认收款: only in the app the transfer was made to.
    expect((await call(wechat.app, 'POST', '/api/user.cash/receive', { id, client: 'wxapp' }, u.token)).msg).toBe(
      '请在微信中打开钱包确认收款'
    )
    const receive = await call(wechat.app, 'POST', '/api/user.cash/receive', { id, client: 'h5' }, u.token)
    expect(receive.data).toEqual({
      provider: 'wechat',
      mch_id: fake.mchId,
      app_id: wechat.config.wechat.appId,
      package_info: fake.transfers.get(approved.outBillNo!)!.packageInfo
    })
    expect((await detailsOf(wechat, u))[0]).toMatchObject({
      type: 'withdraw',
      amount_fen: -3_000,
      status: 'wait_confirm'
    })

    fake.settleTransfer(approved.outBillNo!, 'SUCCESS')
    for (let i = 0; i < 3; i++) expect((await notify(fake.transferNotice(approved.outBillNo!))).statusCode).toBe(204)
    expect(await row(id)).toMatchObject({
      status: 'paid',
      transferBillNo: `1330${approved.outBillNo}`,
      packageInfo: null
    })
    expect((await row(id)).finishedAt).not.toBeNull()
    expect(await balance(u)).toMatchObject({ availableFen: 2_000, withdrawnFen: 3_000 })
    expect((await logs(u)).map((l) => l.type)).toEqual(['withdraw'])
    expect((await detailsOf(wechat, u))[0].status).toBe('paid')
    expect((await call(wechat.app, 'POST', '/api/user.cash/receive', { id, client: 'h5' }, u.token)).msg).toBe(
      '该提现不在待确认收款状态'
    )
  })

  test('a transfer the user lets lapse is found by the sweep: 转账失败已退回, the money back in the wallet once', async () => {
    const u = await funded(wechat, '转账撤销', 4_000)
    const id = await apply(wechat, u, 2_500)
    const { outBillNo } = await wechat.app.services.payouts.approve(id)
    expect(await balance(u)).toMatchObject({ availableFen: 1_500, withdrawnFen: 2_500 })
    fake.settleTransfer(outBillNo!, 'CANCELLED')

    expect(await wechat.app.services.payouts.follow()).toBeGreaterThanOrEqual(1)
    expect(await row(id)).toMatchObject({ status: 'failed', failReason: '超过 24 小时未确认收款，转账已撤销' })
    // Reported again by the sweep, the page and the notice: refunded once.
    await wechat.app.services.payouts.follow()
    expect((await call(wechat.app, 'GET', '/api/user.cash/detail', { id }, u.token)).data).toMatchObject({
      status: 'failed',
      fail_reason: '超过 24 小时未确认收款，转账已撤销'
    })
    expect((await notify(fake.transferNotice(outBillNo!))).statusCode).toBe(204)
    expect(await balance(u)).toMatchObject({ availableFen: 4_000, withdrawnFen: 0 })
    const entries = await logs(u)
    expect(entries.map((l) => [l.type, l.amountFen])).toEqual([
      ['withdraw', -2_500],
      ['withdraw_return', 2_500]
    ])
    expect(entries[1].remark).toBe('转账失败已退回：超过 24 小时未确认收款，转账已撤销')
    // Not counted against today's limit any more.
    expect((await call(wechat.app, 'GET', '/api/user.wallet/detail', {}, u.token)).data.withdraw_today_fen).toBe(0)
  })

  test('a failed transfer reported by notice returns the money; a forged notice changes nothing', async () => {
    const u = await funded(wechat, '转账失败', 2_000)
    const id = await apply(wechat, u, 2_000)
    const { outBillNo } = await wechat.app.services.payouts.approve(id)
    fake.settleTransfer(outBillNo!, 'FAIL', 'PAYEE_ACCOUNT_ABNORMAL')
    expect((await notify(fake.transferNotice(outBillNo!, fake.merchant.privateKey))).statusCode).toBe(401)
    expect((await row(id)).status).toBe('wait_confirm')
    await Promise.all([
      notify(fake.transferNotice(outBillNo!)),
      notify(fake.transferNotice(outBillNo!)),
      wechat.app.services.payouts.follow()
    ])
    expect(await row(id)).toMatchObject({ status: 'failed', failReason: '微信零钱账户异常' })
    expect(await balance(u)).toMatchObject({ availableFen: 2_000, withdrawnFen: 0 })
    expect((await logs(u)).filter((l) => l.type === 'withdraw_return')).toHaveLength(1)
  })

  test('an unanswered transfer request is made again by the sweep with the same bill number', async () => {
    const u = await funded(wechat, '转账重试', 3_000)
    const id = await apply(wechat, u, 1_000)
    fake.failures.push({
      prefix: '/v3/fund-app/mch-transfer/transfer-bills',
      http: 500,
      code: 'SYSTEM_ERROR',
      message: '系统繁忙'
    })
    const first = await wechat.app.services.payouts.approve(id)
    expect(first.status).toBe('transferring')
    expect(fake.transfers.has(first.outBillNo!)).toBe(false)
    await wechat.app.services.payouts.follow()
    expect(await row(id)).toMatchObject({ status: 'wait_confirm', outBillNo: first.outBillNo })
    expect(
      fake
        .callsTo('/v3/fund-app/mch-transfer/transfer-bills', 'POST')
        .filter((c) => c.body.out_bill_no === first.outBillNo)
    ).toHaveLength(2)
    expect(fake.transfers.get(first.outBillNo!)!.body.transfer_amount).toBe(1_000)
  })

  test('a transfer WeChat refuses outright fails with its reason and returns the money', async () => {
    const u = await funded(wechat, '转账拒绝', 3_000)
    const id = await apply(wechat, u, 3_000)
    fake.failures.push({
      prefix: '/v3/fund-app/mch-transfer/transfer-bills',
      http: 403,
      code: 'NOT_ENOUGH',
      message: '商户运营账户资金不足'
    })
    const out = await wechat.app.services.payouts.approve(id)
    expect(out).toMatchObject({ status: 'failed', failReason: '商户运营账户资金不足' })
    expect(await balance(u)).toMatchObject({ availableFen: 3_000, withdrawnFen: 0 })
    expect((await logs(u)).at(-1)!.remark).toBe('转账失败已退回：商户运营账户资金不足')
  })

  test('from 2,000 yuan the payee’s name goes encrypted with the platform key, under its serial', async () => {
    const u = await funded(wechat, '大额提现', 300_000)
    const id = await apply(wechat, u, 200_000)
    const { outBillNo, status } = await wechat.app.services.payouts.approve(id)
    expect(status).toBe('wait_confirm')
    const t = fake.transfers.get(outBillNo!)!
    expect(t.userName).toBe('张三')
    expect(t.body.user_name).not.toContain('张三')
  })

  test('withdrawing needs a WeChat login in the app it is asked from; nothing is written otherwise', async () => {
    const u = await funded(wechat, '无小程序', 3_000)
    const res = await call(
      wechat.app,
      'POST',
      '/api/user.cash/apply',
      { amount_fen: 1_000, real_name: '张三', client: 'wxapp' },
      u.token
    )
    expect(res).toMatchObject({ code: 0, msg: '提现将转入你的微信零钱，请在微信中打开并登录后再申请' })
    expect(await balance(u)).toMatchObject({ availableFen: 3_000, withdrawnFen: 0 })
    expect(await logs(u)).toEqual([])
  })
})

describe('sandbox transfers model the same states', () => {
  test('accepted: 已到账; declined or not accepted within 24 hours: 转账失败已退回, once', async () => {
    const u = await funded(sandbox, '沙箱提现', 5_000)
    const a = await apply(sandbox, u, 1_000, 'web')
    const b = await apply(sandbox, u, 2_000, 'web')
    expect((await sandbox.app.services.payouts.approve(a)).status).toBe('wait_confirm')
    expect((await sandbox.app.services.payouts.approve(b)).status).toBe('wait_confirm')
    expect((await call(sandbox.app, 'POST', '/api/user.cash/receive', { id: a }, u.token)).data).toMatchObject({
      provider: 'sandbox'
    })
    expect((await call(sandbox.app, 'POST', '/api/pay.sandbox/receiveTransfer', { id: a }, u.token)).data.status).toBe(
      'paid'
    )
    expect((await call(sandbox.app, 'POST', '/api/pay.sandbox/declineTransfer', { id: b }, u.token)).data.status).toBe(
      'failed'
    )
    expect((await call(sandbox.app, 'POST', '/api/pay.sandbox/declineTransfer', { id: b }, u.token)).msg).toBe(
      '该提现不在待确认收款状态'
    )
    const other = await login(sandbox.app, '沙箱旁人')
    expect((await call(sandbox.app, 'POST', '/api/pay.sandbox/receiveTransfer', { id: a }, other.token)).code).toBe(0)
    expect(await balance(u)).toMatchObject({ availableFen: 4_000, withdrawnFen: 1_000 })
    // Not accepted within 24 hours: cancelled like WeChat does, the money back.
    const c = await apply(sandbox, u, 1_000, 'web')
    await sandbox.app.services.payouts.approve(c)
    expect(await sandbox.app.services.payouts.follow()).toBe(0)
    await database.db
      .update(withdrawals)
      .set({ reviewedAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(withdrawals.id, c))
    await sandbox.app.services.payouts.follow()
    expect(await row(c)).toMatchObject({ status: 'failed', failReason: '超过 24 小时未确认收款，转账已撤销' })
    expect(await balance(u)).toMatchObject({ availableFen: 4_000, withdrawnFen: 1_000 })
    const list = await detailsOf(sandbox, u)
    expect(list.map((l: { type: string; status: string }) => [l.type, l.status])).toEqual([
      ['withdraw_return', ''],
      ['withdraw', 'failed'],
      ['withdraw_return', ''],
      ['withdraw', 'failed'],
      ['withdraw', 'paid']
    ])
  })
})
