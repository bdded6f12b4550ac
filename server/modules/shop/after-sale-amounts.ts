import { DAY_MS } from '../../../contract/china-time'
import type { AfterSaleKind, AfterSaleLine } from '../../db/schema'

// What an after-sale may give back. The money paid for the goods (pay_amount less the freight) is shared among the
// order's lines by their amounts, so a coupon's discount is shared too; a line's share is given back unit by unit,
// rounded so that its last unit gives back exactly what is left of it. The freight comes back only with the last of
// the goods of an order that never shipped.

export interface RefundableOrder {
  status: string
  payAmount: number
  freight: number
  refundedFen: number
}

export interface RefundableItem {
  id: number
  amount: number
  quantity: number
  refundedQuantity: number
}

/** Each line's share of the goods' money, fen: proportional to its amount, remainders to the largest fractions. */
function lineShares(order: RefundableOrder, items: RefundableItem[]): Map<number, number> {
  const goodsPaid = Math.max(0, order.payAmount - order.freight)
  const total = items.reduce((s, i) => s + i.amount, 0)
  const exact = items.map((i) => ({ id: i.id, raw: total ? (goodsPaid * i.amount) / total : 0 }))
  const shares = new Map(exact.map((e) => [e.id, Math.floor(e.raw)]))
  let left = goodsPaid - [...shares.values()].reduce((s, v) => s + v, 0)
  for (const e of [...exact].sort((a, b) => b.raw - Math.floor(b.raw) - (a.raw - Math.floor(a.raw)) || a.id - b.id)) {
    if (left <= 0) break
    shares.set(e.id, (shares.get(e.id) ?? 0) + 1)
    left--
  }
  return shares
}

/** The money `quantity` more units of a line give back, after `refunded` of them already were. */
function unitsShare(share: number, lineQuantity: number, refunded: number, quantity: number): number {
  return Math.floor((share * (refunded + quantity)) / lineQuantity) - Math.floor((share * refunded) / lineQuantity)
}

/** The kinds of after-sale an order in this status allows: nothing shipped means nothing to send back. */
export function kindsFor(status: string): AfterSaleKind[] {
  if (status === 'to_ship') return ['refund']
  if (status === 'to_receive' || status === 'done') return ['refund', 'return']
  return []
}

/**
 * The most these lines may give back, fen, or the reason they may not: each line's units must be the order's and
 * not yet refunded.
 */
export function refundableFor(
  order: RefundableOrder,
  items: RefundableItem[],
  lines: AfterSaleLine[]
): { maxFen: number } | { error: string } {
  if (!lines.length) return { error: '请选择要退的商品' }
  const shares = lineShares(order, items)
  const byId = new Map(items.map((i) => [i.id, i]))
  const seen = new Set<number>()
  let maxFen = 0
  for (const line of lines) {
    const item = byId.get(line.itemId)
    if (!item || seen.has(line.itemId)) return { error: '所选商品不属于该订单' }
    seen.add(line.itemId)
    const left = item.quantity - item.refundedQuantity
    if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > left)
      return { error: left ? `该商品最多可退 ${left} 件` : '该商品已全部退款' }
    maxFen += unitsShare(shares.get(item.id) ?? 0, item.quantity, item.refundedQuantity, line.quantity)
  }
  const remainingUnits = items.reduce((s, i) => s + i.quantity - i.refundedQuantity, 0)
  const chosenUnits = lines.reduce((s, l) => s + l.quantity, 0)
  if (order.status === 'to_ship' && chosenUnits === remainingUnits) maxFen += order.freight
  return { maxFen: Math.min(maxFen, order.payAmount - order.refundedFen) }
}

/** Every unit not yet refunded: the lines of a whole-order refund. */
export function remainingLines(items: RefundableItem[]): AfterSaleLine[] {
  return items
    .filter((i) => i.quantity > i.refundedQuantity)
    .map((i) => ({ itemId: i.id, quantity: i.quantity - i.refundedQuantity }))
}

/**
 * Why this order cannot take a new after-sale now ('' when it can): one open at a time, nothing once refunded in
 * full, and a received order only within the owner's 售后期 (`afterSaleDays`).
 */
export function afterSaleBlocked(
  order: RefundableOrder & { refundStatus: string; receivedAt: Date | null },
  afterSaleDays: number,
  now = new Date()
): string {
  if (order.refundStatus === 'applied') return '已提交售后申请，请等待处理'
  if (order.status === 'refunded' || order.refundedFen >= order.payAmount) return '订单已全额退款'
  if (!kindsFor(order.status).length) return order.status === 'to_pay' ? '订单未支付' : '该订单不能申请售后'
  if (
    order.status === 'done' &&
    order.receivedAt &&
    order.receivedAt.getTime() + afterSaleDays * DAY_MS <= now.getTime()
  )
    return '已超过售后期，如有问题请联系客服'
  return ''
}
