import './helpers/native-modules'

import { eq, sql } from 'drizzle-orm'

import { MSG_NOT_OWNER } from '../../server/core/envelope'
import { commissions, users, wallets, walletSettings, withdrawals } from '../../server/db/schema'
import { releaseDue } from '../../server/modules/wallet/commission'
import { rejectWithdrawal } from '../../server/modules/wallet/withdrawals'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(() => ctx.close())

type User = { userId: number; token: string }
const DAY = 86_400_000

/**
 * A payment by `who` created as a domain creates it, paid through the sandbox as the client pays it.
 * Report and course payments with no matching record are ignored by their domains' own handlers.
 */
function create(who: User, bizType: 'report' | 'course', amountFen: number) {
  return ctx.app.services.payments.createPayment(ctx.database.db, {
    userId: who.userId,
    bizType,
    bizId: 0,
    amountFen,
    description: '测试支付'
  })
}

async function pay(
  who: User,
  bizType: 'report' | 'course',
  amountFen: number
): Promise<{ outTradeNo: string; id: number }> {
  const p = await create(who, bizType, amountFen)
  const paid = await call(ctx.app, 'POST', '/api/pay.sandbox/confirm', { out_trade_no: p.outTradeNo }, who.token)
  expect(paid.code).toBe(1)
  return { outTradeNo: p.outTradeNo, id: p.id }
}

const wallet = async (who: User) => (await call(ctx.app, 'GET', '/api/user.wallet/detail', {}, who.token)).data
const details = async (who: User, params: Record<string, unknown> = {}) =>
  (await call(ctx.app, 'GET', '/api/user.wallet/lists', params, who.token)).data
const refund = (paymentId: number) =>
  ctx.database.db.transaction((tx) => ctx.app.services.payments.markRefunded(tx, paymentId))
/** Moves a user's frozen commission past its refund window. */
const windowPassed = (who: User) =>
  ctx.database.db
    .update(commissions)
    .set({ releaseAt: new Date(Date.now() - 1000) })
    .where(eq(commissions.userId, who.userId))

/** grand (level 2) <- parent (level 1) <- buyer, bound at first login through referee_id. */
async function chain(tag: string) {
  const grand = await login(ctx.app, `${tag}祖`)
  const parent = await login(ctx.app, `${tag}父`, grand.userId)
  const buyer = await login(ctx.app, `${tag}买家`, parent.userId)
  return { grand, parent, buyer }
}

describe('referral at first login', () => {
  test("a first login with referee_id binds the referrer and keeps the referrer's referrer", async () => {
    const { grand, parent, buyer } = await chain('绑定')
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, buyer.userId))
    expect([row.refereeId, row.refereeParentId]).toEqual([parent.userId, grand.userId])
    const [top] = await ctx.database.db.select().from(users).where(eq(users.id, grand.userId))
    expect([top.refereeId, top.refereeParentId]).toEqual([null, null])
  })
})

