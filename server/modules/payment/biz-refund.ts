import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'

import type { BizRefund } from '../../../contract'
import { AppError } from '../../core/envelope'
import type { Db, Executor, Tx } from '../../db/database'
import { type BizRefundStatus, type PaymentBizType, payments } from '../../db/schema'
import type { Notifier } from '../notify/notifier'
import { amountText, timeText } from '../notify/values'
import type { Payment } from './provider'
import type { PaymentService, RefundOutcome } from './service'

// A business row that gives its money back (a cancelled booking or sign-up, a rejected application)
// works in two steps, like the shop's after-sale: its transaction flips the row once (a conditional
// UPDATE) and marks the refund 'processing' when there is a paid payment; after that transaction it
// asks the payment service for the refund under a fixed key, so a repeated or retried request asks
// again for the same refund and the money goes back at most once. The row becomes 'refunded' in the
// payment service's own transaction (onRefunded), whether the refund finished at once or on WeChat's
// notice.

/** The paid payment of a business row, if any (a refunded one counts: it was paid). */
export async function paidPaymentOf(db: Executor, bizType: PaymentBizType, bizId: number) {
  const [p] = await db
    .select()
    .from(payments)
    .where(
      and(eq(payments.bizType, bizType), eq(payments.bizId, bizId), inArray(payments.status, ['paid', 'refunded']))
    )
    .orderBy(desc(payments.id))
    .limit(1)
  return p
}

/** What the flip sets on the row: 'processing' when money was paid, else nothing to give back. */
export async function refundStateOnFlip(
  tx: Executor,
  bizType: PaymentBizType,
  bizId: number
): Promise<BizRefundStatus> {
  return (await paidPaymentOf(tx, bizType, bizId)) ? 'processing' : 'none'
}

/**
 * Asks for the refund of a flipped row's payment (a network call: outside any transaction). Nothing
 * to do when it was never paid or is already refunded.
 */
export async function refundBiz(
  db: Db,
  payService: PaymentService,
  bizType: PaymentBizType,
  bizId: number,
  input: { reason: string; key: string }
): Promise<RefundOutcome | null> {
  const p = await paidPaymentOf(db, bizType, bizId)
  if (!p || p.status === 'refunded') return null
  return payService.refund(p.id, input)
}

/** Who hears that the money is back, and the app page where they find the row (`pages/my/service`). */
export interface RefundNotice {
  notify: Notifier
  link: string
}

/**
 * Records on the business row (a table with refund_status, refund_fen, refunded_at) that its payment
 * came back, in the refund's transaction, and tells the payer; runs for every refunded payment of that
 * business type, including money that arrived after the row was cancelled and was sent straight back.
 * A payment is refunded once, so its id keys the message.
 */
export function recordRefundsOn(
  payService: PaymentService,
  bizType: PaymentBizType,
  table: PgTable,
  notice: RefundNotice
): void {
  payService.onRefunded(async (tx, payment) => {
    if (payment.bizType !== bizType) return
    await tx.execute(
      sql`update ${table} set refund_status = 'refunded', refund_fen = ${payment.amountFen}, refunded_at = now() 
        where id = ${payment.bizId} and refund_status <> 'refunded'`
    )
    await tellPaymentRefunded(tx, notice.notify, payment, notice.link)
  })
}

/** How the app shows a row's refund: null when nothing was paid back or asked for. */
export function refundView(row: {
  refundStatus: BizRefundStatus
  refundFen: number
  amountFen: number
  refundedAt: Date | null
}): BizRefund | null {
  if (row.refundStatus === 'none') return null
  return {
    status: row.refundStatus,
    amount: row.refundStatus === 'refunded' ? row.refundFen : row.amountFen,
    refunded_at: row.refundedAt?.toISOString() ?? null
  }
}

export type ApplicationDecision = { approve: true } | { approve: false; note: string }

interface ApplicationRow {
  id: number
  status: string
  refundStatus: BizRefundStatus
}

/** One reviewed thing (a certificate or membership application): how to lock it and decide it. */
export interface ApplicationReview<Row extends ApplicationRow> {
  bizType: PaymentBizType
  id: number
  decision: ApplicationDecision
  notFound: string
  refundReason: string
  lock(tx: Tx): Promise<Row | undefined>
  /** The conditional UPDATE from reviewing; undefined when it was no longer under review. */
  decide(tx: Tx, refundStatus: BizRefundStatus, now: Date): Promise<Row | undefined>
  /** Runs in the deciding transaction (the console's audit row). */
  inTx?: (tx: Tx, before: Row, after: Row) => Promise<void>
}

/**
 * Decides an application under review once. A rejection marks a paid fee's refund processing and,
 * after the transaction, asks the payment service for it; rejecting again while that refund is still
 * processing asks again under the same key, so the fee goes back exactly once.
 */
export async function decideApplication<Row extends ApplicationRow>(
  db: Db,
  payService: PaymentService,
  r: ApplicationReview<Row>
): Promise<Row> {
  if (!r.decision.approve && !r.decision.note.trim()) throw new AppError('驳回时请填写原因')
  const decided = await db.transaction(async (tx) => {
    const before = await r.lock(tx)
    if (!before) throw new AppError(r.notFound)
    if (!r.decision.approve && before.status === 'rejected' && before.refundStatus === 'processing') return before
    if (before.status !== 'reviewing')
      throw new AppError(before.status === 'unpaid' ? '该申请尚未缴费，不能审核' : '该申请已审核，不能重复处理')
    const refundStatus = r.decision.approve ? 'none' : await refundStateOnFlip(tx, r.bizType, r.id)
    const after = await r.decide(tx, refundStatus, new Date())
    if (!after) throw new AppError('该申请已审核，不能重复处理')
    await r.inTx?.(tx, before, after)
    return after
  })
  if (decided.refundStatus !== 'processing') return decided
  await refundBiz(db, payService, r.bizType, r.id, { reason: r.refundReason, key: 'review-reject' })
  return (await db.transaction((tx) => r.lock(tx))) ?? decided
}

/** 退款到账 of a payment refunded in full: its payer hears of it once, with what it was for and where to look. */
export async function tellPaymentRefunded(tx: Tx, notify: Notifier, payment: Payment, link: string): Promise<void> {
  await notify.toUsers(tx, 'refund.paid', payment.userId, {
    key: `payment:${payment.id}`,
    fields: {
      order_no: payment.outTradeNo,
      item: payment.description,
      amount: amountText(payment.amountFen),
      time: timeText(new Date())
    },
    link
  })
}
