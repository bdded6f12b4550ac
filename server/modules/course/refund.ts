import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm'

import { DAY_MS } from '../../../contract/china-time'
import { AppError } from '../../core/envelope'
import type { Db, Executor, Tx } from '../../db/database'
import {
  courseEnrollments,
  courseLessons,
  courseOrders,
  courses,
  lessonProgress,
  paymentRefunds,
  payments
} from '../../db/schema'
import type { Notifier } from '../notify/notifier'
import { tellPaymentRefunded } from '../payment/biz-refund'
import type { Payment } from '../payment/provider'
import type { PaymentService, RefundOutcome } from '../payment/service'
import { businessSettingValues } from '../settings'

// A paid course is refunded by the owner's policy (业务设置): within how many days of payment and below what share of
// finished lessons. Inside it the learner refunds from 课程订单 without waiting for anyone, and the console may refund
// too; both ask the payment service for the whole amount under one fixed key, so the two and any double tap make one
// refund. When the money is back (at once or on WeChat's notice) the order closes and the access it gave ends, in the
// refund's own transaction. Commission follows the payment's refund as for every business.

/** Names the console's course refund of a payment: asking again asks for the same refund, never a second one. */
export const COURSE_REFUND_KEY = 'course-refund'

/** Where the learner finds the order again (课程订单). */
const MY_COURSE_ORDERS = 'pages/my/online'

export interface CourseRefundPolicy {
  days: number
  maxProgress: number
}

export async function courseRefundPolicy(db: Executor): Promise<CourseRefundPolicy> {
  const v = await businessSettingValues(db, ['course_refund_days', 'course_refund_max_progress'])
  return { days: v.course_refund_days, maxProgress: v.course_refund_max_progress }
}

/** The policy as buyers read it before paying. */
export function refundPolicyText(p: CourseRefundPolicy): string {
  if (p.days <= 0) return '虚拟课程购买后不支持退款'
  const where = '可在「我的 → 课程订单」申请退款'
  if (p.maxProgress >= 100) return `购买后 ${p.days} 天内${where}`
  if (p.maxProgress <= 0) return `购买后 ${p.days} 天内、尚未学完任何一节课时${where}`
  return `购买后 ${p.days} 天内、学习进度不超过 ${p.maxProgress}% ${where}`
}

/** Finished lessons of a course and all its lessons (a lesson since removed counts for neither). */
export async function lessonsFinished(
  db: Executor,
  userId: number,
  courseId: number
): Promise<{ done: number; total: number }> {
  const [[{ total }], [{ done }]] = await Promise.all([
    db.select({ total: count() }).from(courseLessons).where(eq(courseLessons.courseId, courseId)),
    db
      .select({ done: count() })
      .from(lessonProgress)
      .innerJoin(courseLessons, eq(courseLessons.id, lessonProgress.lessonId))
      .where(
        and(
          eq(lessonProgress.userId, userId),
          eq(lessonProgress.courseId, courseId),
          eq(courseLessons.courseId, courseId),
          eq(lessonProgress.completed, true)
        )
      )
  ])
  return { done, total }
}

export interface CourseRefundCheck {
  allowed: boolean
  reason: string
  progressPercent: number
  deadline: Date | null
}

/**
 * Whether the console may refund this course payment now. A refund already asked for under the course key may always
 * be asked again (the decision was taken when it was asked; the retry only finishes it).
 */
