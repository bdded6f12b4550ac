import { Solar, type SolarInstance } from 'lunar-javascript'

import type { DateTimeParts } from './datetime'

/** The 24 solar terms in calendar order from 小寒; even indexes are the 节 that open a month. */
export const SOLAR_TERM_NAMES = [
  '小寒',
  '大寒',
  '立春',
  '雨水',
  '惊蛰',
  '春分',
  '清明',
  '谷雨',
  '立夏',
  '小满',
  '芒种',
  '夏至',
  '小暑',
  '大暑',
  '立秋',
  '处暑',
  '白露',
  '秋分',
  '寒露',
  '霜降',
  '立冬',
  '小雪',
  '大雪',
  '冬至'
] as const
export type SolarTermName = (typeof SOLAR_TERM_NAMES)[number]

export interface SolarTerm {
  name: SolarTermName
  /** moment in Beijing time as milliseconds of a UTC-based wall clock (see toWallMs) */
  ms: number
  /** true for the 12 节 that start a bazi month */
  isJie: boolean
}

/** A wall-clock time as milliseconds, the scale every term moment here is on. */
export const toWallMs = (p: DateTimeParts): number => Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute)
const solarToWallMs = (s: SolarInstance): number =>
  Date.UTC(s.getYear(), s.getMonth() - 1, s.getDay(), s.getHour(), s.getMinute(), s.getSecond())

export const wallMsToParts = (ms: number): DateTimeParts => {
  const d = new Date(ms)
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes()
  }
}

const cache = new Map<number, readonly SolarTerm[]>()

/**
 * The 24 terms of a Gregorian year (Beijing time, by lunar-javascript's 寿星 algorithm, which
 * agrees with the Purple Mountain Observatory tables to about a minute). Cached per year.
 */
export const solarTermsOfYear = (year: number): readonly SolarTerm[] => {
  const hit = cache.get(year)
  if (hit) return hit
  const table = Solar.fromYmd(year, 6, 1).getLunar().getJieQiTable()
  const terms = SOLAR_TERM_NAMES.map((name, i) => ({
    name,
    ms: solarToWallMs(name === '冬至' ? table.DONG_ZHI : table[name]),
    isJie: i % 2 === 0
  }))
  cache.set(year, terms)
  return terms
}

/** The last term at or before the moment and the first after it (only 节 when jieOnly). */
export const termsAround = (ms: number, jieOnly: boolean): { prev: SolarTerm; next: SolarTerm } => {
  const year = new Date(ms).getUTCFullYear()
  const list = [year - 1, year, year + 1].flatMap((y) => solarTermsOfYear(y)).filter((t) => !jieOnly || t.isJie)
  const i = list.findIndex((t) => t.ms > ms)
  return { prev: list[i - 1], next: list[i] }
}
