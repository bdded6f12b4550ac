import crypto from 'node:crypto'
import { and, eq, inArray, ne, sum } from 'drizzle-orm'
import type { Db, Executor, Tx } from '../../db/database'
import { paymentRefunds, payments, wechatAccounts, type PaymentBizType, type PaymentRefundStatus } from '../../db/schema'
import { AppError } from '../../core/envelope'
import type { PayStart } from '../../../src/api/contract'
import type { Payment, PayProvider, RefundAnswer } from './provider'
import { chinaStamp } from '../../../src/core/china-time'

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
  return chinaStamp(now) + String(crypto.randomInt(0, 1e10)).padStart(10, '0')
}

/** 'returned': the money came for something no longer there (closed, or refused by its business) and was sent back. */
export type PaidOutcome = 'paid' | 'already_paid' | 'returned'

export type PaymentRefund = typeof paymentRefunds.$inferSelect

export interface RefundInput {
  /** Defaults to all that is still refundable. */
  refundFen?: number
  /** Shown to the payer by WeChat Pay (at most 80 characters). */
  reason: string
  /** Names this refund for its caller: asking again with the same key never refunds twice. */
  key: string
}

/** succeeded: the money went back and the payment counts it; processing: the provider's notice finishes it. */
export interface RefundOutcome {
  status: 'succeeded' | 'processing'
  outRefundNo: string
  refundFen: number
}

