/**
 * The operator console's API (`/api/admin/...`), shared by the server and the console (admin/).
 * Types only. Same envelope as the app; -9999 means the console session is missing or ended.
 * Every POST carries the session's CSRF token in the `x-csrf-token` header.
 */
import type { AfterSaleView, ClientKind, Paged, PageParams } from '.'
import type { OfflineClass } from './course'
import type { ExamPaperKind, ExamQuestionType, ExamTopic } from './exam'
import type { FeaturePreset } from './features'
import type { AdminOrderParcel, AdminWechatShipping, WechatShippingState } from './wechat-shipping'

export type AdminRole = 'owner' | 'operations' | 'finance' | 'content' | 'teacher'

export type AdminPermission =
  | 'dashboard.view'
  | 'order.view'
  | 'order.ship'
  | 'order.close'
  | 'refund.view'
  | 'refund.decide'
  | 'withdrawal.view'
  | 'withdrawal.decide'
  | 'finance.view'
  | 'user.view'
  | 'user.disable'
  | 'wallet.settings'
  | 'settings.business'
  | 'commission.view'
  | 'home.edit'
  | 'channel.edit'
  | 'notify.manage'
  | 'review.view'
  | 'review.decide'
  | 'service.view'
  | 'service.manage'
  | 'certificate.review'
  | 'membership.review'
  | 'signup.view'
  | 'signup.manage'
  | 'operator.manage'
  | 'audit.view'
  | 'goods.view'
  | 'goods.edit'
  | 'coupon.view'
  | 'coupon.edit'
  | 'course.view'
  | 'course.edit'
  | 'exam.view'
  | 'exam.edit'
  | 'product.price'
  | 'teacher.view'
  | 'teacher.edit'
  | 'article.view'
  | 'article.edit'
  | 'certificate.type'
  | 'activity.edit'
  | 'consult.own'

// ---- auth ----

/** POST /api/admin/auth/login {username, password}; GET /api/admin/auth/me. The cookie carries the session. */
export interface AdminMe {
  operator_id: number
  username: string
  role: AdminRole
  role_name: string
  permissions: AdminPermission[]
  csrf_token: string
}

/** POST /api/admin/auth/password {old_password, new_password} -> Empty; POST /api/admin/auth/logout -> Empty */

// ---- operators (owner) ----

export interface AdminOperatorRow {
  operator_id: number
  username: string
  role: AdminRole
  /** The teacher a 老师 account acts for. */
  teacher_id: number | null
  teacher_name: string
  disabled: boolean
  version: number
  last_login_at: string | null
  created_at: string
}

/** GET /api/admin/operator/lists -> {list: AdminOperatorRow[]}; POST add {username, password, role, teacher_id?};
 *  POST edit {operator_id, version, role?, teacher_id?, disabled?}; POST resetPassword {operator_id, version} ->
 * {password};
 *  POST revokeSessions {operator_id} */
export interface AdminResetPasswordResult {
  password: string
}

// ---- audit log (owner) ----

/** GET /api/admin/audit/lists {operator_id?, action?, target_type?, target_id?, date_from?, date_to?} */
export interface AdminAuditRow {
  id: number
  operator_id: number
  operator_name: string
  action: string
  target_type: string
  target_id: string
  before: unknown
  after: unknown
  ip: string
  created_at: string
}

// ---- orders ----

export type AdminOrderStatus = 'to_pay' | 'to_ship' | 'to_receive' | 'done' | 'cancelled' | 'refunded'
export type AdminRefundStatus = 'none' | 'applied' | 'rejected' | 'refunded'

/** GET /api/admin/order/lists */
export interface AdminOrderQuery extends PageParams {
  status?: AdminOrderStatus
  refund_status?: AdminRefundStatus
  order_no?: string
  /** User id, mobile or nickname. */
  user?: string
  /** What a customer quotes: the receiver's name or phone, or a goods name. */
  keyword?: string
  /** YYYY-MM-DD, China time, inclusive. */
  date_from?: string
  date_to?: string
}

export interface AdminOrderListItem {
  order_id: number
  order_no: string
  user_id: number
  nickname: string
  mobile: string
  status: AdminOrderStatus
  refund_status: AdminRefundStatus
  goods_summary: string
  quantity: number
  pay_amount: number
  receiver: string
  express_company: string
  express_no: string
  created_at: string
  paid_at: string | null
  /** The version an edit of this order must carry. */
  updated_at: string
  /** WeChat's 发货信息录入 of a payment made in the mini-program; null when WeChat needs none. */
  wechat_shipping_state: WechatShippingState | null
}

/** GET /api/admin/order/detail {order_id} */
export interface AdminOrderDetail extends AdminOrderListItem {
  goods_amount: number
  freight: number
  coupon_discount: number
  /** 改价 before payment, fen (+ added, - taken off). POST /api/admin/order/changePrice {order_id, updated_at,
   * pay_amount, reason}. */
  price_adjust: number
  coupon_name: string
  remark: string
  /** 商家备注: the merchant's own note; the buyer never sees it. */
  merchant_remark: string
  address: { name: string; mobile: string; province: string; city: string; district: string; detail: string }
  items: {
    item_id: number
    /** Units an after-sale already refunded. */
    refunded_quantity: number
    sku_id: number
    goods_id: number
    name: string
    image: string
    spec_text: string
    price: number
    quantity: number
    amount: number
  }[]
  payments: {
    out_trade_no: string
    provider: string
    status: string
    amount_fen: number
    paid_at: string | null
    created_at: string
  }[]
  refunds: {
    out_refund_no: string
    amount_fen: number
    status: string
    reason: string
    created_at: string
    finished_at: string | null
  }[]
  events: { title: string; description: string; created_at: string }[]
  /** Newest first. */
  after_sales: AdminAfterSale[]
  /** What after-sales gave back so far, fen. */
  refunded_amount: number
  refund_reason: string
  refund_reply: string
  refund_applied_at: string | null
  shipped_at: string | null
  cancel_reason: string
  /** Every parcel shipped, the first being express_company / express_no. */
  parcels: AdminOrderParcel[]
  wechat_shipping: AdminWechatShipping | null
}

/**
 * POST /api/admin/order/ship {order_id, updated_at, express_company, express_no, more_parcels?}: the first parcel,
 * then up to 14 more ({express_company, express_no}); a carrier is WeChat's code or name (GET carriers).
 * POST close {order_id, updated_at}
 */

/**
 * POST /api/admin/order/batchShip {csv}: lines `订单号,快递公司,快递单号`; lines of one order number are its parcels;
 * each order on its own.
 */
