import { addMinutes, type DateTimeParts } from '../time/datetime'
import { solarTermsOfYear, termsAround, toWallMs } from '../time/solar-terms'
import { ganZhiAt, hourGanZhi, hourZhiOf, monthGanZhi } from './ganzhi'

/**
 * 早晚子时. 'next-day' (default): the day changes at 23:00, the start of 子时, as 《三命通会》 and
 * the 时宪历 count the day from 子初, the rule most 子平 practitioners and professional apps use.
 * 'same-day': the 夜子时 school; 23:00-23:59 keeps the day's pillar while its hour pillar is the
 * next day's 子 hour (甲 day → 丙子).
 */
export type ZiHourRule = 'next-day' | 'same-day'

export interface PillarGanZhi {
  year: string
  month: string
  day: string
  hour: string
}

/** Month branch of each 节 in SOLAR_TERM_NAMES order (小寒 丑, 立春 寅 ... 大雪 子). */
const JIE_MONTH_ZHI: Record<string, string> = {
  小寒: '丑',
  立春: '寅',
  惊蛰: '卯',
  清明: '辰',
  立夏: '巳',
  芒种: '午',
  小暑: '未',
  立秋: '申',
  白露: '酉',
  寒露: '戌',
  立冬: '亥',
  大雪: '子'
}

/** Days since 1970-01-01 + 2440588 = Julian day number; 甲子 days are JDN ≡ 11 (mod 60). */
export const dayGanZhiOf = (p: Pick<DateTimeParts, 'year' | 'month' | 'day'>): string =>
  ganZhiAt(Math.floor(Date.UTC(p.year, p.month - 1, p.day) / 86400000) + 2440588 - 11)

/** Year pillar changes at 立春, month pillar at each 节 (moments in Beijing time). */
export const yearMonthPillars = (beijingTime: DateTimeParts): { year: string; month: string } => {
  const ms = toWallMs(beijingTime)
  const { prev } = termsAround(ms, true)
  const monthZhi = JIE_MONTH_ZHI[prev.name]
  const liChun = solarTermsOfYear(beijingTime.year)[2]
  const year = ms >= liChun.ms ? beijingTime.year : beijingTime.year - 1
  const yearGanZhi = ganZhiAt(year - 4)
  return { year: yearGanZhi, month: monthGanZhi(yearGanZhi[0], monthZhi) }
}

/** Day and hour pillars from local (true solar or standard) time. */
export const dayHourPillars = (local: DateTimeParts, ziHour: ZiHourRule): { day: string; hour: string } => {
  const nextDay = local.hour === 23 ? addMinutes(local, 60) : local
  const day = dayGanZhiOf(ziHour === 'next-day' ? nextDay : local)
  const hourZhi = hourZhiOf(local.hour)
  return { day, hour: hourGanZhi(dayGanZhiOf(nextDay)[0], hourZhi) }
}

export const fourPillars = (
  beijingTime: DateTimeParts,
  localTime: DateTimeParts,
  ziHour: ZiHourRule
): PillarGanZhi => ({
  ...yearMonthPillars(beijingTime),
  ...dayHourPillars(localTime, ziHour)
})
