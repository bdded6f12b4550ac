import type { ActivitySummary } from '@contract'

import { formatFen } from '@/core/format'

/** A fee in fen; a free activity says so. */
export const feeText = (fen: number) => (fen > 0 ? formatFen(fen) : '免费')

export { timeRange } from '@/core/format'

/** What the sign-up button says and whether it can be pressed. */
export function signupState(a: ActivitySummary, now = Date.now()): { text: string; enabled: boolean } {
  if (a.my_status === 'signed') return { text: '已报名', enabled: false }
  if (a.my_status === 'unpaid') return { text: '去支付', enabled: true }
  if (new Date(a.ends_at).getTime() <= now) return { text: '已结束', enabled: false }
  if (a.open) return { text: '立即报名', enabled: true }
  return { text: a.seats_left > 0 ? '报名已截止' : '名额已满', enabled: false }
}

export const activityDetailUrl = (id: number) => `/activity/pages/detail?activity_id=${id}`
