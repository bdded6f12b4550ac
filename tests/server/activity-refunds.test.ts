import './helpers/native-modules'

import { and, desc, eq } from 'drizzle-orm'

import { activities, activitySignups, adminAuditLogs, paymentRefunds, payments } from '../../server/db/schema'
import { addOperator, type AdminClient, ownerClient } from './helpers/admin'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

// Cancelling an activity sign-up: the seat goes back and a paid fee is refunded per the activity's rule
// (the user until refund_hours before the start, an operator any time), exactly once. The console lists
// each activity's sign-ups, cancels one and checks people in.

let ctx: TestContext
let owner: AdminClient
let seq = 0
const HOUR = 3600_000

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ownerClient(ctx.app, ctx.database.db)
}, 180_000)
afterAll(() => ctx.close())

const api = (method: 'GET' | 'POST', action: string, params: Record<string, unknown> = {}, token?: string) =>
  call(ctx.app, method, `/api/${action}`, params, token)

const operator = (username: string, role: string) => addOperator(ctx.app, owner, username, role)

/** An activity starting in `hours`, with a fee (fen); sign-ups close an hour before. */
async function activity(hours: number, feeFen: number, over: Partial<typeof activities.$inferInsert> = {}) {
  const startsAt = new Date(Date.now() + hours * HOUR)
  const [a] = await ctx.database.db
    .insert(activities)
    .values({
      slug: `refund-test-${++seq}`,
      title: `退款测试活动${seq}`,
      city: '杭州',
      address: '西湖边',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 2 * HOUR),
      signupDeadline: new Date(startsAt.getTime() - HOUR),
      capacity: 10,
      feeFen,
      ...over
    })
    .returning()
  return a
}

/** `who` signs up; paid through the sandbox when there is a fee, unless `pay` is false. */
async function signUp(activityId: number, who: { token: string }, pay = true) {
  const signed = await api(
    'POST',
    'share.activity/signup',
    { activity_id: activityId, name: '李四', mobile: '13900139000' },
    who.token
  )
  expect(signed.code).toBe(1)
  const id = signed.data.signup_id as number
  if (!signed.data.amount) return { id, outTradeNo: '' }
  const outTradeNo = (await api('POST', 'share.activity/pay', { signup_id: id }, who.token)).data.out_trade_no as string
  if (pay) expect((await api('POST', 'pay.sandbox/confirm', { out_trade_no: outTradeNo }, who.token)).code).toBe(1)
  return { id, outTradeNo }
}

const taken = async (id: number) =>
  (await ctx.database.db.select().from(activities).where(eq(activities.id, id)))[0].taken
const signupRow = async (id: number) =>
  (await ctx.database.db.select().from(activitySignups).where(eq(activitySignups.id, id)))[0]
const refundsOf = (outTradeNo: string) =>
  ctx.database.db
    .select({ status: paymentRefunds.status, amountFen: paymentRefunds.amountFen })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(eq(payments.outTradeNo, outTradeNo))
const audits = (action: string, id: number) =>
  ctx.database.db
    .select()
    .from(adminAuditLogs)
    .where(and(eq(adminAuditLogs.action, action), eq(adminAuditLogs.targetId, String(id))))
    .orderBy(desc(adminAuditLogs.id))