export interface AdminBatchShipResult {
  shipped: number
  failed: { line: number; order_no: string; reason: string }[]
}

/** One order's 发货单 (packing slip): who it goes to and what goes in the parcel. */
export interface AdminPackingSlip {
  order_no: string
  paid_at: string | null
  receiver: string
  mobile: string
  address: string
  items: { name: string; spec_text: string; quantity: number }[]
  /** The buyer's 留言. */
  remark: string
  merchant_remark: string
}

/** GET /api/admin/order/slips {ids: 'order_id,…' (at most 50)} -> {list: AdminPackingSlip[]}, in the order asked. */
export interface AdminPackingSlips {
  list: AdminPackingSlip[]
}

/** GET /api/admin/order/export (same filters as lists): a CSV file, at most 10,000 rows. */

// ---- after-sale ----

/** One after-sale as the console shows it, with the version its next step must carry. */
export interface AdminAfterSale extends AfterSaleView {
  updated_at: string
}

/**
 * GET /api/admin/refund/lists {status?: 'open' (default: applied, awaiting_return, returning, refunding) | 'all' |
 * an AfterSaleStatus, kind?, keyword?: an order or after-sale number}: open ones oldest first (the longest waiting
 * first), others newest first.
 */
export interface AdminRefundItem extends AdminOrderListItem {
  after_sale: AdminAfterSale
}

/**
 * POST /api/admin/refund/approve {after_sale_id, updated_at, reply?, return_address?}: 仅退款 refunds now; 退货退款
 * gives the buyer the return address (default: 业务设置's 退货地址).
 * POST reject {after_sale_id, updated_at, reply}; POST receive {after_sale_id, updated_at}: the returned goods
 * arrived, refund now; POST retry {after_sale_id}: a refund that did not go through is asked again (same key).
 * POST create {order_id, updated_at, lines: [{item_id, quantity}], amount?, reason}: the shop refunds on its own.
 * GET quote {order_id, lines: 'item_id:quantity,…'} -> {max_amount}.
 * POST decide {order_id, updated_at, approve, reply}: approves or rejects the order's open application.
 */

// ---- withdrawals ----

export type AdminWithdrawalStatus = 'pending' | 'transferring' | 'wait_confirm' | 'paid' | 'failed' | 'rejected'

/** GET /api/admin/withdrawal/lists {status?} */
export interface AdminWithdrawalItem {
  id: number
  user_id: number
  nickname: string
  mobile: string
  real_name: string
  amount_fen: number
  status: AdminWithdrawalStatus
  reject_reason: string
  /** Why the transfer failed (its amount went back to the user's balance). */
  fail_reason: string
  /** The merchant transfer's bill number, as the WeChat Pay merchant platform shows it. */
  out_bill_no: string
  created_at: string
  reviewed_at: string | null
  finished_at: string | null
}

/**
 * POST /api/admin/withdrawal/decide {id, approve, reason}: approve pays it by merchant transfer into the user's WeChat
 * change.
 */

// ---- users (app accounts) ----

/** GET /api/admin/user/lists {keyword?: nickname, mobile or id; status?: 'active' | 'disabled'} */
export interface AdminUserItem {
  user_id: number
  nickname: string
  avatar: string
  mobile: string
  /** Disabled by an operator: cannot log in, sessions ended. */
  disabled: boolean
  deleted: boolean
  /** Merged by its owner into this account (then disabled); everything it held is there. */
  merged_into: number | null
  referrer_id: number | null
  created_at: string
  /** The version a disable/enable carries. */
  updated_at: string
}

/** GET /api/admin/user/detail {user_id} */
export interface AdminUserDetail extends AdminUserItem {
  gender: number
  birthday: string | null
  referrer: { user_id: number; nickname: string; mobile: string } | null
  referees: { total: number; list: { user_id: number; nickname: string; mobile: string; created_at: string }[] }
  orders: { total: number; list: AdminOrderListItem[] }
  bookings: {
    total: number
    list: {
      id: number
      service: string
      teacher: string
      starts_at: string
      amount_fen: number
      status: string
      created_at: string
    }[]
  }
  wallet: {
    available_fen: number
    frozen_fen: number
    total_earned_fen: number
    withdrawn_fen: number
    owed_fen: number
  }
  wallet_logs: {
    total: number
    list: { id: number; type: string; amount_fen: number; title: string; status: string; created_at: string }[]
  }
  /** Logged-in devices (tokens) right now. */
  sessions: number
}

/**
 * POST /api/admin/user/disable {user_id, updated_at, disabled, reason}: disabling ends every session of the user at
 * once.
 */

// ---- paid tools (owner, operations) ----

/** A paid tool the app sells (the bazi 详批报告): its price and whether it is on sale. */
export interface AdminToolProduct {
  key: string
  title: string
  description: string
  price_fen: number
  /** shown struck through beside the price; null: none */
  original_price_fen: number | null
  visible: boolean
  updated_at: string
}

/** GET /api/admin/toolProduct/lists -> AdminToolProduct[];
 *  POST /api/admin/toolProduct/save {key, title, description, price_fen, original_price_fen (0 = none), visible,
 * updated_at}
 *  (a purchase already started keeps its price); history: GET /api/admin/toolProduct/history -> Paged<AdminAuditRow>.
 * */

// ---- wallet settings (owner, finance) ----

export type AdminBizType = 'goods' | 'course' | 'activity' | 'report' | 'certificate' | 'membership' | 'service'

export interface AdminCommissionRule {
  biz_type: AdminBizType
  /** Business type in words. */
  name: string
  /** Percent of the paid amount, two decimals at most (10.5 = 10.5%). */
  level1_percent: number
  level2_percent: number
  /** Days the commission stays frozen (the refund window). */
  freeze_days: number
  /** null: no rule, no commission for this type. */
  updated_at: string | null
}

/** GET /api/admin/wallet/settings */
export interface AdminWalletSettings {
  rules: AdminCommissionRule[]
  withdraw: { min_fen: number; daily_limit_fen: number; updated_at: string | null } | null
  /** 业务设置's refund windows a commission's freeze should cover: the shop's 售后期, the course refund days. */
  after_sale_days: number
  course_refund_days: number
}

// ---- business settings (业务设置: the owner) ----

/** One of the owner's business rules as the console edits it. */
export interface AdminBusinessSetting {
  key: string
  label: string
  /** One line saying what the rule does. */
  help: string
  type: 'int' | 'text'
  /** Bounds of an int, the longest text. */
  min: number | null
  max: number
  value: number | string
  default: number | string
}

