// ---- the association and membership ----
import type { BizRefund, PayStart } from '.'

export type MembershipKind = 'full' | 'easy'
export type MembershipStatus = 'unpaid' | 'reviewing' | 'approved' | 'rejected'

/** GET /api/association.index/detail */
export interface AssociationDetailResponse {
  name: string
  logo: string
  cover: string
  slogan: string
  intro: string
  founded_year: number
  members: number
  /** Yearly dues of a full membership in fen; 0 = none. */
  dues: number
}

/** GET /api/association.index/induction */
export interface AssociationInductionResponse {
  name: string
  benefits: { title: string; text: string }[]
  steps: string[]
  dues: number
}

/** POST /api/association.apply/add */
export interface MembershipApplyRequest {
  kind: MembershipKind
  name: string
  mobile: string
  /** Full membership only: */
  id_number?: string
  gender?: '男' | '女'
  education?: string
  work_unit?: string
  specialty?: string
  intro?: string
  /** file_ids of this user's uploads through /api/file.upload/private. */
  photo_file_id?: number
  attachment_file_ids?: number[]
}
export interface MembershipApplyResponse {
  application_id: number
  status: MembershipStatus
  /** Dues to pay in fen; 0 when it went straight to review. */
  amount: number
}

/** POST /api/association.apply/pay */
export interface MembershipPayRequest {
  application_id: number
}
export type MembershipPayResponse = PayStart

export interface MemberCard {
  member_no: string
  name: string
  association: string
  /** The ID photo as a link that expires (PRIVATE_LINK_MINUTES); older rows keep their address. */
  photo: string
  since: string
  valid_until: string
}

export interface MembershipApplication {
  application_id: number
  kind: MembershipKind
  status: MembershipStatus
  name: string
  mobile: string
  amount: number
  review_note: string
  /** Rejected after paying dues: the dues going back (退款中) or back (已退款). */
  refund: BizRefund | null
  created_at: string
  /** Set once approved. */
  card: MemberCard | null
}

/** GET /api/association.apply/mine: my latest application, null when none. */
export interface MyMembershipResponse {
  application: MembershipApplication | null
}
