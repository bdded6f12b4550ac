import { and, count, desc, eq, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { PayRecordsResponse, PayStart } from '../../../contract'
import { offsetOf, paged, pagingFields } from '../../core/paging'
import { userRoute } from '../../core/route'
import { optional } from '../../core/validate'
import { PAYMENT_BIZ_TYPES, PAYMENT_STATUSES, payments as paymentsTable } from '../../db/schema'
import { ownPayment, toPayStatus, tradeInput } from './own-payment'
import { startPayment } from './start'

const listInput = z.object({
  ...pagingFields,
  biz_type: optional(z.enum(PAYMENT_BIZ_TYPES)),
  status: optional(z.enum(PAYMENT_STATUSES))
})

/** A user's own payment records, and paying again one that is still waiting (order lists' 去支付). */
export default async function paymentRecords(app: FastifyInstance): Promise<void> {
  const { payments } = app.services

  userRoute(
    app,
    { method: 'GET', path: '/pay.index/lists', input: listInput },
    async ({ input, userId }): Promise<PayRecordsResponse> => {
      const filters: SQL[] = [eq(paymentsTable.userId, userId)]
      if (input.biz_type) filters.push(eq(paymentsTable.bizType, input.biz_type))
      if (input.status) filters.push(eq(paymentsTable.status, input.status))
      const where = and(...filters)
      const [rows, [{ n }]] = await Promise.all([
        app.db
          .select()
          .from(paymentsTable)
          .where(where)
          .orderBy(desc(paymentsTable.createdAt), desc(paymentsTable.id))
          .limit(input.per_page)
          .offset(offsetOf(input.page, input.per_page)),
        app.db.select({ n: count() }).from(paymentsTable).where(where)
      ])
      const list = rows.map((p) => ({
        ...toPayStatus(p),
        description: p.description,
        created_at: p.createdAt.toISOString()
      }))
      return paged(list, n, input.page, input.per_page)
    }
  )

  userRoute(
    app,
    { method: 'POST', path: '/pay.index/start', input: tradeInput },
    async ({ input, userId, req }): Promise<PayStart> => {
      return startPayment(app, req, await ownPayment(payments, input.out_trade_no, userId))
    }
  )
}
