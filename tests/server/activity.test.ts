import './helpers/native-modules'

import { and, eq } from 'drizzle-orm'

import { activities, activitySignups, payments } from '../../server/db/schema'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

let ctx: TestContext

beforeAll(async () => {
  ctx = await createTestContext()
  // Demo activities start with no sign-ups: five people take the lecture's five seats, so it is full.
  const lecture = await bySlug('solar-terms-lecture')
  for (let i = 0; i < lecture.capacity; i++) {
    const listener = await login(ctx.app, `听众${i}`)
    expect(
      (await api('POST', 'share.activity/signup', { activity_id: lecture.id, ...form }, listener.token)).code
    ).toBe(1)
  }
})
afterAll(() => ctx.close())

const api = (method: 'GET' | 'POST', action: string, params: Record<string, unknown> = {}, token?: string) =>
  call(ctx.app, method, `/api/${action}`, params, token)
const bySlug = async (slug: string) =>
  (await ctx.database.db.select().from(activities).where(eq(activities.slug, slug)))[0]
const signupsOf = (activityId: number) =>
  ctx.database.db
    .select()
    .from(activitySignups)
    .where(eq(activitySignups.activityId, activityId))
    .orderBy(activitySignups.id)
const liveSignupsOf = async (activityId: number) =>
  (await signupsOf(activityId)).filter((s) => s.status !== 'cancelled')
const form = { name: '李四', mobile: '13900139000' }

describe('activity list and detail', () => {
  test('coming activities soonest first, the past one last, with seats, fee and state', async () => {
    const res = await api('GET', 'share.share/activity', { per_page: 10 })
    expect(res.code).toBe(1)
    expect(res.data).toMatchObject({ total: 6, page: 1, last_page: 1 })
    const titles = res.data.list.map((a: { title: string }) => a.title)
    expect(titles[0]).toBe('经典共读：《系辞上传》')
    expect(titles[5]).toBe('年度易学文化论坛')
    const full = res.data.list.find((a: { title: string }) => a.title.startsWith('公益讲座'))
    expect(full).toMatchObject({ capacity: 5, seats_left: 0, open: false, fee: 0, my_status: null })
    const trip = res.data.list.find((a: { title: string }) => a.title === '古村落风水实地考察')
    expect(trip).toMatchObject({ fee: 39900, open: true, seats_left: 30, city: '黄山' })
    expect(trip.cover).toMatch(/^http:\/\/.+\/static\/demo\/activity\/fieldtrip\.png$/)
    const page2 = await api('GET', 'share.share/activity', { page: 2, per_page: 4 })
    expect(page2.data.list).toHaveLength(2)
    expect(page2.data.last_page).toBe(2)
  })

  test('detail has the content; an unknown one and bad ids are refused', async () => {
    const a = await bySlug('tea-salon-spring')
    const res = await api('GET', 'share.activity/detail', { activity_id: a.id })
    expect(res.data.detail).toMatchObject({
      title: '易学茶话会 · 以茶论易',
      organizer: '中华易学文化研究会',
      signup_id: 0,
      my_status: null
    })
    expect(res.data.detail.content).toContain('<h2>活动安排</h2>')
    expect(await api('GET', 'share.activity/detail', { activity_id: 999999 })).toMatchObject({
      code: 0,
      msg: '活动不存在或已下架'
    })
    expect((await api('GET', 'share.activity/detail', { activity_id: 'x' })).msg).toBe('活动格式不正确')
    expect((await api('GET', 'share.share/activity', { per_page: 500 })).msg).toBe('每页条数最多 50 条')
  })
})