describe('commission', () => {
  test("a friend's payment earns both levels at the database rates, frozen, exactly once", async () => {
    const { grand, parent, buyer } = await chain('佣金')
    const p = await pay(buyer, 'course', 12_345)
    // Paying again is acknowledged without earning twice.
    await call(ctx.app, 'POST', '/api/pay.sandbox/confirm', { out_trade_no: p.outTradeNo }, buyer.token)
    // Seeded course rule: level 1 20%, level 2 10%, floor to the fen.
    expect(await wallet(parent)).toMatchObject({ available_fen: 0, frozen_fen: 2469, total_earned_fen: 2469 })
    expect(await wallet(grand)).toMatchObject({ available_fen: 0, frozen_fen: 1234, total_earned_fen: 1234 })
    expect(await wallet(buyer)).toMatchObject({ frozen_fen: 0, total_earned_fen: 0 })
    const list = await details(parent)
    expect(list.total).toBe(1)
    expect(list.list[0]).toMatchObject({
      type: 'commission',
      amount_fen: 2469,
      status: 'frozen',
      title: '好友「佣金买家」购买课程 · 一级佣金'
    })
    const releaseAt = new Date(list.list[0].release_at).getTime()
    expect(Math.abs(releaseAt - (Date.now() + 7 * DAY))).toBeLessThan(60_000)
    expect((await details(grand)).list[0].title).toBe('二级好友「佣金买家」购买课程 · 二级佣金')
    // The month filter is China's calendar month (UTC+8).
    const chinaMonth = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7)
    expect((await details(parent, { month: chinaMonth })).total).toBe(1)
    expect((await details(parent, { month: '2020-01' })).total).toBe(0)
    expect((await details(parent, { type: 'withdraw' })).total).toBe(0)
  })

  test('rates come from the database: a changed rate applies to the next payment; no rule, no commission', async () => {
    const { parent, buyer } = await chain('费率')
    await ctx.database.db.execute(sql`update commission_rules set level1_bp = 500 where biz_type = 'course'`)
    await pay(buyer, 'course', 1000)
    expect((await wallet(parent)).frozen_fen).toBe(50)
    await ctx.database.db.execute(sql`update commission_rules set level1_bp = 2000 where biz_type = 'course'`)
    await ctx.database.db.execute(sql`delete from commission_rules where biz_type = 'report'`)
    await pay(buyer, 'report', 1000)
    expect((await wallet(parent)).frozen_fen).toBe(50)
    await ctx.database.db.execute(
      sql`insert into commission_rules (biz_type, level1_bp, level2_bp, refund_days) values ('report', 3000, 1000, 1)`
    )
  })

  test('after the refund window the sweep (and a read) makes it available', async () => {
    const { grand, parent, buyer } = await chain('到账')
    await pay(buyer, 'course', 10_000)
    expect(await releaseDue(ctx.database.db, parent.userId, new Date(Date.now() + 6 * DAY))).toBe(0)
    expect(await releaseDue(ctx.database.db, undefined, new Date(Date.now() + 7 * DAY + 1000))).toBeGreaterThanOrEqual(
      3000
    )
    expect(await wallet(parent)).toMatchObject({ available_fen: 2000, frozen_fen: 0, total_earned_fen: 2000 })
    expect(await wallet(grand)).toMatchObject({ available_fen: 1000, frozen_fen: 0 })
    await pay(buyer, 'course', 2000)
    await windowPassed(parent)
    expect(await wallet(parent)).toMatchObject({ available_fen: 2400, frozen_fen: 0, total_earned_fen: 2400 })
    expect((await details(parent)).list.map((l: { status: string }) => l.status)).toEqual(['available', 'available'])
  })

  test('a refund cancels frozen commission and takes back available commission, never more than earned', async () => {
    const { parent, buyer } = await chain('退款')
    const first = await pay(buyer, 'course', 10_000)
    expect(await refund(first.id)).toBe(true)
    expect(await refund(first.id)).toBe(false)
    expect(await wallet(parent)).toMatchObject({ available_fen: 0, frozen_fen: 0, total_earned_fen: 0 })
    expect((await details(parent)).list[0].status).toBe('cancelled')

    const second = await pay(buyer, 'course', 30_000)
    await windowPassed(parent)
    expect((await wallet(parent)).available_fen).toBe(6000)
    // 50 yuan withdrawn, then the order is refunded: the 10 yuan left is taken, 50 yuan is owed ...
    expect(
      (await call(ctx.app, 'POST', '/api/user.cash/apply', { amount_fen: 5000, real_name: '张三' }, parent.token)).code
    ).toBe(1)
    await refund(second.id)
    expect(await wallet(parent)).toMatchObject({
      available_fen: 0,
      owed_fen: 5000,
      total_earned_fen: 0,
      withdrawn_fen: 5000
    })
    const expense = (await details(parent, { type: 'refund' })).list
    expect(expense).toHaveLength(1)
    expect(expense[0]).toMatchObject({ amount_fen: -6000, title: '订单退款 · 扣回一级佣金' })
    // ... and settled from the next commission that becomes available.
    await pay(buyer, 'course', 27_500)
    await windowPassed(parent)
    expect(await wallet(parent)).toMatchObject({ available_fen: 500, owed_fen: 0, total_earned_fen: 5500 })
  })
})

