import type { ShippingInfo, ShippingItem, ShippingOrderKey } from './wechat-shipping'

/** WeChat's limits for upload_shipping_info: 1..15 parcels, item_desc of at most 120 characters. */
export const MAX_PARCELS = 15
export const ITEM_DESC_MAX = 120

const CHINA_OFFSET_MS = 8 * 3_600_000

/** RFC 3339 in China time with milliseconds, as WeChat's example writes it: 2022-12-15T13:29:35.120+08:00. */
export function uploadTime(now: Date): string {
  return new Date(now.getTime() + CHINA_OFFSET_MS).toISOString().replace('Z', '+08:00')
}

/** A phone number masked but for its last four digits (WeChat's rule for contact): 138****8000. */
export function maskedPhone(mobile: string): string {
  const digits = mobile.replace(/\D/g, '')
  if (digits.length < 7) return `****${digits.slice(-4)}`
  return `${digits.slice(0, 3)}****${digits.slice(-4)}`
}

/** Cut to WeChat's 120 characters (counted as characters, not UTF-16 units), with … when cut. */
export function clipDesc(text: string): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim())
  if (chars.length <= ITEM_DESC_MAX) return chars.join('')
  return chars.slice(0, ITEM_DESC_MAX - 1).join('') + '…'
}

/** What a shop order holds, as WeChat's item_desc: 绿檀手串*1、八卦镜*2. */
export function goodsDesc(items: { name: string; quantity: number }[]): string {
  return clipDesc(items.map((i) => `${i.name}*${i.quantity}`).join('、') || '商城订单商品')
}

export interface PaymentKey {
  /** WeChat Pay's transaction id; absent: the merchant id and out_trade_no name the payment. */
  transactionId?: string | null
  mchId: string
  outTradeNo: string
}

export function orderKey(p: PaymentKey): ShippingOrderKey {
  return p.transactionId
    ? { order_number_type: 2, transaction_id: p.transactionId }
    : { order_number_type: 1, mchid: p.mchId, out_trade_no: p.outTradeNo }
}

export interface ParcelToUpload {
  deliveryId: string
  no: string
}

/** 实体物流: one parcel is 统一发货, several 分拆发货 all shipped at once; 顺丰 needs the receiver's masked phone. */
export function goodsShippingInfo(
  key: PaymentKey,
  openid: string,
  parcels: ParcelToUpload[],
  desc: string,
  receiverMobile: string,
  now: Date
): ShippingInfo {
  const split = parcels.length > 1
  const shippingList: ShippingItem[] = parcels.map((p) => ({
    tracking_no: p.no,
    express_company: p.deliveryId,
    item_desc: desc,
    ...(p.deliveryId === 'SF' ? { contact: { receiver_contact: maskedPhone(receiverMobile) } } : {})
  }))
  return {
    order_key: orderKey(key),
    logistics_type: 1,
    delivery_mode: split ? 2 : 1,
    ...(split ? { is_all_delivered: true } : {}),
    shipping_list: shippingList,
    upload_time: uploadTime(now),
    payer: { openid }
  }
}

/** 虚拟商品 (courses, the report, fees, sign-ups, bookings): no carrier, only what was bought. */
export function virtualShippingInfo(key: PaymentKey, openid: string, desc: string, now: Date): ShippingInfo {
  return {
    order_key: orderKey(key),
    logistics_type: 3,
    delivery_mode: 1,
    shipping_list: [{ item_desc: clipDesc(desc) }],
    upload_time: uploadTime(now),
    payer: { openid }
  }
}
