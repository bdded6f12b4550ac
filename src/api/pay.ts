import type { Empty, PayStatusRequest, PayStatusResponse, SandboxPayRequest } from '@contract'

import { request } from './http'

/** Pays a sandbox payment (development provider only). */
export const confirmSandboxPay = (data: SandboxPayRequest) =>
  request<Empty>({ url: '/api/pay.sandbox/confirm', method: 'POST', data })

/** The server's view of a payment, for polling after the cashier closes. */
export const getPayStatus = (params: PayStatusRequest) =>
  request<PayStatusResponse>({ url: '/api/pay.index/status', data: params, showLoading: false })
