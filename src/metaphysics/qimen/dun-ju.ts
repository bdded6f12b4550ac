import { SOLAR_TERM_NAMES, solarTermsOfYear, termsAround } from '../time/solar-terms'
import { JU_OF_TERM, YANG_DUN_TERMS } from './tables'

export type QimenMethod = 'chaibu' | 'zhirun'
export type Yuan = '上元' | '中元' | '下元'
const YUAN: readonly Yuan[] = ['上元', '中元', '下元']
const DAY_MS = 86400000

export interface DunJu {
  dun: 'yang' | 'yin'
  ju: number
  yuan: Yuan
  /** the 节气 whose 局 is used */
  term: string
  /** 甲/己 day that heads the 元 */
  fuTou: string
}

/**
 * 元 from the 符头 (the latest 甲 or 己 day): 符头 on 子午卯酉 上元, 寅申巳亥 中元, 辰戌丑未 下元.
 * In the sixty-day cycle 甲子 = 0 this is the day index mod 15 divided by 5.
 */
export const yuanIndexOf = (dayIndex: number): number => Math.floor((dayIndex % 15) / 5)

const juOf = (term: string, yuanIndex: number): Pick<DunJu, 'dun' | 'ju'> => ({
  dun: YANG_DUN_TERMS.includes(term) ? 'yang' : 'yin',
  ju: JU_OF_TERM[term][yuanIndex]
})

/** 拆补法: the 节气 in force at the moment, the 元 from the day's 符头. */
export const chaibuDunJu = (momentMs: number, dayIndex: number): Omit<DunJu, 'fuTou'> => {
  const term = termsAround(momentMs, false).prev.name
  const yuanIndex = yuanIndexOf(dayIndex)
  return { ...juOf(term, yuanIndex), yuan: YUAN[yuanIndex], term }
}

/** Absolute term number: year * 24 + index in SOLAR_TERM_NAMES, and its Beijing date as an epoch day. */
const termEpochDay = (n: number): number => Math.floor(solarTermsOfYear(Math.floor(n / 24))[n % 24].ms / DAY_MS)
const termNumberBefore = (epochDay: number): number => {
  const ms = epochDay * DAY_MS
  const prev = termsAround(ms + DAY_MS - 1, false).prev
  const year = new Date(prev.ms).getUTCFullYear()
  return year * 24 + SOLAR_TERM_NAMES.indexOf(prev.name)
}

/** 置闰 repeats 芒种 or 大雪 when their 上元 符头 comes more than nine days before the term (超神过九日). */
const LEAP_TERMS = new Set(['芒种', '大雪'])
const MAX_LEAD_DAYS = 9
/** A 符头 leading its term by -3..8 days can belong to no other term: a safe start for the walk. */
const SAFE_LEAD: readonly [number, number] = [-3, 8]
const GROUP_DAYS = 15
const WALK_BACK_GROUPS = 80

/**
 * 置闰法 (超神接气): each 上元 符头 (甲子 己卯 甲午 己酉 days) opens fifteen days of one term,
 * terms following in order, except that 芒种 and 大雪 are used twice when their 符头 comes more
 * than nine days early. The term of a group is found by walking forward from a group about three
 * years earlier whose term is certain.
 */
export const zhirunDunJu = (epochDay: number, dayIndex: number): Omit<DunJu, 'fuTou'> => {
  const yuanIndex = yuanIndexOf(dayIndex)
  const groupDay = epochDay - (dayIndex % 15)
  let day = groupDay - WALK_BACK_GROUPS * GROUP_DAYS
  let term = -1
  while (term < 0) {
    const around = termNumberBefore(day)
    term =
      [around, around + 1].find((n) => {
        const lead = termEpochDay(n) - day
        return lead >= SAFE_LEAD[0] && lead <= SAFE_LEAD[1]
      }) ?? -1
    if (term < 0) day += GROUP_DAYS
  }
  let repeated = false
  while (day < groupDay) {
    const leap: boolean =
      !repeated && LEAP_TERMS.has(SOLAR_TERM_NAMES[term % 24]) && termEpochDay(term) - day > MAX_LEAD_DAYS
    repeated = leap
    if (!leap) term += 1
    day += GROUP_DAYS
  }
  const name = SOLAR_TERM_NAMES[term % 24]
  return { ...juOf(name, yuanIndex), yuan: YUAN[yuanIndex], term: name }
}
