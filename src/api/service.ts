import type {
  PayStart,
  ServiceBookRequest,
  ServiceBookResponse,
  ServiceDetailRequest,
  ServiceDetailResponse,
  ServiceListRequest,
  ServiceListResponse,
  ServiceOrderCancelResponse,
  ServiceOrderDetailResponse,
  ServiceOrderListRequest,
  ServiceOrderListResponse,
  ServiceOrderRequest,
  ServiceSlotsRequest,
  ServiceSlotsResponse
} from '@contract'

import { request } from './http'

export const getServices = (params: ServiceListRequest = {}) =>
  request<ServiceListResponse>({ url: '/api/service.index/lists', data: params })

export const getService = (params: ServiceDetailRequest) =>
  request<ServiceDetailResponse>({ url: '/api/service.index/detail', data: params })

export const getServiceSlots = (params: ServiceSlotsRequest) =>
  request<ServiceSlotsResponse>({ url: '/api/service.slot/lists', data: params, showLoading: false })

/** Books a free slot; the booking holds it until paid or cancelled. */
export const bookService = (data: ServiceBookRequest) =>
  request<ServiceBookResponse>({ url: '/api/service.order/add', method: 'POST', data })

export const payServiceOrder = (data: ServiceOrderRequest) =>
  request<PayStart>({ url: '/api/service.order/pay', method: 'POST', data })

export const cancelServiceOrder = (data: ServiceOrderRequest) =>
  request<ServiceOrderCancelResponse>({ url: '/api/service.order/cancel', method: 'POST', data })

export const getServiceOrders = (params: ServiceOrderListRequest = {}) =>
  request<ServiceOrderListResponse>({ url: '/api/service.order/lists', data: params })

export const getServiceOrder = (params: ServiceOrderRequest) =>
  request<ServiceOrderDetailResponse>({ url: '/api/service.order/detail', data: params })
