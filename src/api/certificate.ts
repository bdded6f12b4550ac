import type {
  CertificateApplicationRequest,
  CertificateApplicationResponse,
  CertificateApplyRequest,
  CertificateApplyResponse,
  CertificateCategoryResponse,
  CertificateDetailRequest,
  CertificateDetailResponse,
  CertificateListRequest,
  CertificateListResponse,
  CertificatePayRequest,
  CertificatePayResponse,
  MyCertificateListResponse,
  PageParams
} from '@contract'

import { request } from './http'

export const getCertificateCategories = () =>
  request<CertificateCategoryResponse>({ url: '/api/certificate.index/category' })

export const getCertificates = (params: CertificateListRequest = {}) =>
  request<CertificateListResponse>({ url: '/api/certificate.index/lists', data: params })

export const getCertificate = (params: CertificateDetailRequest) =>
  request<CertificateDetailResponse>({ url: '/api/certificate.index/detail', data: params })

/** A refusal is shown in the form, not as a toast. */
export const applyCertificate = (data: CertificateApplyRequest) =>
  request<CertificateApplyResponse>({ url: '/api/certificate.apply/add', method: 'POST', data, showToast: false })

export const payCertificate = (data: CertificatePayRequest) =>
  request<CertificatePayResponse>({ url: '/api/certificate.apply/pay', method: 'POST', data })

export const getMyCertificates = (params: PageParams = {}) =>
  request<MyCertificateListResponse>({ url: '/api/certificate.apply/lists', data: params })

export const getCertificateApplication = (params: CertificateApplicationRequest) =>
  request<CertificateApplicationResponse>({ url: '/api/certificate.apply/detail', data: params })
