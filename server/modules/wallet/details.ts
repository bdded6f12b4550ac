import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm'

import type { WalletLog, WalletLogsResponse } from '../../../contract'
import { chinaMonthRange } from '../../../contract/china-time'
import { offsetOf, paged } from '../../core/paging'
import type { Executor } from '../../db/database'
import { commissions, walletLogs, type WalletLogType, withdrawals } from '../../db/schema'

export interface DetailsQuery {
  page: number
  per_page: number
  type?: WalletLogType
  month?: string
}

/** Income and expense details of one user, each with the current state of what it came from. */
export async function listDetails(db: Executor, userId: number, q: DetailsQuery): Promise<WalletLogsResponse> {
  const filters: SQL[] = [eq(walletLogs.userId, userId)]
  if (q.type) filters.push(eq(walletLogs.type, q.type))
  if (q.month) {
    const [from, to] = chinaMonthRange(q.month)
    filters.push(gte(walletLogs.createdAt, from), lt(walletLogs.createdAt, to))
  }
  const where = and(...filters)
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        id: walletLogs.id,
        type: walletLogs.type,
        amountFen: walletLogs.amountFen,
        remark: walletLogs.remark,
        createdAt: walletLogs.createdAt,
        commissionStatus: commissions.status,
        releaseAt: commissions.releaseAt,
        withdrawalStatus: withdrawals.status
      })
      .from(walletLogs)
      .leftJoin(commissions, eq(commissions.id, walletLogs.commissionId))
      .leftJoin(withdrawals, eq(withdrawals.id, walletLogs.withdrawalId))
      .where(where)
      .orderBy(desc(walletLogs.createdAt), desc(walletLogs.id))
      .limit(q.per_page)
      .offset(offsetOf(q.page, q.per_page)),
    db.select({ n: count() }).from(walletLogs).where(where)
  ])
  const list: WalletLog[] = rows.map((r) => ({
    id: r.id,
    type: r.type,
    amount_fen: r.amountFen,
    title: r.remark,
    status:
      r.type === 'commission' ? (r.commissionStatus ?? '') : r.type === 'withdraw' ? (r.withdrawalStatus ?? '') : '',
    release_at:
      r.type === 'commission' && r.commissionStatus === 'frozen' && r.releaseAt ? r.releaseAt.toISOString() : '',
    created_at: r.createdAt.toISOString()
  }))
  return paged(list, n, q.page, q.per_page)
}
