import type { BaziChart } from '../bazi/chart'
import { ganIndex, ganWuXing, jiaZiIndex, type WuXing, zhiIndex } from '../bazi/ganzhi'
import { hiddenStems } from '../bazi/hidden-stems'
import { dayGanZhiOf } from '../bazi/pillars'
import { findRelations } from '../bazi/relations'
import { type ShiShen, shiShenOf } from '../bazi/ten-gods'
import { MetaphysicsError } from '../errors'
import { parseSolarDateTime } from '../time/datetime'
import { CAI_SHEN_DIRECTION, DIRECTION_ELEMENT, ELEMENT_COLOURS, ELEMENT_DIRECTIONS, ELEMENT_NUMBERS } from './tables'

/**
 * Daily fortune from a bazi chart against the day's 干支. Every number below is our documented rule;
 * nothing is random, so the same chart and date always give the same answer.
 *
 * Score (0..100), starting at 60:
 * - the day stem's element: 用神 +15, 喜神 +8, 忌神 -10; the day branch's main element: +10 / +5 / -6;
 * - the day branch with the natal day branch (日支, the self and spouse palace): 六合 +6, 半合/三合 +4,
 *   六冲 -10, 相刑/自刑 -6, 六害 -4, 相破 -3;
 * - the day branch is the day master's 天乙贵人: +6.
 * Areas are 1..5 stars from 3, by the day's 十神 (stem and branch main stem):
 * - wealth: 正财/偏财 +1 each, 食神/伤官 +0.5 (食伤生财), 比肩/劫财 -1;
 * - career: 正官 +1, 正印/偏印 +0.5, 七杀 +0.5 when the day master is strong else -1, 伤官 -1;
 * - romance: 桃花, 红鸾 or 天喜 of the natal year branch on the day +1 each; the spouse star (正财/偏财
 *   for a man, 正官/七杀 for a woman) +1; 日支六合 +1, 日支六冲 -1;
 * - health: 七杀/正官 on a weak day master -1; 日支六冲 -1; the day's element is the 用神 +1.
 */
export interface DailyFortune {
  date: string
  dayGanZhi: string
  score: number
  summary: string
  luckyColor: { colors: string[]; element: WuXing }
  luckyNumber: number
  luckyDirection: { direction: string; reason: string }
  romance: AreaLuck
  wealth: AreaLuck
  career: AreaLuck
  health: AreaLuck
}

export interface AreaLuck {
  stars: number
  text: string
}

/** The 神煞 branch tables the daily rules need, by year branch 子..亥 (same sources as the chart's 神煞). */
const TAO_HUA = '酉午卯子酉午卯子酉午卯子'
const HONG_LUAN = '卯寅丑子亥戌酉申未午巳辰'
const TIAN_XI = '酉申未午巳辰卯寅丑子亥戌'
/** 天乙贵人 by day stem 甲..癸 (《三命通会》「论天乙贵人」). */
const TIAN_YI = ['丑未', '子申', '亥酉', '亥酉', '丑未', '子申', '丑未', '午寅', '卯巳', '卯巳']

const RELATION_POINTS: Record<string, number> = {
  地支六合: 6,
  地支半合: 4,
  地支三合: 4,
  地支六冲: -10,
  地支相刑: -6,
  地支自刑: -6,
  地支六害: -4,
  地支相破: -3
}

const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x))
const stars = (x: number): number => clamp(Math.round(x), 1, 5)

interface DayContext {
  date: string
  dayGanZhi: string
  dayGanGod: ShiShen
  dayZhiGod: ShiShen
  stemElement: WuXing
  branchElement: WuXing
  branchRelations: string[]
}

const dayContext = (chart: BaziChart, dateText: string): DayContext => {
  if (!chart || !chart.pillars || !chart.yongShen) throw new MetaphysicsError('请先排出八字命盘')
  const parts = parseSolarDateTime(dateText)
  const date = `${parts.year}-${String(parts.month).padStart(2, '0')}-${String(parts.day).padStart(2, '0')}`
  const dayGanZhi = dayGanZhiOf(parts)
  const dayMaster = chart.dayMaster.gan
  const mainStem = hiddenStems(dayGanZhi[1])[0][0]
  const branchRelations = findRelations({ day: chart.pillars.day.ganZhi, liuRi: dayGanZhi }, ['liuRi'])
    .filter((r) => r.pillars.includes('day') && r.type.startsWith('地支'))
    .map((r) => r.type)
  return {
    date,
    dayGanZhi,
    dayGanGod: shiShenOf(dayMaster, dayGanZhi[0]),
    dayZhiGod: shiShenOf(dayMaster, mainStem),
    stemElement: ganWuXing(dayGanZhi[0]),
    branchElement: ganWuXing(mainStem),
    branchRelations
  }
}

const elementPoints = (chart: BaziChart, element: WuXing, [yong, xi, ji]: readonly [number, number, number]): number =>
  element === chart.yongShen.yong
    ? yong
    : chart.yongShen.xi.includes(element)
      ? xi
      : chart.yongShen.ji.includes(element)
        ? ji
        : 0

const gods = (d: DayContext): ShiShen[] => [d.dayGanGod, d.dayZhiGod]
const isStrong = (chart: BaziChart): boolean => chart.strength.verdict === '旺' || chart.strength.verdict === '偏旺'
const hasRelation = (d: DayContext, type: string): boolean => d.branchRelations.includes(type)

const scoreOf = (chart: BaziChart, d: DayContext): number => {
  let score =
    60 + elementPoints(chart, d.stemElement, [15, 8, -10]) + elementPoints(chart, d.branchElement, [10, 5, -6])
  score += d.branchRelations.reduce((s, t) => s + (RELATION_POINTS[t] ?? 0), 0)
  if (TIAN_YI[ganIndex(chart.dayMaster.gan)].includes(d.dayGanZhi[1])) score += 6
  return clamp(score, 0, 100)
}

