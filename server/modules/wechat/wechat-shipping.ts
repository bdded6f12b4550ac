/**
 * 小程序发货信息管理服务 over WeChat's HTTPS API (field names as WeChat documents them): the carriers
 * (get_delivery_list), 发货信息录入 (upload_shipping_info) and where WeChat's shipping messages open
 * (set_msg_jump_path). Every call carries the mini-program's access token.
 */

/** Which payment: by WeChat Pay's transaction id (2), or by the merchant id and our out_trade_no (1). */
export type ShippingOrderKey =
  { order_number_type: 2; transaction_id: string } | { order_number_type: 1; mchid: string; out_trade_no: string }

export interface ShippingItem {
  /** 实体物流 only: the tracking number and WeChat's code of the carrier (delivery_id). */
  tracking_no?: string
  express_company?: string
  /** What was bought, at most 120 characters. */
  item_desc: string
  /** Required by 顺丰 (SF): the receiver's phone, masked but for its last four digits. */
  contact?: { receiver_contact: string }
}

export interface ShippingInfo {
  order_key: ShippingOrderKey
  /** 1 实体物流, 2 同城配送, 3 虚拟商品, 4 用户自提. */
  logistics_type: 1 | 2 | 3 | 4
  /** 1 UNIFIED_DELIVERY (one parcel), 2 SPLIT_DELIVERY (several). */
  delivery_mode: 1 | 2
  /** SPLIT_DELIVERY only: whether this upload completes the shipment. */
  is_all_delivered?: boolean
  /** 1 to 15 parcels. */
  shipping_list: ShippingItem[]
  /** RFC 3339 with the offset, e.g. 2022-12-15T13:29:35.120+08:00. */
  upload_time: string
  payer: { openid: string }
}

/** WeChat's carrier: its code (delivery_id) and name. */
export interface DeliveryCompany {
  deliveryId: string
  deliveryName: string
}

/** WeChat's answer to an upload: errcode 0 is accepted. */
export interface ShippingAnswer {
  errcode: number
  errmsg: string
}

export interface ShippingApi {
  deliveryCompanies(): Promise<DeliveryCompany[]>
  /** A refusal is an answer (errcode); WeChat out of reach throws. */
  uploadShippingInfo(info: ShippingInfo): Promise<ShippingAnswer>
  setMsgJumpPath(path: string): Promise<void>
}

export interface WechatReply {
  errcode?: number
  errmsg?: string
  [key: string]: unknown
}

/** A POST to the mini-program's API with its access token (renewed once when WeChat refuses it). */
export type MpPost = (path: string, body: object) => Promise<WechatReply>

export function wechatShipping(post: MpPost): ShippingApi {
  return {
    async deliveryCompanies() {
      const r = await post('/cgi-bin/express/delivery/open_msg/get_delivery_list', {})
      if (r.errcode) throw new Error(`WeChat get_delivery_list errcode ${r.errcode}: ${String(r.errmsg ?? '')}`)
      const list = Array.isArray(r.delivery_list) ? (r.delivery_list as Record<string, unknown>[]) : []
      return list
        .filter((d) => typeof d.delivery_id === 'string' && d.delivery_id && typeof d.delivery_name === 'string')
        .map((d) => ({ deliveryId: String(d.delivery_id).slice(0, 32), deliveryName: String(d.delivery_name) }))
    },
    async uploadShippingInfo(info) {
      const r = await post('/wxa/sec/order/upload_shipping_info', info)
      return { errcode: Number(r.errcode ?? 0) || 0, errmsg: String(r.errmsg ?? '') }
    },
    async setMsgJumpPath(path) {
      const r = await post('/wxa/sec/order/set_msg_jump_path', { path })
      if (r.errcode) throw new Error(`WeChat set_msg_jump_path errcode ${r.errcode}: ${String(r.errmsg ?? '')}`)
    }
  }
}
