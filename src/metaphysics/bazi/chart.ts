import { MetaphysicsError } from '../errors'
import { type BirthTimeCorrection, type BirthTimeInput, resolveBirthTime } from '../time/birth-time'
import { solarToLunar } from '../time/lunar-date'
import type { ZoneOffset } from '../time/time-zone'
import { analyzePillars, type StrengthAnalysis, type YongShenDecision } from './analysis'
import { ganWuXing, jiaZiIndex, naYin, WU_XING, type WuXing, xunKong, zhiWuXing } from './ganzhi'
import { type CangGanKind, hiddenStems } from './hidden-stems'
import { type ChangSheng, changShengOf } from './life-stages'
import { mingGongOf, shenGongOf, taiXiOf, taiYuanOf } from './palaces'
import { fourPillars, type PillarGanZhi, type ZiHourRule } from './pillars'
import { findRelations, type PillarKey, type Relation } from './relations'
import { type Gender, type ShenShaContext, shenShaOf } from './shensha'
import { dayMasterStrength, wuXingCounts, type WuXingRecord, wuXingScores } from './strength'
import { type ShiShen, shiShenOf } from './ten-gods'
import {
  type DaYun,
  daYunList,
  type LiuYue,
  liuYueOf,
  type QiYun,
  qiYunOf,
  type XiaoYun,
  xiaoYunList,
  type YunMethod
} from './yun'

export interface BaziInput extends BirthTimeInput {
  gender: Gender
  ziHour?: ZiHourRule
  yunMethod?: YunMethod
}

export interface CangGan {
  gan: string
  wuXing: WuXing
  shiShen: ShiShen
  kind: CangGanKind
}

export interface BaziPillar {
  ganZhi: string
  gan: string
  zhi: string
  /** stem element + branch element, e.g. '金火' */
  wuXing: string
  /** 十神 of the stem; the day stem is 元男 / 元女 */
  shiShen: ShiShen | '元男' | '元女'
  cangGan: CangGan[]
  naYin: string
  /** 星运: the day master's 长生 stage at this branch */
  xingYun: ChangSheng
  /** 自坐: this pillar's stem's 长生 stage at its own branch */
  ziZuo: ChangSheng
  /** the two 旬空 branches of this pillar */
  xunKong: string
  shenSha: string[]
}

export interface BaziChart {
  gender: Gender
  ziHour: ZiHourRule
  yunMethod: YunMethod
  birth: {
    /** solar clock time as entered (lunar converted) */
    clock: string
    /** Beijing standard time of the moment (what 节 are compared with) */
    beijing: string
    /** time used for the day and hour pillars */
    local: string
    trueSolarTime: boolean
    correction: BirthTimeCorrection
    /** with a timeZone: the offset and summer time applied (see resolveBirthTime) */
    zone?: ZoneOffset
    lunar: string
    shengXiao: string
  }
  pillars: Record<'year' | 'month' | 'day' | 'hour', BaziPillar>
  dayMaster: { gan: string; wuXing: WuXing }
  taiYuan: { ganZhi: string; naYin: string }
  taiXi: { ganZhi: string; naYin: string }
  mingGong: { ganZhi: string; naYin: string }
  shenGong: { ganZhi: string; naYin: string }
  relations: Relation[]
  wuXing: { counts: WuXingRecord; scores: WuXingRecord; missing: WuXing[] }
  /** 旺衰 with 得令/得地/得势 spelled out */
  strength: StrengthAnalysis
  /** the one 用神 decision (see analysis.ts); 格局 and 调候 come from baziAnalysis(chart) */
  yongShen: YongShenDecision
  qiYun: QiYun
  daYun: DaYun[]
  xiaoYun: XiaoYun[]
}

const GENDERS: readonly string[] = ['male', 'female']
const checkOption = (value: unknown, allowed: readonly string[], label: string): void => {
  if (value !== undefined && !allowed.includes(value as string))
    throw new MetaphysicsError(`${label}无效：${String(value)}`)
}

const checkInput = (input: BaziInput): void => {
  if (!input || typeof input !== 'object') throw new MetaphysicsError('请提供出生信息')
  if (!GENDERS.includes(input.gender)) throw new MetaphysicsError('请选择性别（男或女）')
  checkOption(input.calendar, ['solar', 'lunar'], '历法')
  checkOption(input.dst, ['auto', 'none'], '夏令时选项')
  checkOption(input.ziHour, ['next-day', 'same-day'], '子时选项')
  checkOption(input.yunMethod, ['day3', 'minute'], '起运算法')
}

const withNaYin = (ganZhi: string) => ({ ganZhi, naYin: naYin(ganZhi) })

