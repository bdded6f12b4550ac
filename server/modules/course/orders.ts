import { and, asc, count, desc, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type {
  CourseOrder,
  CourseOrderAddResponse,
  CourseOrderDetailResponse,
  CourseOrderListResponse,
  CourseOrderPayResponse,
  CourseOrderRefundCheckResponse,
  CourseOrderRefundResponse
} from '../../../contract'
import { assetUrl } from '../../core/asset-url'
import { AppError, ownedBy } from '../../core/envelope'
import { offsetOf, paged, pagingQuery } from '../../core/paging'
import { userRoute } from '../../core/route'
import { idParam, multiline } from '../../core/validate'
import type { Tx } from '../../db/database'
import { courseOrders, courses, payments } from '../../db/schema'
import { startPayment } from '../payment/start'
import { enroll, isEnrolled, visibleCourse } from './access'
import { coursePaymentOf, courseRefundCheck, refundCourse, revokeOnRefund } from './refund'

type OrderRow = typeof courseOrders.$inferSelect
type CourseRow = typeof courses.$inferSelect

/** Buying a course: one open order per user and course, paid through the payment service. */
export default async function orderRoutes(app: FastifyInstance): Promise<void> {
  const { payments: payService, notify } = app.services

  // Runs once, in the transaction that marks the payment paid: the order is paid and the course granted.
  payService.onPaid('course', async (tx: Tx, payment) => {
    const [order] = await tx
      .update(courseOrders)
      .set({ status: 'paid', paidAt: new Date() })
      .where(
        and(
          eq(courseOrders.id, payment.bizId),
          eq(courseOrders.userId, payment.userId),
          eq(courseOrders.status, 'created')
        )
      )
      .returning()
    if (order) await enroll(tx, order.userId, order.courseId, 'order')
  })

  revokeOnRefund(payService, notify)

  /** Each order's 商户订单号: the paid payment's, else the latest one started. */
  async function tradeNos(orderIds: number[]): Promise<Map<number, string>> {
    if (!orderIds.length) return new Map()
    const rows = await app.db
      .select({ bizId: payments.bizId, outTradeNo: payments.outTradeNo, status: payments.status })
      .from(payments)
      .where(and(eq(payments.bizType, 'course'), inArray(payments.bizId, orderIds)))
      .orderBy(asc(payments.id))
    const out = new Map<number, string>()
    for (const r of rows) if (r.status !== 'closed' || !out.has(r.bizId)) out.set(r.bizId, r.outTradeNo)
    for (const r of rows) if (r.status === 'paid' || r.status === 'refunded') out.set(r.bizId, r.outTradeNo)
    return out
  }

  const orderView = (order: OrderRow, course: CourseRow, outTradeNo = ''): CourseOrder => ({
    order_id: order.id,
    course_id: order.courseId,
    course_title: course.title,
    cover: assetUrl(app.config.publicUrl, course.cover),
    teacher: course.teacher,
    amount: order.amountFen,
    status: order.status,
    created_at: order.createdAt.toISOString(),
    paid_at: order.paidAt ? order.paidAt.toISOString() : '',
    out_trade_no: outTradeNo
  })

  async function ownOrder(tx: Tx | typeof app.db, orderId: number, userId: number, lock = false): Promise<OrderRow> {
    const query = tx.select().from(courseOrders).where(eq(courseOrders.id, orderId)).limit(1)
    const [order] = lock ? await query.for('update') : await query
    return ownedBy(order, userId, '订单不存在')
  }

  const openOrPaid = (userId: number, courseId: number) =>
    and(
      eq(courseOrders.userId, userId),
      eq(courseOrders.courseId, courseId),
      inArray(courseOrders.status, ['created', 'paid'])
    )

  userRoute(
    app,
    { method: 'POST', path: '/course.order/add', input: z.object({ course_id: idParam() }) },
    async ({ input, userId }): Promise<CourseOrderAddResponse> =>
      app.db.transaction(async (tx) => {
        const course = await visibleCourse(tx, input.course_id)
        if (course.priceFen <= 0) throw new AppError('免费课程直接报名即可学习')
        if (await isEnrolled(tx, userId, course.id)) throw new AppError('您已拥有该课程，无需重复购买')
        // The partial unique index keeps one open-or-paid order: a concurrent twin inserts nothing and reads it.
        await tx
          .insert(courseOrders)
          .values({ userId, courseId: course.id, amountFen: course.priceFen })
          .onConflictDoNothing()
        const [order] = await tx.select().from(courseOrders).where(openOrPaid(userId, course.id)).limit(1)
        if (order.status === 'paid') throw new AppError('您已拥有该课程，无需重复购买')
        return { order_id: order.id }
      })
  )

  userRoute(
    app,
    { method: 'GET', path: '/course.order/detail', input: z.object({ order_id: idParam() }) },
    async ({ input, userId }): Promise<CourseOrderDetailResponse> => {
      const order = await ownOrder(app.db, input.order_id, userId)
      const [course] = await app.db.select().from(courses).where(eq(courses.id, order.courseId)).limit(1)
      const nos = await tradeNos([order.id])
      return { order: orderView(order, course, nos.get(order.id)) }
    }
  )

  userRoute(
    app,
    { method: 'GET', path: '/course.order/lists', input: pagingQuery },
    async ({ input, userId }): Promise<CourseOrderListResponse> => {
      const mine = eq(courseOrders.userId, userId)
      const [rows, [{ total }]] = await Promise.all([
        app.db
          .select({ order: courseOrders, course: courses })
          .from(courseOrders)
          .innerJoin(courses, eq(courses.id, courseOrders.courseId))
          .where(mine)
          .orderBy(desc(courseOrders.id))
          .limit(input.per_page)
          .offset(offsetOf(input.page, input.per_page)),
        app.db.select({ total: count() }).from(courseOrders).where(mine)
      ])
      const nos = await tradeNos(rows.map((r) => r.order.id))
      return paged(
        rows.map((r) => orderView(r.order, r.course, nos.get(r.order.id))),
        total,
        input.page,
        input.per_page
      )
    }
  )

  userRoute(
    app,
    { method: 'POST', path: '/course.order/pay', input: z.object({ order_id: idParam() }) },
    async ({ input, userId, req }): Promise<CourseOrderPayResponse> => {
      const payment = await app.db.transaction(async (tx) => {
        const order = await ownOrder(tx, input.order_id, userId, true)
        if (order.status === 'paid') throw new AppError('订单已支付')
        if (order.status === 'closed') throw new AppError('订单已关闭')
        // One payment open per order at a time (the order row is locked), so an order is paid once.
        const [open] = await tx
          .select()
          .from(payments)
          .where(and(eq(payments.bizType, 'course'), eq(payments.bizId, order.id), eq(payments.status, 'created')))
          .limit(1)
        if (open) return open
        const [course] = await tx
          .select({ title: courses.title })
          .from(courses)
          .where(eq(courses.id, order.courseId))
          .limit(1)
        return payService.createPayment(tx, {
          userId,
          bizType: 'course',
          bizId: order.id,
          amountFen: order.amountFen,
          description: `课程：${course.title}`
        })
      })
      return startPayment(app, req, payment)
    }
  )

  /** The paid payment of my own order, or a clear refusal. */
  async function paidPaymentOf(orderId: number, userId: number) {
    const order = await ownOrder(app.db, orderId, userId)
    const payment = await coursePaymentOf(app.db, order.id)
    if (!payment) throw new AppError('该订单未支付，不能退款')
    return payment
  }

  userRoute(
    app,
    { method: 'GET', path: '/course.order/refundCheck', input: z.object({ order_id: idParam() }) },
    async ({ input, userId }): Promise<CourseOrderRefundCheckResponse> => {
      const payment = await paidPaymentOf(input.order_id, userId)
      const check = await courseRefundCheck(app.db, payment)
      return {
        allowed: check.allowed,
        reason: check.reason,
        progress_percent: check.progressPercent,
        deadline: check.deadline?.toISOString() ?? '',
        refund_fen: payment.amountFen
      }
    }
  )

  // The learner's own refund inside the owner's policy: the same check and the same refund key as the console's, so a
  // double tap, a retry or an operator refunding at the same moment make one refund.
  userRoute(
    app,
    {
      method: 'POST',
      path: '/course.order/refund',
      input: z.object({ order_id: idParam(), reason: multiline(80, 1) }),
      labels: { reason: '退款原因' }
    },
    async ({ input, userId }): Promise<CourseOrderRefundResponse> => {
      const payment = await paidPaymentOf(input.order_id, userId)
      const outcome = await refundCourse(app.db, payService, payment, `学员申请：${input.reason}`)
      return { status: outcome.status, refund_fen: outcome.refundFen }
    }
  )
}
