import type { BaziInput, YunMethod, ZiHourRule } from '@/metaphysics/bazi'

/**
 * The birth data of a chart, as the input form holds it and as a page query carries it, so a
 * share or a saved record opens the same chart:
 * `date=1990-05-15%2014:30&gender=male&calendar=solar&lng=116.4&tst=1&zi=next-day&name=张三` (and `yun=minute` for
 * the exact-minute 起运; the default 三天一岁 is left out).
 */
export interface BirthForm {
  name: string
  gender: 'male' | 'female'
  calendar: 'solar' | 'lunar'
  /** 'YYYY-MM-DD HH:mm'; with calendar 'lunar' the month and day are lunar */
  date: string
  /** with calendar 'lunar': the month is that year's leap month */
  leapMonth: boolean
  /** birth place shown on the chart, e.g. '北京' */
  city: string
  /** degrees east of the birth place; undefined when no place is chosen */
  longitude?: number
  /** the place's standard UTC offset in hours (8 for China) */
  utcOffset: number
  /** the place's IANA zone (query key `zone`): summer time and historical offsets come from it */
  timeZone?: string
  trueSolarTime: boolean
  ziHour: ZiHourRule
  /** how the 起运 age is counted; absent: the engine's default, 三天一岁 by whole 时辰 */
  yunMethod?: YunMethod
}

export const PLATE_ROUTE = '/pages/bazi/plate'
const BEIJING_OFFSET = 8

/** Router params may arrive still percent-encoded (H5) or decoded (mini-program). */
export const decodeParam = (value: string | undefined): string => {
  const text = value ?? ''
  if (!/%[0-9a-f]{2}/i.test(text)) return text
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

const numberParam = (value: string): number | undefined => {
  if (value.trim() === '') return undefined
  const n = Number(value)
  return Number.isFinite(n) ? n : undefined
}

/** The query keys and values of a birth form (only what differs from the defaults is left out). */
export function formToQuery(form: BirthForm): Record<string, string> {
  const query: Record<string, string> = {
    date: form.date,
    gender: form.gender,
    calendar: form.calendar
  }
  if (form.calendar === 'lunar' && form.leapMonth) query.leap = '1'
  if (form.longitude !== undefined) query.lng = String(form.longitude)
  if (form.utcOffset !== BEIJING_OFFSET) query.tz = String(form.utcOffset)
  if (form.timeZone) query.zone = form.timeZone
  query.tst = form.trueSolarTime ? '1' : '0'
  query.zi = form.ziHour
  if (form.yunMethod === 'minute') query.yun = 'minute'
  if (form.name.trim()) query.name = form.name.trim()
  if (form.city) query.city = form.city
  return query
}

export function queryString(query: Record<string, string>): string {
  return Object.entries(query)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&')
}

/** The plate page's url for a birth form. */
export const plateUrl = (form: BirthForm): string => `${PLATE_ROUTE}?${queryString(formToQuery(form))}`

/**
 * A birth form from a page query. Unknown values are kept as given so that the engine names what
 * is wrong (e.g. a missing gender) instead of a silent default.
 */
export function queryToForm(params: Record<string, string | undefined>): BirthForm {
  const get = (key: string) => decodeParam(params[key])
  const longitude = numberParam(get('lng'))
  const timeZone = get('zone').trim()
  return {
    name: get('name'),
    gender: get('gender') as BirthForm['gender'],
    calendar: get('calendar') === 'lunar' ? 'lunar' : 'solar',
    date: get('date').replace('+', ' '),
    leapMonth: get('leap') === '1',
    city: get('city'),
    longitude,
    utcOffset: numberParam(get('tz')) ?? BEIJING_OFFSET,
    ...(timeZone ? { timeZone } : {}),
    // without an explicit tst the engine's rule applies: corrected whenever a place is known
    trueSolarTime: get('tst') === '' ? longitude !== undefined : get('tst') === '1',
    ziHour: get('zi') === 'same-day' ? 'same-day' : 'next-day',
    ...(get('yun') === 'minute' ? { yunMethod: 'minute' as const } : {})
  }
}

/** What the engine's baziChart takes. */
export function toBaziInput(form: BirthForm): BaziInput {
  return {
    date: form.date,
    gender: form.gender,
    calendar: form.calendar,
    leapMonth: form.calendar === 'lunar' && form.leapMonth,
    ...(form.longitude !== undefined ? { longitude: form.longitude } : {}),
    utcOffset: form.utcOffset,
    ...(form.timeZone ? { timeZone: form.timeZone } : {}),
    trueSolarTime: form.trueSolarTime && form.longitude !== undefined,
    ziHour: form.ziHour,
    ...(form.yunMethod ? { yunMethod: form.yunMethod } : {})
  }
}
