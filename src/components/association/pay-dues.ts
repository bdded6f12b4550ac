import { payMembership } from '@/api/association'
import type { PayOutcome } from '@/core/pay'
import { payOrder } from '@/platform/pay'

/** Pays the dues of an application waiting for them: 'paid' or 'cancelled'; failures reject. */
export async function payDues(applicationId: number): Promise<PayOutcome> {
  return payOrder(await payMembership({ application_id: applicationId }))
}