/**
 * GET /api/admin/settings/business; POST the same path {<key>: value ..., updated_at} saves the keys given. updated_at
 * is the version read (null when nothing was saved yet): a save made on an older version is refused.
 */
export interface AdminBusinessSettings {
  settings: AdminBusinessSetting[]
  /** The course policy in the words the app shows buyers. */
  course_refund_policy: string
  updated_at: string | null
}

/**
 * POST /api/admin/wallet/commissionRule {biz_type, level1_percent, level2_percent, freeze_days, updated_at (null when
 * new)};
 *  POST /api/admin/wallet/withdrawRule {min_fen, daily_limit_fen, updated_at (null when new)}.
 *  History: GET /api/admin/wallet/history -> Paged<AdminAuditRow> (the audit rows of these settings). */

/** GET /api/admin/wallet/commissions {user?, status?, biz_type?} */
export interface AdminCommissionItem {
  id: number
  user_id: number
  nickname: string
  from_user_id: number
  from_nickname: string
  level: 1 | 2
  biz_type: AdminBizType
  base_fen: number
  rate_percent: number
  amount_fen: number
  status: 'frozen' | 'available' | 'cancelled' | 'reversed'
  release_at: string
  created_at: string
}

// ---- home content (owner, operations) ----

export type AdminHomeKind = 'banner' | 'nav' | 'section' | 'item' | 'notice'

/** One row of any home table; fields a kind does not have are absent. */
export interface AdminHomeRow {
  id: number
  title: string
  image?: string
  /** Shown: the image as the app gets it. */
  image_url?: string
  url?: string
  subtitle?: string
  price_fen?: number | null
  tag?: string | null
  key?: string
  more_url?: string
  section_key?: string
  sort: number
  visible: boolean
  updated_at: string
}

/**
 * GET /api/admin/home/{kind}/lists {section_key? for items} -> {list}; POST /api/admin/home/{kind}/save {id?,
 * updated_at?, ...fields}
 *  -> AdminHomeRow; POST /api/admin/home/{kind}/delete {id, updated_at} */

// ---- reviews (owner, content) ----

/** Users' articles; certificate and membership applications are reviewed at /certificate and /membership. */
export type AdminReviewType = 'article'

/** GET /api/admin/review/lists {type?}: articles waiting for review, oldest first. */
export interface AdminReviewItem {
  id: number
  user_id: number
  nickname: string
  title: string
  /** Lines the reviewer reads (the summary). */
  details: string[]
  images: string[]
  /** An article's body (sanitized when saved). */
  content_html: string
  created_at: string
}

/**
 * POST /api/admin/review/decide {type?, id, approve, reason}: approving publishes the article, rejecting needs the
 * reason the author reads.
 */

// ---- dashboard ----

export interface AdminPeriodFigures {
  orders: number
  revenue_fen: number
  refunds: number
  refund_fen: number
  new_users: number
  paying_users: number
}

/** GET /api/admin/dashboard/overview */
export interface AdminDashboard {
  today: AdminPeriodFigures
  days7: AdminPeriodFigures
  days30: AdminPeriodFigures
  pending: {
    to_ship: number
    refunds: number
    withdrawals: number
    articles: number
    certificates: number
    memberships: number
  }
  /** The last 30 China days, oldest first. */
  revenue_by_day: { date: string; revenue_fen: number; orders: number }[]
}

export type AdminPaged<T> = Paged<T>

// ---- goods (owner, operations) ----

/** GET /api/admin/category/lists -> {list}; POST add / edit {category_id, ...} / delete {category_id} */
export interface AdminCategoryRow {
  category_id: number
  /** 0 for a top category. */
  parent_id: number
  name: string
  image: string
  sort: number
  visible: boolean
  goods_count: number
}

export interface AdminCategoryInput {
  parent_id: number
  name: string
  image: string
  sort: number
  visible: boolean
}

/** POST /api/admin/upload/image (multipart, field `file`) -> {url} */
export interface AdminUploadResult {
  url: string
}

export type AdminGoodsSort = 'newest' | 'sales' | 'price_asc' | 'price_desc' | 'stock'

/**
 * The goods list's tabs: 出售中 (on shelf with stock to sell), 仓库中 (off shelf), 已售罄 (on shelf, no stock
 * left) and 回收站 (deleted: off shelf and out of the app until restored). No tab: every good not deleted.
 */
export type AdminGoodsTab = 'selling' | 'warehouse' | 'sold_out' | 'bin'

/** GET /api/admin/goods/lists */
export interface AdminGoodsQuery extends PageParams {
  keyword?: string
  category_id?: number
  on_shelf?: boolean
  tab?: AdminGoodsTab
  /** Only goods with a SKU on shelf at or below its 库存预警. */
  low_stock?: boolean
  sort?: AdminGoodsSort
}

/** The list page, with how many goods each tab holds under the same search (keyword, category, 库存预警). */
export interface AdminGoodsList extends Paged<AdminGoodsRow> {
  counts: Record<AdminGoodsTab, number>
}

export type AdminGoodsBatchAction = 'on_shelf' | 'off_shelf' | 'trash' | 'restore'

/**
 * POST /api/admin/goods/batch: 批量上架 / 批量下架 / 移入回收站 / 恢复 (back to 仓库中, off shelf), each good with
 * the version the list showed. All or nothing: a stale version or a good that cannot go on shelf refuses the batch.
 */
export interface AdminGoodsBatchInput {
  action: AdminGoodsBatchAction
  goods: { goods_id: number; updated_at: string }[]
}

export interface AdminGoodsBatchResult {
  /** Each good's new version. */
  goods: { goods_id: number; updated_at: string }[]
}

export interface AdminGoodsRow {
  goods_id: number
  name: string
  category_id: number
  category_name: string
  image: string
  price_min: number
  price_max: number
  stock: number
  sales: number
  sku_count: number
  on_shelf: boolean
  /** When it went to the 回收站; null: not deleted. */
  deleted_at: string | null
  /** Some SKU on shelf is at or below its 库存预警. */
  low_stock: boolean
  created_at: string
  /** The version an edit of this product must carry. */
  updated_at: string
}

export interface AdminSpec {
  name: string
  values: string[]
}

export interface AdminSku {
  /** 0 for a SKU the save creates. */
  sku_id: number
  spec_values: string[]
  price: number
  line_price: number
  /** The opening stock of a new SKU; an existing SKU's stock changes only by a logged adjustment. */
  stock: number
  sales: number
  on_shelf: boolean
  /** Grams per unit, for 运费模板 that charge by weight. */
  weight: number
  /** 库存预警: operators are told when the stock falls to this or below; 0: no alert. */
  low_stock: number
}

