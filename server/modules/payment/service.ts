import crypto from 'node:crypto'

import { and, asc, eq, gte, inArray, isNull, lte, ne, sum } from 'drizzle-orm'

import type { PayStart } from '../../../contract'
import { chinaStamp } from '../../../contract/china-time'
import { AppError } from '../../core/envelope'
import { formatYuan } from '../../core/money'
import type { Db, Executor, Tx } from '../../db/database'
import {
  type PaymentBizType,
  paymentRefunds,
  type PaymentRefundStatus,
  payments,
  wechatAccounts
} from '../../db/schema'
import type { PayChannel, Payment, PayProvider, RefundAnswer } from './provider'

export type PaidHandler = (tx: Tx, payment: Payment) => Promise<void>
/** A refund's money went back: the payment (still paid until its refunds reach the whole amount) and the refund. */
export type RefundHandler = (tx: Tx, payment: Payment, refund: PaymentRefund) => Promise<void>

export interface NewPayment {
  userId: number
  bizType: PaymentBizType
  bizId: number
  amountFen: number
  description: string
}

/**
 * Where a payment is started from: the app's client kind, the browser, the payer's address and the page to come back
 * to.
 */
export interface PayClient {
  kind: 'h5' | 'wxapp' | 'web'
  userAgent: string
  ip: string
  /** The app id of each WeChat client (official account for h5, mini-program for wxapp). */
  appIds: { h5: string; wxapp: string }
  /** The pay result page of this payment (H5 payment returns there). */
  resultUrl: string
}

/** Phones and tablets pay in WeChat's H5 cashier; desktops scan a Native QR with their phone. */
export function channelFor(client: PayClient): PayChannel {
  if (client.kind !== 'web') return 'jsapi'
  return /Android|iPhone|iPad|iPod|Mobile|HarmonyOS/i.test(client.userAgent) ? 'h5' : 'native'
}

