/**
 * The shop contract: catalog, favorites, cart, checkout, orders, coupons, addresses and regions.
 * Types only. Money is always an integer number of fen (1 yuan = 100 fen); times are ISO 8601
 * strings ('' when not happened). Every mutation answers code 0 with a Chinese message on failure.
 */
import type { Paged, PageParams, PayStart } from '.'
import type { OrderParcel, WechatOrderConfirm } from './wechat-shipping'

// ---- catalog ----

/** A category node; the tree has two levels (top categories with their children). */
export interface ProductCategory {
  category_id: number
  name: string
  /** Icon url ('' when none). */
  image: string
  /** Second-level categories; always [] on a second-level node. */
  children: ProductCategory[]
}

/** GET /api/product.category/lists */
export interface CategoryListsResponse {
  list: ProductCategory[]
}

/** sales: best sellers first; price_asc/price_desc by the lowest SKU price; newest: latest on shelf first. */
export type ProductSort = 'sales' | 'price_asc' | 'price_desc' | 'newest'

/** GET /api/product.product/lists */
export interface ProductListsRequest extends PageParams {
  /** A top category includes its children. Omit or 0 for all. */
  category_id?: number
  /** Matched against name and subtitle (at most 32 characters). */
  keyword?: string
  /** Default 'sales'. */
  sort?: ProductSort
}

export interface ProductListItem {
  goods_id: number
  name: string
  subtitle: string
  /** First gallery image. */
  image: string
  /** Lowest and highest price of the SKUs on shelf, fen. */
  price_min: number
  price_max: number
  /** Crossed-out reference price, fen; 0 when none. */
  line_price: number
  /** Units sold (raw count; the client shows it in 万, docs/spec.md §5). */
  sales: number
  /** Sum of the stock of the SKUs on shelf; 0 = sold out. */
  stock: number
}

export type ProductListsResponse = Paged<ProductListItem>

/** One spec dimension, e.g. {name: '尺寸', values: ['6.5寸', '8寸']}. */
export interface ProductSpec {
  name: string
  values: string[]
}

export interface ProductSku {
  sku_id: number
  /** One value per spec, in the order of `specs`; [] for a good without specs. */
  spec_values: string[]
  /** The values joined for display, e.g. '8寸 / 红木'; '' for a good without specs. */
  spec_text: string
  price: number
  line_price: number
  stock: number
  /** The SKU's own image, else the first gallery image. */
  image: string
  on_shelf: boolean
  /** on_shelf && stock > 0: can be put in the cart and checked out. */
  available: boolean
}

export interface ProductDetail extends ProductListItem {
  category_id: number
  /** Gallery image urls, at least one. */
  images: string[]
  /** Sanitized HTML. */
  content: string
  specs: ProductSpec[]
  skus: ProductSku[]
  /** The good itself is on shelf (an off-shelf good still opens, but cannot be bought). */
  on_shelf: boolean
  /** Most units one order may hold of one SKU. */
  max_buy: number
  /** Whether the logged-in user has it in favorites (false for visitors). */
  is_favorite: boolean
}

/** GET /api/product.product/detail */
export interface ProductDetailRequest {
  goods_id: number
}

export interface ProductDetailResponse {
  detail: ProductDetail
}

/** GET /api/product.search/hot */
export interface HotSearchResponse {
  /** Hot keywords, most wanted first. */
  list: string[]
}

// ---- favorites ----

export interface FavoriteItem extends ProductListItem {
  on_shelf: boolean
  /** When it was added. */
  created_at: string
}

/** GET /api/user.favorite/lists: newest first. */
export type FavoriteListsResponse = Paged<FavoriteItem>

/** POST /api/user.favorite/add and /api/user.favorite/delete (both idempotent). */
export interface FavoriteRequest {
  goods_id: number
}

export interface FavoriteResponse {
  is_favorite: boolean
}

// ---- cart ----

/**
 * ok: can be checked out; off_shelf: good or SKU taken off shelf; sold_out: stock 0; short: stock below the quantity.
 */
export type CartItemStatus = 'ok' | 'off_shelf' | 'sold_out' | 'short'

export interface CartItem {
  cart_id: number
  goods_id: number
  sku_id: number
  name: string
  image: string
  spec_text: string
  /** Current unit price, fen. */
  price: number
  quantity: number
  /** Current stock of the SKU. */
  stock: number
  max_buy: number
  selected: boolean
  status: CartItemStatus
  /** Status text for display, e.g. '已下架', '已售罄', '库存仅剩 2 件'; '' when ok. */
  status_text: string
}