/** GET /api/admin/goods/detail {goods_id} */
export interface AdminGoodsDetail {
  goods_id: number
  category_id: number
  name: string
  subtitle: string
  images: string[]
  content: string
  specs: AdminSpec[]
  skus: AdminSku[]
  max_buy: number
  on_shelf: boolean
  /** When it went to the 回收站; null: not deleted. */
  deleted_at: string | null
  /** Its 运费模板; null: the default template. */
  freight_template_id: number | null
  updated_at: string
}

/** POST /api/admin/goods/add, POST edit {goods_id, updated_at, ...}. A SKU left out of an edit goes off shelf. */
export interface AdminGoodsInput {
  goods_id?: number
  updated_at?: string
  category_id: number
  name: string
  subtitle: string
  images: string[]
  content: string
  specs: AdminSpec[]
  skus: (Omit<AdminSku, 'sku_id' | 'sales' | 'weight' | 'low_stock'> & { weight?: number; low_stock?: number })[]
  max_buy: number
  on_shelf: boolean
  /** null or left out: the default template. */
  freight_template_id?: number | null
}

/** POST /api/admin/goods/shelf {goods_id, updated_at, on_shelf}; POST /api/admin/goods/stock {sku_id, delta, reason} */
export interface AdminStockLogRow {
  id: number
  goods_id: number
  goods_name: string
  sku_id: number
  spec_text: string
  delta: number
  stock_after: number
  reason: string
  operator_name: string
  created_at: string
}

// ---- 运费模板 (goods.view reads, goods.edit writes) ----

export type AdminFreightChargeBy = 'piece' | 'weight'

/** The first `first` pieces (or grams) cost `first_fee`; each further `additional` (or part of it) `additional_fee`. */
export interface AdminFreightFeeRule {
  first: number
  first_fee: number
  additional: number
  additional_fee: number
}

/** A fee rule of its own for some regions (6-digit province or city codes; a city's rule beats its province's). */
export interface AdminFreightRegionRule extends AdminFreightFeeRule {
  regions: string[]
}

/** Free shipping in `regions` ([] = everywhere) from `min_amount` fen and/or `min_pieces` (0 = not asked). */
export interface AdminFreightFreeRule {
  regions: string[]
  min_amount: number
  min_pieces: number
}

/** POST /api/admin/freight/add; POST edit {template_id, updated_at, ...}; POST delete / setDefault {template_id} */
export interface AdminFreightTemplateInput {
  template_id?: number
  updated_at?: string
  name: string
  charge_by: AdminFreightChargeBy
  default_rule: AdminFreightFeeRule
  region_rules: AdminFreightRegionRule[]
  free_rules: AdminFreightFreeRule[]
  /** Regions not delivered to. */
  undeliverable: string[]
}

/** GET /api/admin/freight/lists → {list} */
export interface AdminFreightTemplateRow extends Required<AdminFreightTemplateInput> {
  is_default: boolean
  /** Goods naming this template (goods naming none use the default). */
  goods_count: number
  created_at: string
}

/** POST /api/admin/freight/preview: a template (saved or not) priced for a region, pieces, weight and amount. */
export interface AdminFreightPreviewInput extends AdminFreightTemplateInput {
  province_code: string
  /** '' for the province as a whole. */
  city_code?: string
  pieces: number
  /** Grams per piece. */
  weight?: number
  /** Goods amount after coupons, fen. */
  amount: number
}

export interface AdminFreightPreview {
  freight: number
  text: string
  deliverable: boolean
}

/** GET /api/admin/freight/regions: provinces with their cities, for the region picker. */
export interface AdminRegionOption {
  code: string
  name: string
  children?: AdminRegionOption[]
}

// ---- coupons (owner, operations) ----

export type AdminCouponType = 'amount' | 'discount'
export type AdminCouponScope = 'all' | 'goods' | 'category'

/** POST /api/admin/coupon/add; POST stop {coupon_id} */
export interface AdminCouponInput {
  name: string
  type: AdminCouponType
  /** 满减: fen off. */
  amount: number
  /** 折扣: percentage paid, 85 = 8.5折. */
  discount: number
  /** 折扣: the most it takes off, 0 for no cap. */
  max_discount: number
  min_spend: number
  /** all: every product; goods / category: only those in scope_ids. */
  scope: AdminCouponScope
  scope_ids: number[]
  start_at: string
  end_at: string
  /** > 0: usable this many days after claiming (within end_at); 0: usable from start_at to end_at. */
  valid_days: number
  total: number
  per_user_limit: number
  description: string
}

/** GET /api/admin/coupon/lists {page, per_page, keyword?} */
export interface AdminCouponRow extends AdminCouponInput {
  coupon_id: number
  claimed: number
  used: number
  /** false once stopped: the coupon centre no longer offers it; claimed ones stay usable. */
  issuing: boolean
  created_at: string
}

/** GET /api/admin/coupon/claims {coupon_id, page, per_page} */
export interface AdminCouponClaimRow {
  id: number
  user_id: number
  nickname: string
  status: 'unused' | 'used' | 'expired'
  claimed_at: string
  expire_at: string
  used_at: string | null
  order_no: string
}

// ---- courses ----

/** GET /api/admin/course/lists {page, per_page, keyword?, kind?, visible?} */
export interface AdminCourseListItem {
  course_id: number
  kind: 'recorded' | 'live' | 'offline'
  title: string
  subtitle: string
  cover: string
  teacher: string
  category_id: number
  category_name: string
  price_fen: number
  visible: boolean
  /** Users who signed up or bought. */
  enrollments: number
  lessons: number
  version: number
  updated_at: string
}

export interface AdminCourseLesson {
  lesson_id: number
  title: string
  preview: boolean
  duration_sec: number
  /** `media:course/x.mp4` (our private media area) or an https address. */
  video: string
}

export interface AdminCourseChapter {
  chapter_id: number
  title: string
  lessons: AdminCourseLesson[]
}

/** GET /api/admin/course/detail {course_id} */
export interface AdminCourseDetail extends AdminCourseListItem {
  teacher_title: string
  intro: string
  original_price_fen: number
  chapters: AdminCourseChapter[]
}

/** GET /api/admin/course/categories */
export interface AdminCourseCategory {
  category_id: number
  name: string
}

