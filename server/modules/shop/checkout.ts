import crypto from 'node:crypto'

import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'

import type { BuyPreviewResponse, BuyResponse, PayStart } from '../../../contract'
import { chinaStamp } from '../../../contract/china-time'
import { MAX_ORDER_QUANTITY } from '../../../contract/shop'
import { AppError } from '../../core/envelope'
import { userRoute } from '../../core/route'
import { idParam, intParam, multiline, optional } from '../../core/validate'
import { payments, shopCartItems, shopOrderItems, shopOrders, shopUserCoupons } from '../../db/schema'
import type { Payment } from '../payment/provider'
import { MSG_PAY_START_FAILED, startPayment } from '../payment/start'
import { PAY_TIMEOUT_MS } from './constants'
import { lockUser } from './locks'
import { addEvent } from './order-lifecycle'
import { buildQuote, type QuoteRequest, toPreview } from './quote'
import { openAddressRow, orderAddressColumns } from './receiver-store'
import { moveStock } from './stock'

const quoteFields = {
  mode: z.enum(['cart', 'buy_now']),
  sku_id: optional(idParam()),
  quantity: optional(intParam(1, MAX_ORDER_QUANTITY)),
  user_coupon_id: optional(intParam(0, 2_147_483_647))
}

const previewInput = z.object({ ...quoteFields, address_id: optional(idParam()) })
const buyInput = z.object({
  ...quoteFields,
  address_id: idParam(),
  remark: optional(multiline(100)),
  request_id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/),
  expected_amount: optional(intParam(0, 100_000_000))
})

const quoteRequest = (i: z.output<typeof previewInput>): QuoteRequest => ({
  mode: i.mode,
  skuId: i.sku_id,
  quantity: i.quantity,
  addressId: i.address_id,
  userCouponId: i.user_coupon_id
})

export const MSG_PAY_UNAVAILABLE = '微信支付暂时不可用，请在订单详情重新支付'

/** 'SO' + local time to the second + 6 random digits: unique, sortable, readable on the phone. */
export function newOrderNo(now = new Date()): string {
  return `SO${chinaStamp(now)}${String(crypto.randomInt(0, 1e6)).padStart(6, '0')}`
}

