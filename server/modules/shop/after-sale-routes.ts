import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import {
  AFTER_SALE_MAX_IMAGES,
  type AfterSalePreviewResponse,
  type AfterSaleQuoteResponse,
  type OrderDetailResponse
} from '../../../contract'
import { assetUrl } from '../../core/asset-url'
import { AppError } from '../../core/envelope'
import { userRoute } from '../../core/route'
import { idParam, intParam, multiline, optional, text } from '../../core/validate'
import { shopOrderItems } from '../../db/schema'
import { ownUploads } from '../file/own-upload'
import { kindsFor, refundableFor, remainingLines } from './after-sale-amounts'
import {
  AFTER_SALE_REASONS,
  afterSaleById,
  applyAfterSale,
  cancelAfterSale,
  shipReturn,
  whyNoAfterSale
} from './after-sales'
import { buyerOrderDetail, ownOrder } from './order-detail'
import { afterSaleLinesText } from './validate'

const lineInput = z.object({ item_id: idParam(), quantity: intParam(1, 9999) })
const returnNo = text(64, 4).refine((s) => /^[A-Za-z0-9-]+$/.test(s), { message: '快递单号只能包含字母、数字和横线' })

/** The buyer's side of 售后: what may be asked for, applying, sending the goods back, withdrawing. */
export default async function afterSaleRoutes(app: FastifyInstance): Promise<void> {
  const { notify } = app.services
  const itemsOf = (orderId: number) =>
    app.db.select().from(shopOrderItems).where(eq(shopOrderItems.orderId, orderId)).orderBy(shopOrderItems.id)

  userRoute(
    app,
    { method: 'GET', path: '/user.order/afterSale/preview', input: z.object({ order_id: idParam() }) },
    async ({ input, userId }): Promise<AfterSalePreviewResponse> => {
      const order = await ownOrder(app, userId, input.order_id)
      const items = await itemsOf(order.id)
      const rest = remainingLines(items)
      const whole = rest.length ? refundableFor(order, items, rest) : { maxFen: 0 }
      return {
        kinds: kindsFor(order.status),
        reasons: [...AFTER_SALE_REASONS],
        items: items
          .filter((i) => i.quantity > i.refundedQuantity)
          .map((i) => ({
            item_id: i.id,
            name: i.name,
            spec_text: i.specText,
            image: assetUrl(app.config.publicUrl, i.image),
            price: i.price,
            refundable_quantity: i.quantity - i.refundedQuantity
          })),
        max_amount: 'maxFen' in whole ? whole.maxFen : 0,
        blocked: await whyNoAfterSale(app.db, order)
      }
    }
  )

  userRoute(
    app,
    {
      method: 'GET',
      path: '/user.order/afterSale/quote',
      input: z.object({ order_id: idParam(), lines: afterSaleLinesText }),
      labels: { lines: '退款商品' }
    },
    async ({ input, userId }): Promise<AfterSaleQuoteResponse> => {
      const order = await ownOrder(app, userId, input.order_id)
      const allowed = refundableFor(order, await itemsOf(order.id), input.lines)
      if ('error' in allowed) throw new AppError(allowed.error)
      return { max_amount: allowed.maxFen }
    }
  )

  userRoute(
    app,
    {
      method: 'POST',
      path: '/user.order/afterSale/apply',
      input: z.object({
        order_id: idParam(),
        kind: z.enum(['refund', 'return']),
        lines: z.array(lineInput).min(1).max(50),
        amount: optional(intParam(1, 100_000_000)),
        reason: z.enum(AFTER_SALE_REASONS),
        description: optional(multiline(200)),
        image_file_ids: optional(z.array(idParam()).max(AFTER_SALE_MAX_IMAGES))
      }),
      labels: {
        kind: '售后类型',
        lines: '退款商品',
        amount: '退款金额',
        reason: '退款原因',
        description: '问题描述',
        image_file_ids: '凭证图片'
      }
    },
    async ({ input, userId }): Promise<OrderDetailResponse> => {
      // The photos are the buyer's own private uploads, so only they and operators ever see them.
      const images = await ownUploads(app.db, userId, input.image_file_ids ?? [], '凭证图片')
      await applyAfterSale(app.db, notify, userId, input.order_id, {
        kind: input.kind,
        lines: input.lines.map((l) => ({ itemId: l.item_id, quantity: l.quantity })),
        amountFen: input.amount,
        reason: input.reason,
        description: input.description ?? '',
        images
      })
      return buyerOrderDetail(app, userId, input.order_id)
    }
  )

  userRoute(
    app,
    {
      method: 'POST',
      path: '/user.order/afterSale/return',
      input: z.object({ after_sale_id: idParam(), company: text(32, 1), no: returnNo }),
      labels: { company: '快递公司', no: '快递单号' }
    },
    async ({ input, userId }): Promise<OrderDetailResponse> => {
      await shipReturn(app.db, notify, userId, input.after_sale_id, { company: input.company, no: input.no })
      return buyerOrderDetail(app, userId, (await afterSaleById(app.db, input.after_sale_id)).orderId)
    }
  )

  userRoute(
    app,
    { method: 'POST', path: '/user.order/afterSale/cancel', input: z.object({ after_sale_id: idParam() }) },
    async ({ input, userId }): Promise<OrderDetailResponse> => {
      await cancelAfterSale(app.db, userId, input.after_sale_id)
      return buyerOrderDetail(app, userId, (await afterSaleById(app.db, input.after_sale_id)).orderId)
    }
  )
}