describe('withdrawals', () => {
  async function funded(tag: string, availableFen: number): Promise<User> {
    const u = await login(ctx.app, tag)
    await ctx.database.db.insert(wallets).values({ userId: u.userId, availableFen, totalEarnedFen: availableFen })
    return u
  }

  test('two concurrent withdrawals past the balance: exactly one succeeds and the balance stays >= 0', async () => {
    const u = await funded('并发提现', 3000)
    const results = await Promise.all(
      [1, 2].map(() => call(ctx.app, 'POST', '/api/user.cash/apply', { amount_fen: 2000, real_name: '李四' }, u.token))
    )
    expect(results.map((r) => r.code).sort()).toEqual([0, 1])
    expect(results.find((r) => r.code === 0)!.msg).toContain('可提现余额不足')
    expect(await wallet(u)).toMatchObject({ available_fen: 1000, withdrawn_fen: 2000 })
    const rows = await ctx.database.db.select().from(withdrawals).where(eq(withdrawals.userId, u.userId))
    expect(rows).toHaveLength(1)
    // Six at once against 50 yuan: exactly two of 20 yuan fit.
    const v = await funded('并发提现六', 5000)
    const six = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(() =>
        call(ctx.app, 'POST', '/api/user.cash/apply', { amount_fen: 2000, real_name: '李四' }, v.token)
      )
    )
    expect(six.filter((r) => r.code === 1)).toHaveLength(2)
    expect(await wallet(v)).toMatchObject({ available_fen: 1000, withdrawn_fen: 4000 })
  })

  test('minimum and daily limit come from the database', async () => {
    const u = await funded('限额提现', 900_000)
    const small = await call(ctx.app, 'POST', '/api/user.cash/apply', { amount_fen: 999, real_name: '王五' }, u.token)
    expect(small).toMatchObject({ code: 0, msg: '单笔提现不能少于 10.00 元' })
    expect(
      (await call(ctx.app, 'POST', '/api/user.cash/apply', { amount_fen: 400_000, real_name: '王五' }, u.token)).code
    ).toBe(1)
    const over = await call(
      ctx.app,
      'POST',
      '/api/user.cash/apply',
      { amount_fen: 100_001, real_name: '王五' },
      u.token
    )
    expect(over).toMatchObject({ code: 0, msg: '超出每日提现限额 5000.00 元（今日已申请 4000.00 元）' })
    await ctx.database.db
      .update(walletSettings)
      .set({ value: 600_000 })
      .where(eq(walletSettings.key, 'withdraw_daily_limit_fen'))
    expect(
      (await call(ctx.app, 'POST', '/api/user.cash/apply', { amount_fen: 100_001, real_name: '王五' }, u.token)).code
    ).toBe(1)
    await ctx.database.db
      .update(walletSettings)
      .set({ value: 500_000 })
      .where(eq(walletSettings.key, 'withdraw_daily_limit_fen'))
    expect(await wallet(u)).toMatchObject({
      available_fen: 399_999,
      withdraw_today_fen: 500_001,
      withdraw_min_fen: 1000
    })
  })

  test('the operator approves (transfer awaits user) or rejects (money returned); a decision is final', async () => {
    const u = await funded('审核提现', 5000)
    const a = await call(ctx.app, 'POST', '/api/user.cash/apply', { amount_fen: 2000, real_name: '赵六' }, u.token)
    const b = await call(ctx.app, 'POST', '/api/user.cash/apply', { amount_fen: 1000, real_name: '赵六' }, u.token)
    const { payouts } = ctx.app.services
    expect((await payouts.approve(a.data.withdrawal.id)).status).toBe('wait_confirm')
    await rejectWithdrawal(ctx.database.db, ctx.app.services.notify, b.data.withdrawal.id, '姓名与微信实名不符')
    await expect(payouts.approve(b.data.withdrawal.id)).rejects.toThrow('已处理')
    await expect(payouts.approve(a.data.withdrawal.id + 1000)).rejects.toThrow('不存在')
    expect(await wallet(u)).toMatchObject({ available_fen: 3000, withdrawn_fen: 2000 })
    const list = (await call(ctx.app, 'GET', '/api/user.cash/lists', {}, u.token)).data
    expect(list.list.map((w: { status: string }) => w.status)).toEqual(['rejected', 'wait_confirm'])
    expect(list.list[0].reject_reason).toBe('姓名与微信实名不符')
    const log = (await details(u)).list
    expect(log.map((l: { type: string; amount_fen: number }) => [l.type, l.amount_fen])).toEqual([
      ['withdraw_return', 1000],
      ['withdraw', -1000],
      ['withdraw', -2000]
    ])
    expect(log[1].status).toBe('rejected')
  })

  test('bad input names the field and writes nothing', async () => {
    const u = await funded('坏输入', 5000)
    const cases: [Record<string, unknown>, string][] = [
      [{ amount_fen: 'abc', real_name: '张三' }, '提现金额'],
      [{ amount_fen: 10.5, real_name: '张三' }, '提现金额'],
      [{ amount_fen: -100, real_name: '张三' }, '提现金额'],
      [{ amount_fen: 1000 }, '真实姓名'],
      [{ amount_fen: 1000, real_name: '<b>' }, '真实姓名']
    ]
    for (const [body, field] of cases) {
      const res = await call(ctx.app, 'POST', '/api/user.cash/apply', body, u.token)
      expect(res.code).toBe(0)
      expect(res.msg).toContain(field)
    }
    expect(await wallet(u)).toMatchObject({ available_fen: 5000, withdrawn_fen: 0 })
    expect(await call(ctx.app, 'GET', '/api/user.wallet/lists', { month: '2024-13' }, u.token)).toMatchObject({
      code: 0,
      msg: '月份格式不正确'
    })
    expect(await call(ctx.app, 'GET', '/api/user.wallet/lists', { type: 'gift' }, u.token)).toMatchObject({
      code: 0,
      msg: '类型不正确'
    })
    expect((await call(ctx.app, 'GET', '/api/user.wallet/detail')).code).toBe(-9999)
  })
})

