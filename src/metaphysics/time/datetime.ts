import { MetaphysicsError } from '../errors'

/** A wall-clock moment without a time zone. Months are 1..12. */
export interface DateTimeParts {
  year: number
  month: number
  day: number
  hour: number
  minute: number
}

export const MIN_YEAR = 1900
export const MAX_YEAR = 2100

const DATE_TIME = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2}))?$/

export const daysInSolarMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate()

export const checkYearInRange = (year: number): void => {
  if (year < MIN_YEAR || year > MAX_YEAR) throw new MetaphysicsError(`年份须在${MIN_YEAR}至${MAX_YEAR}年之间`)
}

/** Splits 'YYYY-MM-DD HH:mm' (time optional, 00:00 then) without checking the calendar. */
export const parseDateTimeText = (text: string): DateTimeParts => {
  const m = DATE_TIME.exec(String(text ?? '').trim())
  if (!m) throw new MetaphysicsError('日期格式应为 YYYY-MM-DD HH:mm，例如 1990-05-15 14:30')
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0'].map(Number)
  checkYearInRange(year)
  if (hour > 23 || minute > 59) throw new MetaphysicsError('时间无效：小时应为0-23，分钟应为0-59')
  if (month < 1 || month > 12) throw new MetaphysicsError(`月份无效：${month}月`)
  return { year, month, day, hour, minute }
}

/** A solar (Gregorian) date and time, checked: 30 February throws. */
export const parseSolarDateTime = (text: string): DateTimeParts => {
  const parts = parseDateTimeText(text)
  const days = daysInSolarMonth(parts.year, parts.month)
  if (parts.day < 1 || parts.day > days) {
    throw new MetaphysicsError(`日期无效：${parts.year}年${parts.month}月只有${days}天`)
  }
  return parts
}

const toEpochMinutes = (p: DateTimeParts): number => Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) / 60000

const fromEpochMinutes = (minutes: number): DateTimeParts => {
  const d = new Date(Math.round(minutes) * 60000)
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes()
  }
}

/** Shifts a wall-clock moment by whole minutes (the fraction is rounded). */
export const addMinutes = (p: DateTimeParts, minutes: number): DateTimeParts =>
  fromEpochMinutes(toEpochMinutes(p) + minutes)

/** Minutes from a to b. */
export const minutesBetween = (a: DateTimeParts, b: DateTimeParts): number => toEpochMinutes(b) - toEpochMinutes(a)

const pad = (n: number): string => String(n).padStart(2, '0')
export const formatDateTime = (p: DateTimeParts): string =>
  `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}`

/** 1-based day of the year. */
export const dayOfYear = (p: Pick<DateTimeParts, 'year' | 'month' | 'day'>): number =>
  (Date.UTC(p.year, p.month - 1, p.day) - Date.UTC(p.year, 0, 1)) / 86400000 + 1
