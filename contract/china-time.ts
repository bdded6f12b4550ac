/**
 * The business runs on China time (Asia/Shanghai: UTC+8, no daylight saving since 1991): class times,
 * order times and every chart cast "now" are China time on any phone, whatever its own time zone.
 */
export const CHINA_OFFSET_MS = 8 * 3600 * 1000
export const DAY_MS = 86_400_000

/** Shown beside times a user must act on (a class start) so a traveller reads them right. */
export const CHINA_ZONE_LABEL = '北京时间'

export interface ClockParts {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
  /** 0 = Sunday */
  weekday: number
}

const pad = (n: number) => String(n).padStart(2, '0')

/** What a clock in China shows at this instant. */
export function chinaClock(at: Date | number = Date.now()): ClockParts {
  const d = new Date((typeof at === 'number' ? at : at.getTime()) + CHINA_OFFSET_MS)
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    weekday: d.getUTCDay()
  }
}

/** The instant a China clock shows these fields at (month 1-12). */
export function fromChinaClock(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): Date {
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second) - CHINA_OFFSET_MS)
}

/** Today in China, 'YYYY-MM-DD'. */
export function chinaToday(at: Date | number = Date.now()): string {
  const c = chinaClock(at)
  return `${c.year}-${pad(c.month)}-${pad(c.day)}`
}

/** China date and time 'YYYY-MM-DD HH:mm:ss', as exports and receipts print it. */
export function chinaDateTime(at: Date | number = Date.now()): string {
  const c = chinaClock(at)
  return `${chinaToday(at)} ${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}`
}

/** China time as 'YYYYMMDDHHmmss', the head of order and payment numbers. */
export const chinaStamp = (at: Date | number = Date.now()): string => chinaDateTime(at).replace(/\D/g, '')

/** The instant a China calendar day begins: the day 'YYYY-MM-DD', or the China day an instant falls in. */
export function chinaDayStart(day: string | Date): Date {
  if (typeof day === 'string') {
    const [y, m, d] = day.split('-').map(Number)
    return fromChinaClock(y, m, d)
  }
  const local = day.getTime() + CHINA_OFFSET_MS
  return new Date(local - (local % DAY_MS) - CHINA_OFFSET_MS)
}

/** [start, end) of a China month given as 'YYYY-MM'. */
export function chinaMonthRange(month: string): [Date, Date] {
  const [y, m] = month.split('-').map(Number)
  return [fromChinaClock(y, m, 1), fromChinaClock(y, m + 1, 1)]
}

/** Now in China, 'YYYY-MM-DD HH:mm': the moment a "now" chart is cast for. */
export function chinaNow(at: Date | number = Date.now()): string {
  const c = chinaClock(at)
  return `${chinaToday(at)} ${pad(c.hour)}:${pad(c.minute)}`
}
