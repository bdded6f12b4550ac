import { MetaphysicsError } from '../errors'
import { chinaDstMinutes } from './china-dst'
import { addMinutes, checkYearInRange, type DateTimeParts, formatDateTime, parseSolarDateTime } from './datetime'
import { lunarToSolar } from './lunar-date'
import { equationOfTimeMinutes, longitudeMinutes } from './true-solar-time'

export interface BirthTimeInput {
  /** clock time where born, 'YYYY-MM-DD HH:mm' */
  date: string
  calendar?: 'solar' | 'lunar'
  /** with calendar 'lunar': the month is the leap month of that number */
  leapMonth?: boolean
  /** degrees, east positive */
  longitude?: number
  /** standard UTC offset of the clock in hours; 8 (Beijing time) unless given */
  utcOffset?: number
  /** correct to true solar time; on by default when a longitude is given */
  trueSolarTime?: boolean
  /** 'auto' (default) removes China's 1986-1991 summer hour from Beijing clock times */
  dst?: 'auto' | 'none'
}

export interface BirthTimeCorrection {
  /** summer hour removed (0 or -60) */
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
  const utcOffset = input.utcOffset ?? BEIJING_OFFSET
  checkPlace(input.longitude, utcOffset)
  const useTrueSolar = input.trueSolarTime ?? input.longitude !== undefined
  if (useTrueSolar && input.longitude === undefined) throw new MetaphysicsError('计算真太阳时需要出生地经度')

  const clockTime = solarClockTime(input)
  const dstMinutes = input.dst !== 'none' && utcOffset === BEIJING_OFFSET ? -chinaDstMinutes(clockTime) : 0
  const standardTime = addMinutes(clockTime, dstMinutes)
  const beijingTime = addMinutes(standardTime, (BEIJING_OFFSET - utcOffset) * 60)
  checkYearInRange(beijingTime.year)

  const lonMinutes = useTrueSolar ? longitudeMinutes(input.longitude as number, utcOffset) : 0
  const eotMinutes = useTrueSolar ? equationOfTimeMinutes(standardTime) : 0
  const localTime = addMinutes(standardTime, lonMinutes + eotMinutes)
  const correction = {
    dstMinutes,
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
    display: {
      clock: formatDateTime(clockTime),
      beijing: formatDateTime(beijingTime),
      local: formatDateTime(localTime)
    }
  }
}
