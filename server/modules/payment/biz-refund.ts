import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Db, Executor } from '../../db/database'
import { payments, type BizRefundStatus, type PaymentBizType } from '../../db/schema'
import type { PaymentService, RefundOutcome } from './service'
import type { BizRefund } from '../../../src/api/contract'

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
    .where(and(eq(payments.bizType, bizType), eq(payments.bizId, bizId), inArray(payments.status, ['paid', 'refunded'])))
    .orderBy(desc(payments.id))
    .limit(1)
  return p
}

/** What the flip sets on the row: 'processing' when money was paid, else nothing to give back. */
export async function refundStateOnFlip(tx: Executor, bizType: PaymentBizType, bizId: number): Promise<BizRefundStatus> {
  return (await paidPaymentOf(tx, bizType, bizId)) ? 'processing' : 'none'
}

/**
 * Asks for the refund of a flipped row's payment (a network call: outside any transaction). Nothing
 * to do when it was never paid or is already refunded.
 */
export async function refundBiz(db: Db, payService: PaymentService, bizType: PaymentBizType, bizId: number, input: { reason: string; key: string }): Promise<RefundOutcome | null> {
  const p = await paidPaymentOf(db, bizType, bizId)
  if (!p || p.status === 'refunded') return null
  return payService.refund(p.id, input)
}

/**
 * Records on the business row (a table with refund_status, refund_fen, refunded_at) that its payment
 * came back, in the refund's transaction; runs for every refunded payment of that business type,
 * including money that arrived after the row was cancelled and was sent straight back.
 */
export function recordRefundsOn(payService: PaymentService, bizType: PaymentBizType, table: PgTable): void {
  payService.onRefunded(async (tx, payment) => {
    if (payment.bizType !== bizType) return
    await tx.execute(
      sql`update ${table} set refund_status = 'refunded', refund_fen = ${payment.amountFen}, refunded_at = now() where id = ${payment.bizId} and refund_status <> 'refunded'`
    )
  })
}

/** How the app shows a row's refund: null when nothing was paid back or asked for. */
export function refundView(row: { refundStatus: BizRefundStatus; refundFen: number; amountFen: number; refundedAt: Date | null }): BizRefund | null {
  if (row.refundStatus === 'none') return null
  return { status: row.refundStatus, amount: row.refundStatus === 'refunded' ? row.refundFen : row.amountFen, refunded_at: row.refundedAt?.toISOString() ?? null }
}
