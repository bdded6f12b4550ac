/** Calendar-day helpers for the tool pages (dates as 'YYYY-MM-DD'; today is China's). */
import { chinaToday } from '@contract/china-time'

const pad = (n: number) => String(n).padStart(2, '0')

export function ymd(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

export function today(): string {
  return chinaToday()
}

/** 'YYYY-MM-DD' moved by whole days (noon avoids daylight-saving edges). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number)
  return ymd(new Date(y, m - 1, d + days, 12))
}

export function yearMonthOf(date: string): { year: number; month: number } {
  const [y, m] = date.split('-').map(Number)
  return { year: y, month: m }
}

/** The month before/after, as { year, month }. */
export function shiftMonth(year: number, month: number, by: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + by
  return { year: Math.floor(index / 12), month: (index % 12) + 1 }
}
