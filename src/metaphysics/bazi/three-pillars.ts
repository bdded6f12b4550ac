import { MetaphysicsError } from '../errors'
import { type BirthTimeInput, resolveBirthTime } from '../time/birth-time'
import { addMinutes } from '../time/datetime'
import { solarToLunar } from '../time/lunar-date'
import { type BaziPillar, buildPillar } from './chart'
import { ganWuXing, generatorOf, naYin, WU_XING, type WuXing } from './ganzhi'
import { hiddenStems } from './hidden-stems'
import { taiXiOf, taiYuanOf } from './palaces'
import { dayGanZhiOf, type PillarGanZhi, yearMonthPillars, type ZiHourRule } from './pillars'
import { findRelations, type Relation } from './relations'
import type { Gender } from './shensha'
import type { WuXingRecord } from './strength'
import { type DaYun, daYunList, type QiYun, qiYunOf } from './yun'

/** A birth whose hour is not known: the date alone ('YYYY-MM-DD', solar or lunar). */
export interface ThreePillarInput extends Omit<BirthTimeInput, 'trueSolarTime' | 'longitude'> {
  gender: Gender
  ziHour?: ZiHourRule
}

/**
 * What 年月日 alone can say (三柱): the pillars with their 十神, hidden stems and 神煞, 胎元 (from the
 * month) and 胎息 (from the day), the 刑冲合会 among them, the six characters' elements, whether the
 * day master 得令, and the 大运 (the month pillar fixes their order and 干支; the start age is reckoned
 * from noon, so it may be out by up to two months either way). What needs the hour is listed in
 * `missing` and left out rather than guessed.
 */
export interface ThreePillarChart {
  gender: Gender
  birth: { date: string; lunar: string; shengXiao: string }
  pillars: Record<'year' | 'month' | 'day', BaziPillar>
  dayMaster: { gan: string; wuXing: WuXing }
  taiYuan: { ganZhi: string; naYin: string }
  taiXi: { ganZhi: string; naYin: string }
  relations: Relation[]
  /** the six characters: stems by their element, branches by their main element */
  wuXing: { counts: WuXingRecord; missing: WuXing[] }
  /** 得令: the month branch's main element is the day master's or produces it */
  deLing: boolean
  qiYun: QiYun
  daYun: DaYun[]
  /** what the day's own moments leave open: a 节 changing the month that day, the late 子 hour */
  caveats: string[]
  /** what cannot be given without the hour */
  missing: string[]
}

export const THREE_PILLAR_MISSING = ['时柱', '命宫', '身宫', '小运', '旺衰与用神的定论（缺两个字，只能参考）']

const withNaYin = (ganZhi: string) => ({ ganZhi, naYin: naYin(ganZhi) })
const mainElement = (zhi: string): WuXing => ganWuXing(hiddenStems(zhi)[0][0])

/** The three-pillar chart of a birth date whose hour is unknown. Throws MetaphysicsError on invalid input. */
export const baziThreePillars = (input: ThreePillarInput): ThreePillarChart => {
  if (!input || typeof input !== 'object') throw new MetaphysicsError('请提供出生信息')
  if (input.gender !== 'male' && input.gender !== 'female') throw new MetaphysicsError('请选择性别（男或女）')
  if (!/^\d{4}-\d{1,2}-\d{1,2}$/.test(String(input.date).trim()))
    throw new MetaphysicsError('出生日期格式应为 YYYY-MM-DD')
  const ziHour = input.ziHour ?? 'next-day'
  const at = (time: string) =>
    resolveBirthTime({ ...input, date: `${input.date.trim()} ${time}`, trueSolarTime: false })
  // Noon stands for the day: the year and month pillars of its first and last minute show whether a 节 fell that day.
  const noon = at('12:00')
  const [first, last] = [at('00:00'), at('23:59')]
  const ym = yearMonthPillars(noon.beijingTime)
  const day = dayGanZhiOf(noon.localTime)
  const pillars: PillarGanZhi = { ...ym, day, hour: '' }
  const ctx = { pillars, gender: input.gender }

  const caveats: string[] = []
  const early = yearMonthPillars(first.beijingTime)
  const late = yearMonthPillars(last.beijingTime)
  if (early.month !== late.month) {
    caveats.push(
      `当天交节：交节前出生为${early.year}年${early.month}月，交节后为${late.year}年${late.month}月；此处按正午排为${ym.month}月，知道大致时段可改正`
    )
  }
  const nextDay = dayGanZhiOf(addMinutes(noon.localTime, 24 * 60))
  caveats.push(
    ziHour === 'next-day'
      ? `若生于23点以后（子时），日柱按次日为${nextDay}`
      : '按夜子时不换日的算法，23点以后出生日柱不变'
  )
  caveats.push('起运岁数按当日正午推算，与实际可能相差两个月以内')

  const counts: WuXingRecord = { 木: 0, 火: 0, 土: 0, 金: 0, 水: 0 }
  for (const gz of [ym.year, ym.month, day]) {
    counts[ganWuXing(gz[0])] += 1
    counts[mainElement(gz[1])] += 1
  }
  const element = ganWuXing(day[0])
  const monthMain = mainElement(ym.month[1])
  const qiYun = qiYunOf(noon.beijingTime, noon.clockTime, ym.year[0], input.gender, 'day3')
  const lunar = solarToLunar(noon.clockTime)
  const date =
    `${noon.clockTime.year}-${String(noon.clockTime.month).padStart(2, '0')}-` +
    `${String(noon.clockTime.day).padStart(2, '0')}`
  return {
    gender: input.gender,
    birth: { date, lunar: lunar.text, shengXiao: lunar.shengXiao },
    pillars: { year: buildPillar('year', ctx), month: buildPillar('month', ctx), day: buildPillar('day', ctx) },
    dayMaster: { gan: day[0], wuXing: element },
    taiYuan: withNaYin(taiYuanOf(pillars)),
    taiXi: withNaYin(taiXiOf(pillars)),
    relations: findRelations({ year: ym.year, month: ym.month, day }),
    wuXing: { counts, missing: WU_XING.filter((x) => counts[x] === 0) },
    deLing: monthMain === element || monthMain === generatorOf(element),
    qiYun,
    daYun: daYunList(ym.month, qiYun.forward, noon.clockTime.year, Number(qiYun.date.slice(0, 4))),
    caveats,
    missing: THREE_PILLAR_MISSING
  }
}