export interface CartSummary {
  /** Lines in the cart. */
  count: number
  /** Units in the cart (for the badge). */
  quantity: number
  /** Units of the selected lines that can be checked out. */
  selected_quantity: number
  /** Goods amount of the selected lines that can be checked out, fen (before freight and coupons). */
  selected_amount: number
  /** Every line that can be checked out is selected (false for an empty cart). */
  all_selected: boolean
  /**
   * Freight of the selected lines to the default address (before coupons, which the checkout applies), fen; 0 when
   * nothing is selected.
   */
  freight: number
  /** Its reason, as the checkout's `freight_text` ('' when nothing is selected). */
  freight_text: string
}

/** GET /api/order.cart/lists; every cart mutation answers the whole cart too. */
export interface CartResponse {
  list: CartItem[]
  summary: CartSummary
}

/** POST /api/order.cart/add: adds to the line of that SKU if it exists (the line becomes selected). */
export interface CartAddRequest {
  sku_id: number
  /** 1..max_buy; default 1. */
  quantity?: number
}

/** POST /api/order.cart/edit */
export interface CartEditRequest {
  cart_id: number
  /** 1..max_buy */
  quantity: number
}

/** POST /api/order.cart/select */
export interface CartSelectRequest {
  cart_id: number
  selected: boolean
}

/** POST /api/order.cart/selectAll */
export interface CartSelectAllRequest {
  selected: boolean
}

/** POST /api/order.cart/delete */
export interface CartDeleteRequest {
  cart_ids: number[]
}

// ---- coupons ----

/** amount: a fixed amount off; discount: a percentage of the price. */
export type CouponType = 'amount' | 'discount'
/**
 * all: every good; goods: the listed goods; category: goods in the listed categories (a top category includes its
 * children).
 */
export type CouponScope = 'all' | 'goods' | 'category'

export interface CouponRule {
  coupon_id: number
  name: string
  type: CouponType
  /** type amount: fen off. 0 for discount coupons. */
  amount: number
  /** type discount: the percentage paid, 1..99 (85 = 8.5折). 0 for amount coupons. */
  discount: number
  /** type discount: the most it takes off, fen; 0 = no cap. */
  max_discount: number
  /** Least goods amount (of the applicable goods) for the coupon to apply, fen; 0 = none. */
  min_spend: number
  scope: CouponScope
  /** e.g. '全场通用', '限指定商品', '限书籍类商品'. */
  scope_text: string
  /** e.g. '满199减30', '满99享8.5折', '无门槛减10'. */
  title: string
}

/** A coupon of the centre. */
export interface Coupon extends CouponRule {
  /** Claiming window and (unless valid_days > 0) the window it can be used in. */
  start_at: string
  end_at: string
  /** > 0: a claimed coupon is valid this many days from claiming (never past end_at). */
  valid_days: number
  /** Total that can be claimed; remaining = total - claimed. */
  total: number
  remaining: number
  per_user_limit: number
  /** How many the logged-in user holds (0 for visitors). */
  received: number
  /** The logged-in user can claim one more now (for visitors: some are left; claiming asks them to log in). */
  can_receive: boolean
}

/** GET /api/coupon.coupon/lists: the claimable centre (active, window open), newest first. */
export type CouponListsResponse = Paged<Coupon>

/** GET /api/coupon.coupon/detail */
export interface CouponDetailRequest {
  coupon_id: number
}

export interface CouponDetail extends Coupon {
  /** Usage notes, plain text lines. */
  description: string[]
  /** Applicable goods (scope goods) or the goods of the applicable categories, at most 20. */
  goods: ProductListItem[]
}

export interface CouponDetailResponse {
  detail: CouponDetail
}

/** POST /api/user.coupon/receive */
export interface CouponReceiveRequest {
  coupon_id: number
}

export type UserCouponStatus = 'unused' | 'used' | 'expired'

export interface UserCoupon extends CouponRule {
  user_coupon_id: number
  status: UserCouponStatus
  /** The window this claimed coupon can be used in. */
  start_at: string
  expire_at: string
  /** When used ('' otherwise) and by which order (0 otherwise). */
  used_at: string
  order_id: number
}

export interface CouponReceiveResponse {
  coupon: UserCoupon
}

/** GET /api/user.coupon/lists */
export interface UserCouponListsRequest extends PageParams {
  /** Default 'unused'. */
  status?: UserCouponStatus
}

export type UserCouponListsResponse = Paged<UserCoupon>

// ---- addresses and regions ----