describe('the user cancels', () => {
  test('paid sign-up before refund deadline: seat back, fee back once however often asked; listed as 已退款', async () => {
    const a = await activity(72, 12800)
    expect(a.refundHours).toBe(24)
    const me = await login(ctx.app, '退报名')
    const s = await signUp(a.id, me)
    const mine = (await api('GET', 'share.activity/lists', {}, me.token)).data.list[0]
    expect(mine).toMatchObject({ signup_id: s.id, status: 'signed', can_cancel: true, refund: null })
    expect(Date.parse(mine.refund_deadline)).toBe(a.startsAt.getTime() - 24 * HOUR)
    expect(await taken(a.id)).toBe(1)

    const answers = await Promise.all(
      [1, 2, 3].map(() => api('POST', 'share.activity/cancel', { signup_id: s.id }, me.token))
    )
    expect(answers.every((r) => r.code === 1 && r.data.status === 'cancelled')).toBe(true)
    expect(await refundsOf(s.outTradeNo)).toEqual([{ status: 'succeeded', amountFen: 12800 }])
    expect(await taken(a.id)).toBe(0)
    expect(await signupRow(s.id)).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'user',
      refundStatus: 'refunded',
      refundFen: 12800
    })
    expect((await api('GET', 'share.activity/lists', {}, me.token)).data.list[0]).toMatchObject({
      status: 'cancelled',
      can_cancel: false,
      refund: { status: 'refunded', amount: 12800 }
    })
    // The seat is free again: the same user may sign up anew.
    expect(
      (await api('POST', 'share.activity/signup', { activity_id: a.id, name: '李四', mobile: '13900139000' }, me.token))
        .code
    ).toBe(1)
  })

  test('in the refund window: refused, unchanged; a free one cancels until the start; not someone else’s', async () => {
    const paid = await activity(20, 12800)
    const me = await login(ctx.app, '临近开始')
    const other = await login(ctx.app, '别人')
    const s = await signUp(paid.id, me)
    expect((await api('GET', 'share.activity/lists', {}, me.token)).data.list[0]).toMatchObject({ can_cancel: false })
    expect(await api('POST', 'share.activity/cancel', { signup_id: s.id }, me.token)).toMatchObject({
      code: 0,
      msg: '活动开始前 24 小时内不能取消报名，如有疑问请联系主办方'
    })
    expect(await api('POST', 'share.activity/cancel', { signup_id: s.id }, other.token)).toMatchObject({
      code: 0,
      msg: '报名记录不存在'
    })
    expect(await api('POST', 'share.activity/cancel', { signup_id: 'x' }, me.token)).toMatchObject({
      code: 0,
      msg: '报名格式不正确'
    })
    expect(await signupRow(s.id)).toMatchObject({ status: 'signed', refundStatus: 'none' })
    expect(await taken(paid.id)).toBe(1)
    expect(await refundsOf(s.outTradeNo)).toEqual([])

    // A rule of 0 hours refunds until the start.
    const lenient = await activity(20, 5000, { refundHours: 0 })
    const t = await signUp(lenient.id, me)
    expect(await api('POST', 'share.activity/cancel', { signup_id: t.id }, me.token)).toMatchObject({
      code: 1,
      data: { refund_status: 'refunded' }
    })

    const free = await activity(2, 0)
    const f = await signUp(free.id, me)
    expect(await api('POST', 'share.activity/cancel', { signup_id: f.id }, me.token)).toMatchObject({
      code: 1,
      data: { status: 'cancelled', refund_status: 'none' }
    })
    expect(await taken(free.id)).toBe(0)
  })

  test('cancelling races the payment notice: the seat and the fee come back exactly once', async () => {
    const a = await activity(72, 12800)
    for (let round = 0; round < 3; round++) {
      const me = await login(ctx.app, `赛跑${round}`)
      const s = await signUp(a.id, me, false)
      const notice = () =>
        ctx.app.services.payments
          .markPaid(s.outTradeNo, { amountFen: 12800, providerTxnId: `act-race-${round}` })
          .catch((e: Error) => e.message)
      const cancel = () => api('POST', 'share.activity/cancel', { signup_id: s.id }, me.token)
      await Promise.all(round % 2 ? [notice(), cancel(), notice(), cancel()] : [cancel(), notice(), cancel(), notice()])
      await cancel()
      expect(await refundsOf(s.outTradeNo)).toEqual([{ status: 'succeeded', amountFen: 12800 }])
      expect(await signupRow(s.id)).toMatchObject({ status: 'cancelled', refundStatus: 'refunded' })
    }
    expect(await taken(a.id)).toBe(0)
  })
})

