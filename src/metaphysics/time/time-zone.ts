import { MetaphysicsError } from '../errors'
import { chinaDstMinutes } from './china-dst'
import type { DateTimeParts } from './datetime'

/**
 * UTC offsets of IANA time zones, read from the tz database the JavaScript engine carries, through
 * `Intl.DateTimeFormat(…, { timeZone })`. The engine holds no zone rules of its own, except the
 * statutory 1986-1991 table of mainland China (see MAINLAND_CHINA_ZONES).
 */

/** What the tz database says about one clock reading in one zone. */
export interface ZoneOffset {
  timeZone: string
  /** offset of the clock from UT in minutes as it was read (standard + summer time) */
  offsetMinutes: number
  /** that year's standard offset in minutes */
  standardOffsetMinutes: number
  /**
   * true: the offsets come from the tz database (or, for mainland China, the statutory table);
   * false: this JavaScript engine has no time-zone support and the caller's fixed offset was used
   */
  applied: boolean
}

const DAY = 86400000
const CHINA_STANDARD_MINUTES = 480

/**
 * Zones read as mainland China's clock. Their summer time is the statutory 1986-1991 table
 * (china-dst.ts, identical to tzdata's Rule PRC for those years), and UTC+8 at every other time.
 * Deliberately NOT applied: what tzdata's Asia/Shanghai has before 1980 (summer time 1919 and
 * 1940-1949, year-round UTC+9 1943-1945, local mean time before 1901). tzdata's own notes say that
 * history is Shanghai's and uncertain; since 2014 the zones that carried other cities' history
 * (Asia/Harbin, Asia/Chongqing, Asia/Kashgar) are mere links to Asia/Shanghai, so applying it to every
 * mainland city (Harbin was on UTC+9 under Manchukuo, Chongqing on its own war time) would claim a
 * precision the data does not have. Mainland practice and the published 万年历 remove only the
 * 1986-1991 summer hour; a 1940s birth whose clock was known to be on summer time can be entered as
 * standard time.
 */
export const MAINLAND_CHINA_ZONES: ReadonlySet<string> = new Set([
  'Asia/Shanghai',
  'Asia/Chongqing',
  'Asia/Chungking',
  'Asia/Harbin',
  'PRC'
])

const formatters = new Map<string, Intl.DateTimeFormat | null>()

const makeFormatter = (timeZone: string): Intl.DateTimeFormat =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric'
  })

/** One formatter per zone (building one costs ~50 µs; formatting with it ~2 µs); null: no such zone. */
const formatterOf = (timeZone: string): Intl.DateTimeFormat | null => {
  let f = formatters.get(timeZone)
  if (f === undefined) {
    try {
      f = makeFormatter(timeZone)
    } catch {
      f = null
    }
    formatters.set(timeZone, f)
  }
  return f
}

/**
 * Offset in whole SECONDS at a UT instant (whole minutes since about 1970; local mean time before a
 * zone's first standard time has seconds, e.g. Singapore's +6:55:25 until 1905). utcMs: whole seconds.
 */
const offsetAt = (f: Intl.DateTimeFormat, utcMs: number): number => {
  const p: Record<string, number> = {}
  for (const part of f.formatToParts(new Date(utcMs))) {
    if (part.type !== 'literal') p[part.type] = Number(part.value)
  }
  return Math.round((Date.UTC(p.year, p.month - 1, p.day, p.hour % 24, p.minute, p.second) - utcMs) / 1000)
}

let support: boolean | undefined
/**
 * Whether this engine knows IANA zones: old mini-program engines have no Intl, or an Intl that
 * knows only UTC (it throws RangeError for any other zone) or lacks formatToParts.
 */
export const timeZoneSupported = (): boolean => {
  if (support === undefined) {
    try {
      const f = makeFormatter('America/New_York')
      support = typeof f.formatToParts === 'function' && offsetAt(f, Date.UTC(2020, 6, 1)) === -240 * 60
    } catch {
      support = false
    }
  }
  return support
}