export async function courseRefundCheck(db: Executor, payment: Payment, now = new Date()): Promise<CourseRefundCheck> {
  const [order] = await db.select().from(courseOrders).where(eq(courseOrders.id, payment.bizId)).limit(1)
  const progress = order ? await lessonsFinished(db, order.userId, order.courseId) : { done: 0, total: 0 }
  // Rounded up, so a learner past the limit never reads as being at it.
  const progressPercent = progress.total ? Math.ceil((progress.done * 100) / progress.total) : 0
  const policy = await courseRefundPolicy(db)
  const paidAt = payment.paidAt ?? order?.paidAt ?? null
  const deadline = policy.days > 0 && paidAt ? new Date(paidAt.getTime() + policy.days * DAY_MS) : null
  const no = (reason: string): CourseRefundCheck => ({ allowed: false, reason, progressPercent, deadline })

  if (payment.bizType !== 'course') return no('不是课程订单')
  if (payment.status === 'refunded') return no('该订单已退款')
  if (payment.status !== 'paid') return no('该订单未支付，不能退款')
  const asked = await db
    .select({ status: paymentRefunds.status })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, payment.id), ne(paymentRefunds.status, 'failed')))
  if (asked.length) {
    const open = await db
      .select({ id: paymentRefunds.id })
      .from(paymentRefunds)
      .where(
        and(
          eq(paymentRefunds.paymentId, payment.id),
          eq(paymentRefunds.requestKey, COURSE_REFUND_KEY),
          inArray(paymentRefunds.status, ['pending', 'abnormal'])
        )
      )
      .limit(1)
    if (open.length) return { allowed: true, reason: '', progressPercent, deadline }
    return no(asked.some((r) => r.status === 'processing') ? '退款处理中，请等待支付平台结果' : '该订单已有退款')
  }
  if (!order || order.status !== 'paid') return no('课程订单不是已支付状态，不能退款')
  if (policy.days <= 0) return no('课程购买后不支持退款')
  if (!deadline || now.getTime() > deadline.getTime()) return no(`已超过 ${policy.days} 天退款期`)
  if (progress.done * 100 > policy.maxProgress * progress.total)
    return no(`已学 ${progressPercent}%，超过 ${policy.maxProgress}%`)
  return { allowed: true, reason: '', progressPercent, deadline }
}

/**
 * Refunds a course payment in full when the policy allows (a network call: outside any transaction). The access ends
 * when the money is back, by the handler `revokeOnRefund` registers.
 */
export async function refundCourse(
  db: Db,
  payService: PaymentService,
  payment: Payment,
  reason: string
): Promise<RefundOutcome> {
  const check = await courseRefundCheck(db, payment)
  if (!check.allowed) throw new AppError(`不能退款：${check.reason}`)
  return payService.refund(payment.id, { reason, key: COURSE_REFUND_KEY })
}

/** The payment that paid a course order (paid, or refunded since), if any. */
export async function coursePaymentOf(db: Executor, orderId: number): Promise<Payment | undefined> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(
      and(eq(payments.bizType, 'course'), eq(payments.bizId, orderId), inArray(payments.status, ['paid', 'refunded']))
    )
    .orderBy(desc(payments.id))
    .limit(1)
  return payment
}

/** Takes back the access a paid order gave; the student count shrinks only when there was one. */
async function unenroll(tx: Tx, userId: number, courseId: number): Promise<void> {
  const gone = await tx
    .delete(courseEnrollments)
    .where(
      and(
        eq(courseEnrollments.userId, userId),
        eq(courseEnrollments.courseId, courseId),
        eq(courseEnrollments.source, 'order')
      )
    )
    .returning()
  if (gone.length)
    await tx
      .update(courses)
      .set({ students: sql`greatest(${courses.students} - 1, 0)` })
      .where(eq(courses.id, courseId))
}

/**
 * In the transaction that marks a course payment refunded: the paid order closes (so the course may be bought again)
 * and its access ends, and the payer hears the money is back. A late payment of an order already closed granted
 * nothing, so there is nothing to take back.
 */
export function revokeOnRefund(payService: PaymentService, notify: Notifier): void {
  payService.onRefunded(async (tx, payment) => {
    if (payment.bizType !== 'course') return
    const [order] = await tx
      .update(courseOrders)
      .set({ status: 'closed' })
      .where(
        and(
          eq(courseOrders.id, payment.bizId),
          eq(courseOrders.userId, payment.userId),
          eq(courseOrders.status, 'paid')
        )
      )
      .returning()
    if (!order) return
    await unenroll(tx, order.userId, order.courseId)
    await tellPaymentRefunded(tx, notify, payment, MY_COURSE_ORDERS)
  })
}
