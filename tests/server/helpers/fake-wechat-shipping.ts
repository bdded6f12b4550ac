/**
 * WeChat's 发货信息管理服务 as the fake WeChat API answers it: upload_shipping_info checked field by field
 * as WeChat documents them, with WeChat's error codes (47001 data format error, 268485216 upload_time,
 * 268485224 delivery_mode, 268485228 one parcel for 统一发货, 10060001 支付单不存在, 10060003 重新发货机会已用).
 */

export const FAKE_DELIVERY_LIST = [
  { delivery_id: 'SF', delivery_name: '顺丰速运' },
  { delivery_id: 'ZTO', delivery_name: '中通快递' },
  { delivery_id: 'ZTOKY', delivery_name: '中通快运' },
  { delivery_id: 'YTO', delivery_name: '圆通速递' },
  { delivery_id: 'YUNDA', delivery_name: '韵达快递' },
  { delivery_id: 'STO', delivery_name: '申通快递' },
  { delivery_id: 'JTSD', delivery_name: '极兔速递' },
  { delivery_id: 'EMS', delivery_name: 'EMS' },
  { delivery_id: 'JD', delivery_name: '京东快递' }
]

export interface WechatError {
  errcode: number
  errmsg: string
}

/** A payment WeChat Pay knows: who paid it, under which keys. */
export interface KnownPayment {
  transactionId: string
  mchId: string
  outTradeNo: string
  openid: string
}

const rid = () => ` rid: ${Math.random().toString(16).slice(2, 10)}-fake`
const formatError = (hint: string): WechatError => ({
  errcode: 47001,
  errmsg: `data format error hint: [${hint}]${rid()}`
})
const str = (v: unknown) => typeof v === 'string' && v.length > 0
const UPLOAD_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?\+08:00$/

/** The first thing WeChat would refuse in an upload, or the payment it is for. */
export function checkShippingInfo(
  body: any,
  payments: KnownPayment[],
  deliveryIds: Set<string>
): { error: WechatError } | { payment: KnownPayment } {
  const key = body?.order_key
  if (!key || typeof key !== 'object') return { error: formatError('order_key') }
  if (key.order_number_type === 2) {
    if (!str(key.transaction_id)) return { error: formatError('order_key.transaction_id') }
  } else if (key.order_number_type === 1) {
    if (!str(key.mchid) || !str(key.out_trade_no)) return { error: formatError('order_key.mchid/out_trade_no') }
  } else return { error: formatError('order_key.order_number_type') }
  if (![1, 2, 3, 4].includes(body.logistics_type)) return { error: formatError('logistics_type') }
  if (![1, 2].includes(body.delivery_mode)) return { error: { errcode: 268485224, errmsg: `发货模式非法${rid()}` } }
  const list = body.shipping_list
  if (!Array.isArray(list) || list.length < 1 || list.length > 15) return { error: formatError('shipping_list') }
  if (body.delivery_mode === 1 && list.length !== 1)
    return { error: { errcode: 268485228, errmsg: `统一发货模式下，物流信息列表长度必须为1${rid()}` } }
  if (body.delivery_mode === 2 && typeof body.is_all_delivered !== 'boolean')
    return { error: formatError('is_all_delivered') }
  for (const item of list) {
    if (!str(item?.item_desc) || Array.from(item.item_desc as string).length > 120)
      return { error: formatError('shipping_list.item_desc') }
    if (body.logistics_type === 1) {
      if (!str(item.tracking_no) || !/^[A-Za-z0-9-]{1,128}$/.test(item.tracking_no))
        return { error: formatError('shipping_list.tracking_no') }
      if (!str(item.express_company) || !deliveryIds.has(item.express_company))
        return { error: formatError('shipping_list.express_company') }
      const contact = item.contact?.receiver_contact ?? item.contact?.consignor_contact
      if (item.express_company === 'SF' && !(str(contact) && /^\S*\*+\d{4}$/.test(contact)))
        return { error: formatError('shipping_list.contact') }
    } else if (item.tracking_no || item.express_company) return { error: formatError('shipping_list.tracking_no') }
  }
  if (typeof body.upload_time !== 'string' || !UPLOAD_TIME.test(body.upload_time))
    return { error: { errcode: 268485216, errmsg: `上传时间非法，请按照 RFC 3339 格式填写${rid()}` } }
  if (!str(body.payer?.openid)) return { error: formatError('payer.openid') }
  const payment = payments.find((p) =>
    key.order_number_type === 2
      ? p.transactionId === key.transaction_id
      : p.mchId === key.mchid && p.outTradeNo === key.out_trade_no
  )
  if (!payment || payment.openid !== body.payer.openid)
    return { error: { errcode: 10060001, errmsg: `支付单不存在, hint: [fake]${rid()}` } }
  return { payment }
}