/** A valid IANA zone name in this engine (false as well when the engine has no zone support). */
export const isTimeZone = (timeZone: unknown): timeZone is string =>
  typeof timeZone === 'string' && timeZone.length > 0 && timeZoneSupported() && formatterOf(timeZone) !== null

/**
 * The offset in force at a clock reading in the zone, and that year's standard offset.
 *
 * A reading inside a spring-forward gap (it never showed) or a fall-back overlap (it showed twice)
 * is taken as the EARLIER of its two possible moments, i.e. with the larger of the offsets either
 * side of the change, as china-dst.ts does: an overlap hour is its first (summer-time) pass, a gap
 * reading is read with the summer offset (02:30 on a spring-forward day is 01:30 standard time).
 *
 * Standard offset = the smaller of the offsets at 1 January and 1 July of that year (and never more
 * than the offset in force). That is right for every zone we list: their summer time always puts
 * clocks ahead of standard time, and it is in force around July in the north and around January in
 * the south (Perth, Sydney, Auckland, São Paulo ...), so one of the two dates is on standard time.
 * Where a year had no standard time at all (war time all year, e.g. New York 1943-1944) the
 * year-round offset counts as that year's standard time; the UT moment, and so true solar time, is
 * the same whatever the split, only the shown 夏令时 part differs.
 *
 * Returns null when the engine has no time-zone support; throws MetaphysicsError for an unknown zone.
 */
export const zoneOffsetAt = (timeZone: string, clock: DateTimeParts, summerTime = true): ZoneOffset | null => {
  if (MAINLAND_CHINA_ZONES.has(timeZone)) {
    const dst = summerTime ? chinaDstMinutes(clock) : 0
    return {
      timeZone,
      offsetMinutes: CHINA_STANDARD_MINUTES + dst,
      standardOffsetMinutes: CHINA_STANDARD_MINUTES,
      applied: true
    }
  }
  if (!timeZoneSupported()) return null
  const f = formatterOf(timeZone)
  if (!f) throw new MetaphysicsError(`时区无效：${timeZone}`)
  const wall = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute)
  const before = offsetAt(f, wall - DAY)
  const after = offsetAt(f, wall + DAY)
  const offsets = before === after ? [before] : [before, after]
  // a candidate is real when the zone's offset at that moment is the one it was computed with
  const real = offsets.filter((o) => offsetAt(f, wall - o * 1000) === o)
  const inForce = Math.max(...(real.length ? real : offsets))
  const standard = Math.min(offsetAt(f, Date.UTC(clock.year, 0, 1)), offsetAt(f, Date.UTC(clock.year, 6, 1)), inForce)
  return {
    timeZone,
    offsetMinutes: (summerTime ? inForce : standard) / 60,
    standardOffsetMinutes: standard / 60,
    applied: true
  }
}

/** 'UTC+8', 'UTC-4', 'UTC+7:30', 'UTC+5:45' (local mean time rounded to the minute). */
export const utcOffsetText = (minutes: number): string => {
  const m = Math.round(minutes)
  const sign = m < 0 ? '-' : '+'
  const h = Math.floor(Math.abs(m) / 60)
  const rest = Math.abs(m) % 60
  return `UTC${sign}${h}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`
}

/**
 * The clock the birth time was read on, in Chinese: '纽约 UTC-4（夏令时）', '新加坡 UTC+7:30',
 * '北京 UTC+8'; without tz support '吉隆坡 UTC+8（未能查询历史时区，按标准时区）'.
 */
export const zoneText = (zone: ZoneOffset, place = ''): string => {
  const head = place ? `${place} ` : ''
  if (!zone.applied) return `${head}${utcOffsetText(zone.offsetMinutes)}（未能查询历史时区，按标准时区）`
  const summer = zone.offsetMinutes > zone.standardOffsetMinutes
  return `${head}${utcOffsetText(zone.offsetMinutes)}${summer ? '（夏令时）' : ''}`
}
