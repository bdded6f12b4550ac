import { type DateTimeParts, formatDateTime } from '../time/datetime'
import { solarTermsOfYear, termsAround, toWallMs, wallMsToParts } from '../time/solar-terms'
import { ganZhiAt, isYangGan, jiaZiIndex, monthGanZhi } from './ganzhi'
import type { Gender } from './shensha'

/**
 * 起运 methods. Both count the span from birth to the next 节 (forward) or back to the previous 节
 * (backward) and map 3 days to 1 year (《三命通会》「论大运」: 三日为一岁, 一日为四月, 一时辰为十日):
 * - 'day3' (default): whole days and whole 时辰 (2 hours) of the span; what is left under a 时辰 is dropped;
 * - 'minute': the exact span in minutes at the same rate (1 minute of the span = 2 hours of life,
 *   a year taken as 360 days and a month as 30).
 */
export type YunMethod = 'day3' | 'minute'

export interface QiYun {
  method: YunMethod
  /** 顺排 for 阳年男、阴年女, else 逆排 */
  forward: boolean
  /** the 节 counted to */
  term: { name: string; time: string }
  /** span from birth to that 节 */
  spanMinutes: number
  years: number
  months: number
  days: number
  hours: number
  /** date of 起运 (交运), 'YYYY-MM-DD HH:mm' */
  date: string
  /** e.g. '出生后7年2个月15天起运' */
  text: string
}

export interface LiuNian {
  year: number
  ganZhi: string
  /** 虚岁 */ age: number
}
export interface DaYun {
  index: number
  ganZhi: string
  startYear: number
  endYear: number
  /** 虚岁 */
  startAge: number
  /** 实岁 (周岁) reached in the start year */
  startAgeReal: number
  endAge: number
  liuNian: LiuNian[]
}
export interface XiaoYun {
  year: number
  age: number
  ganZhi: string
}
export interface LiuYue {
  month: string
  monthZhi: string
  ganZhi: string
  /** the 节 that opens it */ start: string
  term: string
}

const MINUTES_PER_DAY = 1440
const LIFE_MINUTES_PER_SPAN_MINUTE = 120
const YEAR_DAYS = 360
const MONTH_DAYS = 30

/** Whole years, months, days and hours of life a span maps to. */
const spanToLife = (
  spanMinutes: number,
  method: YunMethod
): { years: number; months: number; days: number; hours: number } => {
  const counted =
    method === 'day3'
      ? Math.floor(spanMinutes / MINUTES_PER_DAY) * MINUTES_PER_DAY +
        Math.floor((spanMinutes % MINUTES_PER_DAY) / 120) * 120
      : spanMinutes
  const lifeHours = Math.floor((counted * LIFE_MINUTES_PER_SPAN_MINUTE) / 60)
  const lifeDays = Math.floor(lifeHours / 24)
  return {
    years: Math.floor(lifeDays / YEAR_DAYS),
    months: Math.floor((lifeDays % YEAR_DAYS) / MONTH_DAYS),
    days: lifeDays % MONTH_DAYS,
    hours: lifeHours % 24
  }
}

const addLife = (
  from: DateTimeParts,
  life: { years: number; months: number; days: number; hours: number }
): DateTimeParts =>
  wallMsToParts(
    Date.UTC(
      from.year + life.years,
      from.month - 1 + life.months,
      from.day + life.days,
      from.hour + life.hours,
      from.minute
    )
  )

export const isForward = (yearGan: string, gender: Gender): boolean => isYangGan(yearGan) === (gender === 'male')

/** 起运: from the birth moment (Beijing time, compared with 节) and the clock time it adds to. */
export const qiYunOf = (
  beijingTime: DateTimeParts,
  clockTime: DateTimeParts,
  yearGan: string,
  gender: Gender,
  method: YunMethod
): QiYun => {
  const forward = isForward(yearGan, gender)
  const ms = toWallMs(beijingTime)
  const { prev, next } = termsAround(ms, true)
  const term = forward ? next : prev
  const spanMinutes = Math.round(Math.abs(term.ms - ms) / 60000)
  const life = spanToLife(spanMinutes, method)
  const date = addLife(clockTime, life)
  return {
    method,
    forward,
    term: { name: term.name, time: formatDateTime(wallMsToParts(term.ms)) },
    spanMinutes,
    ...life,
    date: formatDateTime(date),
    text: `出生后${life.years}年${life.months}个月${life.days}天${life.hours ? life.hours + '小时' : ''}起运`
  }
}

const yearGanZhi = (year: number): string => ganZhiAt(year - 4)

/** Ten 大运 from the month pillar, each with its ten 流年. Ages are 虚岁 counted by calendar year. */
export const daYunList = (
  monthPillar: string,
  forward: boolean,
  birthYear: number,
  qiYunYear: number,
  steps = 10
): DaYun[] =>
  Array.from({ length: steps }, (_, i) => {
    const startYear = qiYunYear + 10 * i
    const startAge = startYear - birthYear + 1
    return {
      index: i + 1,
      ganZhi: ganZhiAt(jiaZiIndex(monthPillar) + (forward ? i + 1 : -(i + 1))),
      startYear,
      endYear: startYear + 9,
      startAge,
      startAgeReal: startAge - 1,
      endAge: startAge + 9,
      liuNian: Array.from({ length: 10 }, (_, k) => ({
        year: startYear + k,
        ganZhi: yearGanZhi(startYear + k),
        age: startAge + k
      }))
    }
  })

/** 小运 from the hour pillar, one step a year from 虚岁 1 until the first 大运 begins. */
export const xiaoYunList = (hourPillar: string, forward: boolean, birthYear: number, qiYunYear: number): XiaoYun[] =>
  Array.from({ length: Math.max(0, qiYunYear - birthYear) }, (_, i) => ({
    year: birthYear + i,
    age: i + 1,
    ganZhi: ganZhiAt(jiaZiIndex(hourPillar) + (forward ? i + 1 : -(i + 1)))
  }))

const LUNAR_MONTH_NAMES = [
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
const MONTH_ZHI_FROM_YIN = ['寅', '卯', '辰', '巳', '午', '未', '申', '酉', '戌', '亥', '子', '丑']

/** 流月 of a 流年: twelve months from 立春 (寅) to 小寒 (丑) with 五虎遁 stems and the 节 that opens each. */
export const liuYueOf = (year: number): LiuYue[] => {
  const gan = yearGanZhi(year)[0]
  const jie = [...solarTermsOfYear(year), ...solarTermsOfYear(year + 1)].filter((t) => t.isJie).slice(1, 13)
  return MONTH_ZHI_FROM_YIN.map((zhi, i) => ({
    month: LUNAR_MONTH_NAMES[i],
    monthZhi: zhi,
    ganZhi: monthGanZhi(gan, zhi),
    start: formatDateTime(wallMsToParts(jie[i].ms)),
    term: jie[i].name
  }))
}
