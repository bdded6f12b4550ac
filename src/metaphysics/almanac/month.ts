import { Solar } from 'lunar-javascript'

import { MetaphysicsError } from '../errors'
import { chineseFestivals, type PublicHoliday, publicHoliday } from './festivals'
import { type AlmanacLunar, monthNameOf } from './lunar-calendar'

export interface AlmanacGridDay {
  date: string
  day: number
  /** false for the days of the previous and next month that fill the grid */
  inMonth: boolean
  /** 0 = Sunday .. 6 = Saturday */
  weekday: number
  lunarMonthName: string
  lunarDayName: string
  /**
   * what a calendar cell shows under the date: a festival, else the solar term, else 初一's month name, else the lunar
   * day
   */
  caption: string
  jieQi: string | null
  /** traditional festivals, then official Chinese ones (no Western days) */
  festivals: string[]
  /** the statutory holiday arrangement (休 / 班), when the day has one */
  holiday: PublicHoliday | null
  /** the first few 宜 and 忌 of the day */
  yi: string[]
  ji: string[]
}

export interface AlmanacMonth {
  year: number
  month: number
  weekStart: 'monday' | 'sunday'
  /** always 42 days (six weeks) */
  days: AlmanacGridDay[]
}

const SUMMARY_SIZE = 4

function gridDay(l: AlmanacLunar, inMonth: boolean): AlmanacGridDay {
  const s = l.getSolar()
  const jieQi = l.getJieQi() || null
  const named = chineseFestivals(l)
  const festivals = [...named.lunar, ...named.solar, ...named.other]
  const holiday = publicHoliday(s.toYmd())
  const lunarDayName = l.getDayInChinese()
  const lunarMonthName = monthNameOf(l)
  return {
    date: s.toYmd(),
    day: Number(s.toYmd().slice(8)),
    inMonth,
    weekday: s.getWeek(),
    lunarMonthName,
    lunarDayName,
    caption: festivals[0] ?? jieQi ?? (l.getDay() === 1 ? lunarMonthName : lunarDayName),
    jieQi,
    festivals,
    holiday,
    yi: l.getDayYi().slice(0, SUMMARY_SIZE),
    ji: l.getDayJi().slice(0, SUMMARY_SIZE)
  }
}

/**
 * A month view of six full weeks (42 days) starting on Monday (default, the Chinese calendar
 * convention GB/T 7408) or Sunday, padded with the neighbouring months' days.
 */
export function almanacMonth(year: number, month: number, weekStart: 'monday' | 'sunday' = 'monday'): AlmanacMonth {
  if (!Number.isInteger(year) || year < 1900 || year > 2100) throw new MetaphysicsError('年份须在1900至2100年之间')
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new MetaphysicsError(`月份无效：${month}月`)
  if (weekStart !== 'monday' && weekStart !== 'sunday') throw new MetaphysicsError('每周起始日只能是周一或周日')
  const first = Solar.fromYmd(year, month, 1)
  const lead = weekStart === 'monday' ? (first.getWeek() + 6) % 7 : first.getWeek()
  const start = first.next(-lead)
  const days = Array.from({ length: 42 }, (_, i) => {
    const s = start.next(i)
    return gridDay(s.getLunar() as unknown as AlmanacLunar, s.getMonth() === month)
  })
  return { year, month, weekStart, days }
}
