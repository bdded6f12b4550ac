import crypto from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Db, Executor, Tx } from '../../db/database'
import { payments, wechatAccounts, type PaymentBizType } from '../../db/schema'
import { AppError } from '../../core/envelope'
import type { PayStart } from '../../../src/api/contract'
import type { Payment, PayProvider } from './provider'

export type PaidHandler = (tx: Tx, payment: Payment) => Promise<void>

export interface NewPayment {
  userId: number
  bizType: PaymentBizType
  bizId: number
  amountFen: number
  description: string
}

/** Largest single payment accepted: 1,000,000 yuan. */
export const MAX_AMOUNT_FEN = 100_000_000

/** 14 digits of local time then 10 random digits: unique, sortable, within WeChat's 32 characters. */
export function newOutTradeNo(now = new Date()): string {
  const p = (n: number, w = 2) => String(n).padStart(w, '0')
  const stamp = `${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}`
  return stamp + String(crypto.randomInt(0, 1e10)).padStart(10, '0')
}

export type PaidOutcome = 'paid' | 'already_paid'

/**
 * The one payment service of every paid thing. Domains create payments inside their own
 * transaction and register what happens when one is paid; that handler runs exactly once, in the
 * same transaction that marks the payment paid.
 */
export class PaymentService {
  private readonly handlers = new Map<PaymentBizType, PaidHandler>()
  private readonly anyPaidHandlers: PaidHandler[] = []
  private readonly refundedHandlers: PaidHandler[] = []

  constructor(
    private readonly db: Db,
    readonly provider: PayProvider
  ) {}

  onPaid(bizType: PaymentBizType, handler: PaidHandler): void {
    if (this.handlers.has(bizType)) throw new Error(`payment handler for ${bizType} registered twice`)
    this.handlers.set(bizType, handler)
  }

  /** Runs for every payment of any business type, after its own onPaid handler, in the same transaction. */
  onAnyPaid(handler: PaidHandler): void {
    this.anyPaidHandlers.push(handler)
  }

  /** Runs once for every payment that becomes refunded, inside the transaction that refunds it. */
  onRefunded(handler: PaidHandler): void {
    this.refundedHandlers.push(handler)
  }

  async createPayment(tx: Executor, p: NewPayment): Promise<Payment> {
    if (!Number.isInteger(p.amountFen) || p.amountFen <= 0 || p.amountFen > MAX_AMOUNT_FEN) throw new AppError('支付金额不正确')
    const [row] = await tx
      .insert(payments)
      .values({ ...p, description: p.description.slice(0, 127), outTradeNo: newOutTradeNo(), provider: this.provider.name })
      .returning()
    return row
  }

  /** What the client needs to pay; for WeChat the payer's openid in the app they use. */
  async start(payment: Payment, client: 'h5' | 'wxapp' | 'web', appIds: { h5: string; wxapp: string }): Promise<PayStart> {
    if (payment.status !== 'created') throw new AppError('该订单已支付或已关闭')
    if (this.provider.name === 'sandbox') return this.provider.start(payment, {})
    if (client === 'web') throw new AppError('请在微信中打开后支付')
    const appId = appIds[client]
    const [account] = await this.db
      .select({ openid: wechatAccounts.openid })
      .from(wechatAccounts)
      .where(and(eq(wechatAccounts.userId, payment.userId), eq(wechatAccounts.appId, appId)))
      .limit(1)
    if (!account) throw new AppError('请先使用微信登录后再支付')
    return this.provider.start(payment, { openid: account.openid, appId })
  }

  async find(outTradeNo: string): Promise<Payment | undefined> {
    const [row] = await this.db.select().from(payments).where(eq(payments.outTradeNo, outTradeNo)).limit(1)
    return row
  }

  /** Marks a payment paid once; a repeated notice is acknowledged without running the handler again. */
  async markPaid(outTradeNo: string, paid: { amountFen: number; providerTxnId: string }): Promise<PaidOutcome> {
    return this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(payments).where(eq(payments.outTradeNo, outTradeNo)).for('update').limit(1)
      if (!current) throw new AppError('支付单不存在')
      if (current.amountFen !== paid.amountFen) throw new AppError('支付金额与订单不符')
      if (current.status === 'paid') return 'already_paid'
      if (current.status !== 'created') throw new AppError('支付单已关闭')
      const [updated] = await tx
        .update(payments)
        .set({ status: 'paid', paidAt: new Date(), providerTxnId: paid.providerTxnId.slice(0, 64), updatedAt: new Date() })
        .where(and(eq(payments.id, current.id), eq(payments.status, 'created')))
        .returning()
      await this.handlers.get(updated.bizType)?.(tx, updated)
      for (const handler of this.anyPaidHandlers) await handler(tx, updated)
      return 'paid'
    })
  }

  /**
   * Marks a paid payment refunded inside the caller's transaction (the domain that refunds it, after
   * the provider accepted the refund) and runs the onRefunded handlers there. False when it was not
   * paid, so a repeated refund changes nothing.
   */
  async markRefunded(tx: Tx, paymentId: number): Promise<boolean> {
    const [updated] = await tx
      .update(payments)
      .set({ status: 'refunded', updatedAt: new Date() })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'paid')))
      .returning()
    if (!updated) return false
    for (const handler of this.refundedHandlers) await handler(tx, updated)
    return true
  }

  async close(outTradeNo: string): Promise<void> {
    await this.db
      .update(payments)
      .set({ status: 'closed', updatedAt: new Date() })
      .where(and(eq(payments.outTradeNo, outTradeNo), eq(payments.status, 'created')))
  }
}