/** Payments the provider is asked about (查单) once their notice is this late, for this long. */
const QUERY_AFTER_MS = 30_000
const QUERY_FOR_MS = 86_400_000
/** A closed payment is closed at the provider (关单) for this long after it lapsed. */
const CLOSE_FOR_MS = 2 * 86_400_000
/** A payer's status page asks the provider at most this often per payment. */
const QUERY_EVERY_MS = 3_000
const SWEEP_BATCH = 100

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
  private readonly refundSucceededHandlers: RefundHandler[] = []

  private log: PaymentLog = quietLog
  private readonly lastQueried = new Map<string, number>()

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

  /**
   * Runs once for every refund whose money went back, whole or part of its payment, in the transaction that records
   * it, before the payment's onRefunded handlers when this refund completes the whole amount.
   */
  onRefundSucceeded(handler: RefundHandler): void {
    this.refundSucceededHandlers.push(handler)
  }

  /** Runs once for every payment that becomes refunded, inside the transaction that refunds it. */
  onRefunded(handler: PaidHandler): void {
    this.refundedHandlers.push(handler)
  }

  async createPayment(tx: Executor, p: NewPayment): Promise<Payment> {
    if (!Number.isInteger(p.amountFen) || p.amountFen <= 0 || p.amountFen > MAX_AMOUNT_FEN)
      throw new AppError('支付金额不正确')
    const [row] = await tx
      .insert(payments)
      .values({
        ...p,
        description: p.description.slice(0, 127),
        outTradeNo: newOutTradeNo(),
        provider: this.provider.name
      })
      .returning()
    return row
  }

  /**
   * What the client needs to pay: inside WeChat and in the mini-program the payer's openid in that app
   * (JSAPI); in another browser WeChat's H5 cashier on a phone, a Native QR on a desktop.
   */
  async start(payment: Payment, client: PayClient): Promise<PayStart> {
    if (payment.status !== 'created') throw new AppError('该订单已支付或已关闭')
    const channel = channelFor(client)
    const appId = channel === 'jsapi' ? client.appIds[client.kind as 'h5' | 'wxapp'] : undefined
    const [account] = appId
      ? await this.db
          .select({ openid: wechatAccounts.openid })
          .from(wechatAccounts)
          .where(and(eq(wechatAccounts.userId, payment.userId), eq(wechatAccounts.appId, appId)))
          .limit(1)
      : []
    // Which app the payer pays in decides what follows the payment (the mini-program's 发货信息录入); the
    // sandbox records it too, so a trial run shows what a real one would do.
    await this.notePayer(payment.id, account && appId ? { appId, openid: account.openid } : undefined)
    if (this.provider.name === 'sandbox') return this.provider.start(payment, {})
    if (channel !== 'jsapi')
      return this.provider.start(payment, { channel, clientIp: client.ip, returnUrl: client.resultUrl })
    if (!account || !appId) throw new AppError('请先使用微信登录后再支付')
    return this.provider.start(payment, { channel, openid: account.openid, appId })
  }

  /** The payer of the latest start (a payment started again elsewhere is paid there); kept once paid. */
  private async notePayer(paymentId: number, payer: { appId: string; openid: string } | undefined): Promise<void> {
    await this.db
      .update(payments)
      .set({ payerAppId: payer?.appId ?? null, payerOpenid: payer?.openid ?? null })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'created')))
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
  async markPaid(
    outTradeNo: string,
    paid: { amountFen: number; providerTxnId: string; appId?: string; payerOpenid?: string }
  ): Promise<PaidOutcome> {
    const settled = await this.db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(payments)
        .where(eq(payments.outTradeNo, outTradeNo))
        .for('update')
        .limit(1)
      if (!current) throw new AppError('支付单不存在')
      if (current.amountFen !== paid.amountFen) throw new AppError('支付金额与订单不符')
      if (current.status === 'paid' || current.status === 'refunded')
        return { outcome: 'already_paid' as const, id: current.id }
      const [updated] = await tx
        .update(payments)
        .set({
          status: 'paid',
          paidAt: new Date(),
          providerTxnId: paid.providerTxnId.slice(0, 64),
          // What WeChat Pay says of the payer outranks what the start asked for.
          ...(paid.appId && paid.payerOpenid
            ? { payerAppId: paid.appId.slice(0, 32), payerOpenid: paid.payerOpenid.slice(0, 128) }
            : {}),
          updatedAt: new Date()
        })
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
    this.log.warn(
      { out_trade_no: outTradeNo, reason: why },
      'payment arrived for something no longer there; refunding it'
    )
    try {
      await this.refund(paymentId, { reason: '订单已失效，款项原路退回', key: 'returned' })
    } catch (err) {
      this.log.error(
        { err, out_trade_no: outTradeNo },
        'refunding a late payment failed: refund it from the merchant platform'
      )
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
        .where(
          and(
            eq(paymentRefunds.paymentId, paymentId),
            eq(paymentRefunds.requestKey, input.key),
            ne(paymentRefunds.status, 'failed')
          )
        )
        .limit(1)
      if (same) return { payment, refund: same }
      if (payment.status === 'refunded') throw new AppError('该支付单已全额退款')
      if (payment.status !== 'paid') throw new AppError('该支付单未支付，不能退款')
      const rest = payment.amountFen - (await this.heldFen(tx, paymentId))
      if (rest <= 0) throw new AppError('该支付单已没有可退金额')
      const refundFen = input.refundFen ?? rest
      if (!Number.isInteger(refundFen) || refundFen <= 0) throw new AppError('退款金额不正确')
      if (refundFen > rest) throw new AppError(`退款金额 ¥${formatYuan(refundFen)} 超过可退金额 ¥${formatYuan(rest)}`)
      const [refund] = await tx
        .insert(paymentRefunds)
        .values({
          paymentId,
          outRefundNo: newOutRefundNo(),
          requestKey: input.key.slice(0, 64),
          amountFen: refundFen,
          reason: input.reason.slice(0, 80)
        })
        .returning()
      return { payment, refund }
    })
    const { payment, refund } = record
    if (refund.status === 'succeeded')
      return { status: 'succeeded', outRefundNo: refund.outRefundNo, refundFen: refund.amountFen }

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
      this.log.error(
        { err: e, out_refund_no: refund.outRefundNo },
        'refund request unanswered; kept pending to ask again'
      )
      throw new AppError('退款请求未得到支付平台确认，请稍后重试')
    }
    const status = await this.settleRefund(refund.outRefundNo, answer)
    if (status === 'succeeded' || status === 'processing')
      return { status, outRefundNo: refund.outRefundNo, refundFen: refund.amountFen }
    if (status === 'abnormal') throw new AppError('退款异常（如收款账户已注销），请在微信支付商户平台处理后再试')
    throw new AppError(`退款失败：${answer.message || '支付平台已关闭该退款'}，可重新发起`)
  }

  /** The provider's notice of a refund's result; amounts must match what was asked for. */
  async refundNoticed(notice: {
    outTradeNo: string
    outRefundNo: string
    refundId: string
    status: 'SUCCESS' | 'ABNORMAL' | 'CLOSED'
    refundFen: number
  }): Promise<PaymentRefundStatus | undefined> {
    const [row] = await this.db
      .select({ amountFen: paymentRefunds.amountFen, outTradeNo: payments.outTradeNo })
      .from(paymentRefunds)
      .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
      .where(eq(paymentRefunds.outRefundNo, notice.outRefundNo))
      .limit(1)
    if (!row) return undefined
    if (row.outTradeNo !== notice.outTradeNo || row.amountFen !== notice.refundFen)
      throw new AppError('退款通知与退款单不符')
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
      answer.status === 'SUCCESS'
        ? 'succeeded'
        : answer.status === 'PROCESSING'
          ? 'processing'
          : answer.status === 'ABNORMAL'
            ? 'abnormal'
            : 'failed'
    const from: PaymentRefundStatus[] =
      next === 'processing' ? ['pending'] : next === 'abnormal' ? ['pending', 'processing'] : OPEN
    return this.db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(paymentRefunds)
        .where(eq(paymentRefunds.outRefundNo, outRefundNo))
        .limit(1)
      if (!current) throw new AppError('退款单不存在')
      // The payment row first: the same lock order as refund() and markPaid.
      const [payment] = await tx
        .select()
        .from(payments)
        .where(eq(payments.id, current.paymentId))
        .for('update')
        .limit(1)
      const finished = next === 'succeeded' || next === 'failed'
      const [moved] = await tx
        .update(paymentRefunds)
        .set({
          status: next,
          ...(answer.refundId ? { providerRefundId: answer.refundId.slice(0, 64) } : {}),
          ...(next === 'failed' || next === 'abnormal'
            ? { failReason: `${answer.status} ${answer.message ?? ''}`.trim().slice(0, 256) }
            : {}),
          ...(finished ? { finishedAt: new Date() } : {}),
          updatedAt: new Date()
        })
        .where(and(eq(paymentRefunds.id, current.id), inArray(paymentRefunds.status, from)))
        .returning()
      if (!moved) {
        const [{ s }] = await tx
          .select({ s: paymentRefunds.status })
          .from(paymentRefunds)
          .where(eq(paymentRefunds.id, current.id))
        if (next === 'succeeded' && s === 'failed')
          this.log.error(
            { out_refund_no: outRefundNo },
            'refund reported successful after it was recorded failed: check the merchant platform'
          )
        return s
      }
      const ctx = { out_refund_no: outRefundNo, out_trade_no: payment.outTradeNo, refund_fen: current.amountFen }
      if (next === 'failed') this.log.error({ ...ctx, answer: answer.status, reason: answer.message }, 'refund failed')
      else if (next === 'abnormal') this.log.error(ctx, 'refund abnormal: handle it in the merchant platform')
      else this.log.info({ ...ctx, status: next }, 'refund')
      if (next === 'succeeded') {
        for (const handler of this.refundSucceededHandlers) await handler(tx, payment, moved)
        if ((await this.heldFen(tx, payment.id, ['succeeded'])) >= payment.amountFen)
          await this.markRefunded(tx, payment.id)
      }
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

  /**
   * 查单: asks the provider about a payment whose notice has not come. Paid there means paid here, by
   * the very path a notice takes (markPaid: once, however many queries and notices arrive).
   */
  async sync(outTradeNo: string): Promise<PaidOutcome | undefined> {
    const q = await this.provider.query(outTradeNo)
    if (q.state !== 'paid') return undefined
    return this.markPaid(outTradeNo, {
      amountFen: q.amountFen,
      providerTxnId: q.transactionId,
      appId: q.appId,
      payerOpenid: q.payerOpenid
    })
  }

  /** The payer's status page: a waiting payment is asked about (at most every few seconds); a failure only logs. */
  async syncWaiting(payment: Payment, now = Date.now()): Promise<void> {
    if (payment.status !== 'created' || payment.provider !== this.provider.name || this.provider.name === 'sandbox')
      return
    if (now - (this.lastQueried.get(payment.outTradeNo) ?? 0) < QUERY_EVERY_MS) return
    if (this.lastQueried.size > 10_000) this.lastQueried.clear()
    this.lastQueried.set(payment.outTradeNo, now)
    await this.sync(payment.outTradeNo).catch((err) =>
      this.log.warn({ err, out_trade_no: payment.outTradeNo }, 'payment query failed')
    )
  }

  /**
   * A page showing one thing of a business (an order) while it waits for payment: its waiting payments are asked about.
   */
  async syncWaitingFor(bizType: PaymentBizType, bizId: number, userId: number): Promise<void> {
    if (this.provider.name === 'sandbox') return
    const waiting = await this.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.bizType, bizType),
          eq(payments.bizId, bizId),
          eq(payments.userId, userId),
          eq(payments.status, 'created')
        )
      )
    for (const p of waiting) await this.syncWaiting(p)
  }

  /**
   * The sweep for payments whose notice has not arrived: each waiting one is asked about. Returns how many became paid.
   */
  async syncUnanswered(now = new Date()): Promise<number> {
    if (this.provider.name === 'sandbox') return 0
    const rows = await this.db
      .select({ outTradeNo: payments.outTradeNo })
      .from(payments)
      .where(
        and(
          eq(payments.status, 'created'),
          eq(payments.provider, this.provider.name),
          lte(payments.createdAt, new Date(now.getTime() - QUERY_AFTER_MS)),
          gte(payments.createdAt, new Date(now.getTime() - QUERY_FOR_MS))
        )
      )
      .orderBy(asc(payments.id))
      .limit(SWEEP_BATCH)
    let paid = 0
    for (const r of rows) {
      try {
        if ((await this.sync(r.outTradeNo)) === 'paid') paid++
      } catch (err) {
        this.log.warn({ err, out_trade_no: r.outTradeNo }, 'payment query failed; asked again next round')
      }
    }
    return paid
  }

  /**
   * 关单: payments closed here (an order, booking or sign-up lapsed or was cancelled) are closed at the
   * provider, so their prepay can no longer be paid. When the provider says it was paid meanwhile, the
   * money is taken as a late payment and sent back (markPaid). Returns how many were closed there.
   */
  async closeLapsed(now = new Date()): Promise<number> {
    if (this.provider.name === 'sandbox') return 0
    const rows = await this.db
      .select({ id: payments.id, outTradeNo: payments.outTradeNo })
      .from(payments)
      .where(
        and(
          eq(payments.status, 'closed'),
          eq(payments.provider, this.provider.name),
          isNull(payments.providerClosedAt),
          gte(payments.updatedAt, new Date(now.getTime() - CLOSE_FOR_MS))
        )
      )
      .orderBy(asc(payments.id))
      .limit(SWEEP_BATCH)
    let closed = 0
    for (const r of rows) {
      try {
        let done = await this.provider.close(r.outTradeNo)
        if (!done) {
          // Refused (paid meanwhile, say): what the provider holds decides.
          const q = await this.provider.query(r.outTradeNo)
          if (q.state === 'paid')
            await this.markPaid(r.outTradeNo, {
              amountFen: q.amountFen,
              providerTxnId: q.transactionId,
              appId: q.appId,
              payerOpenid: q.payerOpenid
            })
          done = q.state !== 'unpaid'
        }
        if (!done) continue
        await this.db.update(payments).set({ providerClosedAt: new Date() }).where(eq(payments.id, r.id))
        closed++
      } catch (err) {
        this.log.warn(
          { err, out_trade_no: r.outTradeNo },
          'closing a payment at the provider failed; tried again next round'
        )
      }
    }
    return closed
  }
}
