import './helpers/native-modules'

import { and, eq } from 'drizzle-orm'

import { DAY_MS } from '../../contract/china-time'
import { MSG_STALE } from '../../server/core/envelope'
import {
  adminAuditLogs,
  commissions,
  courseEnrollments,
  courseOrders,
  courses,
  paymentRefunds,
  payments,
  wallets
} from '../../server/db/schema'
import { addOperator, type AdminClient, ownerClient } from './helpers/admin'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

// 业务设置 (the owner's business rules) and the course refund policy that follows them: the console, and the learner
// from 课程订单, refund a course sale only within the refund days and below the progress limit, the refund takes the
// course back and its commission, and the app's wording of the policy is the server's.

let ctx: TestContext
let owner: AdminClient
let finance: AdminClient
let courseId: number

type Setting = { key: string; label: string; help: string; value: number | string; default: number | string }
const settingsOf = async (who = owner) => (await who.get('/settings/business')).data
const valueOf = (data: { settings: Setting[] }, key: string) => data.settings.find((s) => s.key === key)?.value

/** Saves on the version just read. */
async function save(values: Record<string, unknown>) {
  const { updated_at } = await settingsOf()
  return owner.post('/settings/business', { ...values, updated_at: updated_at ?? '' })
}

const api = (method: 'GET' | 'POST', action: string, params: Record<string, unknown>, token?: string) =>
  call(ctx.app, method, `/api/${action}`, params, token)

/** A paid course sale of a new buyer (recommended by a referrer, so it earns commission). */
async function buyCourse(name: string) {
  const referrer = await login(ctx.app, `${name}的推荐人`)
  const buyer = await login(ctx.app, name, referrer.userId)
  const order = await api('POST', 'course.order/add', { course_id: courseId }, buyer.token)
  const pay = await api('POST', 'course.order/pay', { order_id: order.data.order_id }, buyer.token)
  expect((await api('POST', 'pay.sandbox/confirm', { out_trade_no: pay.data.out_trade_no }, buyer.token)).code).toBe(1)
  const [p] = await ctx.database.db.select().from(payments).where(eq(payments.outTradeNo, pay.data.out_trade_no))
  return { buyer, referrer, orderId: order.data.order_id as number, payment: p }
}

/** Marks lessons finished through the player's own progress call. */
async function finishLessons(token: string, n: number) {
  const detail = (await api('GET', 'course.index/getDetail', { course_id: courseId }, token)).data.detail
  const lessons = detail.chapters.flatMap((c: { lessons: { lesson_id: number }[] }) => c.lessons)
  for (const l of lessons.slice(0, n)) {
    const r = await api(
      'POST',
      'course.lesson/progress',
      { lesson_id: l.lesson_id, position_sec: 86_400, ended: true },
      token
    )
    expect(r.data.completed).toBe(true)
  }
  return lessons.length as number
}

const enrolled = async (userId: number) =>
  (
    await ctx.database.db
      .select()
      .from(courseEnrollments)
      .where(and(eq(courseEnrollments.userId, userId), eq(courseEnrollments.courseId, courseId)))
  ).length > 0

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ownerClient(ctx.app, ctx.database.db)
  finance = await addOperator(ctx.app, owner, 'fin_settings', 'finance')
  const [course] = await ctx.database.db.select().from(courses).where(eq(courses.slug, 'bazi-basics'))
  courseId = course.id
  const rules = (await owner.get('/wallet/settings')).data.rules as { biz_type: string; updated_at: string | null }[]
  const rule = await owner.post('/wallet/commissionRule', {
    biz_type: 'course',
    level1_percent: 10,
    level2_percent: 0,
    freeze_days: 7,
    updated_at: rules.find((r) => r.biz_type === 'course')?.updated_at ?? ''
  })
  expect(rule.msg).toBe('success')
}, 120_000)
afterAll(() => ctx.close())

