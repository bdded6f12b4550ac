import { and, count, desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type {
  CashApplyResponse,
  CashReceiveResponse,
  WalletDetail,
  Withdrawal,
  WithdrawalsResponse
} from '../../../contract'
import { AppError, ownedBy } from '../../core/envelope'
import { offsetOf, paged, pagingFields } from '../../core/paging'
import { clientKind } from '../../core/request-params'
import { userRoute } from '../../core/route'
import { scheduleSweep } from '../../core/sweep'
import { idParam, intParam, optional, text } from '../../core/validate'
import { WALLET_LOG_TYPES, wechatAccounts, withdrawals } from '../../db/schema'
import { earnCommission, followRefund, releaseDue, reverseCommission } from './commission'
import { listDetails } from './details'
import { readWallet } from './ledger'
import { tellFinished } from './notices'
import { IN_FLIGHT } from './payouts'
import { withdrawRules } from './settings'
import { applyWithdrawal, type Payee, type WithdrawalRow, withdrawnToday } from './withdrawals'

/** How often frozen commission past its refund window is released without anyone reading. */
const SWEEP_INTERVAL_MS = 10 * 60_000
/** How often transfers under way are asked about at WeChat Pay (their notice may never come). */
const TRANSFER_SWEEP_MS = 2 * 60_000

const detailsInput = z.object({
  ...pagingFields,
  type: optional(z.enum(WALLET_LOG_TYPES)),
  month: optional(
    z
      .string()
      .trim()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
  )
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
    fail_reason: w.failReason,
    created_at: w.createdAt.toISOString(),
    reviewed_at: w.reviewedAt ? w.reviewedAt.toISOString() : '',
    finished_at: w.finishedAt ? w.finishedAt.toISOString() : ''
  }
}

/** Wallet, referral commission and withdrawals (user.wallet/*, user.cash/*). */
export default async function walletModule(app: FastifyInstance): Promise<void> {
  const { payments, payouts, notify } = app.services
  payments.onAnyPaid(earnCommission)
  payments.onRefunded(reverseCommission)
  payments.onRefundSucceeded(followRefund)
  payouts.useLog(app.log)
  payouts.onFinished((tx, row) => tellFinished(tx, notify, row))

  scheduleSweep(app, 'commission release sweep', SWEEP_INTERVAL_MS, () => releaseDue(app.db))
  scheduleSweep(app, 'wallet: following withdrawal transfers', TRANSFER_SWEEP_MS, () => payouts.follow())

  /** The WeChat app of each client kind: a transfer is accepted in the app whose openid it was made to. */
  const appOf = { h5: app.config.wechat.appId, wxapp: app.config.wechat.mpAppId }

  /**
   * WeChat Pay pays into the change of the user's openid in the app they apply from (any of theirs from a plain
   * browser).
   */
  async function payeeOf(userId: number, kind: 'h5' | 'wxapp' | 'web'): Promise<Payee | undefined> {
    if (payouts.provider.name === 'sandbox') return undefined
    const apps = kind === 'web' ? [appOf.h5, appOf.wxapp] : [appOf[kind]]
    for (const appId of apps) {
      const [account] = await app.db
        .select({ openid: wechatAccounts.openid })
        .from(wechatAccounts)
        .where(and(eq(wechatAccounts.userId, userId), eq(wechatAccounts.appId, appId)))
        .limit(1)
      if (account) return { appId, openid: account.openid }
    }
    throw new AppError('提现将转入你的微信零钱，请在微信中打开并登录后再申请')
  }

  const ownWithdrawal = async (id: number, userId: number) => {
    const [row] = await app.db.select().from(withdrawals).where(eq(withdrawals.id, id)).limit(1)
    return ownedBy(row, userId, '提现记录不存在')
  }

  userRoute(
    app,
    { method: 'GET', path: '/user.wallet/detail', input: z.object({}) },
    async ({ userId }): Promise<WalletDetail> => {
      await releaseDue(app.db, userId)
      const [wallet, rules, today] = await Promise.all([
        readWallet(app.db, userId),
        withdrawRules(app.db),
        withdrawnToday(app.db, userId)
      ])
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
    }
  )

  userRoute(app, { method: 'GET', path: '/user.wallet/lists', input: detailsInput }, async ({ input, userId }) => {
    await releaseDue(app.db, userId)
    return listDetails(app.db, userId, input)
  })

  userRoute(
    app,
    { method: 'POST', path: '/user.cash/apply', input: applyInput },
    async ({ input, userId, req }): Promise<CashApplyResponse> => {
      await releaseDue(app.db, userId)
      const payee = await payeeOf(userId, clientKind(req))
      return {
        withdrawal: toWithdrawal(
          await applyWithdrawal(app.db, notify, userId, input.amount_fen, input.real_name, payee)
        )
      }
    }
  )

  // A transfer under way is asked about when its user looks (after 确认收款, say): the page shows what WeChat says.
  userRoute(
    app,
    { method: 'GET', path: '/user.cash/detail', input: z.object({ id: idParam() }) },
    async ({ input, userId }): Promise<Withdrawal> => {
      const row = await ownWithdrawal(input.id, userId)
      if (!IN_FLIGHT.includes(row.status)) return toWithdrawal(row)
      await payouts.follow({ id: row.id })
      return toWithdrawal(await ownWithdrawal(input.id, userId))
    }
  )

  // What WeChat's 确认收款 needs, from the app the transfer was made in.
  userRoute(
    app,
    { method: 'POST', path: '/user.cash/receive', input: z.object({ id: idParam() }) },
    async ({ input, userId, req }): Promise<CashReceiveResponse> => {
      const row = await ownWithdrawal(input.id, userId)
      if (row.status !== 'wait_confirm' || !row.packageInfo) throw new AppError('该提现不在待确认收款状态')
      if (row.provider === 'wechat') {
        const kind = clientKind(req)
        if (kind === 'web' || appOf[kind] !== row.appId)
          throw new AppError(
            row.appId === appOf.wxapp ? '请在微信小程序中打开钱包确认收款' : '请在微信中打开钱包确认收款'
          )
      }
      return {
        provider: row.provider === 'wechat' ? 'wechat' : 'sandbox',
        mch_id: app.config.pay.wechat.mchId,
        app_id: row.appId,
        package_info: row.packageInfo
      }
    }
  )

  // The sandbox's stand-in for WeChat's 确认收款 page: the user accepts (已到账) or declines (转账失败已退回).
  if (payouts.provider.name === 'sandbox') {
    for (const [path, state] of [
      ['/pay.sandbox/receiveTransfer', 'SUCCESS'],
      ['/pay.sandbox/declineTransfer', 'CANCELLED']
    ] as const) {
      userRoute(
        app,
        { method: 'POST', path, input: z.object({ id: idParam() }) },
        async ({ input, userId }): Promise<Withdrawal> => {
          const row = await ownWithdrawal(input.id, userId)
          if (row.status !== 'wait_confirm' || row.provider !== 'sandbox' || !row.outBillNo)
            throw new AppError('该提现不在待确认收款状态')
          return toWithdrawal(await payouts.settle(row.outBillNo, { state }))
        }
      )
    }
  }

  userRoute(
    app,
    { method: 'GET', path: '/user.cash/lists', input: z.object(pagingFields) },
    async ({ input, userId }): Promise<WithdrawalsResponse> => {
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
    }
  )
}
