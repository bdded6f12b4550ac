import type { BizRefund } from '@contract'

import { formatFen } from '@/core/format'

/** The line a cancelled or rejected paid thing shows about its money. */
export function refundText(r: BizRefund): string {
  return r.status === 'refunded'
    ? `已退款 ${formatFen(r.amount)}，已原路退回`
    : `退款中 ${formatFen(r.amount)}，将原路退回`
}
