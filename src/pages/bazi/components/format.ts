import type { BaziBirth } from '@contract'

/** '男 · 公历 1990-05-15 14:30 · 北京' */
export function birthLine(b: BaziBirth): string {
  const calendar = b.calendar === 'lunar' ? `农历${b.leap_month ? '(闰月)' : ''}` : '公历'
  return [b.gender === 'male' ? '男' : '女', `${calendar} ${b.date}`, b.city || ''].filter(Boolean).join(' · ')
}
