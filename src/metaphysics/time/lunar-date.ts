import { Lunar, LunarYear } from 'lunar-javascript'

import { MetaphysicsError } from '../errors'
import { checkYearInRange, type DateTimeParts, parseDateTimeText } from './datetime'

const MONTH_NAMES = ['正', '二', '三', '四', '五', '六', '七', '八', '九', '十', '冬', '腊']
const DAY_TENS = ['初', '十', '廿', '三']
const DIGITS = ['〇', '一', '二', '三', '四', '五', '六', '七', '八', '九', '十']
const SHENG_XIAO = ['鼠', '牛', '虎', '兔', '龙', '蛇', '马', '羊', '猴', '鸡', '狗', '猪']

/**
 * A lunar date ('YYYY-MM-DD HH:mm' with MM the lunar month, DD the lunar day) to the solar date
 * and time. A leap month that year does not have, or a day past the month's end, throws.
 */
export const lunarToSolar = (text: string, leapMonth = false): DateTimeParts => {
  const parts = parseDateTimeText(text)
  const { year, month, day } = parts
  const lunarYear = LunarYear.fromYear(year)
  if (leapMonth && lunarYear.getLeapMonth() !== month) {
    throw new MetaphysicsError(`农历${year}年没有闰${MONTH_NAMES[month - 1]}月`)
  }
  const lunarMonth = lunarYear.getMonth(leapMonth ? -month : month)
  if (!lunarMonth) throw new MetaphysicsError(`农历${year}年${MONTH_NAMES[month - 1]}月不存在`)
  const days = lunarMonth.getDayCount()
  if (day < 1 || day > days) {
    throw new MetaphysicsError(`农历${year}年${leapMonth ? '闰' : ''}${MONTH_NAMES[month - 1]}月只有${days}天`)
  }
  const solar = Lunar.fromYmdHms(year, leapMonth ? -month : month, day, parts.hour, parts.minute, 0).getSolar()
  checkYearInRange(solar.getYear())
  return { year: solar.getYear(), month: solar.getMonth(), day: solar.getDay(), hour: parts.hour, minute: parts.minute }
}

export interface LunarDate {
  year: number
  month: number
  day: number
  leap: boolean
  /** e.g. '一九九〇年四月廿一' */
  text: string
  /** 生肖 of the lunar year (changes at the lunar new year) */
  shengXiao: string
}

type MonthSpan = { year: number; month: number; firstDay: number; dayCount: number }
const monthCache = new Map<number, readonly MonthSpan[]>()

/** Days since 1970-01-01 of a Gregorian date. */
const epochDay = (y: number, m: number, d: number): number => Math.floor(Date.UTC(y, m - 1, d) / 86400000)
/** Julian day number of 1970-01-01 */
const JDN_OF_EPOCH = 2440588

/** Lunar months around a Gregorian year, cached: one lunar-javascript year per Gregorian year. */
const monthsAround = (year: number): readonly MonthSpan[] => {
  const hit = monthCache.get(year)
  if (hit) return hit
  const spans = LunarYear.fromYear(year)
    .getMonths()
    .map((m) => ({
      year: m.getYear(),
      month: m.getMonth(),
      firstDay: Math.floor(m.getFirstJulianDay() + 0.5) - JDN_OF_EPOCH,
      dayCount: m.getDayCount()
    }))
  monthCache.set(year, spans)
  return spans
}

const dayText = (d: number): string =>
  d === 10 ? '初十' : d === 20 ? '二十' : d === 30 ? '三十' : DAY_TENS[Math.floor(d / 10)] + DIGITS[d % 10]

/** The lunar date of a Gregorian date. */
export const solarToLunar = (p: Pick<DateTimeParts, 'year' | 'month' | 'day'>): LunarDate => {
  const day = epochDay(p.year, p.month, p.day)
  const span = monthsAround(p.year).find((m) => day >= m.firstDay && day < m.firstDay + m.dayCount)
  if (!span) throw new MetaphysicsError('日期超出农历换算范围')
  const leap = span.month < 0
  const month = Math.abs(span.month)
  const lunarDay = day - span.firstDay + 1
  const yearText = [...String(span.year)].map((c) => DIGITS[Number(c)]).join('')
  return {
    year: span.year,
    month,
    day: lunarDay,
    leap,
    text: `${yearText}年${leap ? '闰' : ''}${MONTH_NAMES[month - 1]}月${dayText(lunarDay)}`,
    shengXiao: SHENG_XIAO[(((span.year - 4) % 12) + 12) % 12]
  }
}
