import { asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'

import type { OrderDetailResponse } from '../../../contract'
import { ownedBy } from '../../core/envelope'
import { shopOrderEvents, shopOrderItems, shopOrders } from '../../db/schema'
import { imageViewer } from '../file/private'
import { businessSetting } from '../settings'
import { orderConfirm, shippingOfOrders } from '../wechat/shipping-queries'
import { AFTER_SALE_STATUS_TEXT, afterSalesOf, KIND_TEXT, whyNoAfterSale, withViewableImages } from './after-sales'
import { toDetail } from './order-view'

/** The buyer's own order, or 订单不存在 (another user's order is not told apart from none). */
export async function ownOrder(app: FastifyInstance, userId: number, orderId: number) {
  const [o] = await app.db.select().from(shopOrders).where(eq(shopOrders.id, orderId)).limit(1)
  return ownedBy(o, userId, '订单不存在')
}

/** WeChat's 确认收货 of each order, when it was paid in the mini-program and its shipping is with WeChat. */
export async function confirmsOf(app: FastifyInstance, orderIds: number[]) {
  const shipping = await shippingOfOrders(app.db, orderIds)
  return (id: number) => orderConfirm(shipping.get(id), app.config.pay.wechat.mchId)
}

/** The order page's answer: the order with its lines, timeline and after-sales. */
export async function buyerOrderDetail(
  app: FastifyInstance,
  userId: number,
  orderId: number
): Promise<OrderDetailResponse> {
  const o = await ownOrder(app, userId, orderId)
  const [items, events, afterSales, confirm, afterSaleDays, blocked] = await Promise.all([
    app.db.select().from(shopOrderItems).where(eq(shopOrderItems.orderId, o.id)).orderBy(asc(shopOrderItems.id)),
    app.db
      .select()
      .from(shopOrderEvents)
      .where(eq(shopOrderEvents.orderId, o.id))
      .orderBy(asc(shopOrderEvents.createdAt), asc(shopOrderEvents.id)),
    afterSalesOf(app.db, o.id).then((rows) => withViewableImages(rows, imageViewer(app))),
    confirmsOf(app, [o.id]),
    businessSetting(app.db, 'after_sale_days'),
    whyNoAfterSale(app.db, o)
  ])
  const words = { kind: KIND_TEXT, status: AFTER_SALE_STATUS_TEXT }
  return {
    detail: toDetail(
      o,
      { items, events, afterSales, words, afterSaleDays, blocked },
      app.config.publicUrl,
      new Date(),
      app.services.dataCipher,
      confirm(o.id)
    )
  }
}