describe('业务设置', () => {
  test('lists every rule with label, help and default, saves on the version read, refuses a stale save', async () => {
    const first = await settingsOf()
    expect(first.updated_at).toBeNull()
    expect(first.settings.map((s: Setting) => s.key)).toEqual([
      'after_sale_days',
      'auto_receive_days',
      'return_address',
      'course_refund_days',
      'course_refund_max_progress'
    ])
    expect(first.settings[0]).toMatchObject({ label: '售后期（天）', help: '确认收货后可申请售后的天数', value: 7 })
    expect(valueOf(first, 'course_refund_days')).toBe(0)
    expect(first.course_refund_policy).toBe('虚拟课程购买后不支持退款')

    const saved = await owner.post('/settings/business', {
      after_sale_days: 15,
      return_address: '  张三 13800138000 北京市朝阳区建国路1号  ',
      updated_at: ''
    })
    expect(saved.code).toBe(1)
    expect(valueOf(saved.data, 'after_sale_days')).toBe(15)
    expect(valueOf(saved.data, 'return_address')).toBe('张三 13800138000 北京市朝阳区建国路1号')
    expect(valueOf(saved.data, 'auto_receive_days')).toBe(10)
    expect(saved.data.updated_at).not.toBeNull()
    expect(await settingsOf()).toEqual(saved.data)

    // Another operator's save on the version before: refused, nothing changed.
    const stale = await owner.post('/settings/business', { after_sale_days: 3, updated_at: '' })
    expect(stale).toMatchObject({ code: 0, msg: MSG_STALE })
    const older = await owner.post('/settings/business', { after_sale_days: 3, updated_at: first.updated_at ?? '' })
    expect(older.code).toBe(0)
    expect(valueOf(await settingsOf(), 'after_sale_days')).toBe(15)

    const audit = await ctx.database.db
      .select()
      .from(adminAuditLogs)
      .where(eq(adminAuditLogs.targetType, 'business_setting'))
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({
      action: 'settings.business',
      before: { after_sale_days: 7, return_address: '' },
      after: { after_sale_days: 15, return_address: '张三 13800138000 北京市朝阳区建国路1号' }
    })
    const history = await owner.get('/settings/business/history')
    expect(history.data.total).toBe(1)

    // The wallet's freeze warning reads the real window.
    expect((await owner.get('/wallet/settings')).data).toMatchObject({ after_sale_days: 15, course_refund_days: 0 })
    expect((await save({ after_sale_days: 7 })).code).toBe(1)
  })

  test('a bad value is refused naming the field in Chinese, and nothing is half-written', async () => {
    const before = await settingsOf()
    const cases: [Record<string, unknown>, string][] = [
      [{ after_sale_days: 91 }, '售后期'],
      [{ auto_receive_days: 2 }, '自动确认收货'],
      [{ course_refund_days: 366 }, '课程退款期'],
      [{ course_refund_max_progress: 101 }, '课程退款学习进度上限'],
      [{ course_refund_max_progress: 1.5 }, '课程退款学习进度上限'],
      [{ after_sale_days: 'abc' }, '售后期'],
      [{ return_address: '地'.repeat(201) }, '退货地址']
    ]
    for (const [values, field] of cases) {
      const r = await owner.post('/settings/business', {
        course_refund_days: 5,
        ...values,
        updated_at: before.updated_at
      })
      expect(r.code).toBe(0)
      expect(r.msg).toContain(field)
    }
    expect((await owner.post('/settings/business', { updated_at: before.updated_at })).msg).toBe('请填写要保存的设置')
    expect(await settingsOf()).toEqual(before)
  })

  test('only the owner may read or change them', async () => {
    expect((await finance.get('/settings/business')).code).toBe(0)
    const r = await finance.post('/settings/business', { after_sale_days: 9, updated_at: '' })
    expect(r.code).toBe(0)
    expect(valueOf(await settingsOf(), 'after_sale_days')).toBe(7)
  })
})

