import { asc, eq } from 'drizzle-orm'

import type { Tx } from '../../db/database'
import { type shopAfterSales, shopOrderItems, type shopOrders } from '../../db/schema'
import type { Notifier } from '../notify/notifier'
import { amountText, timeText } from '../notify/values'
import type { Payment } from '../payment/provider'

// What the shop tells buyers and operators, each from the transaction of the change it tells of
// (order-lifecycle.ts). The keys name the occurrence: an order is paid, shipped and refunded once; it
// may be applied for and refused more than once, so those carry the after-sale's id.

type Order = typeof shopOrders.$inferSelect

/** The order's page in the app (goods/pages/order/detail reads order_id). */
const orderPage = (orderId: number) => `goods/pages/order/detail?order_id=${orderId}`
const RESULT = { approved: '已通过', rejected: '未通过' }

/** The goods in a few words: '罗盘 × 1', or the first line and how many units in all. */
async function goodsOf(tx: Tx, orderId: number): Promise<string> {
  const items = await tx
    .select({ name: shopOrderItems.name, quantity: shopOrderItems.quantity })
    .from(shopOrderItems)
    .where(eq(shopOrderItems.orderId, orderId))
    .orderBy(asc(shopOrderItems.id))
  if (!items.length) return ''
  const [first] = items
  if (items.length === 1) return `${first.name} × ${first.quantity}`
  return `${first.name} 等 ${items.reduce((n, i) => n + i.quantity, 0)} 件`
}

type AfterSale = typeof shopAfterSales.$inferSelect

/** Paid: the buyer's receipt, and the operators who ship. */
export async function tellOrderPaid(tx: Tx, notify: Notifier, order: Order): Promise<void> {
  const fields = { order_no: order.orderNo, goods: await goodsOf(tx, order.id), amount: amountText(order.payAmount) }
  await notify.toUsers(tx, 'order.paid', order.userId, {
    key: order.id,
    fields: { ...fields, time: timeText(order.paidAt ?? new Date()) },
    link: orderPage(order.id)
  })
  await notify.toOperators(tx, 'op.order.paid', { key: order.id, fields, link: `/orders/${order.id}` })
}

/** Shipped, with every parcel's carrier and number (a split shipment lists them all). */
export async function tellShipped(
  tx: Tx,
  notify: Notifier,
  order: Order,
  parcels: { company: string; no: string }[]
): Promise<void> {
  await notify.toUsers(tx, 'order.shipped', order.userId, {
    key: order.id,
    fields: {
      order_no: order.orderNo,
      goods: await goodsOf(tx, order.id),
      carrier: [...new Set(parcels.map((p) => p.company))].join('、'),
      express_no: parcels.map((p) => p.no).join(','),
      time: timeText(new Date())
    },
    link: orderPage(order.id)
  })
}

/** A buyer applied for an after-sale: the operators who decide it. */
export async function tellAfterSaleRequested(tx: Tx, notify: Notifier, order: Order, sale: AfterSale): Promise<void> {
  await notify.toOperators(tx, 'op.refund.requested', {
    key: `as:${sale.id}`,
    fields: { order_no: order.orderNo, amount: amountText(sale.amountFen), reason: order.refundReason },
    link: '/refunds'
  })
}

/** The buyer sent the goods back: the operators who receive them and refund. */
export async function tellReturnShipped(tx: Tx, notify: Notifier, order: Order, sale: AfterSale): Promise<void> {
  await notify.toOperators(tx, 'op.return.shipped', {
    key: `as:${sale.id}`,
    fields: { order_no: order.orderNo, carrier: sale.returnCompany, express_no: sale.returnNo },
    link: '/refunds'
  })
}

/**
 * The console's decision, with its reply (a return's approval says where to send the goods). An approval is told
 * once, however it completes.
 */
export async function tellAfterSaleDecided(
  tx: Tx,
  notify: Notifier,
  order: Order,
  sale: AfterSale,
  approved: boolean
): Promise<void> {
  const reason = approved && sale.returnAddress ? `请将商品寄回：${sale.returnAddress}` : sale.reply
  await notify.toUsers(tx, 'refund.decided', order.userId, {
    key: `as:${sale.id}:${approved ? 'approved' : 'rejected'}`,
    fields: {
      order_no: order.orderNo,
      result: approved ? RESULT.approved : RESULT.rejected,
      amount: amountText(sale.amountFen),
      reason
    },
    link: orderPage(order.id)
  })
}

/**
 * The money is back: an after-sale's refund (key by after-sale), or money that came after the order was cancelled
 * and was sent straight back (key by payment, as the other businesses' refunds are).
 */
export async function tellRefundPaid(
  tx: Tx,
  notify: Notifier,
  order: Order,
  of: { afterSale: AfterSale } | { returned: Payment }
): Promise<void> {
  const returned = 'returned' in of ? of.returned : undefined
  const sale = 'afterSale' in of ? of.afterSale : undefined
  await notify.toUsers(tx, 'refund.paid', order.userId, {
    key: returned ? `payment:${returned.id}` : `as:${sale?.id}`,
    fields: {
      order_no: order.orderNo,
      item: await goodsOf(tx, order.id),
      amount: amountText(returned ? returned.amountFen : (sale?.amountFen ?? 0)),
      time: timeText(new Date())
    },
    link: orderPage(order.id)
  })
}
