import { and, count, desc, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type {
  PayStart,
  ServiceBookResponse,
  ServiceOrderCancelResponse,
  ServiceOrderDetailResponse,
  ServiceOrderListResponse
} from '../../../contract'
import { AppError } from '../../core/envelope'
import { offsetOf, paged, pagingQuery } from '../../core/paging'
import { isOverdue, payDeadlineOf, SWEEP_INTERVAL_MS } from '../../core/pay-window'
import { userRoute } from '../../core/route'
import { sealMobile } from '../../core/sealed-columns'
import { scheduleSweep } from '../../core/sweep'
import { idParam, mobileSchema, multiline, optional, text } from '../../core/validate'
import type { Tx } from '../../db/database'
import { consultServices, payments, serviceOrders, serviceSlots, serviceTeachers, teachers } from '../../db/schema'
import { recordRefundsOn } from '../payment/biz-refund'
import { startPayment } from '../payment/start'
import { releaseExpiredBookings, reopenForPayment } from './expiry'
import { cancelBooking } from './lifecycle'
import { tellBooked } from './notices'
import { LEAD_MS, upcomingSlotTimes } from './schedule'
import { serviceOrder } from './serialize'

const bookInput = z.object({
  service_id: idParam(),
  teacher_id: idParam(),
  slot_id: idParam(),
  name: text(16, 2),
  mobile: mobileSchema,
  remark: optional(multiline(300))
})
const orderInput = z.object({ order_id: idParam() })
const EXPIRED = '预约已超时未支付，时段已释放，请重新预约'

/** Booking a teacher's slot for a service, paying, cancelling an unpaid booking, my bookings. */
export default async function orderRoutes(app: FastifyInstance): Promise<void> {
  const { payments: payService, notify } = app.services

  /**
   * Runs once, in the transaction that marks the payment paid. An unpaid booking still holds its
   * slot (past its window too, until cancelled), so it is simply paid. Cancelling closes the waiting
   * payments first, so a cancelled booking's payment is normally refused before it gets here; one
   * that gets here anyway takes its slot back if still free, else it is refused (as the shop does),
   * never taken for a slot that is gone.
   */
  payService.onPaid('service', async (tx: Tx, payment) => {
    const [paid] = await tx
      .update(serviceOrders)
      .set({ status: 'paid', paidAt: new Date() })
      .where(
        and(
          eq(serviceOrders.id, payment.bizId),
          eq(serviceOrders.userId, payment.userId),
          eq(serviceOrders.status, 'unpaid'),
          eq(serviceOrders.amountFen, payment.amountFen)
        )
      )
      .returning({ id: serviceOrders.id })
    if (!paid && !(await reopenForPayment(tx, payment, new Date(Date.now() + LEAD_MS))))
      throw new AppError('该预约已取消且时段已不可预约，支付未入账，请重新预约')
    await tellBooked(tx, notify, payment.bizId)
  })

  recordRefundsOn(payService, 'service', serviceOrders, { notify, link: 'pages/my/service' })

  scheduleSweep(app, 'service: releasing unpaid slots past their pay window', SWEEP_INTERVAL_MS, () =>
    releaseExpiredBookings(app.db)
  )

  async function lockOwnOrder(tx: Tx, orderId: number, userId: number) {
    const [o] = await tx
      .select()
      .from(serviceOrders)
      .where(and(eq(serviceOrders.id, orderId), eq(serviceOrders.userId, userId)))
      .limit(1)
      .for('update')
    if (!o) throw new AppError('预约订单不存在')
    return o
  }

  /**
   * The slot is taken by a conditional UPDATE (order_id IS NULL) in the booking's transaction, and a
   * partial unique index allows one live order per slot: of concurrent bookings exactly one wins,
   * the others are refused with nothing written.
   */
  userRoute(
    app,
    { method: 'POST', path: '/service.order/add', input: bookInput },
    async ({ input, userId }): Promise<ServiceBookResponse> => {
      // A slot held past its pay window goes back before it is checked.
      await releaseExpiredBookings(app.db, { slotId: input.slot_id })
      return app.db.transaction(async (tx) => {
        const [s] = await tx
          .select()
          .from(consultServices)
          .where(and(eq(consultServices.id, input.service_id), eq(consultServices.visible, true)))
          .limit(1)
        if (!s) throw new AppError('服务不存在')
        const [link] = await tx
          .select()
          .from(serviceTeachers)
          .where(and(eq(serviceTeachers.serviceId, s.id), eq(serviceTeachers.teacherId, input.teacher_id)))
          .limit(1)
        if (!link) throw new AppError('该老师不提供此服务')
        // Shared lock: a console edit of the teacher's hours (FOR UPDATE) waits for this booking, or this for it.
        const [teacher] = await tx
          .select()
          .from(teachers)
          .where(and(eq(teachers.id, input.teacher_id), eq(teachers.visible, true)))
          .for('share')
          .limit(1)
        if (!teacher) throw new AppError('老师不存在')
        const [slot] = await tx
          .select()
          .from(serviceSlots)
          .where(and(eq(serviceSlots.id, input.slot_id), eq(serviceSlots.teacherId, input.teacher_id)))
          .limit(1)
        if (!slot) throw new AppError('预约时段不存在')
        if (slot.startsAt.getTime() <= Date.now() + LEAD_MS) throw new AppError('该时段已截止预约，请选择其他时段')
        if (slot.orderId !== null) throw new AppError('该时段已被预约，请选择其他时段')
        // A slot row made earlier counts only while the teacher's schedule still has that hour.
        if (!upcomingSlotTimes(teacher, new Date()).some((at) => at.getTime() === slot.startsAt.getTime())) {
          throw new AppError('老师该时段不接受预约，请选择其他时段')
        }
        const [order] = await tx
          .insert(serviceOrders)
          .values({
            userId,
            serviceId: s.id,
            teacherId: input.teacher_id,
            slotId: slot.id,
            startsAt: slot.startsAt,
            name: input.name,
            ...sealMobile(app.services.dataCipher, input.mobile),
            remark: input.remark ?? '',
            amountFen: s.priceFen
          })
          .onConflictDoNothing()
          .returning()
        if (!order) throw new AppError('该时段已被预约，请选择其他时段')
        const [taken] = await tx
          .update(serviceSlots)
          .set({ orderId: order.id })
          .where(and(eq(serviceSlots.id, slot.id), isNull(serviceSlots.orderId)))
          .returning({ id: serviceSlots.id })
        if (!taken) throw new AppError('该时段已被预约，请选择其他时段')
        return { order_id: order.id, amount: order.amountFen, pay_deadline: payDeadlineOf(order.createdAt) }
      })
    }
  )

  userRoute(
    app,
    { method: 'POST', path: '/service.order/pay', input: orderInput },
    async ({ input, userId, req }): Promise<PayStart> => {
      if (await releaseExpiredBookings(app.db, { orderId: input.order_id, userId })) throw new AppError(EXPIRED)
      const payment = await app.db.transaction(async (tx) => {
        const o = await lockOwnOrder(tx, input.order_id, userId)
        if (o.status === 'paid') throw new AppError('订单已支付')
        if (o.status === 'cancelled') throw new AppError(isOverdue(o.createdAt) ? EXPIRED : '订单已取消，请重新预约')
        if (isOverdue(o.createdAt)) throw new AppError(EXPIRED)
        // The order row is locked: one open payment per order, so it is paid once.
        const [open] = await tx
          .select()
          .from(payments)
          .where(and(eq(payments.bizType, 'service'), eq(payments.bizId, o.id), eq(payments.status, 'created')))
          .limit(1)
        if (open) return open
        const [s] = await tx
          .select({ title: consultServices.title })
          .from(consultServices)
          .where(eq(consultServices.id, o.serviceId))
          .limit(1)
        return payService.createPayment(tx, {
          userId,
          bizType: 'service',
          bizId: o.id,
          amountFen: o.amountFen,
          description: `服务预约：${s.title}`
        })
      })
      return startPayment(app, req, payment)
    }
  )

  /**
   * Cancels my booking: an unpaid one at any time (its payment is closed), a paid one until
   * SERVICE_CANCEL_HOURS before it starts, and the money goes back through the payment service.
   */
  userRoute(
    app,
    { method: 'POST', path: '/service.order/cancel', input: orderInput },
    async ({ input, userId }): Promise<ServiceOrderCancelResponse> => {
      const after = await cancelBooking(app.db, payService, notify, input.order_id, {
        userId,
        cancelHours: app.config.serviceCancelHours,
        reason: '用户取消预约'
      })
      return { status: after.status, refund_status: after.refundStatus }
    }
  )

  const orderRows = () =>
    app.db
      .select({ o: serviceOrders, s: consultServices, t: teachers })
      .from(serviceOrders)
      .innerJoin(consultServices, eq(consultServices.id, serviceOrders.serviceId))
      .innerJoin(teachers, eq(teachers.id, serviceOrders.teacherId))

  userRoute(
    app,
    { method: 'GET', path: '/service.order/lists', input: pagingQuery },
    async ({ input, userId }): Promise<ServiceOrderListResponse> => {
      await releaseExpiredBookings(app.db, { userId })
      const mine = eq(serviceOrders.userId, userId)
      const [rows, [{ total }]] = await Promise.all([
        orderRows()
          .where(mine)
          .orderBy(desc(serviceOrders.createdAt), desc(serviceOrders.id))
          .limit(input.per_page)
          .offset(offsetOf(input.page, input.per_page)),
        app.db.select({ total: count() }).from(serviceOrders).where(mine)
      ])
      return paged(
        rows.map(({ o, s, t }) => serviceOrder(app.config, app.services.dataCipher, o, s, t)),
        total,
        input.page,
        input.per_page
      )
    }
  )

  userRoute(
    app,
    { method: 'GET', path: '/service.order/detail', input: orderInput },
    async ({ input, userId }): Promise<ServiceOrderDetailResponse> => {
      await releaseExpiredBookings(app.db, { orderId: input.order_id, userId })
      const [row] = await orderRows()
        .where(and(eq(serviceOrders.id, input.order_id), eq(serviceOrders.userId, userId)))
        .limit(1)
      if (!row) throw new AppError('预约订单不存在')
      return { order: serviceOrder(app.config, app.services.dataCipher, row.o, row.s, row.t) }
    }
  )
}