/**
 * POST /api/admin/course/add (fields) -> {course_id, version}; POST /api/admin/course/edit {course_id, version,
 * ...fields}.
 * Every outline write (chapterSave, chapterDelete, lessonSave, lessonDelete, reorder, shelf) also carries
 * the course's `version` and answers the new one; a stale version is refused.
 */
export interface AdminCourseFields {
  /** Only on add; a course keeps its kind (recorded: chapters and lessons, live: sessions, offline: classes). */
  kind?: 'recorded' | 'live' | 'offline'
  title: string
  subtitle: string
  cover: string
  intro: string
  price_fen: number
  original_price_fen: number
  teacher: string
  teacher_title: string
  category_id: number
}

/**
 * GET /api/admin/course/liveSessions {course_id}: a live course's sessions, earliest first.
 * POST /api/admin/course/liveSave {course_id, version, session_id?, title, starts_at, duration_min, stream_url,
 * replay_url}
 * and /api/admin/course/liveDelete {course_id, version, session_id} answer AdminCourseSaved.
 */
export interface AdminLiveSession {
  session_id: number
  title: string
  /** ISO time; the session ends `duration_min` later. */
  starts_at: string
  duration_min: number
  /** The provider's pull address (HLS .m3u8 or FLV), '' until it is set. */
  stream_url: string
  /** The recording: `media:…` or an http(s) address, '' until it is made. */
  replay_url: string
  /** From the clock: 预告 before the start, 直播中 until the end, then 回放. */
  status: 'upcoming' | 'live' | 'replay'
}

/**
 * GET /api/admin/course/offlineClasses {course_id}: an offline course's classes, earliest first.
 * POST /api/admin/course/offlineSave {course_id, version, class_id?, title, starts_at, ends_at, signup_deadline, city,
 * address, latitude, longitude, seats} and /api/admin/course/offlineDelete {course_id, version, class_id} (only while
 * nobody signed up) answer AdminCourseSaved.
 */
export interface AdminOfflineClass extends Pick<
  OfflineClass,
  | 'class_id'
  | 'title'
  | 'starts_at'
  | 'ends_at'
  | 'signup_deadline'
  | 'city'
  | 'address'
  | 'latitude'
  | 'longitude'
  | 'seats'
> {
  seats_taken: number
  checked_in: number
}

/**
 * GET /api/admin/offline/signups {class_id, page, per_page} -> Paged<AdminOfflineSignup>;
 * GET /api/admin/offline/export {class_id}: the same list as CSV; POST /api/admin/offline/checkin {signup_id}.
 */
export interface AdminOfflineSignup {
  signup_id: number
  user_id: number
  nickname: string
  name: string
  mobile: string
  created_at: string
  checked_in_at: string | null
}

/**
 * GET /api/admin/course/learners {course_id, keyword? (nickname or mobile), page, per_page}
 * -> Paged<AdminCourseLearner>: the course's enrolled users, newest enrolment first, with how far each has got.
 */
export interface AdminCourseLearner {
  user_id: number
  nickname: string
  avatar: string
  /** Masked: 138****0000; '' when not bound. */
  mobile: string
  enrolled_at: string
  /** 'order': bought for `paid_fen`; 'signup': joined a free course. */
  source: 'order' | 'signup'
  paid_fen: number
  /** Lessons watched to the end (90% of their length), of the course's lessons now. */
  lessons_done: number
  lessons_total: number
  /** 0–100, whole. */
  percent: number
  /** When the user last watched any lesson of the course; null when never. */
  last_studied_at: string | null
}

export interface AdminLearnerLesson {
  lesson_id: number
  title: string
  preview: boolean
  duration_sec: number
  /** Where the user stopped, in seconds; 0 when never opened. */
  position_sec: number
  completed: boolean
  /** Last watched; null when never. */
  updated_at: string | null
}

/** GET /api/admin/course/learnerProgress {course_id, user_id}: one enrolled user's progress lesson by lesson. */
export interface AdminLearnerProgress {
  learner: AdminCourseLearner
  chapters: { chapter_id: number; title: string; lessons: AdminLearnerLesson[] }[]
}

export interface AdminCourseSaved {
  course_id: number
  version: number
  /** The chapter or lesson just created or saved. */
  id?: number
}

/**
 * Lesson video upload: POST /api/admin/course/videoStart {file_name, size, resume_id?} -> AdminVideoStart.
 * target 'server' (local disk): each part in order, POST /api/admin/course/videoPart {upload_id, index,
 * data: base64 of part_bytes bytes (the last part: the rest)}. target 'bucket' (STORAGE=s3): addresses
 * from POST /api/admin/course/videoPartUrls {upload_id, first, count} -> AdminVideoPartUrls, each part
 * PUT there by the browser, its ETag kept. Then POST /api/admin/course/videoComplete {upload_id,
 * parts: AdminVideoPart[] (bucket only)} -> AdminVideoUploaded.
 */
export interface AdminVideoStart {
  upload_id: string
  target: 'server' | 'bucket'
  part_bytes: number
  parts: number
  /** Parts the bucket already holds when `resume_id` named an unfinished upload of the same file. */
  uploaded: AdminVideoPart[]
}

export interface AdminVideoPart {
  /** 1-based. */
  part_number: number
  /** The ETag header the bucket answered the part's PUT with. */
  etag: string
}

export interface AdminVideoPartUrls {
  /** Pre-signed PUT addresses, valid an hour. */
  urls: { part_number: number; url: string }[]
}

export interface AdminVideoUploaded {
  /** The lesson's `video`: `media:course/uploads/...`, played through signed links. */
  video: string
}
// ---- refunds of business rows (bookings, applications, sign-ups) ----

export type AdminBizRefundStatus = 'none' | 'processing' | 'refunded'

export interface AdminBizRefund {
  refund_status: AdminBizRefundStatus
  refund_fen: number
  refunded_at: string | null
}

// ---- service bookings ----

export type AdminServiceStatus = 'unpaid' | 'paid' | 'done' | 'cancelled'

/** GET /api/admin/service/lists {status?, keyword? (booker, mobile, user id or teacher)} */
export interface AdminServiceBooking extends AdminBizRefund {
  order_id: number
  user_id: number
  nickname: string
  name: string
  mobile: string
  remark: string
  service_title: string
  teacher_name: string
  starts_at: string
  amount_fen: number
  status: AdminServiceStatus
  created_at: string
  paid_at: string | null
  completed_at: string | null
  cancelled_at: string | null
  /** '' | 'user' | 'operator' | 'expired' */
  cancelled_by: string
  cancel_reason: string
}