describe('own data only', () => {
  test("user A never sees B's wallet, details, withdrawals, friends or payments", async () => {
    const a = await chain('甲')
    const b = await chain('乙')
    await pay(a.buyer, 'report', 1000)
    await pay(b.buyer, 'report', 2000)
    expect((await wallet(a.parent)).frozen_fen).toBe(300)
    expect((await wallet(b.parent)).frozen_fen).toBe(600)
    const aDetails = await details(a.parent)
    expect(aDetails.list.map((l: { amount_fen: number }) => l.amount_fen)).toEqual([300])
    const friendsA = (await call(ctx.app, 'GET', '/api/user.user/getFriends', {}, a.parent.token)).data
    expect(friendsA.list.map((f: { user_id: number; earned_fen: number }) => [f.user_id, f.earned_fen])).toEqual([
      [a.buyer.userId, 300]
    ])
    expect(friendsA.total_earned_fen).toBe(300)
    const friendsB = (await call(ctx.app, 'GET', '/api/user.user/getFriends', {}, b.parent.token)).data
    expect(friendsB.list.map((f: { user_id: number }) => f.user_id)).toEqual([b.buyer.userId])
    // The grandparent's friend is the parent, who earned them nothing directly; level 2 counts in the total.
    const grandFriends = (await call(ctx.app, 'GET', '/api/user.user/getFriends', {}, a.grand.token)).data
    expect(grandFriends.list.map((f: { user_id: number; earned_fen: number }) => [f.user_id, f.earned_fen])).toEqual([
      [a.parent.userId, 0]
    ])
    expect(grandFriends.total_earned_fen).toBe(100)
    const payA = (await call(ctx.app, 'GET', '/api/pay.index/lists', {}, a.buyer.token)).data
    expect(payA.list).toHaveLength(1)
    expect(payA.list[0]).toMatchObject({
      amount_fen: 1000,
      biz_type: 'report',
      status: 'paid',
      description: '测试支付'
    })
    const payB = (await call(ctx.app, 'GET', '/api/pay.index/lists', { biz_type: 'report' }, b.buyer.token)).data
    expect(payB.list.map((p: { amount_fen: number }) => p.amount_fen)).toEqual([2000])
    const foreign = await call(
      ctx.app,
      'POST',
      '/api/pay.index/start',
      { out_trade_no: payB.list[0].out_trade_no },
      a.buyer.token
    )
    expect(foreign).toMatchObject({ code: 0, msg: MSG_NOT_OWNER })
  })
})