export interface Address {
  address_id: number
  /** Receiver, 2..20 characters. */
  name: string
  /** Mainland mobile number, 11 digits. */
  mobile: string
  province: string
  city: string
  district: string
  /** 6-digit administrative codes (GB/T 2260). */
  province_code: string
  city_code: string
  district_code: string
  /** Street and house number, 5..120 characters. */
  detail: string
  is_default: boolean
  /** province + city + district + detail, for display. */
  full_address: string
}

/** GET /api/user.address/lists: default first, then newest. At most 20 per user. */
export interface AddressListsResponse {
  list: Address[]
}

/** GET /api/user.address/detail, POST /api/user.address/delete and /setDefault */
export interface AddressIdRequest {
  address_id: number
}

export interface AddressDetailResponse {
  detail: Address
}

/** POST /api/user.address/add: names come from the codes; the first address becomes default. */
export interface AddressAddRequest {
  name: string
  mobile: string
  province_code: string
  city_code: string
  /** '' only for the few cities without districts (e.g. 东莞市, 中山市, 儋州市). */
  district_code: string
  detail: string
  is_default?: boolean
}

/** POST /api/user.address/edit: all fields as in add. */
export interface AddressEditRequest extends AddressAddRequest {
  address_id: number
}

/** A region; provinces hold cities, cities hold districts (districts have no children). */
export interface RegionNode {
  code: string
  name: string
  children?: RegionNode[]
}

/** GET /api/region.region/tree: the whole tree (cache it on the client; it changes rarely). */
export interface RegionTreeResponse {
  list: RegionNode[]
  /** Changes whenever the data changes. */
  version: string
}

// ---- checkout ----

/** The most units of one SKU a cart line or an order may hold, whatever a link asks for. */
export const MAX_ORDER_QUANTITY = 9999

/** cart: the selected cart lines; buy_now: one SKU with a quantity. */
export type BuyMode = 'cart' | 'buy_now'

/** GET /api/order.order/buy: the preview the confirm page shows; nothing is written. */
export interface BuyPreviewRequest {
  mode: BuyMode
  /** buy_now only. */
  sku_id?: number
  /** buy_now only, 1..max_buy. */
  quantity?: number
  /** Omit for the default address. */
  address_id?: number
  /** Omit to let the server choose the best coupon; 0 for no coupon; else a user_coupon_id. */
  user_coupon_id?: number
}

export interface BuyItem {
  goods_id: number
  sku_id: number
  name: string
  image: string
  spec_text: string
  /** Unit price now, fen. */
  price: number
  quantity: number
  /** price * quantity, fen. */
  amount: number
  status: CartItemStatus
  status_text: string
}

/** A claimed coupon as the checkout sees it. */
export interface BuyCoupon extends UserCoupon {
  usable: boolean
  /** Why not usable, e.g. '未满199元' ('' when usable). */
  reason: string
  /** What it would take off this order, fen (0 when not usable). */
  discount_amount: number
}

export interface BuyPreview {
  items: BuyItem[]
  /** null when the user has no address yet. */
  address: Address | null
  /** Sum of item amounts, fen. */
  goods_amount: number
  /** Freight, fen, from the goods' 运费模板 and the address's region. */
  freight: number
  /**
   * Why the freight is what it is: `满99元包邮`, `新疆维吾尔自治区 首件¥15`, `该地区不配送：…`; without an address it ends
   * `（以收货地址为准）`. '' for an empty order.
   */
  freight_text: string
  /** false when some goods are not delivered to the address's region (freight_text names them). */
  deliverable: boolean
  /** The default template's nationwide free-shipping amount, fen (0 when it has none); freight_text says more. */
  free_freight_from: number
  coupon_discount: number
  /** The coupon applied (0 for none). */
  user_coupon_id: number
  /** goods_amount - coupon_discount + freight, at least 1 fen. */
  pay_amount: number
  /** Usable coupons first (best first), then the unusable ones with their reason. */
  coupons: BuyCoupon[]
  /** Everything checks out: there are items, all ok, and an address. */
  can_submit: boolean
  /** Why not, for display ('' when can_submit). */
  problem: string
}

export interface BuyPreviewResponse {
  preview: BuyPreview
}

/** POST /api/order.order/buy: creates the order; everything is re-checked and priced on the server. */
export interface BuyRequest {
  mode: BuyMode
  sku_id?: number
  quantity?: number
  address_id: number
  /** 0 or omitted: no coupon. */
  user_coupon_id?: number
  /** Buyer's note, at most 100 characters. */
  remark?: string
  /** A key made by the client per checkout attempt (8..64 of [A-Za-z0-9_-]); resubmitting it returns the same order. */
  request_id: string
  /** The pay_amount the page showed, fen: if prices changed meanwhile, the order is refused with a message. */
  expected_amount?: number
}

