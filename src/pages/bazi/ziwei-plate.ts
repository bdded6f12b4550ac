import { JIA_ZI } from '@/metaphysics/bazi/ganzhi'
import type { ZiweiChart, ZiweiPalace } from '@/metaphysics/ziwei'

/** Where each branch sits on the square plate (row, column of a 4 × 4 grid; the centre 2 × 2 holds the birth). */
export const BRANCH_CELL: Record<string, [number, number]> = {
  巳: [1, 1],
  午: [1, 2],
  未: [1, 3],
  申: [1, 4],
  辰: [2, 1],
  酉: [2, 4],
  卯: [3, 1],
  戌: [3, 4],
  寅: [4, 1],
  丑: [4, 2],
  子: [4, 3],
  亥: [4, 4]
}

const MUTAGENS = ['禄', '权', '科', '忌'] as const

/** Star name → the 四化 it takes in this 大限 / 流年 ('' none), from the period's four transformed stars in 禄权科忌 order. */
export function periodMutagens(stars: string[]): Record<string, string> {
  return Object.fromEntries(stars.map((name, i) => [name, MUTAGENS[i]]))
}

/** The year's 干支 (the 流年 of a plate). */
export const yearGanZhi = (year: number): string => JIA_ZI[(((year - 4) % 60) + 60) % 60]

/** '命宫' -> '命', '兄弟' -> '兄': the one-character names a plate writes for a period's palaces. */
export const shortPalace = (name: string): string => name.replace('宫', '').slice(0, 1)

/** The birth year of a plate ('1990-5-15' → 1990). */
export const birthYearOf = (chart: ZiweiChart): number => Number(chart.solarDate.split('-')[0])

/** The 大限 in age order, with the calendar years each covers (nominal age n is the birth year + n - 1). */
export function decades(chart: ZiweiChart): Array<{ palace: ZiweiPalace; from: number; to: number }> {
  const born = birthYearOf(chart)
  return [...chart.palaces]
    .sort((a, b) => a.decadal.range[0] - b.decadal.range[0])
    .map((palace) => ({ palace, from: born + palace.decadal.range[0] - 1, to: born + palace.decadal.range[1] - 1 }))
}
