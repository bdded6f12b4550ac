import type { AfterSaleView, OrderDetail, OrderStatus, OrderSummary } from '../../../contract'
import { DAY_MS } from '../../../contract/china-time'
import type { OrderParcel, WechatOrderConfirm } from '../../../contract/wechat-shipping'
import { assetUrl } from '../../core/asset-url'
import type { DataCipher } from '../../core/data-key'
import type { shopAfterSales, shopOrderEvents, shopOrderItems, shopOrders } from '../../db/schema'
import { fullAddress } from './addresses'
import { afterSaleBlocked } from './after-sale-amounts'
import { orderAddress } from './receiver-store'

type OrderRow = typeof shopOrders.$inferSelect
type ItemRow = typeof shopOrderItems.$inferSelect
type EventRow = typeof shopOrderEvents.$inferSelect
type AfterSaleRow = typeof shopAfterSales.$inferSelect

/** The kind and status words of an after-sale (after-sales.ts owns them; passed in to keep this file pure). */
export interface AfterSaleWords {
  kind: Record<AfterSaleRow['kind'], string>
  status: Record<AfterSaleRow['status'], string>
}

const STATUS_TEXT: Record<OrderStatus, string> = {
  to_pay: '待付款',
  to_ship: '待发货',
  to_receive: '待收货',
  done: '已完成',
  cancelled: '已取消',
  refunded: '已退款'
}

const iso = (d: Date | null) => (d ? d.toISOString() : '')

export function statusText(o: Pick<OrderRow, 'status' | 'refundStatus'>): string {
  if (o.refundStatus === 'applied') return '退款中'
  return STATUS_TEXT[o.status]
}

/** An order's parcels; one shipped before parcels were kept is its express company and number. */
export function parcelsOf(o: Pick<OrderRow, 'parcels' | 'expressCompany' | 'expressNo'>): OrderParcel[] {
  if (o.parcels.length) return o.parcels.map((p) => ({ express_company: p.company, express_no: p.no }))
  return o.expressNo ? [{ express_company: o.expressCompany, express_no: o.expressNo }] : []
}

/**
 * `confirm`: WeChat's 确认收货 of the order's payment, when the order was paid in the mini-program and WeChat has it;
 * `afterSaleDays`: the owner's 售后期.
 */
export function toSummary(
  o: OrderRow,
  items: ItemRow[],
  publicUrl: string,
  now: Date,
  afterSaleDays: number,
  confirm: WechatOrderConfirm | null = null
): OrderSummary {
  const unpaid = o.status === 'to_pay' && o.payDeadline > now
  const refundOpen = o.refundStatus === 'applied'
  return {
    order_id: o.id,
    order_no: o.orderNo,
    status: o.status,
    status_text: statusText(o),
    refund_status: o.refundStatus,
    items: items.map((i) => ({
      goods_id: i.goodsId,
      sku_id: i.skuId,
      name: i.name,
      image: assetUrl(publicUrl, i.image),
      spec_text: i.specText,
      price: i.price,
      quantity: i.quantity,
      amount: i.amount
    })),
    quantity: items.reduce((s, i) => s + i.quantity, 0),
    pay_amount: o.payAmount,
    created_at: o.createdAt.toISOString(),
    pay_deadline: o.status === 'to_pay' ? o.payDeadline.toISOString() : '',
    can_pay: unpaid,
    can_cancel: unpaid,
    can_receipt: o.status === 'to_receive' && !refundOpen,
    can_refund: !afterSaleBlocked(o, afterSaleDays, now),
    refunded_amount: o.refundedFen,
    wechat_confirm: o.status === 'to_receive' && !refundOpen ? confirm : null
  }
}

export interface DetailParts {
  items: ItemRow[]
  events: EventRow[]
  afterSales: AfterSaleRow[]
  words: AfterSaleWords
  afterSaleDays: number
  blocked: string
}

/** The buyer's reason in one line: their own words stand alone when they picked 其他. */
export function reasonText(a: Pick<AfterSaleRow, 'reason' | 'description'>): string {
  if (a.reason === '其他' && a.description) return a.description
  return [a.reason, a.description].filter(Boolean).join('：')
}

export function afterSaleView(
  a: AfterSaleRow,
  items: ItemRow[],
  publicUrl: string,
  words: AfterSaleWords
): AfterSaleView {
  return {
    after_sale_id: a.id,
    after_sale_no: a.afterSaleNo,
    kind: a.kind,
    kind_text: words.kind[a.kind],
    status: a.status,
    status_text: words.status[a.status],
    by_shop: a.startedBy === 'operator',
    lines: a.lines.flatMap((l) => {
      const item = items.find((i) => i.id === l.itemId)
      return item
        ? [
            {
              item_id: item.id,
              name: item.name,
              spec_text: item.specText,
              image: assetUrl(publicUrl, item.image),
              quantity: l.quantity
            }
          ]
        : []
    }),
    amount: a.amountFen,
    reason: a.reason,
    description: a.description,
    reason_text: reasonText(a),
    reply: a.reply,
    images: a.images,
    return_address: a.returnAddress,
    return_company: a.returnCompany,
    return_no: a.returnNo,
    created_at: a.createdAt.toISOString(),
    finished_at: iso(a.finishedAt),
    can_cancel: a.startedBy === 'buyer' && (a.status === 'applied' || a.status === 'awaiting_return'),
    can_ship_return: a.status === 'awaiting_return'
  }
}

export function toDetail(
  o: OrderRow,
  parts: DetailParts,
  publicUrl: string,
  now: Date,
  cipher: DataCipher,
  confirm: WechatOrderConfirm | null = null
): OrderDetail {
  const { items, events, afterSales, words, afterSaleDays } = parts
  const address = orderAddress(cipher, o)
  return {
    ...toSummary(o, items, publicUrl, now, afterSaleDays, confirm),
    address: { ...address, full_address: fullAddress(address) },
    goods_amount: o.goodsAmount,
    freight: o.freight,
    coupon_discount: o.couponDiscount,
    price_adjust: o.priceAdjust,
    coupon_name: o.couponName,
    remark: o.remark,
    paid_at: iso(o.paidAt),
    shipped_at: iso(o.shippedAt),
    received_at: iso(o.receivedAt),
    cancelled_at: iso(o.cancelledAt),
    cancel_reason: o.cancelReason,
    express_company: o.expressCompany,
    express_no: o.expressNo,
    parcels: parcelsOf(o),
    refund:
      o.refundStatus === 'none'
        ? null
        : {
            status: o.refundStatus,
            reason: o.refundReason,
            reply: o.refundReply,
            applied_at: iso(o.refundAppliedAt),
            finished_at: iso(o.refundFinishedAt)
          },
    after_sales: afterSales.map((a) => afterSaleView(a, items, publicUrl, words)),
    after_sale_deadline: o.receivedAt ? new Date(o.receivedAt.getTime() + afterSaleDays * DAY_MS).toISOString() : '',
    after_sale_blocked: o.status === 'to_pay' || o.status === 'cancelled' ? '' : parts.blocked,
    timeline: events.map((e) => ({ time: e.createdAt.toISOString(), title: e.title, desc: e.description }))
  }
}
