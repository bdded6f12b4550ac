import type { PaymentBizType, PayStatusResponse } from '@contract'

import { restartPay } from '@/api/wallet'
import { payOrder } from '@/platform/pay'

/** Where the things of each business type are listed (to pay a closed payment again or see the order). */
export const ORDERS_OF: Partial<Record<PaymentBizType, string>> = {
  goods: 'goods/pages/order/order',
  course: 'pages/my/online',
  report: 'pages/my/report',
  activity: 'pages/my/activity',
  certificate: 'pages/my/certificate',
  service: 'pages/my/service'
}

/** How long the result page keeps asking while the provider has not confirmed: every 2 s for 1 minute. */
export const POLL_INTERVAL_MS = 2000
export const POLL_ATTEMPTS = 30

export type PayView = 'loading' | 'success' | 'pending' | 'failed' | 'refunded'

export function viewOf(status: PayStatusResponse | undefined): PayView {
  if (!status) return 'loading'
  if (status.status === 'paid') return 'success'
  if (status.status === 'created') return 'pending'
  if (status.status === 'refunded') return 'refunded'
  return 'failed'
}

/** Pays a waiting payment again through the platform's cashier; 'paid' or 'cancelled'. */
export async function payAgain(outTradeNo: string) {
  return payOrder(await restartPay({ out_trade_no: outTradeNo }))
}