/** Where refund trouble is reported (the server's logger). */
export interface PaymentLog {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

const quietLog: PaymentLog = { info: () => undefined, warn: () => undefined, error: () => undefined }
/** Refunds whose amount is taken from what remains refundable. */
const HOLDING: PaymentRefundStatus[] = ['pending', 'processing', 'abnormal', 'succeeded']
const OPEN: PaymentRefundStatus[] = ['pending', 'processing', 'abnormal']
const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`

/** Like out_trade_no, with an R so the two never look alike in the merchant platform. */
export function newOutRefundNo(now = new Date()): string {
  return 'R' + newOutTradeNo(now)
}

/**
 * The one payment service of every paid thing. Domains create payments inside their own
 * transaction and register what happens when one is paid; that handler runs exactly once, in the
 * same transaction that marks the payment paid.
 */
export class PaymentService {
  private readonly handlers = new Map<PaymentBizType, PaidHandler>()
  private readonly anyPaidHandlers: PaidHandler[] = []
  private readonly refundedHandlers: PaidHandler[] = []

  private log: PaymentLog = quietLog

  constructor(
    private readonly db: Db,
    readonly provider: PayProvider
  ) {}

  useLog(log: PaymentLog): void {
    this.log = log
  }

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

  /**
   * Marks a payment paid once; a repeated notice is acknowledged without running the handler again.
   * Money that arrives for a payment we had closed (its reservation expired), or that its business
   * refuses (an AppError from its onPaid handler), is recorded as paid and sent straight back, so the
   * payer never loses it and the provider's notice is still acknowledged.
   */
  async markPaid(outTradeNo: string, paid: { amountFen: number; providerTxnId: string }): Promise<PaidOutcome> {
    const settled = await this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(payments).where(eq(payments.outTradeNo, outTradeNo)).for('update').limit(1)
      if (!current) throw new AppError('支付单不存在')
      if (current.amountFen !== paid.amountFen) throw new AppError('支付金额与订单不符')
      if (current.status === 'paid' || current.status === 'refunded') return { outcome: 'already_paid' as const, id: current.id }
      const [updated] = await tx
        .update(payments)
        .set({ status: 'paid', paidAt: new Date(), providerTxnId: paid.providerTxnId.slice(0, 64), updatedAt: new Date() })
        .where(and(eq(payments.id, current.id), eq(payments.status, current.status)))
        .returning()
      if (current.status === 'closed') return { outcome: 'returned' as const, id: current.id, why: '支付单已关闭' }
      try {
        // In a savepoint: a business that refuses the money leaves nothing half-written behind.
        await tx.transaction(async (sp) => {
          await this.handlers.get(updated.bizType)?.(sp, updated)
          for (const handler of this.anyPaidHandlers) await handler(sp, updated)
        })
        return { outcome: 'paid' as const, id: current.id }
      } catch (e) {
        if (!(e instanceof AppError)) throw e
        return { outcome: 'returned' as const, id: current.id, why: e.message }
      }
    })
    if (settled.outcome === 'returned') await this.returnLatePayment(settled.id, outTradeNo, settled.why ?? '')
    return settled.outcome
  }

  /** Sends back money nothing will be delivered for; a failure is logged for the operator to retry. */
  private async returnLatePayment(paymentId: number, outTradeNo: string, why: string): Promise<void> {
    this.log.warn({ out_trade_no: outTradeNo, reason: why }, 'payment arrived for something no longer there; refunding it')
    try {
      await this.refund(paymentId, { reason: '订单已失效，款项原路退回', key: 'returned' })
    } catch (err) {
      this.log.error({ err, out_trade_no: outTradeNo }, 'refunding a late payment failed: refund it from the merchant platform')
    }
  }

  /**
   * Gives money of a paid payment back through the provider. The refund is recorded first (so a crash
   * or a timeout is retried with the same out_refund_no, which the provider refunds at most once), then
   * asked for outside any transaction: call it before opening the caller's own transaction. When the
   * refunds reach the whole amount the payment becomes refunded and the onRefunded handlers run — now
   * for SUCCESS, on the provider's notice for PROCESSING. A refusal throws an AppError and leaves
   * nothing refunded, so the caller's row stays as it was and the operator can try again.
   */
  async refund(paymentId: number, input: RefundInput): Promise<RefundOutcome> {
    const record = await this.db.transaction(async (tx) => {
      const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update').limit(1)
      if (!payment) throw new AppError('支付单不存在')
      const [same] = await tx
        .select()
        .from(paymentRefunds)
        .where(and(eq(paymentRefunds.paymentId, paymentId), eq(paymentRefunds.requestKey, input.key), ne(paymentRefunds.status, 'failed')))
        .limit(1)
      if (same) return { payment, refund: same }
      if (payment.status === 'refunded') throw new AppError('该支付单已全额退款')
      if (payment.status !== 'paid') throw new AppError('该支付单未支付，不能退款')
      const rest = payment.amountFen - (await this.heldFen(tx, paymentId))
      if (rest <= 0) throw new AppError('该支付单已没有可退金额')
      const refundFen = input.refundFen ?? rest
      if (!Number.isInteger(refundFen) || refundFen <= 0) throw new AppError('退款金额不正确')
      if (refundFen > rest) throw new AppError(`退款金额 ${yuan(refundFen)} 超过可退金额 ${yuan(rest)}`)
      const [refund] = await tx
        .insert(paymentRefunds)
        .values({ paymentId, outRefundNo: newOutRefundNo(), requestKey: input.key.slice(0, 64), amountFen: refundFen, reason: input.reason.slice(0, 80) })
        .returning()
      return { payment, refund }
    })
    const { payment, refund } = record
    if (refund.status === 'succeeded') return { status: 'succeeded', outRefundNo: refund.outRefundNo, refundFen: refund.amountFen }

    let answer: RefundAnswer
    try {
      answer = await this.provider.refund({
        outTradeNo: payment.outTradeNo,
        outRefundNo: refund.outRefundNo,
        totalFen: payment.amountFen,
        refundFen: refund.amountFen,
        reason: refund.reason
      })
    } catch (e) {
      this.log.error({ err: e, out_refund_no: refund.outRefundNo }, 'refund request unanswered; kept pending to ask again')
      throw new AppError('退款请求未得到支付平台确认，请稍后重试')
    }
    const status = await this.settleRefund(refund.outRefundNo, answer)
    if (status === 'succeeded' || status === 'processing') return { status, outRefundNo: refund.outRefundNo, refundFen: refund.amountFen }
    if (status === 'abnormal') throw new AppError('退款异常（如收款账户已注销），请在微信支付商户平台处理后再试')
    throw new AppError(`退款失败：${answer.message || '支付平台已关闭该退款'}，可重新发起`)
  }

  /** The provider's notice of a refund's result; amounts must match what was asked for. */
  async refundNoticed(notice: { outTradeNo: string; outRefundNo: string; refundId: string; status: 'SUCCESS' | 'ABNORMAL' | 'CLOSED'; refundFen: number }): Promise<PaymentRefundStatus | undefined> {
    const [row] = await this.db
      .select({ amountFen: paymentRefunds.amountFen, outTradeNo: payments.outTradeNo })
      .from(paymentRefunds)
      .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
      .where(eq(paymentRefunds.outRefundNo, notice.outRefundNo))
      .limit(1)
    if (!row) return undefined
    if (row.outTradeNo !== notice.outTradeNo || row.amountFen !== notice.refundFen) throw new AppError('退款通知与退款单不符')
    return this.settleRefund(notice.outRefundNo, { status: notice.status, refundId: notice.refundId })
  }

  private async heldFen(tx: Tx, paymentId: number, statuses: PaymentRefundStatus[] = HOLDING): Promise<number> {
    const [{ total }] = await tx
      .select({ total: sum(paymentRefunds.amountFen) })
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.paymentId, paymentId), inArray(paymentRefunds.status, statuses)))
    return Number(total ?? 0)
  }

  /**
   * Moves a refund to the provider's answer, each transition once; on success the payment becomes
   * refunded (with its handlers) when its refunds reach the whole amount. Returns the refund's status.
   */
  private async settleRefund(outRefundNo: string, answer: RefundAnswer): Promise<PaymentRefundStatus> {
    const next: PaymentRefundStatus =
      answer.status === 'SUCCESS' ? 'succeeded' : answer.status === 'PROCESSING' ? 'processing' : answer.status === 'ABNORMAL' ? 'abnormal' : 'failed'
    const from: PaymentRefundStatus[] = next === 'processing' ? ['pending'] : next === 'abnormal' ? ['pending', 'processing'] : OPEN
    return this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.outRefundNo, outRefundNo)).limit(1)
      if (!current) throw new AppError('退款单不存在')
      // The payment row first: the same lock order as refund() and markPaid.
      const [payment] = await tx.select().from(payments).where(eq(payments.id, current.paymentId)).for('update').limit(1)
      const finished = next === 'succeeded' || next === 'failed'
      const [moved] = await tx
        .update(paymentRefunds)
        .set({
          status: next,
          ...(answer.refundId ? { providerRefundId: answer.refundId.slice(0, 64) } : {}),
          ...(next === 'failed' || next === 'abnormal' ? { failReason: `${answer.status} ${answer.message ?? ''}`.trim().slice(0, 256) } : {}),
          ...(finished ? { finishedAt: new Date() } : {}),
          updatedAt: new Date()
        })
        .where(and(eq(paymentRefunds.id, current.id), inArray(paymentRefunds.status, from)))
        .returning()
      if (!moved) {
        const [{ s }] = await tx.select({ s: paymentRefunds.status }).from(paymentRefunds).where(eq(paymentRefunds.id, current.id))
        if (next === 'succeeded' && s === 'failed') this.log.error({ out_refund_no: outRefundNo }, 'refund reported successful after it was recorded failed: check the merchant platform')
        return s
      }
      const ctx = { out_refund_no: outRefundNo, out_trade_no: payment.outTradeNo, refund_fen: current.amountFen }
      if (next === 'failed') this.log.error({ ...ctx, answer: answer.status, reason: answer.message }, 'refund failed')
      else if (next === 'abnormal') this.log.error(ctx, 'refund abnormal: handle it in the merchant platform')
      else this.log.info({ ...ctx, status: next }, 'refund')
      if (next === 'succeeded' && (await this.heldFen(tx, payment.id, ['succeeded'])) >= payment.amountFen) await this.markRefunded(tx, payment.id)
      return next
    })
  }

  /**
   * Marks a paid payment refunded and runs the onRefunded handlers in the given transaction. Real
   * refunds go through refund(), which calls this once the money went back. False when it was not
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