describe('the console', () => {
  test('lists activities with counts and sign-ups; checks one in once (then not cancellable); audited', async () => {
    const a = await activity(48, 12800)
    const me = await login(ctx.app, '到场者')
    const s = await signUp(a.id, me)
    const ops = await operator('yunying', 'operations')
    const acts = (await ops.get('/signup/activities', { keyword: a.title })).data.list
    expect(acts).toEqual([
      expect.objectContaining({
        activity_id: a.id,
        signed: 1,
        checked_in: 0,
        cancelled: 0,
        taken: 1,
        capacity: 10,
        fee_fen: 12800,
        refund_hours: 24
      })
    ])
    const list = (await ops.get('/signup/lists', { activity_id: a.id })).data.list
    expect(list).toEqual([
      expect.objectContaining({
        signup_id: s.id,
        nickname: '到场者',
        name: '李四',
        status: 'signed',
        amount_fen: 12800,
        checked_in_at: null,
        refund_status: 'none'
      })
    ])
    expect(await ops.post('/signup/checkin', { signup_id: s.id })).toMatchObject({ code: 1 })
    expect(await ops.post('/signup/checkin', { signup_id: s.id })).toMatchObject({ code: 0, msg: '该报名已签到' })
    expect((await ops.get('/signup/activities', { keyword: a.title })).data.list[0]).toMatchObject({ checked_in: 1 })
    expect(await audits('signup.checkin', s.id)).toHaveLength(1)
    expect((await audits('signup.checkin', s.id))[0]).toMatchObject({
      operatorName: 'yunying',
      targetType: 'activity_signup',
      before: { checked_in: false },
      after: { checked_in: true }
    })
    expect((await api('GET', 'share.activity/lists', {}, me.token)).data.list[0]).toMatchObject({ can_cancel: false })
    expect(await api('POST', 'share.activity/cancel', { signup_id: s.id }, me.token)).toMatchObject({
      code: 0,
      msg: '已签到，不能取消报名'
    })
    expect(await ops.post('/signup/cancel', { signup_id: s.id, reason: '重复' })).toMatchObject({
      code: 0,
      msg: '已签到，不能取消报名'
    })
  })

  test('an operator cancels inside the refund window: fee back once, seat too; audited with the reason', async () => {
    const a = await activity(5, 12800)
    const me = await login(ctx.app, '主办方取消')
    const s = await signUp(a.id, me)
    const answers = await Promise.all(
      [1, 2].map(() => owner.post('/signup/cancel', { signup_id: s.id, reason: '场地临时变更' }))
    )
    // A repeat that finds the refund still under way asks again (same key) and succeeds; one after it is told.
    expect(answers.every((r) => r.code === 1 || r.msg === '该报名已取消')).toBe(true)
    expect(await owner.post('/signup/cancel', { signup_id: s.id, reason: '场地临时变更' })).toMatchObject({
      code: 0,
      msg: '该报名已取消'
    })
    expect(await refundsOf(s.outTradeNo)).toEqual([{ status: 'succeeded', amountFen: 12800 }])
    expect(await taken(a.id)).toBe(0)
    expect(await audits('signup.cancel', s.id)).toHaveLength(1)
    expect((await audits('signup.cancel', s.id))[0]).toMatchObject({
      before: { status: 'signed' },
      after: { status: 'cancelled', cancel_reason: '场地临时变更' }
    })
    expect((await api('GET', 'share.activity/lists', {}, me.token)).data.list[0]).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'operator',
      cancel_reason: '场地临时变更',
      refund: { status: 'refunded', amount: 12800 }
    })
  })

  test('refused: no session, an app token, the wrong role; bad input in Chinese with nothing written', async () => {
    const a = await activity(48, 12800)
    const me = await login(ctx.app, '门禁')
    const s = await signUp(a.id, me)
    for (const [url, payload] of [
      ['/api/admin/signup/cancel', { signup_id: s.id, reason: '测试' }],
      ['/api/admin/signup/checkin', { signup_id: s.id }]
    ] as const) {
      expect((await ctx.app.inject({ method: 'POST', url, payload })).json().code).toBe(-9999)
      expect(
        (await ctx.app.inject({ method: 'POST', url, payload, headers: { authorization: me.token } })).json().code
      ).toBe(-9999)
    }
    const finance = await operator('caiwu', 'finance')
    const content = await operator('neirong', 'content')
    expect(await finance.get('/signup/activities')).toMatchObject({ code: 0, msg: '没有权限执行此操作' })
    expect((await content.get('/signup/lists', { activity_id: a.id })).code).toBe(1)
    for (const who of [finance, content]) {
      expect(await who.post('/signup/cancel', { signup_id: s.id, reason: '测试' })).toMatchObject({
        code: 0,
        msg: '没有权限执行此操作'
      })
      expect(await who.post('/signup/checkin', { signup_id: s.id })).toMatchObject({
        code: 0,
        msg: '没有权限执行此操作'
      })
    }
    expect(await owner.post('/signup/cancel', { signup_id: s.id, reason: '' })).toMatchObject({
      code: 0,
      msg: '取消原因不能为空'
    })
    expect(await owner.post('/signup/cancel', { signup_id: 'abc', reason: '测试' })).toMatchObject({
      code: 0,
      msg: '报名格式不正确'
    })
    expect(await owner.get('/signup/lists', {})).toMatchObject({ code: 0, msg: '活动不能为空' })
    expect(await owner.post('/signup/checkin', { signup_id: 99999999 })).toMatchObject({
      code: 0,
      msg: '报名记录不存在'
    })
    expect(await signupRow(s.id)).toMatchObject({ status: 'signed', refundStatus: 'none', checkedInAt: null })
    expect(await taken(a.id)).toBe(1)
    expect(await audits('signup.cancel', s.id)).toHaveLength(0)
  })
})