describe('signing up', () => {
  test('30 concurrent sign-ups for 5 seats: exactly 5 get one, nothing left behind for the rest', async () => {
    const a = await bySlug('classic-reading')
    await ctx.database.db.update(activities).set({ capacity: 5, taken: 0 }).where(eq(activities.id, a.id))
    const users = await Promise.all(Array.from({ length: 30 }, (_, i) => login(ctx.app, `抢名额${i}`)))
    const results = await Promise.all(
      users.map((u) => api('POST', 'share.activity/signup', { activity_id: a.id, ...form }, u.token))
    )
    expect(results.filter((r) => r.code === 1)).toHaveLength(5)
    expect(results.filter((r) => r.code === 0).map((r) => r.msg)).toEqual(Array(25).fill('名额已满'))
    expect((await bySlug('classic-reading')).taken).toBe(5)
    expect(await liveSignupsOf(a.id)).toHaveLength(5)
    const detail = await api('GET', 'share.activity/detail', { activity_id: a.id })
    expect(detail.data.detail).toMatchObject({ seats_left: 0, open: false })
  })

  test('a free activity signs up at once, once per user however often sent; only I see my sign-up', async () => {
    const a = await bySlug('tea-salon-spring')
    const me = await login(ctx.app, '喝茶人')
    const other = await login(ctx.app, '旁观者')
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        api('POST', 'share.activity/signup', { activity_id: a.id, ...form, remark: '带一位朋友旁听' }, me.token)
      )
    )
    expect(results.filter((r) => r.code === 1)).toHaveLength(1)
    expect(results.find((r) => r.code === 1)!.data).toMatchObject({ status: 'signed', amount: 0 })
    expect(results.filter((r) => r.code === 0).map((r) => r.msg)).toEqual(['您已报名该活动', '您已报名该活动'])
    expect((await bySlug('tea-salon-spring')).taken).toBe(a.taken + 1)
    expect((await api('GET', 'share.activity/detail', { activity_id: a.id }, me.token)).data.detail.my_status).toBe(
      'signed'
    )
    expect((await api('GET', 'share.activity/detail', { activity_id: a.id }, other.token)).data.detail).toMatchObject({
      my_status: null,
      signup_id: 0
    })
    const mine = await api('GET', 'share.activity/lists', {}, me.token)
    expect(mine.data.total).toBe(1)
    expect(mine.data.list[0]).toMatchObject({
      status: 'signed',
      name: '李四',
      activity: { title: '易学茶话会 · 以茶论易', my_status: 'signed' }
    })
    expect((await api('GET', 'share.activity/lists', {}, other.token)).data).toMatchObject({ total: 0, list: [] })
  })

  test('past the deadline, or already started, sign-up is closed', async () => {
    const me = await login(ctx.app, '迟到的人')
    const full = await bySlug('solar-terms-lecture')
    expect(await api('POST', 'share.activity/signup', { activity_id: full.id, ...form }, me.token)).toMatchObject({
      code: 0,
      msg: '名额已满'
    })
    const past = await bySlug('annual-forum-last')
    expect(await api('POST', 'share.activity/signup', { activity_id: past.id, ...form }, me.token)).toMatchObject({
      code: 0,
      msg: '报名已截止'
    })
    const a = await bySlug('stargazing-night')
    await ctx.database.db
      .update(activities)
      .set({ signupDeadline: new Date(Date.now() - 1000) })
      .where(eq(activities.id, a.id))
    expect(await api('POST', 'share.activity/signup', { activity_id: a.id, ...form }, me.token)).toMatchObject({
      code: 0,
      msg: '报名已截止'
    })
    await ctx.database.db.update(activities).set({ signupDeadline: a.signupDeadline }).where(eq(activities.id, a.id))
    expect(
      await ctx.database.db.select().from(activitySignups).where(eq(activitySignups.userId, me.userId))
    ).toHaveLength(0)
  })

  test('bad input names the field and takes no seat; login is needed', async () => {
    const a = await bySlug('stargazing-night')
    const me = await login(ctx.app, '填错表')
    expect(
      (await api('POST', 'share.activity/signup', { activity_id: a.id, name: '李', mobile: form.mobile }, me.token)).msg
    ).toBe('姓名至少 2 个字')
    expect(
      (await api('POST', 'share.activity/signup', { activity_id: a.id, name: '李四', mobile: '12345' }, me.token)).msg
    ).toBe('手机号码格式不正确')
    expect(
      (await api('POST', 'share.activity/signup', { activity_id: a.id, ...form, remark: '长'.repeat(201) }, me.token))
        .msg
    ).toBe('备注不能超过 200 个字')
    expect((await api('POST', 'share.activity/signup', { ...form }, me.token)).msg).toBe('活动不能为空')
    expect((await api('POST', 'share.activity/signup', { activity_id: a.id, ...form })).code).toBe(-9999)
    expect((await api('GET', 'share.activity/lists')).code).toBe(-9999)
    expect((await bySlug('stargazing-night')).taken).toBe(a.taken)
    expect(
      await ctx.database.db.select().from(activitySignups).where(eq(activitySignups.userId, me.userId))
    ).toHaveLength(0)
  })
})

