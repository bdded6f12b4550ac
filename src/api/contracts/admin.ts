/**
 * The operator console's API (`/api/admin/...`), shared by the server and the console (admin/).
 * Types only. Same envelope as the app; -9999 means the console session is missing or ended.
 * Every POST carries the session's CSRF token in the `x-csrf-token` header.
 */
import type { Paged, PageParams } from '../contract'

export type AdminRole = 'owner' | 'operations' | 'finance' | 'content'

export type AdminPermission =
  | 'dashboard.view'
  | 'order.view'
  | 'order.ship'
  | 'order.close'
  | 'refund.view'
  | 'refund.decide'
  | 'withdrawal.view'
  | 'withdrawal.decide'
  | 'service.view'
  | 'service.manage'
  | 'certificate.review'
  | 'membership.review'
  | 'signup.view'
  | 'signup.manage'
  | 'operator.manage'
  | 'audit.view'

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
  disabled: boolean
  version: number
  last_login_at: string | null
  created_at: string
}

/** GET /api/admin/operator/lists -> {list: AdminOperatorRow[]}; POST add {username, password, role};
 *  POST edit {operator_id, version, role?, disabled?}; POST resetPassword {operator_id, version} -> {password};
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
}

/** GET /api/admin/order/detail {order_id} */
export interface AdminOrderDetail extends AdminOrderListItem {
  goods_amount: number
  freight: number
  coupon_discount: number
  coupon_name: string
  remark: string
  address: { name: string; mobile: string; province: string; city: string; district: string; detail: string }
  items: { sku_id: number; goods_id: number; name: string; image: string; spec_text: string; price: number; quantity: number; amount: number }[]
  payments: { out_trade_no: string; provider: string; status: string; amount_fen: number; paid_at: string | null; created_at: string }[]
  refunds: { out_refund_no: string; amount_fen: number; status: string; reason: string; created_at: string; finished_at: string | null }[]
  events: { title: string; description: string; created_at: string }[]
  refund_reason: string
  refund_reply: string
  refund_applied_at: string | null
  shipped_at: string | null
  cancel_reason: string
}

/** POST /api/admin/order/ship {order_id, updated_at, express_company, express_no}; POST close {order_id, updated_at} */

/** POST /api/admin/order/batchShip {csv}: lines `订单号,快递公司,快递单号`; each line on its own. */
export interface AdminBatchShipResult {
  shipped: number
  failed: { line: number; order_no: string; reason: string }[]
}

/** GET /api/admin/order/export (same filters as lists): a CSV file, at most 10,000 rows. */

// ---- after-sale ----

/** GET /api/admin/refund/lists {status?: 'applied' | 'rejected' | 'refunded'} -> Paged<AdminOrderListItem & refund fields> */
export interface AdminRefundItem extends AdminOrderListItem {
  refund_reason: string
  refund_reply: string
  refund_applied_at: string | null
}

/** POST /api/admin/refund/decide {order_id, updated_at, approve, reply} */

// ---- withdrawals ----

export type AdminWithdrawalStatus = 'pending' | 'paid' | 'rejected'

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
  created_at: string
  reviewed_at: string | null
}

/** POST /api/admin/withdrawal/decide {id, approve, reason} */

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
  pending: { to_ship: number; refunds: number; withdrawals: number }
  /** The last 30 China days, oldest first. */
  revenue_by_day: { date: string; revenue_fen: number; orders: number }[]
}

export type AdminPaged<T> = Paged<T>

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

/** POST /api/admin/service/complete {order_id}; POST /api/admin/service/cancel {order_id, reason}: a paid booking's money goes back */

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
}

/** POST /api/admin/signup/cancel {signup_id, reason}: the seat goes back, a paid fee too; POST /api/admin/signup/checkin {signup_id} */
