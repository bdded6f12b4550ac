import { payActivity } from '@/api/activity'
import type { PayOutcome } from '@/core/pay'
import { payOrder } from '@/platform/pay'

/** Pays the fee of a sign-up waiting for payment: 'paid' or 'cancelled'; failures reject. */
export async function payActivityFee(signupId: number): Promise<PayOutcome> {
  return payOrder(await payActivity({ signup_id: signupId }))
}

export const successUrl = (activityId: number) => `/pages/activity/success?activity_id=${activityId}`
