import { and, eq, lte, sql } from 'drizzle-orm'

import { DAY_MS } from '../../../contract/china-time'
import type { Db, Tx } from '../../db/database'
import { commissionRules, commissions, paymentRefunds, shopOrders, users } from '../../db/schema'
import type { Payment } from '../payment/provider'
import { BIZ_TYPE_NAMES, BP_SCALE, LEVEL_NAMES } from './labels'
import { addLog, changeWallet, lockWallet, settleOwed } from './ledger'

interface Referrer {
  userId: number
  level: 1 | 2
}

/** The payer's referrer and that referrer's referrer (kept at binding time), when still active. */
async function referrersOf(tx: Tx, payerId: number): Promise<{ payerName: string; referrers: Referrer[] }> {
  const [payer] = await tx
    .select({ nickname: users.nickname, refereeId: users.refereeId, refereeParentId: users.refereeParentId })
    .from(users)
    .where(eq(users.id, payerId))
    .limit(1)
  if (!payer) return { payerName: '', referrers: [] }
  const candidates: Referrer[] = []
  if (payer.refereeId) candidates.push({ userId: payer.refereeId, level: 1 })
  if (payer.refereeParentId && payer.refereeParentId !== payerId)
    candidates.push({ userId: payer.refereeParentId, level: 2 })
  const active: Referrer[] = []
  for (const c of candidates) {
    const [u] = await tx
      .select({ status: users.status, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, c.userId))
      .limit(1)
    if (u && u.status === 0 && !u.deletedAt) active.push(c)
  }
  return { payerName: payer.nickname || `用户${payerId}`, referrers: active }
}

/**
 * What commission is earned on: what was paid for the goods or the course, not the shipping fee, which
 * pays the carrier (a shop order's freight is left out).
 */
async function commissionBase(tx: Tx, payment: Payment): Promise<number> {
  if (payment.bizType !== 'goods') return payment.amountFen
  const [order] = await tx
    .select({ freight: shopOrders.freight })
    .from(shopOrders)
    .where(eq(shopOrders.id, payment.bizId))
    .limit(1)
  return Math.max(0, payment.amountFen - (order?.freight ?? 0))
}

/**
 * Runs in the transaction that marks a payment paid: the referrer and the referrer's referrer each
 * earn the rate of the payment's business type on its base, frozen until its refund window has passed.
 */
export async function earnCommission(tx: Tx, payment: Payment): Promise<void> {
  const [rule] = await tx.select().from(commissionRules).where(eq(commissionRules.bizType, payment.bizType)).limit(1)
  if (!rule) return
  const baseFen = await commissionBase(tx, payment)
  const { payerName, referrers } = await referrersOf(tx, payment.userId)
  const paidAt = payment.paidAt ?? new Date()
  const releaseAt = new Date(paidAt.getTime() + rule.refundDays * DAY_MS)
  for (const { userId, level } of referrers) {
    const rateBp = level === 1 ? rule.level1Bp : rule.level2Bp
    const amountFen = Math.floor((baseFen * rateBp) / BP_SCALE)
    if (amountFen <= 0) continue
    const [row] = await tx
      .insert(commissions)
      .values({
        userId,
        fromUserId: payment.userId,
        paymentId: payment.id,
        level,
        bizType: payment.bizType,
        baseFen,
        rateBp,
        amountFen,
        releaseAt
      })
      .onConflictDoNothing()
      .returning({ id: commissions.id })
    if (!row) continue
    await lockWallet(tx, userId)
    await changeWallet(tx, userId, { frozen: amountFen, earned: amountFen })
    const who = level === 1 ? '好友' : '二级好友'
    await addLog(tx, {
      userId,
      type: 'commission',
      amountFen,
      commissionId: row.id,
      remark: `${who}「${payerName}」购买${BIZ_TYPE_NAMES[payment.bizType]} · ${LEVEL_NAMES[level]}`
    })
  }
}

type CommissionRow = typeof commissions.$inferSelect

/**
 * Brings one commission down to `targetFen`: frozen money is cancelled, money already available is taken back
 * (what was withdrawn meanwhile is owed and settled from later income). At 0 the row ends (cancelled or reversed);
 * above 0 it keeps its status with the smaller amount, so a later refund takes back only what is left.
 */
