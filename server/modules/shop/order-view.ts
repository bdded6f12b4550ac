import type { OrderDetail, OrderStatus, OrderSummary } from '../../../contract'
import type { OrderParcel, WechatOrderConfirm } from '../../../contract/wechat-shipping'
import { assetUrl } from '../../core/asset-url'
import type { DataCipher } from '../../core/data-key'
import type { shopOrderEvents, shopOrderItems, shopOrders } from '../../db/schema'
import { fullAddress } from './addresses'
import { orderAddress } from './receiver-store'

type OrderRow = typeof shopOrders.$inferSelect
type ItemRow = typeof shopOrderItems.$inferSelect
type EventRow = typeof shopOrderEvents.$inferSelect

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

/** `confirm`: WeChat's 确认收货 of the order's payment, when the order was paid in the mini-program and WeChat has it. */
export function toSummary(
  o: OrderRow,
  items: ItemRow[],
  publicUrl: string,
  now: Date,
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
    can_refund: (o.status === 'to_ship' || o.status === 'to_receive') && !refundOpen && o.refundStatus !== 'refunded',
    wechat_confirm: o.status === 'to_receive' && !refundOpen ? confirm : null
  }
}

export function toDetail(
  o: OrderRow,
  items: ItemRow[],
  events: EventRow[],
  publicUrl: string,
  now: Date,
  cipher: DataCipher,
  confirm: WechatOrderConfirm | null = null
): OrderDetail {
  const address = orderAddress(cipher, o)
  return {
    ...toSummary(o, items, publicUrl, now, confirm),
    address: { ...address, full_address: fullAddress(address) },
    goods_amount: o.goodsAmount,
    freight: o.freight,
    coupon_discount: o.couponDiscount,
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
    timeline: events.map((e) => ({ time: e.createdAt.toISOString(), title: e.title, desc: e.description }))
  }
}