describe('course refunds by the policy', () => {
  test('the app words the policy as the settings say', async () => {
    const policy = async () =>
      (await api('GET', 'course.index/getDetail', { course_id: courseId })).data.detail.refund_policy
    expect((await save({ course_refund_days: 0, course_refund_max_progress: 30 })).code).toBe(1)
    expect(await policy()).toBe('虚拟课程购买后不支持退款')
    expect((await save({ course_refund_days: 7 })).code).toBe(1)
    expect(await policy()).toBe('购买后 7 天内、学习进度不超过 30% 可在「我的 → 课程订单」申请退款')
    expect((await save({ course_refund_max_progress: 0 })).code).toBe(1)
    expect(await policy()).toBe('购买后 7 天内、尚未学完任何一节课时可在「我的 → 课程订单」申请退款')
    expect((await save({ course_refund_days: 3, course_refund_max_progress: 100 })).code).toBe(1)
    expect(await policy()).toBe('购买后 3 天内可在「我的 → 课程订单」申请退款')
    expect((await settingsOf()).course_refund_policy).toBe('购买后 3 天内可在「我的 → 课程订单」申请退款')
    // A free course promises nothing about refunds.
    const [free] = await ctx.database.db.select().from(courses).where(eq(courses.priceFen, 0)).limit(1)
    if (free)
      expect((await api('GET', 'course.index/getDetail', { course_id: free.id })).data.detail.refund_policy).toBe('')
  })

  test('refused while course refunds are off, after the window, and above the progress limit, saying why', async () => {
    expect((await save({ course_refund_days: 0, course_refund_max_progress: 30 })).code).toBe(1)
    const sale = await buyCourse('犹豫的学员')
    const detail = async () => (await owner.get('/sale/detail', { payment_id: sale.payment.id })).data
    expect((await detail()).course_refund).toMatchObject({ allowed: false, reason: '课程购买后不支持退款' })
    const off = await owner.post('/sale/courseRefund', { payment_id: sale.payment.id, reason: '不想学了' })
    expect(off.code).toBe(0)
    expect(off.msg).toContain('不支持退款')

    expect((await save({ course_refund_days: 7 })).code).toBe(1)
    const total = await finishLessons(sale.buyer.token, 3)
    const percent = Math.ceil(300 / total)
    expect(percent).toBeGreaterThan(30)
    expect((await detail()).course_refund).toMatchObject({
      allowed: false,
      reason: `已学 ${percent}%，超过 30%`,
      progress_percent: percent
    })
    expect((await owner.post('/sale/courseRefund', { payment_id: sale.payment.id, reason: '不想学了' })).msg).toBe(
      `不能退款：已学 ${percent}%，超过 30%`
    )

    // Progress no longer blocks it; eight days after payment the window has closed.
    expect((await save({ course_refund_max_progress: 100 })).code).toBe(1)
    expect((await detail()).course_refund).toMatchObject({ allowed: true, reason: '' })
    await ctx.database.db
      .update(payments)
      .set({ paidAt: new Date(Date.now() - 8 * DAY_MS) })
      .where(eq(payments.id, sale.payment.id))
    expect((await detail()).course_refund).toMatchObject({ allowed: false, reason: '已超过 7 天退款期' })
    expect((await owner.post('/sale/courseRefund', { payment_id: sale.payment.id, reason: '不想学了' })).code).toBe(0)
    expect(await enrolled(sale.buyer.userId)).toBe(true)
    expect(
      await ctx.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, sale.payment.id))
    ).toEqual([])
  })

  test('within the window and limit: refunded once, access and commission taken back, buyable again', async () => {
    expect((await save({ course_refund_days: 7, course_refund_max_progress: 50 })).code).toBe(1)
    const sale = await buyCourse('退课的学员')
    await finishLessons(sale.buyer.token, 1)
    const [earned] = await ctx.database.db.select().from(commissions).where(eq(commissions.paymentId, sale.payment.id))
    expect(earned).toMatchObject({ userId: sale.referrer.userId, status: 'frozen' })
    const students = (await ctx.database.db.select().from(courses).where(eq(courses.id, courseId)))[0].students

    const before = (await owner.get('/sale/detail', { payment_id: sale.payment.id })).data
    expect(before.course_refund).toMatchObject({ allowed: true, reason: '' })
    expect(before.course_refund.deadline).not.toBeNull()

    // Only those who decide refunds; a reason is required.
    const ops = await addOperator(ctx.app, owner, 'ops_settings', 'operations')
    expect((await ops.post('/sale/courseRefund', { payment_id: sale.payment.id, reason: '退课' })).code).toBe(0)
    expect((await finance.post('/sale/courseRefund', { payment_id: sale.payment.id, reason: ' ' })).msg).toContain(
      '退款原因'
    )

    const twice = await Promise.all(
      [1, 2].map(() => finance.post('/sale/courseRefund', { payment_id: sale.payment.id, reason: '学员申请退课' }))
    )
    expect(twice.map((r) => r.code)).toContain(1)
    const done = twice.find((r) => r.code === 1)!.data
    expect(done).toMatchObject({ status: 'refunded', refunded_fen: sale.payment.amountFen, biz_status: '已退款' })
    expect(done.course_refund).toMatchObject({ allowed: false, reason: '该订单已退款' })
    expect(done.refunds).toHaveLength(1)
    expect(done.refunds[0]).toMatchObject({
      reason: '学员申请退课',
      status: 'succeeded',
      amount_fen: sale.payment.amountFen
    })

    // Asking again refunds nothing more.
    expect((await finance.post('/sale/courseRefund', { payment_id: sale.payment.id, reason: '再退一次' })).code).toBe(0)
    expect(
      await ctx.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, sale.payment.id))
    ).toHaveLength(1)

    expect(await enrolled(sale.buyer.userId)).toBe(false)
    const [order] = await ctx.database.db.select().from(courseOrders).where(eq(courseOrders.id, sale.orderId))
    expect(order.status).toBe('closed')
    expect((await ctx.database.db.select().from(courses).where(eq(courses.id, courseId)))[0].students).toBe(
      students - 1
    )
    const detail = (await api('GET', 'course.index/getDetail', { course_id: courseId }, sale.buyer.token)).data.detail
    expect(detail.enrolled).toBe(false)

    const [reversed] = await ctx.database.db.select().from(commissions).where(eq(commissions.id, earned.id))
    expect(reversed.status).toBe('cancelled')
    const [wallet] = await ctx.database.db.select().from(wallets).where(eq(wallets.userId, sale.referrer.userId))
    expect(wallet.frozenFen).toBe(0)

    const audit = await ctx.database.db
      .select()
      .from(adminAuditLogs)
      .where(and(eq(adminAuditLogs.action, 'sale.courseRefund'), eq(adminAuditLogs.targetId, String(sale.payment.id))))
    expect(audit.length).toBeGreaterThanOrEqual(1)
    expect(audit[0].after).toMatchObject({ reason: '学员申请退课', refund_fen: sale.payment.amountFen })

    // The closed order frees the course to be bought again.
    const again = await api('POST', 'course.order/add', { course_id: courseId }, sale.buyer.token)
    expect(again.code).toBe(1)
    expect(again.data.order_id).not.toBe(sale.orderId)
  })

  test('the learner refunds from 课程订单 inside the policy, once however often asked, and only their own', async () => {
    expect((await save({ course_refund_days: 7, course_refund_max_progress: 30 })).code).toBe(1)
    const sale = await buyCourse('自助退课的学员')
    const check = (token = sale.buyer.token) =>
      api('GET', 'course.order/refundCheck', { order_id: sale.orderId }, token)
    const ask = (reason: string, token = sale.buyer.token) =>
      api('POST', 'course.order/refund', { order_id: sale.orderId, reason }, token)

    // Someone else's order is not theirs to look at or refund.
    const stranger = await login(ctx.app, '旁人')
    expect((await check(stranger.token)).code).toBe(0)
    expect((await ask('不想学了', stranger.token)).code).toBe(0)
    expect(await enrolled(sale.buyer.userId)).toBe(true)

    // Above the limit it says why, and refunds nothing.
    const total = await finishLessons(sale.buyer.token, 3)
    const percent = Math.ceil(300 / total)
    expect((await check()).data).toMatchObject({
      allowed: false,
      reason: `已学 ${percent}%，超过 30%`,
      refund_fen: sale.payment.amountFen
    })
    expect((await ask('不想学了')).msg).toBe(`不能退款：已学 ${percent}%，超过 30%`)
    expect((await ask(' ')).msg).toContain('退款原因')

    expect((await save({ course_refund_max_progress: 100 })).code).toBe(1)
    expect((await check()).data).toMatchObject({ allowed: true, reason: '' })
    expect((await check()).data.deadline).not.toBe('')

    // A double tap and the console at the same moment: one refund of the whole amount.
    const answers = await Promise.all([
      ask('误购或重复购买'),
      ask('误购或重复购买'),
      finance.post('/sale/courseRefund', { payment_id: sale.payment.id, reason: '学员来电退课' })
    ])
    expect(answers.map((r) => r.code)).toContain(1)
    const refunds = await ctx.database.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, sale.payment.id))
    expect(refunds).toHaveLength(1)
    expect(refunds[0]).toMatchObject({ status: 'succeeded', amountFen: sale.payment.amountFen })
    const mine = answers.find((r, i) => i < 2 && r.code === 1)
    if (mine) expect(mine.data).toEqual({ status: 'succeeded', refund_fen: sale.payment.amountFen })

    expect(await enrolled(sale.buyer.userId)).toBe(false)
    expect((await check()).data).toMatchObject({ allowed: false, reason: '该订单已退款' })
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.id, sale.payment.id))
    expect(payment.status).toBe('refunded')
  })

  test('an unpaid order has nothing to refund', async () => {
    const buyer = await login(ctx.app, '未付款的学员')
    const order = await api('POST', 'course.order/add', { course_id: courseId }, buyer.token)
    const r = await api('GET', 'course.order/refundCheck', { order_id: order.data.order_id }, buyer.token)
    expect(r).toMatchObject({ code: 0, msg: '该订单未支付，不能退款' })
  })

  test("a course commission's freeze may not be shorter than the course refund days", async () => {
    expect((await save({ course_refund_days: 10 })).code).toBe(1)
    const rules = (await owner.get('/wallet/settings')).data.rules as { biz_type: string; updated_at: string }[]
    const rule = (freeze_days: number) =>
      owner.post('/wallet/commissionRule', {
        biz_type: 'course',
        level1_percent: 10,
        level2_percent: 0,
        freeze_days,
        updated_at: rules.find((r) => r.biz_type === 'course')!.updated_at
      })
    expect(await rule(7)).toMatchObject({
      code: 0,
      msg: '冻结天数不能少于课程退款期 10 天（业务设置），否则买家退款时佣金可能已被提现'
    })
    expect((await rule(10)).code).toBe(1)
    expect((await save({ course_refund_days: 7 })).code).toBe(1)
  })

  test('other sales have no course refund', async () => {
    const sale = await buyCourse('另一位学员')
    const list = await owner.get('/sale/lists', { biz_type: 'course', per_page: 1 })
    expect(list.data.list[0].payment_id).toBe(sale.payment.id)
    const [goods] = await ctx.database.db.select().from(payments).where(eq(payments.bizType, 'goods')).limit(1)
    if (goods) expect((await owner.get('/sale/detail', { payment_id: goods.id })).data.course_refund).toBeNull()
  })
})