export interface BuyResponse {
  order_id: number
  order_no: string
  pay_amount: number
  /**
   * What the client needs to pay now; null when paying cannot start here (pay_error says why; pay later from the
   * order).
   */
  payment: PayStart | null
  pay_error: string
}

// ---- orders ----

/**
 * to_pay: created, waiting for payment (cancelled automatically after 30 minutes);
 * to_ship: paid; to_receive: shipped; done: receipt confirmed; cancelled: closed before payment;
 * refunded: paid and refunded in full.
 */
export type OrderStatus = 'to_pay' | 'to_ship' | 'to_receive' | 'done' | 'cancelled' | 'refunded'
/** none; applied: waiting for the operator; rejected: the order continues as before; refunded. */
export type RefundStatus = 'none' | 'applied' | 'rejected' | 'refunded'
/** The tabs of the order list; after_sale = any order with a refund application. */
export type OrderListStatus = 'all' | 'to_pay' | 'to_ship' | 'to_receive' | 'done' | 'after_sale'

export interface OrderItem {
  goods_id: number
  sku_id: number
  name: string
  image: string
  spec_text: string
  /** Unit price paid, fen. */
  price: number
  quantity: number
  amount: number
}

export interface OrderSummary {
  order_id: number
  order_no: string
  status: OrderStatus
  /** e.g. '待付款', '待发货', '退款中'. */
  status_text: string
  refund_status: RefundStatus
  items: OrderItem[]
  /** Units in the order. */
  quantity: number
  pay_amount: number
  created_at: string
  /** to_pay only: when it is cancelled automatically ('' otherwise). */
  pay_deadline: string
  /** Actions the user may take now (the server decides). */
  can_pay: boolean
  can_cancel: boolean
  can_receipt: boolean
  /** May apply for an after-sale now (paid, not refunded in full, none open, within the 售后期 once received). */
  can_refund: boolean
  /** What after-sales gave back so far, fen. */
  refunded_amount: number
  /**
   * Paid with WeChat Pay in the mini-program and its shipping uploaded to WeChat: 确认收货 opens WeChat's own
   * confirmation with this (wx.openBusinessView), then calls receipt. Null: the app's own confirmation.
   */
  wechat_confirm: WechatOrderConfirm | null
}

/** GET /api/user.order/lists: newest first. */
export interface OrderListsRequest extends PageParams {
  /** Default 'all'. */
  status?: OrderListStatus
}

export type OrderListsResponse = Paged<OrderSummary>

/** GET /api/user.order/counts: badges of the "my" page (after_sale: refund applications still open). */
export interface OrderCountsResponse {
  to_pay: number
  to_ship: number
  to_receive: number
  after_sale: number
}

export interface OrderTimelineEntry {
  time: string
  /** e.g. '提交订单', '支付成功', '已发货', '确认收货', '申请退款', '退款成功', '订单取消'. */
  title: string
  /** Details, e.g. the express number or the refund reason ('' when none). */
  desc: string
}

export interface OrderAddress {
  name: string
  mobile: string
  province: string
  city: string
  district: string
  detail: string
  full_address: string
}

export interface OrderRefund {
  status: RefundStatus
  reason: string
  /** The operator's answer ('' when none). */
  reply: string
  applied_at: string
  finished_at: string
}

export interface OrderDetail extends OrderSummary {
  address: OrderAddress
  goods_amount: number
  freight: number
  coupon_discount: number
  /** 商家改价 before payment: added (+) or taken off (-), fen; pay_amount includes it. */
  price_adjust: number
  /** Name of the coupon used ('' when none). */
  coupon_name: string
  remark: string
  paid_at: string
  shipped_at: string
  received_at: string
  cancelled_at: string
  /** Why it was cancelled, e.g. '用户取消', '超时未支付' ('' when not cancelled). */
  cancel_reason: string
  express_company: string
  express_no: string
  /** Every parcel, the first being express_company / express_no ([] before shipping). */
  parcels: OrderParcel[]
  refund: OrderRefund | null
  /** Its after-sales, newest first. */
  after_sales: AfterSaleView[]
  /** A received order may apply until then (ISO; '' when not received). */
  after_sale_deadline: string
  /** Why no after-sale can be applied for now ('' when one can, or when it is simply not paid). */
  after_sale_blocked: string
  /** Oldest first. */
  timeline: OrderTimelineEntry[]
}

