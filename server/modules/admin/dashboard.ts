import { and, count, countDistinct, eq, gte, inArray, sql, sum } from 'drizzle-orm'

import type { AdminDashboard, AdminPeriodFigures } from '../../../contract/admin'
import { CHINA_OFFSET_MS, chinaDayStart, DAY_MS } from '../../../contract/china-time'
import type { Db } from '../../db/database'
import {
  articles,
  certificateApplications,
  membershipApplications,
  paymentRefunds,
  payments,
  shopOrders,
  users,
  withdrawals
} from '../../db/schema'

// Money figures count every business (goods, courses, services ...) from the payments table: a
// payment is revenue when it was paid, whatever happened later; refunds are counted when they succeeded.
const PAID = inArray(payments.status, ['paid', 'refunded'])

async function figuresSince(db: Db, since: Date): Promise<AdminPeriodFigures> {
  const [paid] = await db
    .select({ orders: count(), revenue: sum(payments.amountFen), payers: countDistinct(payments.userId) })
    .from(payments)
    .where(and(PAID, gte(payments.paidAt, since)))
  const [refunded] = await db
    .select({ n: count(), fen: sum(paymentRefunds.amountFen) })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.status, 'succeeded'), gte(paymentRefunds.finishedAt, since)))
  const [joined] = await db.select({ n: count() }).from(users).where(gte(users.createdAt, since))
  return {
    orders: paid.orders,
    revenue_fen: Number(paid.revenue ?? 0),
    refunds: refunded.n,
    refund_fen: Number(refunded.fen ?? 0),
    new_users: joined.n,
    paying_users: paid.payers
  }
}

export async function dashboard(db: Db, now = new Date()): Promise<AdminDashboard> {
  const today = chinaDayStart(now)
  const daysAgo = (n: number) => new Date(today.getTime() - n * DAY_MS)
  const [toShip] = await db
    .select({ n: count() })
    .from(shopOrders)
    .where(and(eq(shopOrders.status, 'to_ship'), sql`${shopOrders.refundStatus} <> 'applied'`))
  const [refunds] = await db.select({ n: count() }).from(shopOrders).where(eq(shopOrders.refundStatus, 'applied'))
  const [pendingWithdrawals] = await db
    .select({ n: count() })
    .from(withdrawals)
    .where(eq(withdrawals.status, 'pending'))
  // What users submitted and waits for a reviewer (the same rows the review tools list).
  const [pendingArticles] = await db
    .select({ n: count() })
    .from(articles)
    .where(and(eq(articles.status, 'pending'), eq(articles.visible, true)))
  const [pendingCertificates] = await db
    .select({ n: count() })
    .from(certificateApplications)
    .where(eq(certificateApplications.status, 'reviewing'))
  const [pendingMemberships] = await db
    .select({ n: count() })
    .from(membershipApplications)
    .where(eq(membershipApplications.status, 'reviewing'))
  // Grouped by China day: shift to UTC+8 before taking the date.
  const day = sql<string>`to_char(${payments.paidAt} + interval '${sql.raw(String(CHINA_OFFSET_MS / 3_600_000))} 
    hours', 'YYYY-MM-DD')`
  const byDay = await db
    .select({ day, revenue: sum(payments.amountFen), orders: count() })
    .from(payments)
    .where(and(PAID, gte(payments.paidAt, daysAgo(29))))
    .groupBy(day)
  const found = new Map(byDay.map((r) => [r.day, r]))
  const revenue_by_day = Array.from({ length: 30 }, (_, i) => {
    const date = new Date(daysAgo(29 - i).getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10)
    const r = found.get(date)
    return { date, revenue_fen: Number(r?.revenue ?? 0), orders: r?.orders ?? 0 }
  })
  return {
    today: await figuresSince(db, today),
    days7: await figuresSince(db, daysAgo(6)),
    days30: await figuresSince(db, daysAgo(29)),
    pending: {
      to_ship: toShip.n,
      refunds: refunds.n,
      withdrawals: pendingWithdrawals.n,
      articles: pendingArticles.n,
      certificates: pendingCertificates.n,
      memberships: pendingMemberships.n
    },
    revenue_by_day
  }
}
