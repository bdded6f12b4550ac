// ---- certificates ----
import type { BizRefund, Paged, PageParams, PayStart } from '.'

export type CertificateApplicationStatus = 'unpaid' | 'reviewing' | 'approved' | 'rejected'

export interface CertificateCategory {
  category_id: number
  name: string
}

/** GET /api/certificate.index/category */
export interface CertificateCategoryResponse {
  list: CertificateCategory[]
}

export interface CertificateSummary {
  certificate_id: number
  category_id: number
  title: string
  summary: string
  cover: string
  issuer: string
  level: string
  /** In fen. */
  fee: number
  applicants: number
  /** Application fields this certificate requires besides name, ID number, mobile and photo. */
  required_fields: ('education' | 'work_unit')[]
}

/** GET /api/certificate.index/lists */
export interface CertificateListRequest extends PageParams {
  category_id?: number
}
export type CertificateListResponse = Paged<CertificateSummary>

export interface CertificateApplicationBrief {
  application_id: number
  status: CertificateApplicationStatus
}

/** GET /api/certificate.index/detail */
export interface CertificateDetailRequest {
  certificate_id: number
}
export interface CertificateDetailResponse {
  detail: CertificateSummary & { requirements: string; category_name: string }
  /** My latest application to this certificate, null when none. */
  my_application: CertificateApplicationBrief | null
}

/** POST /api/certificate.apply/add */
export interface CertificateApplyRequest {
  certificate_id: number
  name: string
  id_number: string
  mobile: string
  /** Required when the certificate's required_fields name it. */
  education?: string
  work_unit?: string
  /** file_id of the ID photo this user uploaded through /api/file.upload/private. */
  photo_file_id: number
}
export interface CertificateApplyResponse {
  application_id: number
  status: CertificateApplicationStatus
  /** Fee to pay in fen; 0 when the application went straight to review. */
  amount: number
}

/** POST /api/certificate.apply/pay */
export interface CertificatePayRequest {
  application_id: number
}
export type CertificatePayResponse = PayStart

export interface CertificateApplication {
  application_id: number
  certificate_id: number
  certificate_title: string
  cover: string
  issuer: string
  status: CertificateApplicationStatus
  amount: number
  name: string
  /** Masked: first 3 and last 4 digits. */
  id_number: string
  mobile: string
  education: string
  /** The ID photo as a link that expires (PRIVATE_LINK_MINUTES); older rows keep their address. */
  photo: string
  review_note: string
  certificate_no: string
  created_at: string
  reviewed_at: string
  /** A rejected paid application: its fee going back (退款中) or back (已退款). */
  refund: BizRefund | null
}

/** GET /api/certificate.apply/lists: my applications, newest first. */
export type MyCertificateListResponse = Paged<CertificateApplication>

/** GET /api/certificate.apply/detail */
export interface CertificateApplicationRequest {
  application_id: number
}
export interface CertificateApplicationResponse {
  application: CertificateApplication
}
