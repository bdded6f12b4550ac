import { childOf, controlledBy, controllerOf, ganWuXing, generatorOf, WU_XING, type WuXing } from './ganzhi'
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
const VERDICT_THRESHOLDS: ReadonlyArray<readonly [number, StrengthVerdict]> = [[0.6, '旺'], [0.5, '偏旺'], [0.4, '中和'], [0.3, '偏弱'], [0, '弱']]

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
  /** whether the month branch's main element is the day master's or produces it */
  deLing: boolean
}

export const dayMasterStrength = (p: PillarGanZhi, scores: WuXingRecord = wuXingScores(p)): DayMasterStrength => {
  const element = ganWuXing(p.day[0])
  const total = WU_XING.reduce((s, x) => s + scores[x], 0)
  const supportRatio = round2((scores[element] + scores[generatorOf(element)]) / total)
  const verdict = VERDICT_THRESHOLDS.find(([t]) => supportRatio >= t)![1]
  const monthMain = ganWuXing(hiddenStems(p.month[1])[0][0])
  return { dayMaster: p.day[0], element, supportRatio, verdict, deLing: monthMain === element || monthMain === generatorOf(element) }
}

export interface YongShen {
  method: string
  yongShen: WuXing
  xiShen: WuXing[]
  jiShen: WuXing[]
  reason: string
  /** 调候: what the season asks for, if anything */
  tiaoHou?: { element: WuXing; note: string }
}

/**
 * 调候 by the month of birth, after 《穷通宝鉴》: summer months (巳午未) are hot and dry and want
 * water, winter months (亥子丑) are cold and want fire; other months need no 调候 note.
 */
const TIAO_HOU: Record<string, { element: WuXing; note: string }> = {
  巳: { element: '水', note: '生于夏月，火炎土燥，宜取水调候' },
  午: { element: '水', note: '生于夏月，火炎土燥，宜取水调候' },
  未: { element: '水', note: '生于夏月，火炎土燥，宜取水调候' },
  亥: { element: '火', note: '生于冬月，金寒水冷，宜取火调候' },
  子: { element: '火', note: '生于冬月，金寒水冷，宜取火调候' },
  丑: { element: '火', note: '生于冬月，金寒水冷，宜取火调候' }
}

/**
 * 用神 by 扶抑 (《子平真诠》「论用神」: 强者抑之，弱者扶之):
 * - strong (旺/偏旺): if 印 outweighs 比劫, 财 to break the 印; otherwise 官杀 to restrain
 *   (食伤 to drain when no 官杀 stands in the chart); 喜 the other two of 食伤/财/官杀, 忌 比劫 and 印;
 * - weak (偏弱/弱): if 官杀 is the heaviest drain, 印 to transform it; otherwise 比劫 against 财,
 *   印 against 食伤; 喜 印 and 比劫, 忌 the rest;
 * - 中和: the weakest element, to even the chart out; 忌 the strongest.
 * A 调候 note is added for summer and winter births.
 */
export const yongShenOf = (p: PillarGanZhi, strength: DayMasterStrength, scores: WuXingRecord): YongShen => {
  const me = strength.element
  const [bi, yin, shi, cai, guan] = [me, generatorOf(me), childOf(me), controlledBy(me), controllerOf(me)]
  const tiaoHou = TIAO_HOU[p.month[1]]
  const base = { method: '扶抑（参调候）', ...(tiaoHou ? { tiaoHou } : {}) }
  if (strength.verdict === '旺' || strength.verdict === '偏旺') {
    const yong = scores[yin] > scores[bi] ? cai : scores[guan] > 0 ? guan : shi
    const reason = yong === cai ? '日主偏旺而印重，取财破印' : yong === guan ? '日主偏旺而比劫重，取官杀制身' : '日主偏旺，官杀不见，取食伤泄秀'
    return { ...base, yongShen: yong, xiShen: [shi, cai, guan].filter((x) => x !== yong), jiShen: [bi, yin], reason }
  }
  if (strength.verdict === '偏弱' || strength.verdict === '弱') {
    const heaviest = [guan, cai, shi].reduce((a, b) => (scores[b] > scores[a] ? b : a))
    const yong = heaviest === cai ? bi : yin
    const reason = heaviest === guan ? '日主偏弱而官杀重，取印化杀生身' : heaviest === cai ? '日主偏弱而财多，取比劫帮身' : '日主偏弱而食伤泄重，取印制食伤生身'
    return { ...base, yongShen: yong, xiShen: [bi, yin].filter((x) => x !== yong), jiShen: [shi, cai, guan], reason }
  }
  const order = [...WU_XING].sort((a, b) => scores[a] - scores[b] || WU_XING.indexOf(a) - WU_XING.indexOf(b))
  return { ...base, yongShen: order[0], xiShen: [order[1]], jiShen: [order[4]], reason: '日主中和，取最弱之五行补其不足' }
}
