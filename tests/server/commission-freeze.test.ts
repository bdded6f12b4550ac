import './helpers/native-modules'

import { eq } from 'drizzle-orm'

import { commissionRules, commissions } from '../../server/db/schema'
import { ensureInitialOwner } from '../../server/modules/admin/operators'
import { MIN_FREEZE_DAYS, releaseDue } from '../../server/modules/wallet/commission'
import { adminLogin } from './helpers/admin'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(() => ctx.close())

const DAY = 86_400_000

test('a commission rule of 0 freeze days is refused in the console, with the reason', async () => {
  await ensureInitialOwner(ctx.database.db, 'Freeze-owner-2025')
  const owner = (await adminLogin(ctx.app, 'admin', 'Freeze-owner-2025')).client!
  const settings = await owner.get('/wallet/settings')
  const report = settings.data.rules.find((r: { biz_type: string }) => r.biz_type === 'report')
  const save = (freezeDays: number) =>
    owner.post('/wallet/commissionRule', {
      biz_type: 'report',
      level1_percent: 30,
      level2_percent: 10,
      freeze_days: freezeDays,
      updated_at: report.updated_at
    })
  for (const days of [0, MIN_FREEZE_DAYS - 1])
    expect(await save(days)).toEqual({
      code: 0,
      msg: `冻结天数至少 ${MIN_FREEZE_DAYS} 天：退款期内的佣金不能提现`,
      data: {}
    })
  expect((await save(MIN_FREEZE_DAYS)).code).toBe(1)
})

test('commission under a rule stored as 0 days stays frozen until the refund window has passed', async () => {
  await ctx.database.db.update(commissionRules).set({ refundDays: 0 }).where(eq(commissionRules.bizType, 'course'))
  const parent = await login(ctx.app, '冻结推荐人')
  const buyer = await login(ctx.app, '冻结买家', parent.userId)
  const payment = await ctx.app.services.payments.createPayment(ctx.database.db, {
    userId: buyer.userId,
    bizType: 'course',
    bizId: 0,
    amountFen: 10_000,
    description: '测试支付'
  })
  expect(
    (await call(ctx.app, 'POST', '/api/pay.sandbox/confirm', { out_trade_no: payment.outTradeNo }, buyer.token)).code
  ).toBe(1)
  const [earned] = await ctx.database.db.select().from(commissions).where(eq(commissions.paymentId, payment.id))
  expect(earned.status).toBe('frozen')
  expect(earned.releaseAt.getTime() - Date.now()).toBeGreaterThan((MIN_FREEZE_DAYS - 0.01) * DAY)
  // Nothing to withdraw the next day, nor the day before the window ends.
  for (const days of [0, 1, MIN_FREEZE_DAYS - 1])
    expect(await releaseDue(ctx.database.db, parent.userId, new Date(Date.now() + days * DAY))).toBe(0)
  const wallet = (await call(ctx.app, 'GET', '/api/user.wallet/detail', {}, parent.token)).data
  expect(wallet.available_fen).toBe(0)
  expect(await releaseDue(ctx.database.db, parent.userId, new Date(Date.now() + (MIN_FREEZE_DAYS + 1) * DAY))).toBe(
    earned.amountFen
  )
})