/**
 * POST /api/admin/service/complete {order_id}; POST /api/admin/service/cancel {order_id, reason}: a paid booking's
 * money goes back
 */

// ---- certificate and membership applications (content, owner) ----

export type AdminApplicationStatus = 'unpaid' | 'reviewing' | 'approved' | 'rejected'

interface AdminApplicationBase extends AdminBizRefund {
  application_id: number
  user_id: number
  nickname: string
  name: string
  mobile: string
  /** Masked: the birth date hidden. */
  id_number: string
  education: string
  work_unit: string
  /** The ID photo as a link that expires (PRIVATE_LINK_MINUTES); older rows keep their address. */
  photo: string
  /** Fee or dues in fen; 0 when free. */
  amount_fen: number
  status: AdminApplicationStatus
  review_note: string
  created_at: string
  paid_at: string | null
  reviewed_at: string | null
}

/** GET /api/admin/certificate/lists {status? (default reviewing), keyword?} */
export interface AdminCertificateApplication extends AdminApplicationBase {
  certificate_title: string
  certificate_no: string
}

/** GET /api/admin/membership/lists {status? (default reviewing), keyword?} */
export interface AdminMembershipApplication extends AdminApplicationBase {
  kind: 'full' | 'easy'
  gender: string
  specialty: string
  intro: string
  /** Supporting documents, each a link that expires, like `photo`. */
  attachments: string[]
  member_no: string
}

/**
 * POST /api/admin/certificate/review and /api/admin/membership/review {application_id, approve, reason}:
 * approval issues the certificate number or member card; a rejection needs a reason and sends a paid
 * fee back through the payment service (once, however often asked).
 */
export interface AdminReviewResult {
  status: AdminApplicationStatus
  refund_status: AdminBizRefundStatus
}

// ---- activity sign-ups ----

/** GET /api/admin/signup/activities {keyword?}: activities, newest start first, with their sign-up counts. */
export interface AdminSignupActivity {
  activity_id: number
  title: string
  city: string
  starts_at: string
  capacity: number
  /** Seats held: signed plus unpaid within the pay window. */
  taken: number
  fee_fen: number
  /** A paid sign-up cancelled by the user is refunded until this many hours before the start. */
  refund_hours: number
  signed: number
  checked_in: number
  cancelled: number
}

export type AdminSignupStatus = 'unpaid' | 'signed' | 'cancelled'

/** GET /api/admin/signup/lists {activity_id, status?} */
export interface AdminSignup extends AdminBizRefund {
  signup_id: number
  user_id: number
  nickname: string
  name: string
  mobile: string
  remark: string
  amount_fen: number
  status: AdminSignupStatus
  created_at: string
  paid_at: string | null
  checked_in_at: string | null
  cancelled_at: string | null
  /** '' (the pay window ran out) | 'user' | 'operator' */
  cancelled_by: string
  cancel_reason: string
  /** Answers to the activity's own sign-up questions. */
  answers: { label: string; value: string }[]
}

/**
 * POST /api/admin/signup/cancel {signup_id, reason}: the seat goes back, a paid fee too; POST
 * /api/admin/signup/checkin {signup_id}
 */

// ---- teachers and services ----

/** GET /api/admin/teacher/lists {keyword?} -> Paged<AdminTeacherListItem> */
export interface AdminTeacherListItem {
  teacher_id: number
  name: string
  title: string
  avatar: string
  city: string
  specialties: string[]
  visible: boolean
  services: number
  courses: number
  version: number
  updated_at: string
}

/** The fields a teacher is saved with: POST add {...AdminTeacherFields}; POST edit {teacher_id, version, ...}. */
export interface AdminTeacherFields {
  name: string
  title: string
  avatar: string
  cover: string
  city: string
  years: number
  specialties: string[]
  intro: string
  sort: number
  visible: boolean
  service_ids: number[]
  /** Monday first: China-time 'HH:MM' start times per weekday. */
  weekly_slots: string[][]
  /** 'YYYY-MM-DD' */
  days_off: string[]
  /** 'YYYY-MM-DD HH:MM' */
  extra_slots: string[]
}

/** GET /api/admin/teacher/detail {teacher_id} */
export interface AdminTeacherDetail extends AdminTeacherFields {
  teacher_id: number
  version: number
  updated_at: string
  /** The courses taught under this teacher's name (edited in 课程). */
  course_list: { course_id: number; title: string; kind: string; visible: boolean }[]
  /** The next bookable hours the app offers, from the template and exceptions. */
  upcoming: { starts_at: string; taken: boolean }[]
}

/** Answer of a teacher or service save. */
export interface AdminSaved {
  id: number
  version: number
}

/**
 * GET /api/admin/consult/lists {kind?} -> {list: AdminConsultService[]}; POST add; POST edit {service_id, version,
 * ...}.
 */
export interface AdminConsultService {
  service_id: number
  kind: 'consult' | 'plan' | 'house'
  title: string
  summary: string
  cover: string
  content: string
  price_fen: number
  duration_min: number
  sort: number
  visible: boolean
  teachers: { teacher_id: number; name: string }[]
  version: number
  updated_at: string
}

/**
 * GET /api/admin/desk/lists {status?: 'paid' | 'done' | 'cancelled', page, per_page} -> Paged<AdminServiceBooking>,
 * the 老师's own;
 *  POST /api/admin/desk/complete {order_id}. */
export type AdminDeskStatus = 'paid' | 'done' | 'cancelled'

// ---- articles ----

/** GET /api/admin/article/columns -> {list}; POST columnSave {category_id?, version?, name} -> AdminSaved;
 *  POST columnOrder {category_ids} (every column, in the new order). */
export interface AdminArticleColumn {
  category_id: number
  name: string
  sort: number
  articles: number
  version: number
}

/** GET /api/admin/article/lists {source?: 'operator' | 'user', category_id?, keyword?, page, per_page} */
export interface AdminArticleListItem {
  article_id: number
  title: string
  cover: string
  author: string
  category_id: number | null
  category_name: string
  /** Written in the console (editable here) or by a user (reviewed in 审核). */
  source: 'operator' | 'user'
  status: 'pending' | 'published' | 'rejected'
  visible: boolean
  pinned: boolean
  recommended: boolean
  views: number
  likes: number
  version: number
  created_at: string
  updated_at: string
}

/** What an operator's article is saved with: POST add; POST edit {article_id, version, ...}. */
export interface AdminArticleFields {
  title: string
  summary: string
  cover: string
  author: string
  category_id: number
  /** Rich text; the server sanitizes it on save and again on output. */
  content: string
  visible: boolean
  pinned: boolean
  recommended: boolean
}

