// ---- consulting services, major plans, house feng shui, bookings ----
import type { BizRefund, Paged, PageParams } from '.'

export type ServiceKind = 'consult' | 'plan' | 'house'
/** 待支付, 已预约, 已完成, 已取消 */
export type ServiceOrderStatus = 'unpaid' | 'paid' | 'done' | 'cancelled'

export interface ServiceSummary {
  service_id: number
  kind: ServiceKind
  title: string
  summary: string
  cover: string
  /** In fen. */
  price: number
  duration_min: number
}

export interface ServiceTeacher {
  teacher_id: number
  name: string
  title: string
  avatar: string
}

/** GET /api/service.index/lists */
export interface ServiceListRequest {
  kind?: ServiceKind
}
export interface ServiceListResponse {
  list: ServiceSummary[]
}

/** GET /api/service.index/detail */
export interface ServiceDetailRequest {
  service_id: number
}
export interface ServiceDetailResponse {
  detail: ServiceSummary & {
    /** Plain text, paragraphs separated by blank lines. */
    content: string
    teachers: ServiceTeacher[]
  }
}

/** GET /api/service.slot/lists — a teacher's hours over the coming days. */
export interface ServiceSlotsRequest {
  teacher_id: number
}
export interface ServiceSlot {
  slot_id: number
  starts_at: string
  free: boolean
}
export interface ServiceSlotsResponse {
  list: ServiceSlot[]
}

/** POST /api/service.order/add — books a free slot (held until paid or cancelled). */
export interface ServiceBookRequest {
  service_id: number
  teacher_id: number
  slot_id: number
  name: string
  mobile: string
  remark?: string
}
export interface ServiceBookResponse {
  order_id: number
  amount: number
  /** the slot is held until this time (ISO) unless paid */
  pay_deadline: string
}

export interface ServiceOrderRequest {
  order_id: number
}

export interface ServiceOrder {
  order_id: number
  status: ServiceOrderStatus
  amount: number
  starts_at: string
  name: string
  mobile: string
  remark: string
  created_at: string
  /** an unpaid booking's slot is released at this time (ISO); null otherwise */
  pay_deadline: string | null
  paid_at: string | null
  completed_at: string | null
  cancelled_at: string | null
  cancel_reason: string
  /** '' | 'user' | 'operator' | 'expired' (the pay window ran out) */
  cancelled_by: string
  /**
   * A paid booking: the user may cancel it (and be refunded) until this time (ISO); later only customer service can.
   */
  cancel_deadline: string | null
  /** Whether the cancel button is offered now. */
  can_cancel: boolean
  refund: BizRefund | null
  service: Pick<ServiceSummary, 'service_id' | 'kind' | 'title' | 'cover' | 'duration_min'>
  teacher: ServiceTeacher
}
/** GET /api/service.order/lists */
export type ServiceOrderListRequest = PageParams
export type ServiceOrderListResponse = Paged<ServiceOrder>
/** GET /api/service.order/detail */
export interface ServiceOrderDetailResponse {
  order: ServiceOrder
}
/**
 * POST /api/service.order/cancel — an unpaid booking, or a paid one before its cancel_deadline (the
 * money goes back through the payment service); frees the slot. Repeating it never refunds twice.
 */
export interface ServiceOrderCancelResponse {
  status: ServiceOrderStatus
  refund_status: 'none' | 'processing' | 'refunded'
}
