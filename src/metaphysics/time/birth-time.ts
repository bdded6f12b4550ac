import { MetaphysicsError } from '../errors'
import { chinaDstMinutes } from './china-dst'
import { addMinutes, checkYearInRange, type DateTimeParts, formatDateTime, parseSolarDateTime } from './datetime'
import { lunarToSolar } from './lunar-date'
import { MAINLAND_CHINA_ZONES, type ZoneOffset, zoneOffsetAt } from './time-zone'
import { equationOfTimeMinutes, longitudeMinutes } from './true-solar-time'

export interface BirthTimeInput {
  /** clock time where born, 'YYYY-MM-DD HH:mm' */
  date: string
  calendar?: 'solar' | 'lunar'
  /** with calendar 'lunar': the month is the leap month of that number */
  leapMonth?: boolean
  /** degrees, east positive */
  longitude?: number
  /**
   * standard UTC offset of the clock in hours; 8 (Beijing time) unless given. With `timeZone` it is
   * used only when the JavaScript engine has no time-zone support.
   */
  utcOffset?: number
  /**
   * IANA zone of the birth place ('Asia/Hong_Kong', 'America/New_York'). With it the offset in force
   * at that clock time (standard + summer time, historical offsets included) comes from the tz
   * database; without it the clock is `utcOffset` standard time, and China's 1986-1991 summer hour is
   * removed whenever that offset is 8 (the behaviour of records and callers that carry no zone).
   */
  timeZone?: string
  /** correct to true solar time; on by default when a longitude is given */
  trueSolarTime?: boolean
  /** 'auto' (default) removes the summer time in force (see timeZone); 'none' reads the clock as standard time */
  dst?: 'auto' | 'none'
}

export interface BirthTimeCorrection {
  /** summer time removed (0, or minus the summer-time part of the offset in force, e.g. -60) */
  dstMinutes: number
  /** (longitude - zone meridian) x 4 */
  longitudeMinutes: number
  equationOfTimeMinutes: number
  /** what was added to the clock time to get the time the day and hour pillars use */
  totalMinutes: number
}

export interface BirthTime {
  /** the solar date and clock time as entered (lunar input converted) */
  clockTime: DateTimeParts
  /** the same moment in Beijing standard time: what solar terms (节) are compared with */
  beijingTime: DateTimeParts
  /** local time for the day and hour pillars: true solar time when corrected, else standard time */
  localTime: DateTimeParts
  trueSolarTime: boolean
  correction: BirthTimeCorrection
  /**
   * with a `timeZone`: the offset and standard offset applied; `applied` false when the engine has no
   * time-zone support and the fixed `utcOffset` (China's summer-hour rule only for mainland zones) was used
   */
  zone?: ZoneOffset
  /** the three times as 'YYYY-MM-DD HH:mm' for display */
  display: { clock: string; beijing: string; local: string }
}

const BEIJING_OFFSET = 8
const round1 = (x: number): number => Math.round(x * 10) / 10

const checkPlace = (longitude: number | undefined, utcOffset: number): void => {
  if (longitude !== undefined && !(Number.isFinite(longitude) && Math.abs(longitude) <= 180)) {
    throw new MetaphysicsError('经度无效：应在-180到180度之间')
  }
  if (!(Number.isFinite(utcOffset) && utcOffset >= -12 && utcOffset <= 14)) {
    throw new MetaphysicsError('时区无效：应在UTC-12到UTC+14之间')
  }
}

/** The entered date as a solar clock time (converting a lunar date). */
export const solarClockTime = (input: Pick<BirthTimeInput, 'date' | 'calendar' | 'leapMonth'>): DateTimeParts => {
  if (input.calendar === 'lunar') return lunarToSolar(input.date, input.leapMonth === true)
  if (input.leapMonth) throw new MetaphysicsError('闰月只适用于农历日期')
  return parseSolarDateTime(input.date)
}

/**
 * Resolves a birth clock time to the moment used for the year and month pillars (Beijing
 * standard time, compared with solar-term moments) and the local time used for the day and hour
 * pillars (true solar time when asked: clock - summer hour + longitude term + equation of time).
 */
export const resolveBirthTime = (input: BirthTimeInput): BirthTime => {
  const givenOffset = input.utcOffset ?? BEIJING_OFFSET
  checkPlace(input.longitude, givenOffset)
  if (input.timeZone !== undefined && (typeof input.timeZone !== 'string' || !input.timeZone.trim())) {
    throw new MetaphysicsError(`时区无效：${String(input.timeZone)}`)
  }
  const useTrueSolar = input.trueSolarTime ?? input.longitude !== undefined
  if (useTrueSolar && input.longitude === undefined) throw new MetaphysicsError('计算真太阳时需要出生地经度')

  const clockTime = solarClockTime(input)
  const summerTime = input.dst !== 'none'
  const timeZone = input.timeZone?.trim()
  let zone: ZoneOffset | undefined
  if (timeZone) {
    zone = zoneOffsetAt(timeZone, clockTime, summerTime) ?? {
      // no time-zone support in this engine: the fixed offset, China's rule only for mainland zones
      timeZone,
      offsetMinutes:
        givenOffset * 60 + (summerTime && MAINLAND_CHINA_ZONES.has(timeZone) ? chinaDstMinutes(clockTime) : 0),
      standardOffsetMinutes: givenOffset * 60,
      applied: false
    }
  }
  // the clock's standard offset (hours) and the summer time (minutes, <= 0) taken off the clock
  const utcOffset = zone ? zone.standardOffsetMinutes / 60 : givenOffset
  const dstMinutes = zone
    ? -(zone.offsetMinutes - zone.standardOffsetMinutes)
    : summerTime && utcOffset === BEIJING_OFFSET
      ? -chinaDstMinutes(clockTime)
      : 0
  // standard time of the place; minus its standard offset it is the UT moment, and UT + 8 h is the
  // Beijing standard time that solar terms are compared with
  const standardTime = addMinutes(clockTime, dstMinutes)
  const beijingTime = addMinutes(clockTime, BEIJING_OFFSET * 60 - (utcOffset * 60 - dstMinutes))
  checkYearInRange(beijingTime.year)

  const lonMinutes = useTrueSolar ? longitudeMinutes(input.longitude as number, utcOffset) : 0
  const eotMinutes = useTrueSolar ? equationOfTimeMinutes(standardTime) : 0
  const localTime = addMinutes(standardTime, lonMinutes + eotMinutes)
  const correction = {
    dstMinutes: round1(dstMinutes) + 0,
    longitudeMinutes: round1(lonMinutes),
    equationOfTimeMinutes: round1(eotMinutes),
    totalMinutes: round1(dstMinutes + lonMinutes + eotMinutes)
  }
  return {
    clockTime,
    beijingTime,
    localTime,
    trueSolarTime: useTrueSolar,
    correction,
    ...(zone ? { zone } : {}),
    display: {
      clock: formatDateTime(clockTime),
      beijing: formatDateTime(beijingTime),
      local: formatDateTime(localTime)
    }
  }
}
