import { and, eq, gte, ne, sql } from 'drizzle-orm'
import type { Db, Executor, Tx } from '../../db/database'
import { withdrawals } from '../../db/schema'
import { AppError } from '../../core/envelope'
import { formatYuan } from './money'
import { chinaDayStart } from '../../../src/core/china-time'
import { addLog, changeWallet, lockWallet, settleOwed } from './ledger'
import { requireWithdrawRules } from './settings'

export type WithdrawalRow = typeof withdrawals.$inferSelect

/** Requested today (China day) and not rejected: what counts against the daily limit. */
export async function withdrawnToday(db: Executor, userId: number, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${withdrawals.amountFen}), 0)` })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), ne(withdrawals.status, 'rejected'), gte(withdrawals.createdAt, chinaDayStart(now))))
  return Number(row.sum)
}

/**
 * A withdrawal request. The wallet row is locked first, so two requests of one user run one after
 * the other: the balance and the daily limit are checked against what the other one left.
 */
export async function applyWithdrawal(db: Db, userId: number, amountFen: number, realName: string): Promise<WithdrawalRow> {
  const rules = await requireWithdrawRules(db)
  if (amountFen < rules.minFen) throw new AppError(`单笔提现不能少于 ${formatYuan(rules.minFen)} 元`)
  return db.transaction(async (tx) => {
    const wallet = await lockWallet(tx, userId)
    if (wallet.availableFen < amountFen) throw new AppError(`可提现余额不足（当前 ${formatYuan(wallet.availableFen)} 元）`)
    const today = await withdrawnToday(tx, userId)
    if (today + amountFen > rules.dailyLimitFen) {
      throw new AppError(`超出每日提现限额 ${formatYuan(rules.dailyLimitFen)} 元（今日已申请 ${formatYuan(today)} 元）`)
    }
    await changeWallet(tx, userId, { available: -amountFen, withdrawn: amountFen })
    const [row] = await tx.insert(withdrawals).values({ userId, amountFen, realName }).returning()
    await addLog(tx, { userId, type: 'withdraw', amountFen: -amountFen, withdrawalId: row.id, remark: '提现至微信零钱' })
    return row
  })
}

export type ReviewDecision = { status: 'paid' } | { status: 'rejected'; reason: string }

/**
 * The operator's decision on a pending withdrawal (the console's 提现 screen): paid once the money
 * was sent, or rejected with a reason, which returns the amount to the available balance.
 */
export async function reviewWithdrawal(
  db: Db,
  id: number,
  decision: ReviewDecision,
  /** Runs in the decision's transaction (the console's audit row). */
  inTx?: (tx: Tx, before: WithdrawalRow, after: WithdrawalRow) => Promise<void>
): Promise<WithdrawalRow> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update').limit(1)
    if (!current) throw new AppError('提现申请不存在')
    if (current.status !== 'pending') throw new AppError(`该提现申请已处理（${current.status}）`)
    const reason = decision.status === 'rejected' ? decision.reason.trim().slice(0, 128) : ''
    if (decision.status === 'rejected' && !reason) throw new AppError('驳回原因不能为空')
    const [row] = await tx
      .update(withdrawals)
      .set({ status: decision.status, rejectReason: reason, reviewedAt: new Date() })
      .where(eq(withdrawals.id, id))
      .returning()
    if (decision.status === 'rejected') {
      const wallet = await lockWallet(tx, current.userId)
      await changeWallet(tx, current.userId, { withdrawn: -current.amountFen, ...settleOwed(wallet, current.amountFen) })
      await addLog(tx, { userId: current.userId, type: 'withdraw_return', amountFen: current.amountFen, withdrawalId: id, remark: `提现被驳回退回：${reason}` })
    }
    await inTx?.(tx, current, row)
    return row
  })
}
