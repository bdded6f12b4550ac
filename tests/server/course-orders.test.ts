import './helpers/native-modules'

import { and, eq } from 'drizzle-orm'

import { MSG_NOT_OWNER } from '../../server/core/envelope'
import { courseEnrollments, courseOrders, courses, payments } from '../../server/db/schema'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

let ctx: TestContext
const idOf: Record<string, number> = {}

beforeAll(async () => {
  ctx = await createTestContext()
  for (const c of await ctx.database.db.select().from(courses)) idOf[c.slug] = c.id
})
afterAll(() => ctx.close())

const api = (method: 'GET' | 'POST', action: string, params: Record<string, unknown> = {}, token?: string) =>
  call(ctx.app, method, `/api/${action}`, params, token)

const lockedLessonOf = async (courseId: number, token: string) =>
  (await api('GET', 'course.index/getDetail', { course_id: courseId }, token)).data.detail.chapters
    .flatMap((c: { lessons: { lesson_id: number; preview: boolean }[] }) => c.lessons)
    .find((l: { preview: boolean }) => !l.preview).lesson_id

describe('buying a course', () => {
  test('add, pay in the sandbox, and the locked lessons open: paid once however often confirmed', async () => {
    const me = await login(ctx.app, '买课人')
    const courseId = idOf['bazi-basics']
    const lessonId = await lockedLessonOf(courseId, me.token)
    expect((await api('GET', 'course.lesson/detail', { lesson_id: lessonId }, me.token)).code).toBe(0)
    const students = (await api('GET', 'course.index/getDetail', { course_id: courseId })).data.detail.students

    // Two taps on "buy" make one order.
    const adds = await Promise.all(
      [1, 2, 3].map(() => api('POST', 'course.order/add', { course_id: courseId }, me.token))
    )
    expect(adds.every((r) => r.code === 1)).toBe(true)
    expect(new Set(adds.map((r) => r.data.order_id)).size).toBe(1)
    const orderId = adds[0].data.order_id
    const order = await api('GET', 'course.order/detail', { order_id: orderId }, me.token)
    expect(order.data.order).toMatchObject({
      course_id: courseId,
      amount: 19900,
      status: 'created',
      course_title: '八字命理入门'
    })

    // Two taps on "pay" reuse one payment.
    const starts = await Promise.all([1, 2].map(() => api('POST', 'course.order/pay', { order_id: orderId }, me.token)))
    expect(starts.every((r) => r.code === 1 && r.data.provider === 'sandbox' && r.data.amount_fen === 19900)).toBe(true)
    expect(starts[0].data.out_trade_no).toBe(starts[1].data.out_trade_no)
    const tradeNo = starts[0].data.out_trade_no
    const confirms = await Promise.all(
      [1, 2, 3].map(() => api('POST', 'pay.sandbox/confirm', { out_trade_no: tradeNo }, me.token))
    )
    expect(confirms.every((r) => r.code === 1)).toBe(true)

    expect((await api('GET', 'course.order/detail', { order_id: orderId }, me.token)).data.order.status).toBe('paid')
    const d = (await api('GET', 'course.index/getDetail', { course_id: courseId }, me.token)).data.detail
    expect(d.enrolled).toBe(true)
    expect(d.students).toBe(students + 1)
    expect(
      d.chapters
        .flatMap((c: { lessons: { locked: boolean }[] }) => c.lessons)
        .every((l: { locked: boolean }) => !l.locked)
    ).toBe(true)
    expect((await api('GET', 'course.lesson/detail', { lesson_id: lessonId }, me.token)).data.video_url).toContain(
      `/api/course.lesson/video?lesson_id=${lessonId}&uid=${me.userId}&`
    )
    const mine = await api('GET', 'course.order/lists', {}, me.token)
    expect(mine.data).toMatchObject({ total: 1, page: 1 })
    expect(mine.data.list[0]).toMatchObject({
      order_id: orderId,
      status: 'paid',
      amount: 19900,
      course_title: '八字命理入门'
    })
    const paid = await ctx.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.bizType, 'course'), eq(payments.bizId, orderId)))
    expect(paid.map((p) => p.status)).toEqual(['paid'])
    expect(
      await ctx.database.db.select().from(courseEnrollments).where(eq(courseEnrollments.userId, me.userId))
    ).toHaveLength(1)

    // Bought: no second order, no second payment.
    expect(await api('POST', 'course.order/add', { course_id: courseId }, me.token)).toMatchObject({
      code: 0,
      msg: '您已拥有该课程，无需重复购买'
    })
    expect(await api('POST', 'course.order/pay', { order_id: orderId }, me.token)).toMatchObject({
      code: 0,
      msg: '订单已支付'
    })
  })

  test('a payment closed in the cashier can be retried with a new one; the order is still paid once', async () => {
    const me = await login(ctx.app, '改主意')
    const orderId = (await api('POST', 'course.order/add', { course_id: idOf['liuyao-najia'] }, me.token)).data.order_id
    const first = (await api('POST', 'course.order/pay', { order_id: orderId }, me.token)).data.out_trade_no
    expect((await api('POST', 'pay.sandbox/fail', { out_trade_no: first }, me.token)).code).toBe(1)
    const second = (await api('POST', 'course.order/pay', { order_id: orderId }, me.token)).data.out_trade_no
    expect(second).not.toBe(first)
    expect((await api('POST', 'pay.sandbox/confirm', { out_trade_no: first }, me.token)).msg).toBe('支付单已关闭')
    expect((await api('POST', 'pay.sandbox/confirm', { out_trade_no: second }, me.token)).code).toBe(1)
    expect((await api('GET', 'course.order/detail', { order_id: orderId }, me.token)).data.order.status).toBe('paid')
  })

  test('another user can neither see nor pay my order', async () => {
    const owner = await login(ctx.app, '订单主人')
    const other = await login(ctx.app, '订单旁人')
    const orderId = (await api('POST', 'course.order/add', { course_id: idOf['home-fengshui'] }, owner.token)).data
      .order_id
    expect(await api('GET', 'course.order/detail', { order_id: orderId }, other.token)).toMatchObject({
      code: 0,
      msg: MSG_NOT_OWNER
    })
    expect(await api('POST', 'course.order/pay', { order_id: orderId }, other.token)).toMatchObject({
      code: 0,
      msg: MSG_NOT_OWNER
    })
    expect(
      await ctx.database.db
        .select()
        .from(payments)
        .where(and(eq(payments.bizType, 'course'), eq(payments.bizId, orderId)))
    ).toHaveLength(0)
    expect((await api('GET', 'course.order/detail', { order_id: orderId })).code).toBe(-9999)
    expect((await api('GET', 'course.order/lists', {}, other.token)).data.total).toBe(0)
    expect((await api('GET', 'course.order/lists', { per_page: 0 }, owner.token)).msg).toBe('每页条数至少 1 条')
  })

  test('free and offline courses are not sold; bad input names the field and writes nothing', async () => {
    const me = await login(ctx.app, '乱下单')
    expect((await api('POST', 'course.order/add', { course_id: idOf['zhouyi-open'] }, me.token)).msg).toBe(
      '免费课程直接报名即可学习'
    )
    expect((await api('POST', 'course.order/add', { course_id: idOf['fengshui-field'] }, me.token)).msg).toBe(
      '免费课程直接报名即可学习'
    )
    expect((await api('POST', 'course.order/add', { course_id: 999999 }, me.token)).msg).toBe('课程不存在或已下架')
    expect((await api('POST', 'course.order/add', {}, me.token)).msg).toBe('课程不能为空')
    expect((await api('POST', 'course.order/pay', { order_id: -3 }, me.token)).msg).toBe('订单不正确')
    expect(await ctx.database.db.select().from(courseOrders).where(eq(courseOrders.userId, me.userId))).toHaveLength(0)
  })
})