/** GET /api/admin/article/detail {article_id} */
export interface AdminArticleDetail extends AdminArticleListItem {
  summary: string
  content: string
}

/** POST /api/admin/article/flags {article_id, version, pinned?, recommended?, visible?}: any article, users' too. */

// ---- certificate types ----

/** GET /api/admin/certificate-type/lists -> {list: AdminCertificateType[], categories: {category_id, name}[]};
 *  POST add {...fields}; POST edit {certificate_id, version, ...fields}. */
export interface AdminCertificateType {
  certificate_id: number
  title: string
  category_id: number
  category_name: string
  summary: string
  cover: string
  issuer: string
  level: string
  /** Rich text, sanitized by the server. */
  requirements: string
  fee_fen: number
  /** The application form's fields this certificate requires besides name, ID number, mobile and photo. */
  required_fields: ('education' | 'work_unit')[]
  sort: number
  visible: boolean
  applicants: number
  version: number
}

// ---- activities ----

/**
 * GET /api/admin/activity/lists {page, per_page} -> Paged<AdminActivity>; POST add {...fields}; POST edit
 * {activity_id, version, ...fields}.
 *  Times are ISO instants; content is rich text the server sanitizes. */
export interface AdminActivity {
  activity_id: number
  title: string
  summary: string
  cover: string
  content: string
  organizer: string
  city: string
  address: string
  starts_at: string
  ends_at: string
  signup_deadline: string
  capacity: number
  taken: number
  fee_fen: number
  /** A paid sign-up cancelled by the user is refunded until this many hours before the start. */
  refund_hours: number
  form_fields: { label: string; required: boolean }[]
  visible: boolean
  version: number
}

// ---- exams: question banks and papers ----

/**
 * GET /api/admin/exam/banks -> AdminExamBank[]; POST /api/admin/exam/bankSave {bank_id?, version?, name, topic, intro}
 * -> AdminExamSaved.
 */
export interface AdminExamBank {
  bank_id: number
  name: string
  topic: ExamTopic
  intro: string
  /** Questions by type. */
  single: number
  multiple: number
  judge: number
  version: number
  updated_at: string
}

/**
 * GET /api/admin/exam/questions {bank_id, page, per_page, keyword?} -> Paged<AdminExamQuestion>.
 * POST /api/admin/exam/questionSave {bank_id, version, question_id?, type, stem, options, answer, explanation},
 * /api/admin/exam/questionDelete {bank_id, version, question_id} and
 * /api/admin/exam/questionImport {bank_id, version, csv} (all rows or none; a bad row is named by its line) ->
 * AdminExamSaved.
 */
export interface AdminExamQuestion {
  question_id: number
  type: ExamQuestionType
  stem: string
  /** A judge question's are 正确 and 错误. */
  options: string[]
  /** Right option indexes, ascending. */
  answer: number[]
  explanation: string
}

export interface AdminExamSaved {
  /** The bank's or paper's new version. */
  version: number
  id: number
  /** Questions added by an import. */
  imported?: number
}

/**
 * GET /api/admin/exam/papers -> AdminExamPaper[];
 * POST /api/admin/exam/paperSave {paper_id?, version?, kind, title, summary, bank_id, question_count, duration_min,
 * pass_score, full_score} and /api/admin/exam/paperShelf {paper_id, version, visible} -> AdminExamSaved.
 */
export interface AdminExamPaper {
  paper_id: number
  kind: ExamPaperKind
  title: string
  summary: string
  /** null: a built-in paper drawing from the built-in questions of its topic. */
  bank_id: number | null
  bank_name: string
  question_count: number
  duration_min: number
  pass_score: number
  full_score: number
  visible: boolean
  /** Submitted attempts. */
  attempts: number
  version: number
}

/**
 * GET /api/admin/exam/ranking {paper_id, page, per_page} -> Paged<AdminExamRanking>: one row per user, the same
 * order as the app's 成绩排行 — best score first, then the shorter time, then who got there earlier.
 */
export interface AdminExamRanking {
  /** Rank in this order, counted across pages. */
  place: number
  user_id: number
  nickname: string
  /** The best sitting: highest score, then shortest time, then earliest. */
  best_score: number
  passed: boolean
  /** Time taken in the best sitting, seconds. */
  used_sec: number
  /** When the best sitting was handed in. */
  best_at: string
  /** Submitted sittings. */
  sittings: number
  /** The first sitting at or above the pass mark; null when none. */
  first_passed_at: string | null
}

/** GET /api/admin/exam/results {paper_id, page, per_page} -> Paged<AdminExamResult>: submitted sittings, best first. */
export interface AdminExamResult {
  /** Place in this order, counted across pages. */
  place: number
  attempt_id: number
  user_id: number
  nickname: string
  score: number
  passed: boolean
  correct_count: number
  total: number
  used_sec: number
  submitted_at: string
}

/** One client's 渠道功能: GET /api/admin/channel/features lists all three. */
export interface AdminClientFeatures {
  client: ClientKind
  preset: FeaturePreset
  hidden: string[]
  /** null until the owner saved one: the client's default preset applies. */
  updated_at: string | null
}

/**
 * GET /api/admin/channel/features -> { clients }; POST /api/admin/channel/save {client, preset, hidden, updated_at
 * (null when never saved)} -> AdminClientFeatures. History: GET /api/admin/channel/history -> Paged<AdminAuditRow>.
 */
export interface AdminChannelFeatures {
  clients: AdminClientFeatures[]
}

// ---- the operators' bell ----

/** Work waiting for operators (an order to ship, an application to review), as the bell and its list show it. */
export interface AdminNotice {
  id: number
  /** The event's key, e.g. `op.order.paid`. */
  event: string
  title: string
  body: string
  /** The console screen that acts on it (`/orders/12`); '' opens nothing. */
  link: string
  /** Newer than what this operator marked read. */
  unread: boolean
  /** ISO time. */
  created_at: string
}

/** The pending-work figures of the dashboard: what is waiting right now. */
export type AdminPendingKey = keyof AdminDashboard['pending']

/**
 * GET /api/admin/notice/unread, polled by every open console tab; POST /api/admin/notice/read {id?} answers the same.
 * Reading is up to an id: that notice and every older one are read (no id: all of them).
 */
export interface AdminNoticeUnread {
  /** Unread notices, counted up to 100 (the bell shows 99+). */
  count: number
  /** The newest few, read or not. */
  latest: AdminNotice[]
}

