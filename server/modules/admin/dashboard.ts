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
import type { Permission } from './permissions'

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

type PendingKey = keyof AdminDashboard['pending']

const one = async (rows: Promise<{ n: number }[]>) => (await rows)[0].n

/**
 * What waits for an operator's hand right now, with the permission that acts on it (the same as the notice of each
 * kind, notify/events.ts): the dashboard shows them all, the console's bell those its operator may act on.
 */
export const PENDING_WORK: Record<PendingKey, { permission: Permission; count: (db: Db) => Promise<number> }> = {
  to_ship: {
    permission: 'order.ship',
    count: (db) =>
      one(
        db
          .select({ n: count() })
          .from(shopOrders)
          .where(and(eq(shopOrders.status, 'to_ship'), sql`${shopOrders.refundStatus} <> 'applied'`))
      )
  },
  refunds: {
    permission: 'refund.decide',
    count: (db) => one(db.select({ n: count() }).from(shopOrders).where(eq(shopOrders.refundStatus, 'applied')))
  },
  withdrawals: {
    permission: 'withdrawal.decide',
    count: (db) => one(db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.status, 'pending')))
  },
  // What users submitted and waits for a reviewer (the same rows the review tools list).
  articles: {
    permission: 'review.decide',
    count: (db) =>
      one(
        db
          .select({ n: count() })
          .from(articles)
          .where(and(eq(articles.status, 'pending'), eq(articles.visible, true)))
      )
  },
  certificates: {
    permission: 'certificate.review',
    count: (db) =>
      one(
        db.select({ n: count() }).from(certificateApplications).where(eq(certificateApplications.status, 'reviewing'))
      )
  },
  memberships: {
    permission: 'membership.review',
    count: (db) =>
      one(db.select({ n: count() }).from(membershipApplications).where(eq(membershipApplications.status, 'reviewing')))
  }
}

export const PENDING_KEYS = Object.keys(PENDING_WORK) as PendingKey[]

/** The pending figures of the given kinds (all by default), counted together. */
export async function pendingWork<K extends PendingKey>(
  db: Db,
  keys: readonly K[] = PENDING_KEYS as K[]
): Promise<Record<K, number>> {
  const counts = await Promise.all(keys.map((k) => PENDING_WORK[k].count(db)))
  return Object.fromEntries(keys.map((k, i) => [k, counts[i]])) as Record<K, number>
}

export async function dashboard(db: Db, now = new Date()): Promise<AdminDashboard> {
  const today = chinaDayStart(now)
  const daysAgo = (n: number) => new Date(today.getTime() - n * DAY_MS)
  const pending = await pendingWork(db)
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
    pending,
    revenue_by_day
  }
}
