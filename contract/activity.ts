// ---- activities ----
import type { BizRefund, Paged, PageParams, PayStart } from '.'

/**
 * cancelled: not paid within the pay window, or cancelled by the user or an operator; the seat went back (the user may
 * sign up again).
 */
export type ActivitySignupStatus = 'unpaid' | 'signed' | 'cancelled'
/** A user's live sign-up for an activity. */
export type LiveSignupStatus = Exclude<ActivitySignupStatus, 'cancelled'>

export interface ActivitySummary {
  activity_id: number
  title: string
  summary: string
  cover: string
  city: string
  address: string
  starts_at: string
  ends_at: string
  signup_deadline: string
  capacity: number
  seats_left: number
  /** The sign-up form's own questions (besides name and mobile), answered in order in `answers`. */
  form_fields: { label: string; required: boolean }[]
  /** In fen; 0 = free. */
  fee: number
  /** Before the deadline, not started and seats left. */
  open: boolean
  /** This user's live sign-up, null for visitors and those not signed up (or whose sign-up lapsed). */
  my_status: LiveSignupStatus | null
}

/** GET /api/share.share/activity */
export type ActivityListResponse = Paged<ActivitySummary>

/** GET /api/share.activity/detail */
export interface ActivityDetailRequest {
  activity_id: number
}
export interface ActivityDetailResponse {
  /** pay_deadline: when my unpaid sign-up stops holding its seat (ISO time); null when nothing is waiting */
  detail: ActivitySummary & { content: string; organizer: string; signup_id: number; pay_deadline: string | null }
}

/** POST /api/share.activity/signup */
export interface ActivitySignupRequest {
  activity_id: number
  name: string
  mobile: string
  remark?: string
  /** One answer per form_fields entry, in order. */
  answers?: string[]
}
export interface ActivitySignupResponse {
  signup_id: number
  status: ActivitySignupStatus
  /** Fee to pay in fen (0: signed up already). */
  amount: number
}

/** POST /api/share.activity/pay */
export interface ActivityPayRequest {
  signup_id: number
}
export type ActivityPayResponse = PayStart

export interface MyActivitySignup {
  signup_id: number
  status: ActivitySignupStatus
  amount: number
  name: string
  mobile: string
  created_at: string
  /** an unpaid sign-up's seat is released at this time (ISO); null once paid */
  pay_deadline: string | null
  /** A paid sign-up may be cancelled by the user, the fee refunded, until this time (ISO). */
  refund_deadline: string | null
  /** Whether the cancel button is offered now. */
  can_cancel: boolean
  checked_in_at: string | null
  /** '' (the pay window ran out) | 'user' | 'operator' */
  cancelled_by: string
  cancel_reason: string
  refund: BizRefund | null
  activity: ActivitySummary
}

/** POST /api/share.activity/cancel {signup_id}: the seat goes back, a paid fee too (once, however often asked). */
export interface ActivityCancelResponse {
  status: ActivitySignupStatus
  refund_status: 'none' | 'processing' | 'refunded'
}

/** GET /api/share.activity/lists: my sign-ups, newest first. */
export type MyActivityListRequest = PageParams
export type MyActivityListResponse = Paged<MyActivitySignup>
