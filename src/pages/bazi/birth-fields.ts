import type { ZiHourRule } from '@/metaphysics/bazi'
import { MetaphysicsError } from '@/metaphysics/errors'
import { lunarToSolar, parseSolarDateTime, solarToLunar } from '@/metaphysics/time'

/** The parts of a birth date and time as the form's pickers edit them. */
export interface DateFields {
  year: number
  month: number
  day: number
  hour: number
  minute: number
}

const pad2 = (n: number): string => String(n).padStart(2, '0')

export const fieldsToDate = (f: DateFields): string =>
  `${f.year}-${pad2(f.month)}-${pad2(f.day)} ${pad2(f.hour)}:${pad2(f.minute)}`

export const dateToFields = (text: string): DateFields => {
  const [year, month, day, hour, minute] = (text.match(/\d+/g) ?? []).map(Number)
  return { year: year || 1990, month: month || 1, day: day || 1, hour: hour ?? 12, minute: minute ?? 0 }
}

/** Picker years: the current year ± 150. */
export const PICKER_SPAN = 150
export const pickerYears = (currentYear: number): number[] =>
  Array.from({ length: 2 * PICKER_SPAN + 1 }, (_, i) => currentYear - PICKER_SPAN + i)

export const LUNAR_MONTH_NAMES = [
  '正月',
  '二月',
  '三月',
  '四月',
  '五月',
  '六月',
  '七月',
  '八月',
  '九月',
  '十月',
  '冬月',
  '腊月'
]
const DAY_TENS = ['初', '十', '廿', '三']
const DIGITS = ['十', '一', '二', '三', '四', '五', '六', '七', '八', '九']
/** 初一 .. 三十 */
export const LUNAR_DAY_NAMES = Array.from({ length: 30 }, (_, i) => {
  const d = i + 1
  if (d === 10) return '初十'
  if (d === 20) return '二十'
  if (d === 30) return '三十'
  return DAY_TENS[Math.floor(d / 10)] + DIGITS[d % 10]
})

/** How the form shows the date: 1990年05月15日 14:30 or 农历1990年闰四月廿一 14:30. */
export function dateLabel(f: DateFields, calendar: 'solar' | 'lunar', leapMonth: boolean): string {
  if (calendar === 'solar') return `${f.year}年${pad2(f.month)}月${pad2(f.day)}日`
  return (
    `农历${f.year}年${leapMonth ? '闰' : ''}${LUNAR_MONTH_NAMES[f.month - 1]}` +
    `${LUNAR_DAY_NAMES[f.day - 1] ?? f.day + '日'}`
  )
}

export const timeLabel = (f: DateFields): string => `${pad2(f.hour)}:${pad2(f.minute)}`

/**
 * Quick entry of a date and time: twelve digits 199005151430, or 1990-05-15 14:30 (any separators).
 * Returns null while the text is not complete yet.
 */
export function parseQuickEntry(text: string): DateFields | null {
  const digits = text.replace(/\D/g, '')
  const parts = text.trim().match(/\d+/g) ?? []
  if (parts.length >= 5) return dateToFields(parts.slice(0, 5).join(' '))
  if (parts.length === 1 && digits.length === 12) {
    const n = (from: number, len: number) => Number(digits.slice(from, from + len))
    return { year: n(0, 4), month: n(4, 2), day: n(6, 2), hour: n(8, 2), minute: n(10, 2) }
  }
  return null
}

/** The same day in the other calendar, or null when the date is not valid in its own calendar. */
export function switchCalendar(
  f: DateFields,
  from: 'solar' | 'lunar',
  leapMonth: boolean
): { fields: DateFields; leapMonth: boolean } | null {
  try {
    if (from === 'lunar') {
      const solar = lunarToSolar(fieldsToDate(f), leapMonth)
      return { fields: { ...f, year: solar.year, month: solar.month, day: solar.day }, leapMonth: false }
    }
    const lunar = solarToLunar(parseSolarDateTime(fieldsToDate(f)))
    return { fields: { ...f, year: lunar.year, month: lunar.month, day: lunar.day }, leapMonth: lunar.leap }
  } catch (e) {
    if (e instanceof MetaphysicsError) return null
    throw e
  }
}

/** An engine error's message for the user; anything else is a fault of ours. */
export function chartErrorMessage(e: unknown): string {
  if (e instanceof MetaphysicsError) return e.message
  return '排盘出错，请检查输入后重试'
}

/** The two 子时 rules as the form and the plate's 排盘规则 offer them. */
export const ZI_HOUR_OPTIONS: ReadonlyArray<readonly [ZiHourRule, string]> = [
  ['next-day', '23:00 换日'],
  ['same-day', '0:00 换日']
]

/** What a 子时 rule means, in one line. */
export const ziHourNote = (rule: ZiHourRule): string =>
  rule === 'next-day' ? '23:00 起即为次日子时（早晚子时不分，多数子平家用法）' : '23:00-24:00 为夜子时，日柱仍用当日'
