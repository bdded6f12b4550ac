/**
 * WeChat's 小程序发货信息管理服务 as the app, the console and the server share it: money paid with
 * WeChat Pay in the mini-program is settled once its shipping information is uploaded and the buyer
 * confirms receipt (docs/mini-program.md, 发货信息录入). Types only.
 */

/** pending 待上传 (waiting for shipment, or for WeChat); uploaded 已上传; failed 上传失败 (WeChat refused it). */
export type WechatShippingState = 'pending' | 'uploaded' | 'failed'

export const WECHAT_SHIPPING_TEXT: Record<WechatShippingState, string> = {
  pending: '待上传',
  uploaded: '已上传',
  failed: '上传失败'
}

/** WeChat's limit of parcels in one shipment. */
export const MAX_ORDER_PARCELS = 15

/** One parcel of a shipment; an order's express_company / express_no are its first parcel. */
export interface OrderParcel {
  express_company: string
  express_no: string
}

/** The console's parcel also carries WeChat's code of the carrier ('' when it was not known at shipping time). */
export interface AdminOrderParcel extends OrderParcel {
  delivery_id: string
}

/** An order's upload as the console shows it. */
export interface AdminWechatShipping {
  state: WechatShippingState
  /** WeChat's logistics_type: 1 实体物流, 3 虚拟商品. */
  logistics_type: number
  /** Of the accepted upload: 1 统一发货, 2 分拆发货. */
  delivery_mode: number | null
  attempts: number
  /** WeChat's refusal (failed), or why the last attempt did not get through (pending). */
  last_error: string
  next_try_at: string | null
  uploaded_at: string | null
  /** WeChat reminded us to ship (trade_manage_remind_shipping). */
  reminded_at: string | null
  /** From WeChat's settlement messages. */
  estimated_settlement_at: string | null
  confirmed_at: string | null
  settled_at: string | null
}

/** One of WeChat's carriers: its code (delivery_id) and name. */
export interface AdminCarrier {
  delivery_id: string
  delivery_name: string
}

/** GET /api/admin/order/carriers: WeChat's carriers, by name ([] while WeChat's list is out of reach). */
export interface AdminCarriersResponse {
  list: AdminCarrier[]
}

/** POST /api/admin/order/wechatShippingRetry {order_id}: uploads a failed or waiting one again, answers its state. */
export type AdminWechatShippingRetryResponse = AdminWechatShipping

/**
 * What wx.openBusinessView({businessType: 'weappOrderConfirm'}) takes as extraData to open WeChat's
 * 确认收货 of the order's payment.
 */
export type WechatOrderConfirm = { transaction_id: string } | { merchant_id: string; merchant_trade_no: string }
