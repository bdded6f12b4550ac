import type { ActivitySummary } from '../../api/contract'
import { formatDate, formatFen } from '../../core/format'

/** A fee in fen; a free activity says so. */
export const feeText = (fen: number) => (fen > 0 ? formatFen(fen) : '免费')

/** '2026-05-01 09:00 - 17:00' on one day, else both dates in full. */
export function timeRange(start: string, end: string): string {
  const sameDay = formatDate(start) === formatDate(end)
  return `${formatDate(start, 'yyyy-mm-dd hh:MM')} - ${formatDate(end, sameDay ? 'hh:MM' : 'yyyy-mm-dd hh:MM')}`
}

/** What the sign-up button says and whether it can be pressed. */
export function signupState(a: ActivitySummary, now = Date.now()): { text: string; enabled: boolean } {
  if (a.my_status === 'signed') return { text: '已报名', enabled: false }
  if (a.my_status === 'unpaid') return { text: '去支付', enabled: true }
  if (new Date(a.ends_at).getTime() <= now) return { text: '已结束', enabled: false }
  if (a.open) return { text: '立即报名', enabled: true }
  return { text: a.seats_left > 0 ? '报名已截止' : '名额已满', enabled: false }
}

export const activityDetailUrl = (id: number) => `/activity/pages/detail?activity_id=${id}`
