/** Display formats of docs/spec.md §5, §9: counts in 万, relative time, dates and prices. */
import { CHINA_ZONE_LABEL, chinaClock, fromChinaClock } from '@contract/china-time'
import type { Locale } from '@contract/locale'

import { currentLocale, t } from './i18n'

const WAN = 10000
const WAN_SIGN: Partial<Record<Locale, string>> = { 'zh-Hans': '万', 'zh-Hant': '萬' }

/**
 * A count as its locale writes it in short. Chinese, in units of 万 (docs/spec.md §5; 萬 in Traditional): from 100万
 * no decimals, from 10万 one, below that two, rounded half up and trailing zeros trimmed: 12345 -> '1.23万',
 * 123456 -> '12.3万', 1234567 -> '123万'. English, French and Spanish, in their compact form (CLDR's, as
 * Intl.NumberFormat's `notation: 'compact'` writes it): 12345 -> '12K', '12 k', '12 mil'.
 * Numeric strings ('12345') count as numbers, since servers often send counts as text.
 * Anything else (NaN, '', 'abc', null, Infinity) shows '0万' ('0').
 * Negative counts keep their sign and use the thresholds of their size: -12345 -> '-1.23万'.
 */
export function formatWan(input: unknown, locale: Locale = currentLocale()): string {
  const wan = WAN_SIGN[locale]
  const n = toFiniteNumber(input)
  if (wan === undefined) return formatCompact(n ?? 0, locale)
  if (n === undefined) return `0${wan}`
  const size = Math.abs(n)
  const decimals = size >= 100 * WAN ? 0 : size >= 10 * WAN ? 1 : 2
  const rounded = roundHalfUp(size / WAN, decimals)
  const text = String(rounded)
  return rounded === 0 ? `0${wan}` : `${n < 0 ? '-' : ''}${text}${wan}`
}

interface CompactUnit {
  /** The first count written with this unit. */
  from: number
  divide: number
  suffix: string
}

const NBSP = '\u00a0'
/** CLDR's short compact patterns of the three languages, largest first, for engines without Intl's compact notation. */
const COMPACT_UNITS: Record<'en' | 'fr' | 'es', CompactUnit[]> = {
  en: [
    { from: 1e12, divide: 1e12, suffix: 'T' },
    { from: 1e9, divide: 1e9, suffix: 'B' },
    { from: 1e6, divide: 1e6, suffix: 'M' },
    { from: 1e3, divide: 1e3, suffix: 'K' }
  ],
  fr: [
    { from: 1e12, divide: 1e12, suffix: `${NBSP}Bn` },
    { from: 1e9, divide: 1e9, suffix: `${NBSP}Md` },
    { from: 1e6, divide: 1e6, suffix: `${NBSP}M` },
    { from: 1e3, divide: 1e3, suffix: `${NBSP}k` }
  ],
  // Spanish counts thousands of millions in M (1234 M) before 'mil M'.
  es: [
    { from: 1e12, divide: 1e12, suffix: `${NBSP}B` },
    { from: 1e10, divide: 1e9, suffix: `${NBSP}mil${NBSP}M` },
    { from: 1e6, divide: 1e6, suffix: `${NBSP}M` },
    { from: 1e3, divide: 1e3, suffix: `${NBSP}mil` }
  ]
}

const compactFormats = new Map<Locale, Intl.NumberFormat | null>()

/**
 * Intl's compact formatter of a locale, or null where the engine has no Intl or ignores `notation` (WeChat's
 * JavaScript engines are not all built with it): formatCompactFallback writes the same from CLDR's patterns.
 */
function intlCompact(locale: Locale): Intl.NumberFormat | null {
  if (!compactFormats.has(locale)) {
    let format: Intl.NumberFormat | null = null
    try {
      if (typeof Intl !== 'undefined' && typeof Intl.NumberFormat === 'function') {
        const candidate = new Intl.NumberFormat(locale, { notation: 'compact' })
        if (candidate.resolvedOptions().notation === 'compact') format = candidate
      }
    } catch {
      format = null
    }
    compactFormats.set(locale, format)
  }
  return compactFormats.get(locale) ?? null
}

function formatCompact(n: number, locale: Locale): string {
  return intlCompact(locale)?.format(n) ?? formatCompactFallback(n, locale as keyof typeof COMPACT_UNITS)
}

/**
 * Intl's compact notation without Intl: two significant digits below 10 of a unit ('1.2K'), whole units above ('12K',
 * '123K'), rounded half up; a count that rounds up to the next unit takes it (999950 -> '1M').
 */
export function formatCompactFallback(n: number, locale: keyof typeof COMPACT_UNITS): string {
  const units = COMPACT_UNITS[locale]
  const size = Math.abs(n)
  const sign = n < 0 ? '-' : ''
  const decimal = locale === 'en' ? '.' : ','
  let index = units.findIndex((unit) => size >= unit.from)
  for (;;) {
    const unit = index === -1 ? { from: 0, divide: 1, suffix: '' } : units[index]
    const value = size / unit.divide
    const rounded = value < 10 ? roundHalfUp(value, 1) : Math.round(value)
    const larger = index === -1 ? units[units.length - 1] : units[index - 1]
    if (larger && index !== 0 && rounded * unit.divide >= larger.from) {
      index = index === -1 ? units.length - 1 : index - 1
      continue
    }
    const text = rounded === 0 ? '0' : `${sign}${String(rounded).replace('.', decimal)}`
    return text + (rounded === 0 ? '' : unit.suffix)
  }
}