const WEALTH_POINTS: Partial<Record<ShiShen, number>> = { 正财: 1, 偏财: 1, 食神: 0.5, 伤官: 0.5, 比肩: -1, 劫财: -1 }

const wealthOf = (d: DayContext): AreaLuck => {
  const n = stars(gods(d).reduce((s, g) => s + (WEALTH_POINTS[g] ?? 0), 3))
  return {
    stars: n,
    text: n >= 4 ? '财星得力，利于收款、洽谈与理财' : n <= 2 ? '比劫争财，谨慎借贷与大额消费' : '财运平稳，量入为出'
  }
}

const careerOf = (chart: BaziChart, d: DayContext): AreaLuck => {
  const qiSha = isStrong(chart) ? 0.5 : -1
  const table: Partial<Record<ShiShen, number>> = { 正官: 1, 正印: 0.5, 偏印: 0.5, 七杀: qiSha, 伤官: -1 }
  const n = stars(gods(d).reduce((s, g) => s + (table[g] ?? 0), 3))
  return {
    stars: n,
    text:
      n >= 4
        ? '官印相扶，适合汇报、面试与推进要事'
        : n <= 2
          ? '压力偏大，言行宜稳，避免与上级争执'
          : '按部就班，稳中求进'
  }
}

const romanceOf = (chart: BaziChart, d: DayContext): AreaLuck => {
  const yearZhi = zhiIndex(chart.pillars.year.zhi)
  const zhi = d.dayGanZhi[1]
  const spouseStars: ShiShen[] = chart.gender === 'male' ? ['正财', '偏财'] : ['正官', '七杀']
  let points = 3
  if (TAO_HUA[yearZhi] === zhi) points += 1
  if (HONG_LUAN[yearZhi] === zhi || TIAN_XI[yearZhi] === zhi) points += 1
  if (gods(d).some((g) => spouseStars.includes(g))) points += 1
  if (hasRelation(d, '地支六合')) points += 1
  if (hasRelation(d, '地支六冲')) points -= 1
  const n = stars(points)
  return {
    stars: n,
    text:
      n >= 4
        ? '桃花与红鸾有应，宜约会、表白或增进感情'
        : n <= 2
          ? '夫妻宫逢冲，宜多包容，少作争辩'
          : '感情平顺，细水长流'
  }
}

const healthOf = (chart: BaziChart, d: DayContext): AreaLuck => {
  let points = 3
  if (!isStrong(chart) && gods(d).some((g) => g === '七杀' || g === '正官')) points -= 1
  if (hasRelation(d, '地支六冲')) points -= 1
  if (d.stemElement === chart.yongShen.yong) points += 1
  const n = stars(points)
  return {
    stars: n,
    text: n >= 4 ? '精神饱满，适合运动与户外活动' : n <= 2 ? '注意休息，避免劳累与出行奔波' : '作息规律即可'
  }
}

/** Colours of the 用神's element, then of the first 喜神. */
export const luckyColor = (chart: BaziChart, date: string): DailyFortune['luckyColor'] => {
  dayContext(chart, date)
  const element = chart.yongShen.yong
  const xi = chart.yongShen.xi[0]
  return { element, colors: [...ELEMENT_COLOURS[element], ...(xi ? ELEMENT_COLOURS[xi].slice(0, 1) : [])] }
}

/**
 * The card-playing lucky seat: the day's 财神 direction from the 通书, unless its element is one of
 * the chart's 忌神; then the direction of the 用神's element.
 */
export const luckySeat = (chart: BaziChart, date: string): DailyFortune['luckyDirection'] => {
  const d = dayContext(chart, date)
  const caiShen = CAI_SHEN_DIRECTION[ganIndex(d.dayGanZhi[0])]
  if (!chart.yongShen.ji.includes(DIRECTION_ELEMENT[caiShen])) {
    return { direction: caiShen, reason: `今日${d.dayGanZhi}，财神在${caiShen}，坐${caiShen}方迎财` }
  }
  const direction = ELEMENT_DIRECTIONS[chart.yongShen.yong][0]
  return { direction, reason: `财神方${caiShen}属命中忌神，改坐用神${chart.yongShen.yong}所在的${direction}方` }
}

export const romanticLuck = (chart: BaziChart, date: string): AreaLuck => romanceOf(chart, dayContext(chart, date))

const summaryOf = (score: number, d: DayContext): string => {
  const mood = score >= 80 ? '大吉' : score >= 65 ? '吉' : score >= 50 ? '平' : '宜守'
  const relation = d.branchRelations.length
    ? `，日支与命局${d.branchRelations.map((t) => t.replace('地支', '')).join('、')}`
    : ''
  return `今日${d.dayGanZhi}日，天干为${d.dayGanGod}、地支为${d.dayZhiGod}${relation}，整体${mood}。`
}

export const dailyFortune = (chart: BaziChart, date: string): DailyFortune => {
  const d = dayContext(chart, date)
  const score = scoreOf(chart, d)
  const [a, b] = ELEMENT_NUMBERS[chart.yongShen.yong]
  return {
    date: d.date,
    dayGanZhi: d.dayGanZhi,
    score,
    summary: summaryOf(score, d),
    luckyColor: luckyColor(chart, date),
    luckyNumber: jiaZiIndex(d.dayGanZhi) % 2 === 0 ? a : b,
    luckyDirection: luckySeat(chart, date),
    romance: romanceOf(chart, d),
    wealth: wealthOf(d),
    career: careerOf(chart, d),
    health: healthOf(chart, d)
  }
}
