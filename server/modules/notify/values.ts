import { chinaClock } from '../../../contract/china-time'
import { formatYuan } from '../../core/money'

// Event fields are stored ready to read (a WeChat template shows them as they are), so every module
// writes amounts and times the one way these two do.

/** An amount as a message shows it: 6800 -> '¥68.00'. */
export const amountText = (fen: number): string => `¥${formatYuan(fen)}`

const pad = (n: number) => String(n).padStart(2, '0')

/** A moment as a message shows it, China time: '2026年12月1日 15:01'. */
export function timeText(at: Date | number): string {
  const c = chinaClock(at)
  return `${c.year}年${c.month}月${c.day}日 ${pad(c.hour)}:${pad(c.minute)}`
}