/** GET /api/admin/notice/lists {page, per_page} -> Paged<AdminNotice> */
export type AdminNoticeList = Paged<AdminNotice>

/** GET /api/admin/notice/pending: the figures of what this operator may act on (none for a 老师 account). */
export interface AdminNoticePending {
  pending: Partial<Record<AdminPendingKey, number>>
}

// ---- order center: every sale, of every business type (owner, operations, finance) ----

/** A payment's state; `partial`: paid, part of it refunded (a filter and a display state, never stored). */
export type AdminSaleStatus = 'created' | 'paid' | 'partial' | 'closed' | 'refunded'

/** GET /api/admin/sale/lists */
export interface AdminSaleQuery extends PageParams {
  biz_type?: AdminBizType
  status?: AdminSaleStatus
  /** 商户订单号 (out_trade_no), a shop order's own number, or WeChat's transaction id. */
  order_no?: string
  /** User id, mobile or nickname. */
  user?: string
  /** One user's sales (the user's page in the console). */
  user_id?: number
  /** A shop order's receiver name or phone, or the goods or course name (what the sale is for). */
  keyword?: string
  /** Paid time, YYYY-MM-DD, China time, inclusive. */
  date_from?: string
  date_to?: string
}

export interface AdminSaleItem {
  payment_id: number
  biz_type: AdminBizType
  biz_id: number
  /** 商户订单号: the number WeChat Pay's bill carries. */
  out_trade_no: string
  /** The business's own order number where it has one (shop orders), else ''. */
  biz_no: string
  /** What was paid for, as the payment describes it. */
  title: string
  user_id: number
  nickname: string
  mobile: string
  amount_fen: number
  /** Refunds that reached the payer. */
  refunded_fen: number
  /** Refunds asked for, not yet back (pending, processing, abnormal). */
  refunding_fen: number
  status: AdminSaleStatus
  provider: string
  /** WeChat's transaction id (微信订单号), '' until paid. */
  provider_txn_id: string
  created_at: string
  paid_at: string | null
}

/** GET /api/admin/sale/detail {payment_id} */
export interface AdminSaleDetail extends AdminSaleItem {
  payer_app_id: string
  payer_openid: string
  /** The sale's items: the shop order's goods, else the one thing paid for. */
  items: { name: string; spec_text: string; price_fen: number; quantity: number; amount_fen: number }[]
  /** Receiver of a shop order, else null. */
  receiver: { name: string; mobile: string; address: string } | null
  /** Every payment of the same business record (a lapsed one and the one paid), oldest first. */
  payments: {
    payment_id: number
    out_trade_no: string
    provider: string
    provider_txn_id: string
    status: 'created' | 'paid' | 'closed' | 'refunded'
    amount_fen: number
    created_at: string
    paid_at: string | null
  }[]
  refunds: {
    out_refund_no: string
    provider_refund_id: string
    out_trade_no: string
    amount_fen: number
    status: 'pending' | 'processing' | 'abnormal' | 'succeeded' | 'failed'
    reason: string
    fail_reason: string
    created_at: string
    finished_at: string | null
  }[]
  /** The business record's state in words (待发货, 已报名, 审核中 ...), '' when unknown. */
  biz_status: string
  /** Where the business's own page is in the console ('/orders/12'), '' when there is none. */
  biz_link: string
  biz_link_text: string
  /**
   * A course sale: whether 业务设置's course refund policy lets the console refund it now, and if not why
   * (已超过 7 天退款期, 已学 60%，超过 30%). null for other types.
   */
  course_refund: AdminCourseRefundCheck | null
}

export interface AdminCourseRefundCheck {
  allowed: boolean
  /** Why not, or '' when allowed. */
  reason: string
  /** Percent of the course's lessons the learner has finished (rounded up). */
  progress_percent: number
  /** Until when the refund period lasts; null when course refunds are off. */
  deadline: string | null
}

/**
 * POST /api/admin/sale/courseRefund {payment_id, reason} -> AdminSaleDetail: refunds a course sale in full when the
 * policy allows; once the money is back the learner's access ends. Asking again retries the same refund.
 */

// ---- reconciliation (对账: owner, finance) ----

/** GET /api/admin/finance/summary {period: 'day' | 'month', date_from, date_to} (days, China time, inclusive). */
export interface AdminReconRow {
  /** 'YYYY-MM-DD' or 'YYYY-MM'. */
  period: string
  /** null: the row of the period's payouts (withdrawals are not of a business type). */
  biz_type: AdminBizType | null
  paid_count: number
  /** Paid in the period (payments whose money arrived then, refunded later or not). */
  gross_fen: number
  refund_count: number
  /** Refunds that reached the payer in the period. */
  refund_fen: number
  net_fen: number
  /** Referral commission earned on the period's payments (cancelled and taken-back commission left out). */
  commission_fen: number
  /** Withdrawals paid out in the period (only on the payouts row). */
  payout_fen: number
}

export interface AdminReconSummary {
  rows: AdminReconRow[]
  /** Sums over the whole range. */
  total: Omit<AdminReconRow, 'period' | 'biz_type'>
}

/**
 * GET /api/admin/finance/export {date_from, date_to}: CSV (UTF-8 with BOM) in the columns of WeChat Pay's 交易账单
 * (ALL): one row per payment paid and one per refund asked, in the range.
 */

/** POST /api/admin/finance/importBill {csv}: a WeChat Pay 交易账单 (text) compared with our payments and refunds. */
export type AdminBillDiffKind = 'missing_ours' | 'missing_wechat' | 'amount' | 'status'

export interface AdminBillDiff {
  kind: AdminBillDiffKind
  /** 'payment' or 'refund'. */
  record: 'payment' | 'refund'
  out_trade_no: string
  out_refund_no: string
  /** What the bill says, in fen (null when the bill has no such row). */
  wechat_fen: number | null
  wechat_status: string
  /** What we hold, in fen (null when we have no such record). */
  ours_fen: number | null
  ours_status: string
  /** The difference in words. */
  note: string
}

export interface AdminBillImportResult {
  /** China days the bill covers ('YYYY-MM-DD'), from its rows' 交易时间. */
  date_from: string
  date_to: string
  bill_rows: number
  payment_rows: number
  refund_rows: number
  matched: number
  /** The bill's own summary line, when it has one. */
  bill_total: { count: number; settled_fen: number; refund_fen: number; fee_fen: number } | null
  /** Every difference found; `diffs` holds the first 2,000 of them. */
  diff_count: number
  diffs: AdminBillDiff[]
}