/** Rounds in decimal (via exponent notation) so that 1.005 rounds to 1.01, not 1.00 as toFixed does. */
function roundHalfUp(value: number, decimals: number): number {
  return Number(`${Math.round(Number(`${value}e${decimals}`))}e-${decimals}`)
}

function toFiniteNumber(input: unknown): number | undefined {
  if (typeof input === 'number') return Number.isFinite(input) ? input : undefined
  if (typeof input === 'string' && input.trim() !== '') {
    const n = Number(input)
    return Number.isFinite(n) ? n : undefined
  }
  return undefined
}

export type DateInput = Date | number | string

/**
 * Accepts a Date, milliseconds, seconds (numbers below 1e12, as PHP-style servers send) or a date string
 * ('2024-05-01 08:30:00' is read as China time, ISO strings as written). Undefined when it is not a date.
 */
export function toDate(input: DateInput): Date | undefined {
  let date: Date
  if (input instanceof Date) date = new Date(input.getTime())
  else if (typeof input === 'number') date = new Date(Math.abs(input) < 1e12 ? input * 1000 : input)
  else if (/^\d{4}-\d{1,2}-\d{1,2}( \d{1,2}:\d{1,2}(:\d{1,2})?)?$/.test(input.trim())) {
    // 'yyyy-mm-dd hh:mm:ss' is not ISO: Safari refuses it, so it is read field by field (a business time: China's).
    const [y, m, d, hh = 0, mm = 0, ss = 0] = input.trim().split(/[- :]/).map(Number)
    date = fromChinaClock(y, m, d, hh, mm, ss)
  } else date = new Date(input)
  return Number.isNaN(date.getTime()) ? undefined : date
}

const pad = (n: number) => String(n).padStart(2, '0')

/**
 * Formats a date as a China clock shows it (business times read the same on every phone) with the tokens
 * yyyy (year), mm (month), dd (day), hh (hour, 24h), MM (minute), ss (second).
 * The default format is yyyy-mm-dd (docs/spec.md §9). An invalid date gives ''.
 */
export function formatDate(input: DateInput, format = 'yyyy-mm-dd'): string {
  const date = toDate(input)
  if (!date) return ''
  const c = chinaClock(date)
  const tokens: Record<string, string> = {
    yyyy: String(c.year),
    mm: pad(c.month),
    dd: pad(c.day),
    hh: pad(c.hour),
    MM: pad(c.minute),
    ss: pad(c.second)
  }
  return format.replace(/yyyy|mm|dd|hh|MM|ss/g, (token) => tokens[token])
}

/** '2026-05-01 09:00 - 17:00（北京时间）' on one day, else both dates in full: classes and activities keep China's clock. */
export function timeRange(start: DateInput, end: DateInput): string {
  const sameDay = formatDate(start) === formatDate(end)
  return (
    `${formatDate(start, 'yyyy-mm-dd hh:MM')} - ${formatDate(end, sameDay ? 'hh:MM' : 'yyyy-mm-dd hh:MM')}（` +
    `${CHINA_ZONE_LABEL}）`
  )
}

const MINUTE = 60 * 1000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * Relative time (docs/spec.md §9): under 5 minutes '刚刚', then 'N分钟前', 'N小时前', 'N天前' while under 30 days,
 * from 30 days on the date (yyyy-mm-dd). Future times count as '刚刚' (clocks differ a little). Invalid gives ''.
 * In the app's language ('just now', '5 min ago' …).
 */
export function relativeTime(input: DateInput, now: DateInput = Date.now()): string {
  const date = toDate(input)
  const current = toDate(now)
  if (!date || !current) return ''
  const elapsed = current.getTime() - date.getTime()
  if (elapsed < 5 * MINUTE) return t('time.justNow')
  if (elapsed < HOUR) return t('time.minutesAgo', { n: Math.floor(elapsed / MINUTE) })
  if (elapsed < DAY) return t('time.hoursAgo', { n: Math.floor(elapsed / HOUR) })
  if (elapsed < 30 * DAY) return t('time.daysAgo', { n: Math.floor(elapsed / DAY) })
  return formatDate(date)
}

/** A count on a badge: at most two digits, then 99+. */
export const badgeText = (count: number): string => (count > 99 ? '99+' : String(count))

/** A price in integer fen as yuan: 1280 -> '¥12.80', -50 -> '-¥0.50'; anything not a number -> '¥0.00'. */
export function formatFen(fen: unknown): string {
  const n = toFiniteNumber(fen)
  if (n === undefined) return '¥0.00'
  const cents = Math.round(Math.abs(n))
  const yuan = Math.floor(cents / 100)
  return `${n < 0 && cents > 0 ? '-' : ''}¥${yuan}.${pad(cents % 100)}`
}
