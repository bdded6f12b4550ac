import {
  type BaziChart,
  ganWuXing,
  hiddenStems,
  type ShiShen,
  shiShenOf,
  type WuXing
} from '../../../src/metaphysics/bazi'

const PILLARS = ['year', 'month', 'day', 'hour'] as const

/** 十神 of the three other stems and the four branches' main hidden stems, most frequent first. */
export function tenGodCounts(chart: BaziChart): Array<[ShiShen, number]> {
  const dayGan = chart.dayMaster.gan
  const counts = new Map<ShiShen, number>()
  const add = (s: ShiShen) => counts.set(s, (counts.get(s) ?? 0) + 1)
  for (const key of PILLARS) {
    const p = chart.pillars[key]
    if (key !== 'day') add(shiShenOf(dayGan, p.gan))
    add(shiShenOf(dayGan, hiddenStems(p.zhi)[0][0]))
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])
}

export const countOf = (counts: Array<[ShiShen, number]>, ...names: ShiShen[]): number =>
  counts.filter(([s]) => names.includes(s)).reduce((n, [, c]) => n + c, 0)

export type Leaning = '喜' | '忌' | '平'
export function leaningOf(chart: BaziChart, element: WuXing): Leaning {
  const ys = chart.yongShen
  if (element === ys.yong || ys.xi.includes(element)) return '喜'
  if (ys.ji.includes(element)) return '忌'
  return '平'
}

/** 十神 of a stem and of a branch's main hidden stem, seen from the day master. */
export function ganZhiGods(
  chart: BaziChart,
  ganZhi: string
): { gan: ShiShen; zhi: ShiShen; ganEl: WuXing; zhiEl: WuXing } {
  const dayGan = chart.dayMaster.gan
  const main = hiddenStems(ganZhi[1])[0][0]
  return {
    gan: shiShenOf(dayGan, ganZhi[0]),
    zhi: shiShenOf(dayGan, main),
    ganEl: ganWuXing(ganZhi[0]),
    zhiEl: ganWuXing(main)
  }
}

export const allShenSha = (chart: BaziChart): string[] => [...new Set(PILLARS.flatMap((k) => chart.pillars[k].shenSha))]

/** The 大运 running in a year (undefined before 起运). */
export const daYunOfYear = (chart: BaziChart, year: number) =>
  chart.daYun.find((d) => year >= d.startYear && year <= d.endYear)

/**
 * 虚岁 in a year, by the chart's own 大运 count (yun.ts: 虚岁 by calendar year, 1 in the birth year), so
 * that every age a text writes for a 流年 is the age the chart's 大运 table shows for it.
 */
export const xuSuiOf = (chart: BaziChart, year: number): number => {
  const first = chart.daYun[0]
  return first.startAge + (year - first.startYear)
}
