import type { CourseKind, LiveStatus } from '@contract'

import { formatFen } from '@/core/format'

export const KIND_LABEL: Record<CourseKind, string> = { recorded: '录播', live: '直播', offline: '线下' }
export const LIVE_LABEL: Record<LiveStatus, string> = { live: '直播中', upcoming: '预告', replay: '回放' }

/** A price in fen; a free course says so. */
export const priceText = (fen: number) => (fen > 0 ? formatFen(fen) : '免费')

/** 75 -> '01:15'; an hour or more -> '1:02:05'. */
export function durationText(seconds: number): string {
  const s = Math.max(0, Math.round(seconds))
  const pad = (n: number) => String(n).padStart(2, '0')
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`
}

export { timeRange } from '@/core/format'

export const partsText = (kind: CourseKind, parts: number) =>
  kind === 'recorded' ? `共 ${parts} 讲` : kind === 'live' ? `${parts} 场直播` : `${parts} 个班次`

export const courseDetailUrl = (courseId: number) => `/pages/course/detail?course_id=${courseId}`
