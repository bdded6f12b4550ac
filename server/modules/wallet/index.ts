import type { FastifyInstance } from 'fastify'
import { count, desc, eq } from 'drizzle-orm'
import { z } from 'zod'
import { WALLET_LOG_TYPES, withdrawals } from '../../db/schema'
import { offsetOf, paged, pagingFields } from '../../core/paging'
import { userRoute } from '../../core/route'
import { intParam, optional, text } from '../../core/validate'
import type { CashApplyResponse, WalletDetail, Withdrawal, WithdrawalsResponse } from '../../../src/api/contract'
import { earnCommission, releaseDue, reverseCommission } from './commission'
import { listDetails } from './details'
import { readWallet } from './ledger'
import { withdrawRules } from './settings'
import { applyWithdrawal, withdrawnToday, type WithdrawalRow } from './withdrawals'
import { scheduleSweep } from '../../core/sweep'

/** How often frozen commission past its refund window is released without anyone reading. */
const SWEEP_INTERVAL_MS = 10 * 60_000

const detailsInput = z.object({
  ...pagingFields,
  type: optional(z.enum(WALLET_LOG_TYPES)),
  month: optional(z.string().trim().regex(/^\d{4}-(0[1-9]|1[0-2])$/))
})

const applyInput = z.object({
  amount_fen: intParam(1, 100_000_000),
  real_name: text(32, 2).regex(/^[\u4e00-\u9fa5·A-Za-z ]+$/)
})

function toWithdrawal(w: WithdrawalRow): Withdrawal {
  return {
    id: w.id,
    amount_fen: w.amountFen,
    real_name: w.realName,
    status: w.status,
    reject_reason: w.rejectReason,
    created_at: w.createdAt.toISOString(),
    reviewed_at: w.reviewedAt ? w.reviewedAt.toISOString() : ''
  }
}

/** Wallet, referral commission and withdrawals (user.wallet/*, user.cash/*). */
export default async function walletModule(app: FastifyInstance): Promise<void> {
  const { payments } = app.services
  payments.onAnyPaid(earnCommission)
  payments.onRefunded(reverseCommission)

  scheduleSweep(app, 'commission release sweep', SWEEP_INTERVAL_MS, () => releaseDue(app.db))

  userRoute(app, { method: 'GET', path: '/user.wallet/detail', input: z.object({}) }, async ({ userId }): Promise<WalletDetail> => {
    await releaseDue(app.db, userId)
    const [wallet, rules, today] = await Promise.all([readWallet(app.db, userId), withdrawRules(app.db), withdrawnToday(app.db, userId)])
    return {
      available_fen: wallet.availableFen,
      frozen_fen: wallet.frozenFen,
      total_earned_fen: wallet.totalEarnedFen,
      withdrawn_fen: wallet.withdrawnFen,
      owed_fen: wallet.owedFen,
      withdraw_min_fen: rules?.minFen ?? 0,
      withdraw_daily_limit_fen: rules?.dailyLimitFen ?? 0,
      withdraw_today_fen: today
    }
  })

  userRoute(app, { method: 'GET', path: '/user.wallet/lists', input: detailsInput }, async ({ input, userId }) => {
    await releaseDue(app.db, userId)
    return listDetails(app.db, userId, input)
  })

  userRoute(app, { method: 'POST', path: '/user.cash/apply', input: applyInput }, async ({ input, userId }): Promise<CashApplyResponse> => {
    await releaseDue(app.db, userId)
    return { withdrawal: toWithdrawal(await applyWithdrawal(app.db, userId, input.amount_fen, input.real_name)) }
  })

  userRoute(app, { method: 'GET', path: '/user.cash/lists', input: z.object(pagingFields) }, async ({ input, userId }): Promise<WithdrawalsResponse> => {
    const where = eq(withdrawals.userId, userId)
    const [rows, [{ n }]] = await Promise.all([
      app.db
        .select()
        .from(withdrawals)
        .where(where)
        .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
        .limit(input.per_page)
        .offset(offsetOf(input.page, input.per_page)),
      app.db.select({ n: count() }).from(withdrawals).where(where)
    ])
    return paged(rows.map(toWithdrawal), n, input.page, input.per_page)
  })
}
