import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { AdminServiceBooking } from '../../../contract/admin'
import type { DataCipher } from '../../core/data-key'
import { AppError } from '../../core/envelope'
import { paged } from '../../core/paging'
import { mobileMatch, openMobile } from '../../core/sealed-columns'
import { idParam, multiline, optional, text } from '../../core/validate'
import type { Db } from '../../db/database'
import { consultServices, serviceOrders, teachers, users } from '../../db/schema'
import { cancelBooking, completeBooking } from '../service/lifecycle'
import { adminPaging, adminRoute } from './route'

type OrderRow = typeof serviceOrders.$inferSelect

const snapshot = (o: OrderRow) => ({ status: o.status, refund_status: o.refundStatus, cancel_reason: o.cancelReason })

function keywordMatch(raw: string, cipher: DataCipher): SQL | undefined {
  const t = raw.trim()
  if (/^\d{1,9}$/.test(t)) return or(eq(serviceOrders.userId, Number(t)), eq(serviceOrders.id, Number(t)))
  const like = `%${t.replace(/[\\%_]/g, (c) => '\\' + c)}%`
  return or(
    ilike(serviceOrders.name, like),
    mobileMatch(cipher, t, serviceOrders.mobileHash),
    ilike(users.nickname, like),
    ilike(teachers.name, like)
  )
}

const bookingRows = (db: Db) =>
  db
    .select({ o: serviceOrders, title: consultServices.title, teacher: teachers.name, nickname: users.nickname })
    .from(serviceOrders)
    .innerJoin(consultServices, eq(consultServices.id, serviceOrders.serviceId))
    .innerJoin(teachers, eq(teachers.id, serviceOrders.teacherId))
    .innerJoin(users, eq(users.id, serviceOrders.userId))

function bookingView(
  cipher: DataCipher,
  {
    o,
    title,
    teacher,
    nickname
  }: {
    o: OrderRow
    title: string
    teacher: string
    nickname: string
  }
): AdminServiceBooking {
  return {
    order_id: o.id,
    user_id: o.userId,
    nickname,
    name: o.name,
    mobile: openMobile(cipher, o.mobile),
    remark: o.remark,
    service_title: title,
    teacher_name: teacher,
    starts_at: o.startsAt.toISOString(),
    amount_fen: o.amountFen,
    status: o.status,
    created_at: o.createdAt.toISOString(),
    paid_at: o.paidAt?.toISOString() ?? null,
    completed_at: o.completedAt?.toISOString() ?? null,
    cancelled_at: o.cancelledAt?.toISOString() ?? null,
    cancelled_by: o.cancelledBy,
    cancel_reason: o.cancelReason,
    refund_status: o.refundStatus,
    refund_fen: o.refundFen,
    refunded_at: o.refundedAt?.toISOString() ?? null
  }
}

/** 服务预约: every booking with its state; mark one completed, or cancel it with the money going back. */
export default async function serviceRoutes(app: FastifyInstance): Promise<void> {
  adminRoute(
    app,
    {
      method: 'GET',
      path: '/service/lists',
      input: z.object({
        ...adminPaging,
        status: optional(z.enum(['unpaid', 'paid', 'done', 'cancelled'])),
        keyword: optional(text(32))
      }),
      permission: 'service.view',
      labels: { status: '状态', keyword: '关键词' }
    },
    async ({ input }) => {
      const where = and(
        input.status ? eq(serviceOrders.status, input.status) : undefined,
        input.keyword ? keywordMatch(input.keyword, app.services.dataCipher) : undefined
      )
      const [rows, [{ n }]] = await Promise.all([
        bookingRows(app.db)
          .where(where)
          .orderBy(desc(serviceOrders.id))
          .limit(input.per_page)
          .offset((input.page - 1) * input.per_page),
        app.db
          .select({ n: count() })
          .from(serviceOrders)
          .innerJoin(teachers, eq(teachers.id, serviceOrders.teacherId))
          .innerJoin(users, eq(users.id, serviceOrders.userId))
          .where(where)
      ])
      return paged(
        rows.map((r) => bookingView(app.services.dataCipher, r)),
        n,
        input.page,
        input.per_page
      )
    }
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/service/complete',
      input: z.object({ order_id: idParam() }),
      permission: 'service.manage',
      labels: { order_id: '预约' }
    },
    async ({ input, audit }) => {
      await completeBooking(app.db, input.order_id, (tx, before) =>
        audit(
          {
            action: 'service.complete',
            targetType: 'service_order',
            targetId: before.id,
            before: snapshot(before),
            after: { ...snapshot(before), status: 'done' }
          },
          tx
        )
      )
      return {}
    }
  )

  // An operator may cancel at any time, after the user's cut-off too; a paid booking's money goes back.
  adminRoute(
    app,
    {
      method: 'POST',
      path: '/service/cancel',
      input: z.object({ order_id: idParam(), reason: multiline(200, 1) }),
      permission: 'service.manage',
      labels: { order_id: '预约', reason: '取消原因' }
    },
    async ({ input, audit }) => {
      const after = await cancelBooking(app.db, app.services.payments, app.services.notify, input.order_id, {
        cancelHours: app.config.serviceCancelHours,
        reason: input.reason,
        inTx: (tx, before) =>
          audit(
            {
              action: 'service.cancel',
              targetType: 'service_order',
              targetId: before.id,
              before: snapshot(before),
              after: { status: 'cancelled', cancel_reason: input.reason }
            },
            tx
          )
      })
      return { status: after.status, refund_status: after.refundStatus }
    }
  )
  await deskRoutes(app)
}

/** 我的预约: a 老师 account sees and completes only the bookings of the teacher it is linked to. */
async function deskRoutes(app: FastifyInstance): Promise<void> {
  const own = (operator: { teacherId: number | null }): number => {
    if (!operator.teacherId) throw new AppError('该账号未关联老师，请联系店主')
    return operator.teacherId
  }

  adminRoute(
    app,
    {
      method: 'GET',
      path: '/desk/lists',
      input: z.object({ ...adminPaging, status: z.enum(['paid', 'done', 'cancelled']).default('paid') }),
      permission: 'consult.own',
      labels: { status: '状态' }
    },
    async ({ input, operator }) => {
      const where = and(eq(serviceOrders.teacherId, own(operator)), eq(serviceOrders.status, input.status))
      // Upcoming consultations soonest first; the finished and cancelled ones latest first.
      const order = input.status === 'paid' ? asc(serviceOrders.startsAt) : desc(serviceOrders.startsAt)
      const [rows, [{ n }]] = await Promise.all([
        bookingRows(app.db)
          .where(where)
          .orderBy(order, desc(serviceOrders.id))
          .limit(input.per_page)
          .offset((input.page - 1) * input.per_page),
        app.db.select({ n: count() }).from(serviceOrders).where(where)
      ])
      return paged(
        rows.map((r) => bookingView(app.services.dataCipher, r)),
        n,
        input.page,
        input.per_page
      )
    }
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/desk/complete',
      input: z.object({ order_id: idParam() }),
      permission: 'consult.own',
      labels: { order_id: '预约' }
    },
    async ({ input, operator, audit }) => {
      await completeBooking(
        app.db,
        input.order_id,
        (tx, before) =>
          audit(
            {
              action: 'service.complete',
              targetType: 'service_order',
              targetId: before.id,
              before: snapshot(before),
              after: { ...snapshot(before), status: 'done' }
            },
            tx
          ),
        own(operator)
      )
      return {}
    }
  )
}