describe('paying the fee', () => {
  test('a paid activity holds the seat unpaid, then is paid once however often paid and confirmed', async () => {
    const a = await bySlug('village-fieldtrip')
    const me = await login(ctx.app, '考察者')
    const other = await login(ctx.app, '别人')
    const signup = await api('POST', 'share.activity/signup', { activity_id: a.id, ...form }, me.token)
    expect(signup.data).toMatchObject({ status: 'unpaid', amount: 39900 })
    expect((await bySlug('village-fieldtrip')).taken).toBe(a.taken + 1)
    const signupId = signup.data.signup_id
    // The seat is held 15 minutes for payment: the detail and my list say until when.
    const held = (await api('GET', 'share.activity/detail', { activity_id: a.id }, me.token)).data.detail
    expect(Math.abs(new Date(held.pay_deadline).getTime() - (Date.now() + 15 * 60_000))).toBeLessThan(60_000)
    expect((await api('GET', 'share.activity/lists', {}, me.token)).data.list[0].pay_deadline).toBe(held.pay_deadline)

    expect(await api('POST', 'share.activity/pay', { signup_id: signupId }, other.token)).toMatchObject({
      code: 0,
      msg: '报名记录不存在'
    })
    const starts = await Promise.all(
      [1, 2].map(() => api('POST', 'share.activity/pay', { signup_id: signupId }, me.token))
    )
    expect(starts.every((r) => r.code === 1 && r.data.provider === 'sandbox' && r.data.amount_fen === 39900)).toBe(true)
    expect(starts[0].data.out_trade_no).toBe(starts[1].data.out_trade_no)
    const confirms = await Promise.all(
      [1, 2, 3].map(() => api('POST', 'pay.sandbox/confirm', { out_trade_no: starts[0].data.out_trade_no }, me.token))
    )
    expect(confirms.every((r) => r.code === 1)).toBe(true)

    const [row] = await ctx.database.db.select().from(activitySignups).where(eq(activitySignups.id, signupId))
    expect(row.status).toBe('signed')
    expect(row.paidAt).not.toBeNull()
    expect(
      (await api('GET', 'share.activity/detail', { activity_id: a.id }, me.token)).data.detail.pay_deadline
    ).toBeNull()
    const paid = await ctx.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.bizType, 'activity'), eq(payments.bizId, signupId)))
    expect(paid.map((p) => p.status)).toEqual(['paid'])
    expect(await api('POST', 'share.activity/pay', { signup_id: signupId }, me.token)).toMatchObject({
      code: 0,
      msg: '该报名已支付'
    })
    expect((await api('GET', 'share.activity/detail', { activity_id: a.id }, me.token)).data.detail.my_status).toBe(
      'signed'
    )
    expect((await api('POST', 'share.activity/pay', { signup_id: 'abc' }, me.token)).msg).toBe('报名格式不正确')
  })
})

