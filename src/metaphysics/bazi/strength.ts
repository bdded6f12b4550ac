import { ganWuXing, generatorOf, WU_XING, type WuXing } from './ganzhi'
import { hiddenStems } from './hidden-stems'
import type { PillarGanZhi } from './pillars'

/**
 * Weights (our documented convention, after the 子平 practice of 月令为提纲):
 * - every stem counts 1 for its element (the day stem too);
 * - a branch counts 1 shared among its hidden stems: one stem 1; two 0.7/0.3; three 0.6/0.3/0.1
 *   (本气/中气/余气);
 * - the month branch (月令) counts 3 times as much as another branch.
 */
const HIDDEN_SHARES: Record<number, readonly number[]> = { 1: [1], 2: [0.7, 0.3], 3: [0.6, 0.3, 0.1] }
const MONTH_BRANCH_FACTOR = 3

export type StrengthVerdict = '旺' | '偏旺' | '中和' | '偏弱' | '弱'
/** Share of 比劫 + 印 in the weighted total from which each verdict starts, strongest first. */
const VERDICT_THRESHOLDS: ReadonlyArray<readonly [number, StrengthVerdict]> = [
  [0.6, '旺'],
  [0.5, '偏旺'],
  [0.4, '中和'],
  [0.3, '偏弱'],
  [0, '弱']
]

export type WuXingRecord = Record<WuXing, number>
const emptyRecord = (): WuXingRecord => ({ 木: 0, 火: 0, 土: 0, 金: 0, 水: 0 })
const round2 = (x: number): number => Math.round(x * 100) / 100

const pillarList = (p: PillarGanZhi): string[] => [p.year, p.month, p.day, p.hour]

/** Plain counts: the eight characters by element (stems by their own, branches by their main element). */
export const wuXingCounts = (p: PillarGanZhi): WuXingRecord => {
  const counts = emptyRecord()
  for (const gz of pillarList(p)) {
    counts[ganWuXing(gz[0])] += 1
    counts[ganWuXing(hiddenStems(gz[1])[0][0])] += 1
  }
  return counts
}

/** Weighted element scores as documented above. */
export const wuXingScores = (p: PillarGanZhi): WuXingRecord => {
  const scores = emptyRecord()
  pillarList(p).forEach((gz, i) => {
    scores[ganWuXing(gz[0])] += 1
    const hidden = hiddenStems(gz[1])
    const factor = i === 1 ? MONTH_BRANCH_FACTOR : 1
    hidden.forEach(([gan], k) => (scores[ganWuXing(gan)] += HIDDEN_SHARES[hidden.length][k] * factor))
  })
  for (const x of WU_XING) scores[x] = round2(scores[x])
  return scores
}

export interface DayMasterStrength {
  dayMaster: string
  element: WuXing
  /** share of 比劫 + 印 in the weighted total, 0..1 */
  supportRatio: number
  verdict: StrengthVerdict
  /** 得令: the month branch's main element is the day master's or produces it */
  deLing: boolean
  /** 得地: the year, day or hour branch hides a stem of the day master's element, or its main element produces it */
  deDi: boolean
  /** 得势: at least DE_SHI_MIN of the seven other characters (three stems, four branches by main element) are 比劫 or 印 */
  deShi: boolean
}

/** House convention (the books give no count): 得势 from three of the seven other characters. */
export const DE_SHI_MIN = 3

export const dayMasterStrength = (p: PillarGanZhi, scores: WuXingRecord = wuXingScores(p)): DayMasterStrength => {
  const element = ganWuXing(p.day[0])
  const total = WU_XING.reduce((s, x) => s + scores[x], 0)
  const supportRatio = round2((scores[element] + scores[generatorOf(element)]) / total)
  const verdict = VERDICT_THRESHOLDS.find(([t]) => supportRatio >= t)![1]
  const supports = (x: WuXing): boolean => x === element || x === generatorOf(element)
  const mainOf = (zhi: string): WuXing => ganWuXing(hiddenStems(zhi)[0][0])
  const deDi = [p.year[1], p.day[1], p.hour[1]].some(
    (z) => hiddenStems(z).some(([g]) => ganWuXing(g) === element) || supports(mainOf(z))
  )
  const others = [p.year[0], p.month[0], p.hour[0]]
    .map(ganWuXing)
    .concat([p.year[1], p.month[1], p.day[1], p.hour[1]].map(mainOf))
  return {
    dayMaster: p.day[0],
    element,
    supportRatio,
    verdict,
    deLing: supports(mainOf(p.month[1])),
    deDi,
    deShi: others.filter(supports).length >= DE_SHI_MIN
  }
}
