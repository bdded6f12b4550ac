import { and, asc, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { OrderCountsResponse, OrderDetailResponse, OrderListsResponse, OrderPayResponse } from '../../../contract'
import { AppError, ownedBy } from '../../core/envelope'
import { offsetOf, paged, pagingFields } from '../../core/paging'
import { userRoute } from '../../core/route'
import { idParam, optional, text } from '../../core/validate'
import { payments, shopOrderItems, shopOrders } from '../../db/schema'
import type { Payment } from '../payment/provider'
import { startPayment } from '../payment/start'
import { businessSetting } from '../settings'
import { remainingLines } from './after-sale-amounts'
import { AFTER_SALE_REASONS, applyAfterSale } from './after-sales'
import { buyerOrderDetail, confirmsOf, ownOrder as ownOrderOf } from './order-detail'
import { cancelUnpaid, confirmReceipt, sweepExpired } from './order-lifecycle'
import { toSummary } from './order-view'
import { refundReason } from './validate'

const LIST_FILTERS: Record<string, SQL | undefined> = {
  all: undefined,
  to_pay: eq(shopOrders.status, 'to_pay'),
  to_ship: eq(shopOrders.status, 'to_ship'),
  to_receive: eq(shopOrders.status, 'to_receive'),
  done: eq(shopOrders.status, 'done'),
  after_sale: ne(shopOrders.refundStatus, 'none')
}

const idInput = z.object({ order_id: idParam() })
/** The order's id, or the payment WeChat's shipping message names (the page opens with transaction_id etc.). */
const detailInput = z
  .object({
    order_id: optional(idParam()),
    transaction_id: optional(text(64, 1)),
    merchant_trade_no: optional(text(64, 1))
  })
  .refine((i) => i.order_id || i.transaction_id || i.merchant_trade_no, {
    message: '缺少订单编号',
    path: ['order_id']
  })

export default async function orderRoutes(app: FastifyInstance): Promise<void> {
  const payService = app.services.payments

  /** The user's own shop order paid by a payment WeChat names. */
  async function orderOfPayment(userId: number, by: { transaction_id?: string; merchant_trade_no?: string }) {
    const [p] = await app.db
      .select()
      .from(payments)
      .where(
        and(
          by.merchant_trade_no
            ? eq(payments.outTradeNo, by.merchant_trade_no)
            : eq(payments.providerTxnId, by.transaction_id ?? ''),
          by.merchant_trade_no && by.transaction_id ? eq(payments.providerTxnId, by.transaction_id) : undefined
        )
      )
      .limit(1)
    const payment = ownedBy(p, userId, '订单不存在')
    if (payment.bizType !== 'goods') throw new AppError('这笔支付购买的是虚拟商品，已自动发放，无需确认收货')
    return payment.bizId
  }

  const detailOf = (userId: number, orderId: number) => buyerOrderDetail(app, userId, orderId)
  const ownOrder = (userId: number, orderId: number) => ownOrderOf(app, userId, orderId)

  userRoute(
    app,
    {
      method: 'GET',
      path: '/user.order/lists',
      input: z.object({
        ...pagingFields,
        status: optional(z.enum(['all', 'to_pay', 'to_ship', 'to_receive', 'done', 'after_sale']))
      })
    },
    async ({ input, userId }): Promise<OrderListsResponse> => {
      // Reading is also a moment to close what is overdue, so no list ever shows a payable expired order.
      await sweepExpired(app.db, new Date(), userId)
      const where = and(eq(shopOrders.userId, userId), LIST_FILTERS[input.status ?? 'all'])
      const [rows, [{ n }]] = await Promise.all([
        app.db
          .select()
          .from(shopOrders)
          .where(where)
          .orderBy(desc(shopOrders.id))
          .limit(input.per_page)
          .offset(offsetOf(input.page, input.per_page)),
        app.db.select({ n: count() }).from(shopOrders).where(where)
      ])
      const items = rows.length
        ? await app.db
            .select()
            .from(shopOrderItems)
            .where(
              inArray(
                shopOrderItems.orderId,
                rows.map((r) => r.id)
              )
            )
            .orderBy(asc(shopOrderItems.id))
        : []
      const now = new Date()
      const [confirm, afterSaleDays] = await Promise.all([
        confirmsOf(
          app,
          rows.map((r) => r.id)
        ),
        businessSetting(app.db, 'after_sale_days')
      ])
      const list = rows.map((o) =>
        toSummary(
          o,
          items.filter((i) => i.orderId === o.id),
          app.config.publicUrl,
          now,
          afterSaleDays,
          confirm(o.id)
        )
      )
      return paged(list, n, input.page, input.per_page)
    }
  )

  userRoute(
    app,
    { method: 'GET', path: '/user.order/counts', input: z.object({}) },
    async ({ userId }): Promise<OrderCountsResponse> => {
      await sweepExpired(app.db, new Date(), userId)
      const rows = await app.db
        .select({ status: shopOrders.status, refundStatus: shopOrders.refundStatus, n: count() })
        .from(shopOrders)
        .where(eq(shopOrders.userId, userId))
        .groupBy(shopOrders.status, shopOrders.refundStatus)
      const sum = (pick: (r: (typeof rows)[number]) => boolean) => rows.filter(pick).reduce((s, r) => s + r.n, 0)
      return {
        to_pay: sum((r) => r.status === 'to_pay'),
        to_ship: sum((r) => r.status === 'to_ship'),
        to_receive: sum((r) => r.status === 'to_receive'),
        after_sale: sum((r) => r.refundStatus === 'applied')
      }
    }
  )

  userRoute(
    app,
    { method: 'GET', path: '/user.order/detail', input: detailInput },
    async ({ input, userId }): Promise<OrderDetailResponse> => {
      const orderId = input.order_id ?? (await orderOfPayment(userId, input))
      // Paid at WeChat but its notice late (the pay-success page asking): credited before any lapse is swept.
      await payService.syncWaitingFor('goods', orderId, userId)
      await sweepExpired(app.db, new Date(), userId)
      return detailOf(userId, orderId)
    }
  )

  userRoute(
    app,
    { method: 'POST', path: '/user.order/cancel', input: idInput },
    async ({ input, userId }): Promise<OrderDetailResponse> => {
      const o = await ownOrder(userId, input.order_id)
      const cancelled = await app.db.transaction((tx) => cancelUnpaid(tx, o.id, '用户取消', userId))
      if (!cancelled) throw new AppError(o.status === 'cancelled' ? '订单已取消' : '订单已支付，不能取消')
      return detailOf(userId, o.id)
    }
  )

  userRoute(
    app,
    { method: 'POST', path: '/user.order/pay', input: idInput },
    async ({ input, userId, req }): Promise<OrderPayResponse> => {
      await sweepExpired(app.db, new Date(), userId)
      const payment: Payment = await app.db.transaction(async (tx) => {
        const [row] = await tx.select().from(shopOrders).where(eq(shopOrders.id, input.order_id)).for('update').limit(1)
        const o = ownedBy(row, userId, '订单不存在')
        if (o.status === 'cancelled') throw new AppError('订单已取消，请重新下单')
        if (o.status !== 'to_pay') throw new AppError('订单已支付')
        // One waiting payment per order (the order row is locked); a closed one is replaced by a new one.
        const [open] = await tx
          .select()
          .from(payments)
          .where(and(eq(payments.bizType, 'goods'), eq(payments.bizId, o.id), eq(payments.status, 'created')))
          .limit(1)
        return (
          open ??
          payService.createPayment(tx, {
            userId,
            bizType: 'goods',
            bizId: o.id,
            amountFen: o.payAmount,
            description: `商城订单 ${o.orderNo}`
          })
        )
      })
      return startPayment(app, req, payment)
    }
  )

  userRoute(
    app,
    { method: 'POST', path: '/user.order/receipt', input: idInput },
    async ({ input, userId }): Promise<OrderDetailResponse> => {
      const o = await ownOrder(userId, input.order_id)
      if (!(await app.db.transaction((tx) => confirmReceipt(tx, o.id, userId)))) {
        throw new AppError(o.refundStatus === 'applied' ? '退款处理中，暂不能确认收货' : '订单不是待收货状态')
      }
      return detailOf(userId, o.id)
    }
  )

  // A whole-order 仅退款 in one step: every unit not yet refunded, for all they give back.
  userRoute(
    app,
    { method: 'POST', path: '/user.order/refund', input: z.object({ order_id: idParam(), reason: refundReason }) },
    async ({ input, userId }): Promise<OrderDetailResponse> => {
      const o = await ownOrder(userId, input.order_id)
      const items = await app.db.select().from(shopOrderItems).where(eq(shopOrderItems.orderId, o.id))
      const listed = (AFTER_SALE_REASONS as readonly string[]).includes(input.reason)
      await applyAfterSale(app.db, app.services.notify, userId, o.id, {
        kind: 'refund',
        lines: remainingLines(items),
        reason: listed ? input.reason : '其他',
        description: listed ? '' : input.reason
      })
      return detailOf(userId, o.id)
    }
  )
}
