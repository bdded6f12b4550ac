import { and, count, desc, eq, lt, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type {
  ActivityCancelResponse,
  ActivityPayResponse,
  ActivitySignupResponse,
  MyActivityListResponse
} from '../../../contract'
import { AppError } from '../../core/envelope'
import { offsetOf, paged, pagingQuery } from '../../core/paging'
import { isOverdue, payDeadlineOf, SWEEP_INTERVAL_MS } from '../../core/pay-window'
import { userRoute } from '../../core/route'
import { openMobile, sealMobile } from '../../core/sealed-columns'
import { scheduleSweep } from '../../core/sweep'
import { idParam, mobileSchema, multiline, optional, text } from '../../core/validate'
import type { Tx } from '../../db/database'
import { activities, activitySignups, payments } from '../../db/schema'
import { recordRefundsOn, refundView } from '../payment/biz-refund'
import { startPayment } from '../payment/start'
import { cancelSignup, refundDeadlineOf, userMayCancel } from './cancel'
import { releaseExpiredSignups } from './expiry'
import { activitySummary } from './serialize'

const EXPIRED = '报名已超时未支付，名额已释放，请重新报名'

const signupInput = z.object({
  activity_id: idParam(),
  name: text(16, 2),
  mobile: mobileSchema,
  remark: optional(multiline(200)),
  // Answers to the activity's own form fields, in their order.
  answers: z.array(multiline(100)).max(20).default([])
})

/** Signing up (capacity and deadline), paying a fee, and my sign-ups. */
export default async function signupRoutes(app: FastifyInstance): Promise<void> {
  const { payments: payService, notify } = app.services

  /**
   * Runs once, in the transaction that marks the payment paid. A sign-up still unpaid holds its seat
   * (past its window too, until released), so it is simply signed. Releasing closes the waiting
   * payments first, so a released sign-up's payment is refused before it gets here; should one get
   * here anyway it is refused too, as the shop does, rather than taken for a seat that is gone.
   */
  payService.onPaid('activity', async (tx: Tx, payment) => {
    const [signed] = await tx
      .update(activitySignups)
      .set({ status: 'signed', paidAt: new Date() })
      .where(
        and(
          eq(activitySignups.id, payment.bizId),
          eq(activitySignups.userId, payment.userId),
          eq(activitySignups.status, 'unpaid'),
          eq(activitySignups.amountFen, payment.amountFen)
        )
      )
      .returning({ id: activitySignups.id })
    if (!signed) throw new AppError('该报名已失效，支付未入账，请重新报名')
  })

  recordRefundsOn(payService, 'activity', activitySignups, { notify, link: 'pages/my/activity' })

  scheduleSweep(app, 'activity: releasing unpaid seats past their pay window', SWEEP_INTERVAL_MS, () =>
    releaseExpiredSignups(app.db)
  )

  /**
   * One seat per user: the unique (activity, user) index over live sign-ups refuses a second one, and the seat is
   * taken by a conditional UPDATE (taken < capacity) in the same transaction, so concurrent requests
   * queue on the activity row and a full activity refuses the rest with nothing written.
   */
  userRoute(
    app,
    { method: 'POST', path: '/share.activity/signup', input: signupInput },
    async ({ input, userId }): Promise<ActivitySignupResponse> => {
      // Seats held past their pay window go back before this one is counted (the user's own too).
      await releaseExpiredSignups(app.db, { activityIds: [input.activity_id] })
      return app.db.transaction(async (tx) => {
        const [a] = await tx
          .select()
          .from(activities)
          .where(and(eq(activities.id, input.activity_id), eq(activities.visible, true)))
          .limit(1)
        if (!a) throw new AppError('活动不存在或已下架')
        const now = new Date()
        if (now >= a.signupDeadline || now >= a.startsAt) throw new AppError('报名已截止')
        const answers = a.formFields.map((f, i) => ({ label: f.label, value: input.answers[i] ?? '' }))
        const missing = a.formFields.find((f, i) => f.required && !answers[i].value)
        if (missing) throw new AppError(`请填写${missing.label}`)
        const status = a.feeFen > 0 ? 'unpaid' : 'signed'
        const [added] = await tx
          .insert(activitySignups)
          .values({
            activityId: a.id,
            userId,
            name: input.name,
            ...sealMobile(app.services.dataCipher, input.mobile),
            remark: input.remark ?? '',
            answers,
            amountFen: a.feeFen,
            status
          })
          .onConflictDoNothing()
          .returning()
        if (!added) throw new AppError('您已报名该活动')
        const [taken] = await tx
          .update(activities)
          .set({ taken: sql`${activities.taken} + 1` })
          .where(and(eq(activities.id, a.id), lt(activities.taken, activities.capacity)))
          .returning({ id: activities.id })
        if (!taken) throw new AppError('名额已满')
        return { signup_id: added.id, status, amount: status === 'unpaid' ? a.feeFen : 0 }
      })
    }
  )

  userRoute(
    app,
    { method: 'POST', path: '/share.activity/pay', input: z.object({ signup_id: idParam() }) },
    async ({ input, userId, req }): Promise<ActivityPayResponse> => {
      if (await releaseExpiredSignups(app.db, { signupId: input.signup_id, userId })) throw new AppError(EXPIRED)
      const payment = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(activitySignups)
          .where(and(eq(activitySignups.id, input.signup_id), eq(activitySignups.userId, userId)))
          .limit(1)
          .for('update')
        if (!row) throw new AppError('报名记录不存在')
        if (row.status === 'signed') throw new AppError('该报名已支付')
        if (row.status === 'cancelled') throw new AppError(EXPIRED)
        if (isOverdue(row.createdAt)) throw new AppError(EXPIRED)
        // The sign-up row is locked: one open payment per sign-up, so it is paid once.
        const [open] = await tx
          .select()
          .from(payments)
          .where(and(eq(payments.bizType, 'activity'), eq(payments.bizId, row.id), eq(payments.status, 'created')))
          .limit(1)
        if (open) return open
        const [a] = await tx
          .select({ title: activities.title })
          .from(activities)
          .where(eq(activities.id, row.activityId))
          .limit(1)
        return payService.createPayment(tx, {
          userId,
          bizType: 'activity',
          bizId: row.id,
          amountFen: row.amountFen,
          description: `活动报名：${a.title}`
        })
      })
      return startPayment(app, req, payment)
    }
  )

  /**
   * Cancels my sign-up and gives the seat back: an unpaid one at any time before the start, a paid one
   * until the activity's refund_hours before it (the fee goes back through the payment service, once).
   */
  userRoute(
    app,
    { method: 'POST', path: '/share.activity/cancel', input: z.object({ signup_id: idParam() }) },
    async ({ input, userId }): Promise<ActivityCancelResponse> => {
      const after = await cancelSignup(app.db, payService, input.signup_id, { userId, reason: '用户取消报名' })
      return { status: after.status, refund_status: after.refundStatus }
    }
  )

  userRoute(
    app,
    { method: 'GET', path: '/share.activity/lists', input: pagingQuery },
    async ({ input, userId }): Promise<MyActivityListResponse> => {
      await releaseExpiredSignups(app.db, { userId })
      const mine = eq(activitySignups.userId, userId)
      const [rows, [{ total }]] = await Promise.all([
        app.db
          .select({ s: activitySignups, a: activities })
          .from(activitySignups)
          .innerJoin(activities, eq(activities.id, activitySignups.activityId))
          .where(mine)
          .orderBy(desc(activitySignups.createdAt), desc(activitySignups.id))
          .limit(input.per_page)
          .offset(offsetOf(input.page, input.per_page)),
        app.db.select({ total: count() }).from(activitySignups).where(mine)
      ])
      const now = new Date()
      return paged(
        rows.map(({ s, a }) => ({
          signup_id: s.id,
          status: s.status,
          amount: s.amountFen,
          name: s.name,
          mobile: openMobile(app.services.dataCipher, s.mobile),
          created_at: s.createdAt.toISOString(),
          pay_deadline: s.status === 'unpaid' ? payDeadlineOf(s.createdAt) : null,
          refund_deadline: s.status === 'signed' && s.amountFen > 0 ? refundDeadlineOf(a).toISOString() : null,
          can_cancel: userMayCancel(s, a, now),
          checked_in_at: s.checkedInAt?.toISOString() ?? null,
          cancelled_by: s.cancelledBy,
          cancel_reason: s.cancelReason,
          refund: refundView(s),
          activity: activitySummary(app.config.publicUrl, a, s.status === 'cancelled' ? null : s.status, now)
        })),
        total,
        input.page,
        input.per_page
      )
    }
  )
}