/** One natal pillar as the chart shows it, seen from the day stem. */
export const buildPillar = (key: keyof PillarGanZhi, ctx: ShenShaContext): BaziPillar => {
  const ganZhi = ctx.pillars[key]
  const [gan, zhi] = [ganZhi[0], ganZhi[1]]
  const dayGan = ctx.pillars.day[0]
  return {
    ganZhi,
    gan,
    zhi,
    wuXing: ganWuXing(gan) + zhiWuXing(zhi),
    shiShen: key === 'day' ? (ctx.gender === 'male' ? '元男' : '元女') : shiShenOf(dayGan, gan),
    cangGan: hiddenStems(zhi).map(([g, kind]) => ({
      gan: g,
      wuXing: ganWuXing(g),
      shiShen: shiShenOf(dayGan, g),
      kind
    })),
    naYin: naYin(ganZhi),
    xingYun: changShengOf(dayGan, zhi),
    ziZuo: changShengOf(gan, zhi),
    xunKong: xunKong(ganZhi).join(''),
    shenSha: shenShaOf(ctx, ganZhi, key)
  }
}

/** The full bazi chart of a birth. Throws MetaphysicsError on invalid input. */
export const baziChart = (input: BaziInput): BaziChart => {
  checkInput(input)
  const ziHour = input.ziHour ?? 'next-day'
  const yunMethod = input.yunMethod ?? 'day3'
  const birth = resolveBirthTime(input)
  const pillars = fourPillars(birth.beijingTime, birth.localTime, ziHour)
  const ctx: ShenShaContext = { pillars, gender: input.gender }
  const scores = wuXingScores(pillars)
  const counts = wuXingCounts(pillars)
  const analysis = analyzePillars(pillars, scores, dayMasterStrength(pillars, scores))
  const qiYun = qiYunOf(birth.beijingTime, birth.clockTime, pillars.year[0], input.gender, yunMethod)
  const qiYunYear = Number(qiYun.date.slice(0, 4))
  const birthYear = birth.clockTime.year
  const lunarDate = solarToLunar(birth.clockTime)
  return {
    gender: input.gender,
    ziHour,
    yunMethod,
    birth: {
      clock: birth.display.clock,
      beijing: birth.display.beijing,
      local: birth.display.local,
      trueSolarTime: birth.trueSolarTime,
      correction: birth.correction,
      ...(birth.zone ? { zone: birth.zone } : {}),
      lunar: lunarDate.text,
      shengXiao: lunarDate.shengXiao
    },
    pillars: {
      year: buildPillar('year', ctx),
      month: buildPillar('month', ctx),
      day: buildPillar('day', ctx),
      hour: buildPillar('hour', ctx)
    },
    dayMaster: { gan: pillars.day[0], wuXing: ganWuXing(pillars.day[0]) },
    taiYuan: withNaYin(taiYuanOf(pillars)),
    taiXi: withNaYin(taiXiOf(pillars)),
    mingGong: withNaYin(mingGongOf(pillars)),
    shenGong: withNaYin(shenGongOf(pillars)),
    relations: findRelations(pillars),
    wuXing: { counts, scores, missing: WU_XING.filter((x) => counts[x] === 0) },
    strength: analysis.strength,
    yongShen: analysis.yongShen,
    qiYun,
    daYun: daYunList(pillars.month, qiYun.forward, birthYear, qiYunYear),
    xiaoYun: xiaoYunList(pillars.hour, qiYun.forward, birthYear, qiYunYear)
  }
}

/** What luck views need of a chart: its natal pillars (a three-pillar chart has no hour) and gender. */
export interface NatalChart {
  gender: Gender
  pillars: Record<'year' | 'month' | 'day', { ganZhi: string }> & { hour?: { ganZhi: string } }
}

const natalGanZhi = (chart: NatalChart): PillarGanZhi => ({
  year: chart.pillars.year.ganZhi,
  month: chart.pillars.month.ganZhi,
  day: chart.pillars.day.ganZhi,
  hour: chart.pillars.hour?.ganZhi ?? ''
})

/**
 * 刑冲合会 of a chosen 大运 / 流年 / 流月 with the natal pillars (and with each other), only the
 * relations that involve at least one of the chosen pillars.
 */
export const luckRelations = (
  chart: NatalChart,
  luck: { daYun?: string; liuNian?: string; liuYue?: string }
): Relation[] => {
  const extra = Object.fromEntries(Object.entries(luck).filter(([, v]) => !!v)) as Partial<Record<PillarKey, string>>
  for (const gz of Object.values(extra)) jiaZiIndex(gz as string)
  return findRelations({ ...natalGanZhi(chart), ...extra }, Object.keys(extra) as PillarKey[])
}

/** 神煞 that a 大运 or 流年 pillar brings, seen from the natal chart. */
export const luckShenSha = (chart: NatalChart, ganZhi: string): string[] => {
  jiaZiIndex(ganZhi)
  return shenShaOf({ pillars: natalGanZhi(chart), gender: chart.gender }, ganZhi, 'other')
}

/** 流月 of a 流年 (Gregorian year of its 立春). */
export const baziLiuYue = (year: number): LiuYue[] => {
  if (!Number.isInteger(year) || year < 1900 || year > 2099) throw new MetaphysicsError('流年须在1900至2099年之间')
  return liuYueOf(year)
}
