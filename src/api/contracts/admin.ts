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
  | 'operator.manage'
  | 'audit.view'
  | 'course.view'
  | 'course.edit'

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
 * POST /api/admin/course/add (fields) -> {course_id, version}; POST /api/admin/course/edit {course_id, version, ...fields}.
 * Every outline write (chapterSave, chapterDelete, lessonSave, lessonDelete, reorder, shelf) also carries
 * the course's `version` and answers the new one; a stale version is refused.
 */
export interface AdminCourseFields {
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

export interface AdminCourseSaved {
  course_id: number
  version: number
  /** The chapter or lesson just created or saved. */
  id?: number
}

/**
 * Lesson video upload: POST /api/admin/course/videoStart {file_name, size} -> AdminVideoStart; then each
 * part in order, POST /api/admin/course/videoPart {upload_id, index, data: base64 of part_bytes bytes
 * (the last part: the rest)}; then POST /api/admin/course/videoComplete {upload_id} -> AdminVideoUploaded.
 */
export interface AdminVideoStart {
  upload_id: string
  part_bytes: number
  parts: number
}

export interface AdminVideoUploaded {
  /** The lesson's `video`: `media:course/uploads/...`, played through signed links. */
  video: string
}
