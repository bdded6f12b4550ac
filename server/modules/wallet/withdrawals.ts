import { and, eq, gte, notInArray, sql } from 'drizzle-orm'

import { chinaDayStart } from '../../../contract/china-time'
import { AppError } from '../../core/envelope'
import { formatYuan } from '../../core/money'
import type { Db, Executor, Tx } from '../../db/database'
import { withdrawals } from '../../db/schema'
import type { Notifier } from '../notify/notifier'
import { addLog, changeWallet, lockWallet, settleOwed } from './ledger'
import { tellFinished, tellRequested } from './notices'
import { requireWithdrawRules } from './settings'

export type WithdrawalRow = typeof withdrawals.$inferSelect

/** Requested today (China day), not rejected and not failed: what counts against the daily limit. */
export async function withdrawnToday(db: Executor, userId: number, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${withdrawals.amountFen}), 0)` })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        notInArray(withdrawals.status, ['rejected', 'failed']),
        gte(withdrawals.createdAt, chinaDayStart(now))
      )
    )
  return Number(row.sum)
}

/** Whose WeChat change a withdrawal goes to: the user's openid under the app they applied from. */
export interface Payee {
  appId: string
  openid: string
}

/**
 * A withdrawal request. The wallet row is locked first, so two requests of one user run one after
 * the other: the balance and the daily limit are checked against what the other one left.
 */
export async function applyWithdrawal(
  db: Db,
  notify: Notifier,
  userId: number,
  amountFen: number,
  realName: string,
  payee: Payee = { appId: '', openid: '' }
): Promise<WithdrawalRow> {
  const rules = await requireWithdrawRules(db)
  if (amountFen < rules.minFen) throw new AppError(`单笔提现不能少于 ${formatYuan(rules.minFen)} 元`)
  return db.transaction(async (tx) => {
    const wallet = await lockWallet(tx, userId)
    if (wallet.availableFen < amountFen)
      throw new AppError(`可提现余额不足（当前 ${formatYuan(wallet.availableFen)} 元）`)
    const today = await withdrawnToday(tx, userId)
    if (today + amountFen > rules.dailyLimitFen) {
      throw new AppError(`超出每日提现限额 ${formatYuan(rules.dailyLimitFen)} 元（今日已申请 ${formatYuan(today)} 元）`)
    }
    await changeWallet(tx, userId, { available: -amountFen, withdrawn: amountFen })
    const [row] = await tx
      .insert(withdrawals)
      .values({ userId, amountFen, realName, ...payee })
      .returning()
    await addLog(tx, {
      userId,
      type: 'withdraw',
      amountFen: -amountFen,
      withdrawalId: row.id,
      remark: '提现至微信零钱'
    })
    await tellRequested(tx, notify, row)
    return row
  })
}

/**
 * The operator refuses a pending withdrawal with a reason: the amount returns to the available balance.
 * Approval pays it (Payouts.approve).
 */
export async function rejectWithdrawal(
  db: Db,
  notify: Notifier,
  id: number,
  reasonText: string,
  /** Runs in the decision's transaction (the console's audit row). */
  inTx?: (tx: Tx, before: WithdrawalRow, after: WithdrawalRow) => Promise<void>
): Promise<WithdrawalRow> {
  const reason = reasonText.trim().slice(0, 128)
  if (!reason) throw new AppError('驳回原因不能为空')
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update').limit(1)
    if (!current) throw new AppError('提现申请不存在')
    if (current.status !== 'pending') throw new AppError(`该提现申请已处理（${current.status}）`)
    const [row] = await tx
      .update(withdrawals)
      .set({ status: 'rejected', rejectReason: reason, reviewedAt: new Date() })
      .where(eq(withdrawals.id, id))
      .returning()
    const wallet = await lockWallet(tx, current.userId)
    await changeWallet(tx, current.userId, { withdrawn: -current.amountFen, ...settleOwed(wallet, current.amountFen) })
    await addLog(tx, {
      userId: current.userId,
      type: 'withdraw_return',
      amountFen: current.amountFen,
      withdrawalId: id,
      remark: `提现被驳回退回：${reason}`
    })
    await inTx?.(tx, current, row)
    await tellFinished(tx, notify, row)
    return row
  })
}
