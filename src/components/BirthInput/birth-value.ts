import { chinaClock } from '@contract/china-time'

import { PICKER_YEAR_RANGE } from '@/core/constants'
import { MetaphysicsError } from '@/metaphysics/errors'
import { solarClockTime, solarToLunar } from '@/metaphysics/time'

/**
 * A birth as the bazi engine takes it (BaziInput): `date` is 'YYYY-MM-DD HH:mm' in the chosen
 * calendar (lunar month and day when `calendar` is 'lunar'). `timeUnknown` marks 时辰不详: the
 * time is then noon and callers leave the hour pillar out. `place` is the chosen city's name.
 */
export interface BirthValue {
  date: string
  calendar: 'solar' | 'lunar'
  leapMonth: boolean
  gender: 'male' | 'female'
  longitude?: number
  utcOffset?: number
  /** IANA zone of the place: the engine reads the offset in force (summer time included) from it */
  timeZone?: string
  timeUnknown?: boolean
  place?: string
}

/** The form's fields before they make a BirthValue. */
export interface BirthForm {
  calendar: 'solar' | 'lunar'
  year: number
  month: number
  day: number
  leapMonth: boolean
  time: string
  timeUnknown: boolean
  gender?: 'male' | 'female'
  place?: { name: string; longitude: number; utcOffset: number; timeZone?: string }
}

export const LUNAR_MONTHS = [
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
const LUNAR_DAY_TENS = ['初', '十', '廿', '三']
const LUNAR_DIGITS = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九', '十']
/** The time used when the hour of birth is not known. */
export const UNKNOWN_TIME = '12:00'

export function lunarDayName(day: number): string {
  if (day === 10) return '初十'
  if (day === 20) return '二十'
  if (day === 30) return '三十'
  return LUNAR_DAY_TENS[Math.floor(day / 10)] + LUNAR_DIGITS[day % 10]
}

/** The years a picker offers: this year plus or minus PICKER_YEAR_RANGE. */
export function pickerYears(thisYear = chinaClock().year): number[] {
  return Array.from({ length: PICKER_YEAR_RANGE * 2 + 1 }, (_, i) => thisYear - PICKER_YEAR_RANGE + i)
}

/** The three columns (year, month, day) of the date picker in either calendar. */
export function dateColumns(calendar: BirthForm['calendar'], years: number[]): string[][] {
  const months = calendar === 'lunar' ? LUNAR_MONTHS : Array.from({ length: 12 }, (_, i) => `${i + 1}月`)
  const days = Array.from({ length: calendar === 'lunar' ? 30 : 31 }, (_, i) =>
    calendar === 'lunar' ? lunarDayName(i + 1) : `${i + 1}日`
  )
  return [years.map((y) => `${y}年`), months, days]
}

const pad = (n: number) => String(n).padStart(2, '0')

export function formatBirthDate(form: Pick<BirthForm, 'calendar' | 'year' | 'month' | 'day' | 'leapMonth'>): string {
  if (form.calendar === 'lunar')
    return `农历${form.year}年${form.leapMonth ? '闰' : ''}${LUNAR_MONTHS[form.month - 1]}${lunarDayName(form.day)}`
  return `公历${form.year}年${form.month}月${form.day}日`
}

/** The form as the engine input, or the message naming the field that is wrong. */
export function toBirthValue(form: BirthForm): { value: BirthValue } | { error: string } {
  if (!form.gender) return { error: '性别：请选择男或女' }
  const time = form.timeUnknown ? UNKNOWN_TIME : form.time
  if (!/^\d{2}:\d{2}$/.test(time)) return { error: '出生时间：请选择时间，或勾选“时辰不详”' }
  const value: BirthValue = {
    date: `${form.year}-${pad(form.month)}-${pad(form.day)} ${time}`,
    calendar: form.calendar,
    leapMonth: form.calendar === 'lunar' && form.leapMonth,
    gender: form.gender,
    ...(form.timeUnknown ? { timeUnknown: true } : {}),
    ...(form.place
      ? {
          longitude: form.place.longitude,
          utcOffset: form.place.utcOffset,
          ...(form.place.timeZone ? { timeZone: form.place.timeZone } : {}),
          place: form.place.name
        }
      : {})
  }
  try {
    solarClockTime(value)
  } catch (error) {
    if (error instanceof MetaphysicsError) return { error: `出生日期：${error.message}` }
    throw error
  }
  return { value }
}

/** The other calendar's date of a valid value, e.g. '农历一九九〇年四月廿一' or '公历1990-05-15'. */
export function otherCalendarText(value: Pick<BirthValue, 'date' | 'calendar' | 'leapMonth'>): string {
  const solar = solarClockTime(value)
  if (value.calendar === 'lunar') return `公历${solar.year}-${pad(solar.month)}-${pad(solar.day)}`
  return `农历${solarToLunar(solar).text}`
}

/** A value back into form fields (to edit a remembered birth). */
export function toBirthForm(value: BirthValue | undefined, thisYear = chinaClock().year): BirthForm {
  if (!value)
    return {
      calendar: 'solar',
      year: thisYear - 30,
      month: 1,
      day: 1,
      leapMonth: false,
      time: UNKNOWN_TIME,
      timeUnknown: false
    }
  const [datePart, time = UNKNOWN_TIME] = value.date.split(' ')
  const [year, month, day] = datePart.split('-').map(Number)
  return {
    calendar: value.calendar,
    year,
    month,
    day,
    leapMonth: value.leapMonth,
    time,
    timeUnknown: !!value.timeUnknown,
    gender: value.gender,
    ...(value.longitude !== undefined && value.place
      ? {
          place: {
            name: value.place,
            longitude: value.longitude,
            utcOffset: value.utcOffset ?? 8,
            ...(value.timeZone ? { timeZone: value.timeZone } : {})
          }
        }
      : {})
  }
}

/** One line for a remembered birth, e.g. '公历1990年5月15日 14:30 · 男 · 广州'. */
export function describeBirth(value: BirthValue): string {
  const form = toBirthForm(value)
  const when = `${formatBirthDate(form)} ${value.timeUnknown ? '时辰不详' : form.time}`
  return [when, value.gender === 'male' ? '男' : '女', ...(value.place ? [value.place] : [])].join(' · ')
}