async function lowerCommission(tx: Tx, c: CommissionRow, targetFen: number, remark: string): Promise<void> {
  const cut = c.amountFen - targetFen
  if (cut <= 0) return
  const wallet = await lockWallet(tx, c.userId)
  const ends = targetFen <= 0
  const level = LEVEL_NAMES[c.level as 1 | 2]
  if (c.status === 'frozen') {
    await tx
      .update(commissions)
      .set(ends ? { status: 'cancelled', settledAt: new Date() } : { amountFen: targetFen })
      .where(eq(commissions.id, c.id))
    await changeWallet(tx, c.userId, { frozen: -cut, earned: -cut })
    if (!ends)
      await addLog(tx, {
        userId: c.userId,
        type: 'refund',
        amountFen: -cut,
        commissionId: c.id,
        remark: `${remark}${level}`
      })
    return
  }
  const taken = Math.min(wallet.availableFen, cut)
  await tx
    .update(commissions)
    .set(ends ? { status: 'reversed', settledAt: new Date() } : { amountFen: targetFen })
    .where(eq(commissions.id, c.id))
  await changeWallet(tx, c.userId, { available: -taken, owed: cut - taken, earned: -cut })
  await addLog(tx, {
    userId: c.userId,
    type: 'refund',
    amountFen: -cut,
    commissionId: c.id,
    remark: `${remark}${level}`
  })
}

async function openCommissions(tx: Tx, paymentId: number): Promise<CommissionRow[]> {
  return tx
    .select()
    .from(commissions)
    .where(and(eq(commissions.paymentId, paymentId), sql`${commissions.status} in ('frozen', 'available')`))
    .orderBy(commissions.userId)
    .for('update')
}

/** Runs in the transaction that refunds a payment in full: its commission is cancelled or taken back. */
export async function reverseCommission(tx: Tx, payment: Payment): Promise<void> {
  for (const c of await openCommissions(tx, payment.id)) await lowerCommission(tx, c, 0, '订单退款 · 扣回')
}

/**
 * Runs in the transaction of each refund that went back: the commission becomes what the base not yet refunded
 * earns at its rate. Refunds count against the base first (a shop order's freight comes back only with its last
 * goods), so a partial refund of goods lowers the commission in proportion.
 */
export async function followRefund(tx: Tx, payment: Payment): Promise<void> {
  const [{ total }] = await tx
    .select({ total: sql<string>`coalesce(sum(${paymentRefunds.amountFen}), 0)` })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, payment.id), eq(paymentRefunds.status, 'succeeded')))
  const refunded = Number(total)
  const remark = refunded >= payment.amountFen ? '订单退款 · 扣回' : '部分退款 · 扣回'
  for (const c of await openCommissions(tx, payment.id)) {
    const target = Math.floor((Math.max(0, c.baseFen - refunded) * c.rateBp) / BP_SCALE)
    await lowerCommission(tx, c, target, remark)
  }
}

/** Makes one user's commission whose refund window has passed available; each row exactly once. */
async function releaseForUser(db: Db, userId: number, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    // Commission rows first, then the wallet: the same lock order as payments and refunds.
    const released = await tx
      .update(commissions)
      .set({ status: 'available', settledAt: now })
      .where(and(eq(commissions.userId, userId), eq(commissions.status, 'frozen'), lte(commissions.releaseAt, now)))
      .returning({ amountFen: commissions.amountFen })
    const total = released.reduce((s, r) => s + r.amountFen, 0)
    if (total === 0) return 0
    const wallet = await lockWallet(tx, userId)
    await changeWallet(tx, userId, { frozen: -total, ...settleOwed(wallet, total) })
    return total
  })
}

/** The sweep: at start-up, on a timer, and for one user before their wallet is read or spent. */
export async function releaseDue(db: Db, userId?: number, now = new Date()): Promise<number> {
  const due = await db
    .selectDistinct({ userId: commissions.userId })
    .from(commissions)
    .where(
      and(
        eq(commissions.status, 'frozen'),
        lte(commissions.releaseAt, now),
        userId ? eq(commissions.userId, userId) : undefined
      )
    )
  let total = 0
  for (const u of due) total += await releaseForUser(db, u.userId, now)
  return total
}