describe('the pay window', () => {
  const backdate = (signupId: number, minutes: number) =>
    ctx.database.db
      .update(activitySignups)
      .set({ createdAt: new Date(Date.now() - minutes * 60_000) })
      .where(eq(activitySignups.id, signupId))
  const paymentsOf = (signupId: number) =>
    ctx.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.bizType, 'activity'), eq(payments.bizId, signupId)))

  test('an unpaid seat past 15 minutes goes to the next user; retrying or paying late is refused clearly', async () => {
    const a = await bySlug('stargazing-night')
    await ctx.database.db
      .update(activities)
      .set({ capacity: a.taken + 1 })
      .where(eq(activities.id, a.id))
    const slow = await login(ctx.app, '拖延者')
    const next = await login(ctx.app, '后来者')
    const held = await api('POST', 'share.activity/signup', { activity_id: a.id, ...form }, slow.token)
    expect(held.data).toMatchObject({ status: 'unpaid', amount: 12800 })
    const start = await api('POST', 'share.activity/pay', { signup_id: held.data.signup_id }, slow.token)
    expect(start.code).toBe(1)
    expect(await api('POST', 'share.activity/signup', { activity_id: a.id, ...form }, next.token)).toMatchObject({
      code: 0,
      msg: '名额已满'
    })

    // 14 minutes in, the seat is still held.
    await backdate(held.data.signup_id, 14)
    expect(await api('POST', 'share.activity/signup', { activity_id: a.id, ...form }, next.token)).toMatchObject({
      code: 0,
      msg: '名额已满'
    })
    await backdate(held.data.signup_id, 16)
    const mine = await api('POST', 'share.activity/signup', { activity_id: a.id, ...form }, next.token)
    expect(mine.data).toMatchObject({ status: 'unpaid', amount: 12800 })
    expect((await bySlug('stargazing-night')).taken).toBe(a.taken + 1)
    // The lapsed sign-up stays as the user's history, cancelled; the seat is the next user's.
    expect((await signupsOf(a.id)).map((s) => [s.userId, s.status])).toEqual([
      [slow.userId, 'cancelled'],
      [next.userId, 'unpaid']
    ])

    // The released sign-up's payment was closed: paying it now takes no money.
    expect((await paymentsOf(held.data.signup_id)).map((p) => p.status)).toEqual(['closed'])
    expect(
      await api('POST', 'pay.sandbox/confirm', { out_trade_no: start.data.out_trade_no }, slow.token)
    ).toMatchObject({ code: 0, msg: '支付单已关闭' })
    expect(await api('POST', 'share.activity/pay', { signup_id: held.data.signup_id }, slow.token)).toMatchObject({
      code: 0,
      msg: '报名已超时未支付，名额已释放，请重新报名'
    })
    expect(
      (await api('GET', 'share.activity/lists', {}, slow.token)).data.list.map(
        (s: { status: string; pay_deadline: string | null }) => [s.status, s.pay_deadline]
      )
    ).toEqual([['cancelled', null]])
    expect((await api('GET', 'share.activity/detail', { activity_id: a.id }, slow.token)).data.detail).toMatchObject({
      my_status: null,
      seats_left: 0
    })

    // Retrying payment after the window, before anything else released it, says so too.
    await backdate(mine.data.signup_id, 20)
    expect(await api('POST', 'share.activity/pay', { signup_id: mine.data.signup_id }, next.token)).toMatchObject({
      code: 0,
      msg: '报名已超时未支付，名额已释放，请重新报名'
    })
    expect((await bySlug('stargazing-night')).taken).toBe(a.taken)
    // And the user may sign up again.
    const again = await api('POST', 'share.activity/signup', { activity_id: a.id, ...form }, slow.token)
    expect(again.data.status).toBe('unpaid')
    expect((await bySlug('stargazing-night')).taken).toBe(a.taken + 1)
    await ctx.database.db.update(activities).set({ capacity: a.capacity }).where(eq(activities.id, a.id))
  })

  test('seats freed by the window go to exactly as many of many concurrent sign-ups', async () => {
    const a = await bySlug('classic-reading')
    const rows = await signupsOf(a.id)
    expect(rows).toHaveLength(5)
    await ctx.database.db.update(activities).set({ feeFen: 1000 }).where(eq(activities.id, a.id))
    for (const r of rows.slice(0, 3)) {
      await ctx.database.db
        .update(activitySignups)
        .set({ status: 'unpaid', createdAt: new Date(Date.now() - 20 * 60_000) })
        .where(eq(activitySignups.id, r.id))
    }
    const users = await Promise.all(Array.from({ length: 10 }, (_, i) => login(ctx.app, `补位${i}`)))
    const results = await Promise.all(
      users.map((u) => api('POST', 'share.activity/signup', { activity_id: a.id, ...form }, u.token))
    )
    expect(results.filter((r) => r.code === 1)).toHaveLength(3)
    expect(results.filter((r) => r.code === 0).map((r) => r.msg)).toEqual(Array(7).fill('名额已满'))
    expect((await bySlug('classic-reading')).taken).toBe(5)
    expect(await liveSignupsOf(a.id)).toHaveLength(5)
    await ctx.database.db.update(activities).set({ feeFen: 0 }).where(eq(activities.id, a.id))
  })

  test('a paid seat is never released; a payment after the window but before the release keeps the seat', async () => {
    const a = await bySlug('village-fieldtrip')
    const payer = await login(ctx.app, '准时付款')
    const late = await login(ctx.app, '压线付款')
    const paidSignup = (await api('POST', 'share.activity/signup', { activity_id: a.id, ...form }, payer.token)).data
      .signup_id
    const paidStart = await api('POST', 'share.activity/pay', { signup_id: paidSignup }, payer.token)
    expect(
      (await api('POST', 'pay.sandbox/confirm', { out_trade_no: paidStart.data.out_trade_no }, payer.token)).code
    ).toBe(1)
    await backdate(paidSignup, 60 * 24)

    const lateSignup = (await api('POST', 'share.activity/signup', { activity_id: a.id, ...form }, late.token)).data
      .signup_id
    const lateStart = await api('POST', 'share.activity/pay', { signup_id: lateSignup }, late.token)
    await backdate(lateSignup, 16)
    // The notice arrives after the window, but nothing released the seat yet: it is still this user's.
    expect(
      await ctx.app.services.payments.markPaid(lateStart.data.out_trade_no, {
        amountFen: 39900,
        providerTxnId: 'late-1'
      })
    ).toBe('paid')

    const taken = (await bySlug('village-fieldtrip')).taken
    expect((await api('GET', 'share.activity/lists', {}, payer.token)).data.list[0]).toMatchObject({
      signup_id: paidSignup,
      status: 'signed'
    })
    expect((await api('GET', 'share.activity/lists', {}, late.token)).data.list[0]).toMatchObject({
      signup_id: lateSignup,
      status: 'signed'
    })
    expect((await bySlug('village-fieldtrip')).taken).toBe(taken)
    expect(
      (await signupsOf(a.id)).filter((s) => s.userId === payer.userId || s.userId === late.userId).map((s) => s.status)
    ).toEqual(['signed', 'signed'])
  })

  test('money arriving for a sign-up already released is sent straight back, never taken silently', async () => {
    const a = await bySlug('stargazing-night')
    const me = await login(ctx.app, '错过时间')
    const signupId = (await api('POST', 'share.activity/signup', { activity_id: a.id, ...form }, me.token)).data
      .signup_id
    const start = await api('POST', 'share.activity/pay', { signup_id: signupId }, me.token)
    await backdate(signupId, 30)
    const statuses = async () =>
      (await api('GET', 'share.activity/lists', {}, me.token)).data.list.map((s: { status: string }) => s.status)
    expect(await statuses()).toEqual(['cancelled'])
    // The payer paid anyway (the platform's notice arrives for the closed payment): refunded at once.
    expect(
      await ctx.app.services.payments.markPaid(start.data.out_trade_no, { amountFen: 12800, providerTxnId: 'late-1' })
    ).toBe('returned')
    expect((await paymentsOf(signupId)).map((p) => p.status)).toEqual(['refunded'])
    expect(await statuses()).toEqual(['cancelled'])
    // Even were the payment reopened by a race, the sign-up it was for is gone: refused by the sign-up, refunded too.
    const again = (await api('POST', 'share.activity/signup', { activity_id: a.id, ...form }, me.token)).data.signup_id
    const second = await api('POST', 'share.activity/pay', { signup_id: again }, me.token)
    await backdate(again, 30)
    await api('GET', 'share.activity/lists', {}, me.token)
    await ctx.database.db
      .update(payments)
      .set({ status: 'created' })
      .where(eq(payments.outTradeNo, second.data.out_trade_no))
    expect(
      await ctx.app.services.payments.markPaid(second.data.out_trade_no, { amountFen: 12800, providerTxnId: 'late-2' })
    ).toBe('returned')
    expect((await paymentsOf(again)).map((p) => p.status)).toEqual(['refunded'])
    expect((await signupsOf(a.id)).filter((s) => s.userId === me.userId).map((s) => s.status)).toEqual([
      'cancelled',
      'cancelled'
    ])
  })
})
