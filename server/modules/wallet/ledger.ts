import { eq, sql } from 'drizzle-orm'

import type { Executor, Tx } from '../../db/database'
import { walletLogs, type WalletLogType, wallets } from '../../db/schema'

export type Wallet = typeof wallets.$inferSelect

/** The user's wallet row, created empty on first use; locked for the rest of the transaction. */
export async function lockWallet(tx: Tx, userId: number): Promise<Wallet> {
  await tx.insert(wallets).values({ userId }).onConflictDoNothing()
  const [row] = await tx.select().from(wallets).where(eq(wallets.userId, userId)).for('update').limit(1)
  return row
}

/** Read-only view; a user who never earned has an empty wallet. */
export async function readWallet(db: Executor, userId: number): Promise<Wallet> {
  const [row] = await db.select().from(wallets).where(eq(wallets.userId, userId)).limit(1)
  return (
    row ?? {
      userId,
      availableFen: 0,
      frozenFen: 0,
      totalEarnedFen: 0,
      withdrawnFen: 0,
      owedFen: 0,
      updatedAt: new Date()
    }
  )
}

export interface WalletChange {
  available?: number
  frozen?: number
  earned?: number
  withdrawn?: number
  owed?: number
}

/** Applies signed deltas in one statement; the table's checks refuse any column going below zero. */
export async function changeWallet(tx: Tx, userId: number, d: WalletChange): Promise<void> {
  await tx
    .update(wallets)
    .set({
      availableFen: sql`${wallets.availableFen} + ${d.available ?? 0}`,
      frozenFen: sql`${wallets.frozenFen} + ${d.frozen ?? 0}`,
      totalEarnedFen: sql`${wallets.totalEarnedFen} + ${d.earned ?? 0}`,
      withdrawnFen: sql`${wallets.withdrawnFen} + ${d.withdrawn ?? 0}`,
      owedFen: sql`${wallets.owedFen} + ${d.owed ?? 0}`,
      updatedAt: new Date()
    })
    .where(eq(wallets.userId, userId))
}

/**
 * Money arriving in the available balance pays back what refunds left owing first.
 * The wallet must be locked by the caller.
 */
export function settleOwed(wallet: Wallet, amountFen: number): WalletChange {
  const repay = Math.min(wallet.owedFen, amountFen)
  return { available: amountFen - repay, owed: -repay }
}

export interface NewLog {
  userId: number
  type: WalletLogType
  amountFen: number
  remark: string
  commissionId?: number
  withdrawalId?: number
}

export async function addLog(tx: Tx, log: NewLog): Promise<void> {
  await tx.insert(walletLogs).values({ ...log, remark: log.remark.slice(0, 128) })
}
