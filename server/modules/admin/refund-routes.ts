import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import { AppError } from '../../core/envelope'
import { paged } from '../../core/paging'
import { idParam, multiline } from '../../core/validate'
import { resolveRefund } from '../shop/order-lifecycle'
import { listRefunds, orderRowById, orderSnapshot } from './order-queries'
import { versionField } from './order-routes'
import { adminPaging, adminRoute, boolParam } from './route'

export default async function refundRoutes(app: FastifyInstance): Promise<void> {
  adminRoute(
    app,
    {
      method: 'GET',
      path: '/refund/lists',
      input: z.object({ ...adminPaging, status: z.enum(['applied', 'rejected', 'refunded']).default('applied') }),
      permission: 'refund.view'
    },
    async ({ input }) => {
      const { list, total } = await listRefunds(
        app.db,
        app.services.dataCipher,
        input.status,
        input.page,
        input.per_page
      )
      return paged(list, total, input.page, input.per_page)
    }
  )

  // Approving sends the money back through the payment service (the order completes when it is back);
  // rejecting needs a reply the buyer reads.
  adminRoute(
    app,
    {
      method: 'POST',
      path: '/refund/decide',
      input: z.object({ order_id: idParam(), updated_at: versionField, approve: boolParam, reply: multiline(200) }),
      permission: 'refund.decide'
    },
    async ({ input, audit }) => {
      if (!input.approve && !input.reply) throw new AppError('拒绝售后时请填写回复')
      const before = await orderRowById(app.db, input.order_id)
      const record = (after: typeof before, tx?: Parameters<typeof audit>[1]) =>
        audit(
          {
            action: input.approve ? 'refund.approve' : 'refund.reject',
            targetType: 'order',
            targetId: before.orderNo,
            before: orderSnapshot(before),
            after: orderSnapshot(after)
          },
          tx
        )
      await resolveRefund(
        app.db,
        app.services.payments,
        app.services.notify,
        before.orderNo,
        { approve: input.approve, reply: input.reply },
        {
          updatedAt: input.updated_at,
          inTx: input.approve
            ? undefined
            : (tx) => record({ ...before, refundStatus: 'rejected', refundReply: input.reply }, tx)
        }
      )
      // The money left through the payment service (a network call outside any transaction): recorded once it did.
      if (input.approve) await record(await orderRowById(app.db, input.order_id))
      return {}
    }
  )
}