// ---- after-sales (售后) ----

/** refund: 仅退款; return: 退货退款 (the goods go back first). */
export type AfterSaleKind = 'refund' | 'return'
/**
 * applied: waiting for the shop; awaiting_return: approved, send the goods back; returning: sent back;
 * refunding: the money is on its way; refunded; rejected; cancelled (withdrawn by the buyer).
 */
export type AfterSaleStatus =
  'applied' | 'awaiting_return' | 'returning' | 'refunding' | 'refunded' | 'rejected' | 'cancelled'

export interface AfterSaleLineView {
  item_id: number
  name: string
  spec_text: string
  image: string
  quantity: number
}

export interface AfterSaleView {
  after_sale_id: number
  after_sale_no: string
  kind: AfterSaleKind
  /** 仅退款 / 退货退款. */
  kind_text: string
  status: AfterSaleStatus
  /** e.g. 待商家处理, 待买家退货, 退款成功. */
  status_text: string
  /** Started by the shop itself (商家发起退款). */
  by_shop: boolean
  lines: AfterSaleLineView[]
  /** Fen. */
  amount: number
  reason: string
  description: string
  /** The reason in one line as people read it: the buyer's words alone when they picked 其他. */
  reason_text: string
  reply: string
  /** The buyer's photos (凭证), as links that expire: only the buyer and operators see them. */
  images: string[]
  /** Where to send the goods back (awaiting_return and after; '' before). */
  return_address: string
  return_company: string
  return_no: string
  created_at: string
  finished_at: string
  can_cancel: boolean
  can_ship_return: boolean
}

/** One order line as an after-sale may take it. */
export interface AfterSaleItemOption {
  item_id: number
  name: string
  spec_text: string
  image: string
  price: number
  /** Units not yet refunded. */
  refundable_quantity: number
}

/** GET /api/user.order/afterSale/preview {order_id}: what an after-sale of this order may be. */
export interface AfterSalePreviewResponse {
  kinds: AfterSaleKind[]
  reasons: string[]
  items: AfterSaleItemOption[]
  /** The most the whole rest of the order gives back, fen. */
  max_amount: number
  /** '' when an after-sale can be applied for; otherwise why not. */
  blocked: string
}

/** GET /api/user.order/afterSale/quote {order_id, lines: 'item_id:quantity,…'}: the most these units give back. */
export interface AfterSaleQuoteResponse {
  max_amount: number
}

export interface AfterSaleLineInput {
  item_id: number
  quantity: number
}

/** POST /api/user.order/afterSale/apply -> OrderDetailResponse. */
export interface AfterSaleApplyRequest {
  order_id: number
  kind: AfterSaleKind
  lines: AfterSaleLineInput[]
  /** Fen, 1..the quoted maximum (default: the maximum). */
  amount?: number
  /** One of the preview's reasons. */
  reason: string
  /** 0..200 characters. */
  description?: string
  /** Up to AFTER_SALE_MAX_IMAGES private uploads of this buyer (POST /api/file.upload/private's file_id). */
  image_file_ids?: number[]
}

/** Photos a buyer may add to an after-sale. */
export const AFTER_SALE_MAX_IMAGES = 6

/** POST /api/user.order/afterSale/return -> OrderDetailResponse: the goods were sent back. */
export interface AfterSaleReturnRequest {
  after_sale_id: number
  /** Carrier, 1..32 characters. */
  company: string
  /** Tracking number, 4..64 letters, digits and dashes. */
  no: string
}

/** POST /api/user.order/afterSale/cancel -> OrderDetailResponse. */
export interface AfterSaleIdRequest {
  after_sale_id: number
}

/** POST cancel, receipt and pay take the order's id. */
export interface OrderIdRequest {
  order_id: number
}

/**
 * GET /api/user.order/detail: by order_id, or by the payment WeChat's shipping message names (it opens the page
 * with transaction_id and merchant_trade_no); only the user's own order is found.
 */
export interface OrderDetailRequest {
  order_id?: number
  transaction_id?: string
  merchant_trade_no?: string
}

/** Answer of detail, cancel, receipt and refund. */
export interface OrderDetailResponse {
  detail: OrderDetail
}

/** POST /api/user.order/refund: a paid order (to_ship or to_receive) without an open application. */
export interface OrderRefundRequest {
  order_id: number
  /** 2..200 characters. */
  reason: string
}

/** POST /api/user.order/pay answers PayStart (pay again for a to_pay order). */
export type OrderPayResponse = PayStart
