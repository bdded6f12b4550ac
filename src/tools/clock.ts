import { chinaNow, chinaToday } from '@contract/china-time'

/** The moment a tool casts for, as the engine reads dates ('YYYY-MM-DD HH:mm', China time on any phone). */
export function nowText(now = new Date()): string {
  return chinaNow(now)
}

/** Today in China, 'YYYY-MM-DD'. */
export function todayText(now = new Date()): string {
  return chinaToday(now)
}

/** '2024-06-03' -> '2024年6月3日' */
export function chineseDate(date: string): string {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number)
  return `${y}年${m}月${d}日`
}
