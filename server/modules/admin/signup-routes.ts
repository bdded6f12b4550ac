import { and, count, desc, eq, ilike, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { AdminSignup, AdminSignupActivity } from '../../../contract/admin'
import { paged } from '../../core/paging'
import { openMobile } from '../../core/sealed-columns'
import { idParam, multiline, optional, text } from '../../core/validate'
import { activities, activitySignups, users } from '../../db/schema'
import { cancelSignup, checkInSignup } from '../activity/cancel'
import { releaseExpiredSignups } from '../activity/expiry'
import { adminPaging, adminRoute } from './route'

type Signup = typeof activitySignups.$inferSelect

const snapshot = (s: Signup) => ({
  status: s.status,
  refund_status: s.refundStatus,
  checked_in: Boolean(s.checkedInAt),
  cancel_reason: s.cancelReason
})
const LABELS = { activity_id: '活动', signup_id: '报名', status: '状态', keyword: '关键词', reason: '取消原因' }

/** 活动报名: each activity's sign-ups; cancel one (the seat and a paid fee go back) or check it in. */
export default async function signupRoutes(app: FastifyInstance): Promise<void> {
  adminRoute(
    app,
    {
      method: 'GET',
      path: '/signup/activities',
      input: z.object({ ...adminPaging, keyword: optional(text(32)) }),
      permission: 'signup.view',
      labels: LABELS
    },
    async ({ input }) => {
      const where = input.keyword
        ? ilike(activities.title, `%${input.keyword.replace(/[\\%_]/g, (c) => '\\' + c)}%`)
        : undefined
      const counted = (cond: ReturnType<typeof sql>) =>
        sql<number>`count(${activitySignups.id}) filter (where ${cond})`.mapWith(Number)
      const [rows, [{ n }]] = await Promise.all([
        app.db
          .select({
            a: activities,
            signed: counted(sql`${activitySignups.status} = 'signed'`),
            checkedIn: counted(sql`${activitySignups.checkedInAt} is not null`),
            cancelled: counted(sql`${activitySignups.status} = 'cancelled'`)
          })
          .from(activities)
          .leftJoin(activitySignups, eq(activitySignups.activityId, activities.id))
          .where(where)
          .groupBy(activities.id)
          .orderBy(desc(activities.startsAt), desc(activities.id))
          .limit(input.per_page)
          .offset((input.page - 1) * input.per_page),
        app.db.select({ n: count() }).from(activities).where(where)
      ])
      const list: AdminSignupActivity[] = rows.map(({ a, signed, checkedIn, cancelled }) => ({
        activity_id: a.id,
        title: a.title,
        city: a.city,
        starts_at: a.startsAt.toISOString(),
        capacity: a.capacity,
        taken: a.taken,
        fee_fen: a.feeFen,
        refund_hours: a.refundHours,
        signed,
        checked_in: checkedIn,
        cancelled
      }))
      return paged(list, n, input.page, input.per_page)
    }
  )

  adminRoute(
    app,
    {
      method: 'GET',
      path: '/signup/lists',
      input: z.object({
        ...adminPaging,
        activity_id: idParam(),
        status: optional(z.enum(['unpaid', 'signed', 'cancelled']))
      }),
      permission: 'signup.view',
      labels: LABELS
    },
    async ({ input }) => {
      // Seats held past their pay window go back first, so the list matches the seats left.
      await releaseExpiredSignups(app.db, { activityIds: [input.activity_id] })
      const where = and(
        eq(activitySignups.activityId, input.activity_id),
        input.status ? eq(activitySignups.status, input.status) : undefined
      )
      const [rows, [{ n }]] = await Promise.all([
        app.db
          .select({ s: activitySignups, nickname: users.nickname })
          .from(activitySignups)
          .innerJoin(users, eq(users.id, activitySignups.userId))
          .where(where)
          .orderBy(desc(activitySignups.id))
          .limit(input.per_page)
          .offset((input.page - 1) * input.per_page),
        app.db.select({ n: count() }).from(activitySignups).where(where)
      ])
      const list: AdminSignup[] = rows.map(({ s, nickname }) => ({
        signup_id: s.id,
        user_id: s.userId,
        nickname,
        name: s.name,
        mobile: openMobile(app.services.dataCipher, s.mobile),
        remark: s.remark,
        answers: s.answers,
        amount_fen: s.amountFen,
        status: s.status,
        created_at: s.createdAt.toISOString(),
        paid_at: s.paidAt?.toISOString() ?? null,
        checked_in_at: s.checkedInAt?.toISOString() ?? null,
        cancelled_at: s.cancelledAt?.toISOString() ?? null,
        cancelled_by: s.cancelledBy,
        cancel_reason: s.cancelReason,
        refund_status: s.refundStatus,
        refund_fen: s.refundFen,
        refunded_at: s.refundedAt?.toISOString() ?? null
      }))
      return paged(list, n, input.page, input.per_page)
    }
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/signup/cancel',
      input: z.object({ signup_id: idParam(), reason: multiline(200, 1) }),
      permission: 'signup.manage',
      labels: LABELS
    },
    async ({ input, audit }) => {
      const after = await cancelSignup(app.db, app.services.payments, input.signup_id, {
        reason: input.reason,
        inTx: (tx, before) =>
          audit(
            {
              action: 'signup.cancel',
              targetType: 'activity_signup',
              targetId: before.id,
              before: snapshot(before),
              after: { ...snapshot(before), status: 'cancelled', cancel_reason: input.reason }
            },
            tx
          )
      })
      return { status: after.status, refund_status: after.refundStatus }
    }
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/signup/checkin',
      input: z.object({ signup_id: idParam() }),
      permission: 'signup.manage',
      labels: LABELS
    },
    async ({ input, audit }) => {
      await checkInSignup(app.db, input.signup_id, (tx, before) =>
        audit(
          {
            action: 'signup.checkin',
            targetType: 'activity_signup',
            targetId: before.id,
            before: snapshot(before),
            after: { ...snapshot(before), checked_in: true }
          },
          tx
        )
      )
      return {}
    }
  )
}