export default async function checkoutRoutes(app: FastifyInstance): Promise<void> {
  const payService = app.services.payments

  /**
   * Starts paying after the order is committed. Whatever goes wrong now (WeChat Pay answering 500, not answering,
   * a network error), the order, its payment and its stock are already saved: the buyer is given the order with
   * the reason, and pays it again from the order page.
   */
  async function startPay(
    payment: Payment | undefined,
    req: FastifyRequest
  ): Promise<{ payment: PayStart | null; pay_error: string }> {
    if (!payment) return { payment: null, pay_error: '该订单已支付或已关闭' }
    try {
      return { payment: await startPayment(app, req, payment), pay_error: '' }
    } catch (e) {
      // The order is saved: a payment service that failed to answer sends the buyer to the order's page.
      if (e instanceof AppError && e.message !== MSG_PAY_START_FAILED) return { payment: null, pay_error: e.message }
      if (!(e instanceof AppError))
        req.log.error({ err: e, out_trade_no: payment.outTradeNo }, 'starting a payment failed')
      return { payment: null, pay_error: MSG_PAY_UNAVAILABLE }
    }
  }

  async function openPayment(orderId: number): Promise<Payment | undefined> {
    const [p] = await app.db
      .select()
      .from(payments)
      .where(and(eq(payments.bizType, 'goods'), eq(payments.bizId, orderId), eq(payments.status, 'created')))
      .limit(1)
    return p
  }

  userRoute(
    app,
    { method: 'GET', path: '/order.order/buy', input: previewInput },
    async ({ input, userId }): Promise<BuyPreviewResponse> => {
      const quote = await buildQuote(app.db, userId, quoteRequest(input))
      return { preview: toPreview(quote, app.config.publicUrl, app.services.dataCipher) }
    }
  )

  userRoute(
    app,
    { method: 'POST', path: '/order.order/buy', input: buyInput },
    async ({ input, userId, req }): Promise<BuyResponse> => {
      const placed = await app.db.transaction(async (tx) => {
        // One checkout of a user at a time: a resubmitted request_id then finds the order the first one made.
        await lockUser(tx, userId)
        const [earlier] = await tx
          .select()
          .from(shopOrders)
          .where(and(eq(shopOrders.userId, userId), eq(shopOrders.requestId, input.request_id)))
          .limit(1)
        if (earlier) return { order: earlier, payment: undefined, repeated: true }

        const now = new Date()
        const quote = await buildQuote(tx, userId, quoteRequest(input), now)
        if (quote.problem) throw new AppError(quote.problem)
        if (input.expected_amount !== undefined && input.expected_amount !== quote.totals.payAmount) {
          throw new AppError('商品价格或优惠已变化，请确认后重新提交')
        }
        const cipher = app.services.dataCipher
        const address = openAddressRow(cipher, quote.address!)
        const [order] = await tx
          .insert(shopOrders)
          .values({
            orderNo: newOrderNo(now),
            userId,
            requestId: input.request_id,
            goodsAmount: quote.totals.goodsAmount,
            freight: quote.totals.freight,
            couponDiscount: quote.totals.couponDiscount,
            payAmount: quote.totals.payAmount,
            userCouponId: quote.chosen?.userCouponId ?? null,
            couponName: quote.chosen?.couponName ?? '',
            ...orderAddressColumns(cipher, address),
            remark: input.remark ?? '',
            payDeadline: new Date(now.getTime() + PAY_TIMEOUT_MS)
          })
          .returning()

        // Stock is reserved by a conditional decrement: it can never go below zero, whatever runs alongside.
        // SKUs are taken in id order so two orders sharing SKUs never wait on each other in a cycle.
        for (const line of [...quote.lines].sort((a, b) => a.skuId - b.skuId)) {
          const taken = await moveStock(tx, line.skuId, -line.quantity, { sellable: true, notify: app.services.notify })
          if (!taken) throw new AppError(`${line.name}${line.specText ? `（${line.specText}）` : ''}库存不足`)
        }
        await tx.insert(shopOrderItems).values(
          quote.lines.map((l) => ({
            orderId: order.id,
            goodsId: l.goodsId,
            skuId: l.skuId,
            name: l.name,
            image: l.image,
            specText: l.specText,
            price: l.price,
            quantity: l.quantity,
            amount: l.amount
          }))
        )
        if (quote.chosen) {
          const [used] = await tx
            .update(shopUserCoupons)
            .set({ status: 'used', orderId: order.id, usedAt: now })
            .where(
              and(
                eq(shopUserCoupons.id, quote.chosen.userCouponId),
                eq(shopUserCoupons.userId, userId),
                eq(shopUserCoupons.status, 'unused')
              )
            )
            .returning({ id: shopUserCoupons.id })
          if (!used) throw new AppError('优惠券已被使用')
        }
        if (quote.cartIds.length)
          await tx
            .delete(shopCartItems)
            .where(and(eq(shopCartItems.userId, userId), inArray(shopCartItems.id, quote.cartIds)))
        await addEvent(tx, order.id, '提交订单', `订单号 ${order.orderNo}`)
        const payment = await payService.createPayment(tx, {
          userId,
          bizType: 'goods',
          bizId: order.id,
          amountFen: order.payAmount,
          description: `商城订单 ${order.orderNo}`
        })
        return { order, payment, repeated: false }
      })
      const { order } = placed
      const payment = placed.repeated
        ? order.status === 'to_pay'
          ? await openPayment(order.id)
          : undefined
        : placed.payment
      return {
        order_id: order.id,
        order_no: order.orderNo,
        pay_amount: order.payAmount,
        ...(await startPay(payment, req))
      }
    }
  )
}