describe('payment records and utility endpoints', () => {
  test('pay again returns what the client needs while waiting, refuses once paid', async () => {
    const u = await login(ctx.app, '再次支付')
    const p = await create(u, 'course', 990)
    const again = await call(ctx.app, 'POST', '/api/pay.index/start', { out_trade_no: p.outTradeNo }, u.token)
    expect(again.data).toEqual({ out_trade_no: p.outTradeNo, amount_fen: 990, provider: 'sandbox' })
    const waiting = (await call(ctx.app, 'GET', '/api/pay.index/lists', { status: 'created' }, u.token)).data
    expect(waiting.total).toBe(1)
    await call(ctx.app, 'POST', '/api/pay.sandbox/confirm', { out_trade_no: p.outTradeNo }, u.token)
    expect(await call(ctx.app, 'POST', '/api/pay.index/start', { out_trade_no: p.outTradeNo }, u.token)).toMatchObject({
      code: 0,
      msg: '该订单已支付或已关闭'
    })
    expect(await call(ctx.app, 'GET', '/api/pay.index/lists', { biz_type: 'food' }, u.token)).toMatchObject({
      code: 0,
      msg: '业务类型不正确'
    })
  })

  test('counts of the 我的 tab start at zero for a new user', async () => {
    const u = await login(ctx.app, '计数')
    const res = await call(ctx.app, 'GET', '/api/user.user/counts', {}, u.token)
    expect(res.data).toEqual({
      orders: { unpaid: 0, unshipped: 0, unreceived: 0, refunding: 0 },
      coupons: 0,
      favorites: 0,
      follows: 0
    })
    expect((await call(ctx.app, 'GET', '/api/user.user/counts')).code).toBe(-9999)
  })

  test('text pages come from site_pages by key', async () => {
    const res = await call(ctx.app, 'GET', '/api/index/text', { key: 'commission-rule' })
    expect(res.data.title).toBe('推广佣金规则')
    expect(res.data.content).toContain('<h3>')
    expect(await call(ctx.app, 'GET', '/api/index/text', { key: 'nothing-here' })).toMatchObject({
      code: 0,
      msg: '页面不存在或已下线'
    })
    expect(await call(ctx.app, 'GET', '/api/index/text', { key: '../etc' })).toMatchObject({
      code: 0,
      msg: '页面格式不正确'
    })
    expect(await call(ctx.app, 'GET', '/api/index/text', {})).toMatchObject({ code: 0, msg: '页面不能为空' })
  })

  test('web view hosts are exposed in the runtime config', async () => {
    const other = await createTestContext({ WEB_VIEW_HOSTS: 'mp.weixin.qq.com, Example.COM' }, ctx.database)
    try {
      expect((await call(other.app, 'GET', '/api/index/config')).data.web_view_hosts).toEqual([
        'mp.weixin.qq.com',
        'example.com'
      ])
    } finally {
      await other.close()
    }
  })
})
