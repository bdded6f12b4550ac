import { ganIndex, isYangGan, naYin, xunKong, ZHI, zhiIndex } from './ganzhi'
import { branchOfStage } from './life-stages'
import type { PillarGanZhi } from './pillars'
import { SHEN_SHA_RULES, type ShenShaRule, SPECIAL_SHEN_SHA_SOURCES } from './shensha-rules'

export type Gender = 'male' | 'female'
type NatalKey = keyof PillarGanZhi

export interface ShenShaContext {
  pillars: PillarGanZhi
  gender: Gender
}

/** Element of a 纳音 name (海中金 → 金). */
const naYinElement = (ganZhi: string): string => naYin(ganZhi).slice(-1)

/** 长生 branch of each 纳音 element (水土同长生于申), taken through a yang stem of that element. */
const ELEMENT_YANG_GAN: Record<string, string> = { 木: '甲', 火: '丙', 土: '戊', 金: '庚', 水: '壬' }
const naYinStageBranch = (element: string, stage: '长生' | '临官'): string =>
  element === '土' ? branchOfStage('壬', stage) : branchOfStage(ELEMENT_YANG_GAN[element], stage)

const SEASON_OF_MONTH: readonly string[] = ['冬', '冬', '春', '春', '春', '夏', '夏', '夏', '秋', '秋', '秋', '冬']
const TIAN_SHE_DAY: Record<string, string> = { 春: '戊寅', 夏: '甲午', 秋: '戊申', 冬: '甲子' }
const TONG_ZI_BY_SEASON: Record<string, string> = { 春: '寅子', 秋: '寅子', 冬: '卯未辰', 夏: '卯未辰' }
const TONG_ZI_BY_NAYIN: Record<string, string> = { 金: '午卯', 木: '午卯', 水: '酉戌', 火: '酉戌', 土: '辰巳' }
const SAN_QI = ['甲戊庚', '乙丙丁', '壬癸辛']

const shift = (zhi: string, n: number): string => ZHI[(((zhiIndex(zhi) + n) % 12) + 12) % 12]

const matchesRule = (rule: ShenShaRule, ctx: ShenShaContext, ganZhi: string, key: NatalKey | 'other'): boolean => {
  const { pillars } = ctx
  const [gan, zhi] = [ganZhi[0], ganZhi[1]]
  switch (rule.kind) {
    case 'ganToZhi':
      return rule.basis.some((b) =>
        rule.table[ganIndex(b === 'dayGan' ? pillars.day[0] : pillars.year[0])].includes(zhi)
      )
    case 'zhiToZhi':
      return rule.basis.some((b) => {
        const basis = b === 'yearZhi' ? pillars.year[1] : b === 'dayZhi' ? pillars.day[1] : pillars.month[1]
        return rule.table[zhiIndex(basis)] === zhi
      })
    case 'monthToChar': {
      const c = rule.table[zhiIndex(pillars.month[1])]
      return c === gan || c === zhi
    }
    case 'dayPillar':
      return (key === 'day' || (rule.alsoHour === true && key === 'hour')) && rule.ganZhi.includes(ganZhi)
  }
}

/** Rules that depend on gender, 纳音, season or several pillars at once. */
const specialShenSha = (ctx: ShenShaContext, ganZhi: string, key: NatalKey | 'other'): string[] => {
  const { pillars, gender } = ctx
  const zhi = ganZhi[1]
  const yearZhi = pillars.year[1]
  const element = naYinElement(pillars.year)
  const season = SEASON_OF_MONTH[zhiIndex(pillars.month[1])]
  const forwardKind = isYangGan(pillars.year[0]) === (gender === 'male')
  const names: string[] = []
  if (zhi === naYinStageBranch(element, '长生')) names.push('学堂')
  if (zhi === naYinStageBranch(element, '临官')) names.push('词馆')
  if (key !== 'year' && zhi === shift(yearZhi, forwardKind ? 7 : 5)) names.push('元辰')
  if (key !== 'year' && (zhi === shift(yearZhi, 3) || zhi === shift(yearZhi, -3))) names.push('勾绞煞')
  if (key === 'day' && TIAN_SHE_DAY[season] === ganZhi) names.push('天赦')
  const anchors = [pillars.year[1], pillars.day[1]]
  if ('戌亥'.includes(zhi) && anchors.some((a) => '戌亥'.includes(a) && a !== zhi)) names.push('天罗')
  if ('辰巳'.includes(zhi) && anchors.some((a) => '辰巳'.includes(a) && a !== zhi)) names.push('地网')
  if (
    (key === 'day' || key === 'hour') &&
    (TONG_ZI_BY_SEASON[season].includes(zhi) || TONG_ZI_BY_NAYIN[element].includes(zhi))
  ) {
    names.push('童子煞')
  }
  if (key !== 'day' && xunKong(pillars.day).includes(zhi as never)) names.push('空亡')
  return names
}

/** 三奇: stems of year-month-day or month-day-hour in one of the three orders; marked on those pillars. */
const sanQiPillars = (pillars: PillarGanZhi): NatalKey[] => {
  // a chart without its hour (三柱) has '' there
  const stems = pillars.year[0] + pillars.month[0] + pillars.day[0] + pillars.hour.slice(0, 1)
  const keys: NatalKey[] = ['year', 'month', 'day', 'hour']
  return [0, 1].flatMap((start) => (SAN_QI.includes(stems.slice(start, start + 3)) ? keys.slice(start, start + 3) : []))
}

/** 神煞 of one pillar (natal, or a 大运/流年 as 'other') seen from the natal chart. */
export const shenShaOf = (ctx: ShenShaContext, ganZhi: string, key: NatalKey | 'other'): string[] => {
  const names = SHEN_SHA_RULES.filter((r) => matchesRule(r, ctx, ganZhi, key)).map((r) => r.name)
  names.push(...specialShenSha(ctx, ganZhi, key))
  if (key !== 'other' && sanQiPillars(ctx.pillars).includes(key)) names.push('三奇贵人')
  return [...new Set(names)]
}

/** Every 神煞 the engine knows, with its source, for a reference list in the app. */
export const SHEN_SHA_CATALOGUE: ReadonlyArray<{ name: string; source: string }> = [
  ...SHEN_SHA_RULES.map((r) => ({ name: r.name, source: r.source })),
  ...Object.entries(SPECIAL_SHEN_SHA_SOURCES).map(([name, source]) => ({ name, source }))
]
