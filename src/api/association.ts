import type {
  AssociationDetailResponse,
  AssociationInductionResponse,
  MembershipApplyRequest,
  MembershipApplyResponse,
  MembershipPayRequest,
  MembershipPayResponse,
  MyMembershipResponse
} from '@contract'

import { request } from './http'

export const getAssociation = () => request<AssociationDetailResponse>({ url: '/api/association.index/detail' })

export const getInduction = () => request<AssociationInductionResponse>({ url: '/api/association.index/induction' })

/** A refusal is shown in the form, not as a toast. */
export const applyMembership = (data: MembershipApplyRequest) =>
  request<MembershipApplyResponse>({ url: '/api/association.apply/add', method: 'POST', data, showToast: false })

export const payMembership = (data: MembershipPayRequest) =>
  request<MembershipPayResponse>({ url: '/api/association.apply/pay', method: 'POST', data })

export const getMyMembership = () => request<MyMembershipResponse>({ url: '/api/association.apply/mine' })
