import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import { AppError } from '../../core/envelope'
import { paged } from '../../core/paging'
import { idParam, intParam, multiline, optional, text } from '../../core/validate'
import type { Tx } from '../../db/database'
import { AFTER_SALE_KINDS, AFTER_SALE_STATUSES, shopOrderItems } from '../../db/schema'
import { imageViewer } from '../file/private'
import { refundableFor } from '../shop/after-sale-amounts'
import {
  afterSaleById,
  type AfterSaleRow,
  approveAfterSale,
  decideOrderAfterSale,
  payBack,
  receiveReturn,
  refundByOperator,
  rejectAfterSale
} from '../shop/after-sales'
import { afterSaleLinesText } from '../shop/validate'
import { listRefunds, orderRowById } from './order-queries'
import { versionField } from './order-routes'
import { adminPaging, adminRoute, boolParam } from './route'

/** What the audit keeps of an after-sale: its step, money and the words the buyer reads. */
function saleSnapshot(a: AfterSaleRow) {
  return {
    after_sale_no: a.afterSaleNo,
    kind: a.kind,
    status: a.status,
    amount_fen: a.amountFen,
    reply: a.reply,
    return_address: a.returnAddress
  }
}

const linesInput = z.array(z.object({ item_id: idParam(), quantity: intParam(1, 9999) })).min(1, '请选择要退的商品')

export default async function refundRoutes(app: FastifyInstance): Promise<void> {
  const { payments, notify } = app.services
  const decide = { permission: 'refund.decide' as const }
  const stepInput = { after_sale_id: idParam(), updated_at: versionField }

  /** Each step's audit row, written in the step's own transaction. */
  const audited =
    (audit: Parameters<Parameters<typeof adminRoute>[2]>[0]['audit'], action: string) =>
    (tx: Tx, before: AfterSaleRow, after: AfterSaleRow) =>
      audit(
        {
          action,
          targetType: 'after_sale',
          targetId: before.afterSaleNo,
          before: saleSnapshot(before),
          after: saleSnapshot(after)
        },
        tx
      )

  adminRoute(
    app,
    {
      method: 'GET',
      path: '/refund/lists',
      input: z.object({
        ...adminPaging,
        status: z.enum(['open', 'all', ...AFTER_SALE_STATUSES]).default('open'),
        kind: optional(z.enum(AFTER_SALE_KINDS)),
        keyword: optional(text(32))
      }),
      permission: 'refund.view'
    },
    async ({ input }) => {
      const { list, total } = await listRefunds(
        app.db,
        app.services.dataCipher,
        app.config.publicUrl,
        input,
        input.page,
        input.per_page,
        imageViewer(app)
      )
      return paged(list, total, input.page, input.per_page)
    }
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/refund/approve',
      input: z.object({ ...stepInput, reply: optional(multiline(200)), return_address: optional(multiline(200)) }),
      labels: { reply: '处理说明', return_address: '退货地址' },
      ...decide
    },
    async ({ input, audit }) => {
      await approveAfterSale(
        app.db,
        payments,
        notify,
        input.after_sale_id,
        { reply: input.reply, returnAddress: input.return_address },
        { updatedAt: input.updated_at, inTx: audited(audit, 'after_sale.approve') }
      )
      return {}
    }
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/refund/reject',
      input: z.object({ ...stepInput, reply: multiline(200) }),
      labels: { reply: '拒绝原因' },
      ...decide
    },
    async ({ input, audit }) => {
      await rejectAfterSale(app.db, notify, input.after_sale_id, input.reply, {
        updatedAt: input.updated_at,
        inTx: audited(audit, 'after_sale.reject')
      })
      return {}
    }
  )

  adminRoute(
    app,
    { method: 'POST', path: '/refund/receive', input: z.object(stepInput), ...decide },
    async ({ input, audit }) => {
      await receiveReturn(app.db, payments, notify, input.after_sale_id, {
        updatedAt: input.updated_at,
        inTx: audited(audit, 'after_sale.receive')
      })
      return {}
    }
  )

  // A refund the platform refused or never answered: asked again under the same key, so it is never paid twice.
  adminRoute(
    app,
    { method: 'POST', path: '/refund/retry', input: z.object({ after_sale_id: idParam() }), ...decide },
    async ({ input }) => {
      await payBack(app.db, payments, notify, await afterSaleById(app.db, input.after_sale_id))
      return {}
    }
  )

  adminRoute(
    app,
    {
      method: 'GET',
      path: '/refund/quote',
      input: z.object({ order_id: idParam(), lines: afterSaleLinesText }),
      labels: { lines: '退款商品' },
      permission: 'refund.view'
    },
    async ({ input }) => {
      const order = await orderRowById(app.db, input.order_id)
      const items = await app.db.select().from(shopOrderItems).where(eq(shopOrderItems.orderId, order.id))
      const allowed = refundableFor(order, items, input.lines)
      if ('error' in allowed) throw new AppError(allowed.error)
      return { max_amount: allowed.maxFen }
    }
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/refund/create',
      input: z.object({
        order_id: idParam(),
        updated_at: versionField,
        lines: linesInput,
        amount: optional(intParam(1, 100_000_000)),
        reason: text(32, 2)
      }),
      labels: { lines: '退款商品', amount: '退款金额', reason: '退款原因' },
      ...decide
    },
    async ({ input, audit }) => {
      await refundByOperator(
        app.db,
        payments,
        notify,
        input.order_id,
        {
          lines: input.lines.map((l) => ({ itemId: l.item_id, quantity: l.quantity })),
          amountFen: input.amount,
          reason: input.reason,
          description: ''
        },
        { updatedAt: input.updated_at, inTx: audited(audit, 'after_sale.create') }
      )
      return {}
    }
  )

  // The order's open application decided from the order itself (its version is the order's).
  adminRoute(
    app,
    {
      method: 'POST',
      path: '/refund/decide',
      input: z.object({ order_id: idParam(), updated_at: versionField, approve: boolParam, reply: multiline(200) }),
      ...decide
    },
    async ({ input, audit }) => {
      if (!input.approve && !input.reply) throw new AppError('拒绝售后时请填写回复')
      const order = await orderRowById(app.db, input.order_id)
      await decideOrderAfterSale(
        app.db,
        payments,
        notify,
        order.orderNo,
        { approve: input.approve, reply: input.reply },
        {
          updatedAt: input.updated_at,
          inTx: audited(audit, input.approve ? 'after_sale.approve' : 'after_sale.reject')
        }
      )
      return {}
    }
  )
}
