import { lunarOfText } from '../almanac/lunar-calendar'
import { type WuXing, xunKong, zhiWuXing } from '../bazi/ganzhi'
import { MetaphysicsError } from '../errors'
import { type Hexagram, hexagram, hexagramByName } from '../hexagram'
import { coinValue } from './coins'
import { type LiuQin, liuQinOf } from './liuqin'
import { liuShenOf, najiaOf } from './najia'

export interface LiuyaoInput {
  /** six throws bottom first: a value 6/7/8/9, or three coins (true = 背) */
  lines: ReadonlyArray<number | readonly boolean[]>
  /** moment of the divination, 'YYYY-MM-DD HH:mm' Beijing time */
  date: string
}

export interface NajiaLine {
  ganZhi: string
  element: WuXing
  liuQin: LiuQin
}

export interface LiuyaoLine extends NajiaLine {
  /** 1..6 from the bottom */
  position: number
  yang: boolean
  moving: boolean
  liuShen: string
  shi: boolean
  ying: boolean
  /** 伏神: a 六亲 missing from the 本卦, taken from the same line of the palace's 首卦 */
  fuShen?: NajiaLine
  /** what a moving line becomes in the 变卦 (六亲 still seen from the 本卦 palace) */
  bian?: NajiaLine & { yang: boolean }
}

export interface GuaSummary {
  name: string
  fullName: string
  symbol: string
  palace: string
  palaceElement: WuXing
  palaceStage: string
  shi: number
  ying: number
}

export interface LiuyaoChart {
  date: string
  ganZhi: { year: string; month: string; day: string; hour: string }
  /** 月建: the month branch by solar terms */
  yueJian: string
  /** 日辰 */
  riChen: string
  /** 旬空 of the day */
  xunKong: [string, string]
  benGua: GuaSummary
  bianGua: GuaSummary | null
  movingLines: number[]
  lines: LiuyaoLine[]
}

const LIU_QIN_ORDER: readonly LiuQin[] = ['父母', '兄弟', '官鬼', '妻财', '子孙']

function summary(h: Hexagram): GuaSummary {
  const { name, fullName, symbol, palace, palaceElement, palaceStage, shi, ying } = h
  return { name, fullName, symbol, palace, palaceElement, palaceStage, shi, ying }
}

function najiaLines(h: Hexagram, palaceElement: WuXing): NajiaLine[] {
  return najiaOf(h.lower, h.upper).map((ganZhi) => {
    const element = zhiWuXing(ganZhi[1])
    return { ganZhi, element, liuQin: liuQinOf(palaceElement, element) }
  })
}

function castValues(lines: LiuyaoInput['lines']): number[] {
  if (!Array.isArray(lines) || lines.length !== 6) throw new MetaphysicsError('六爻需要六次摇卦结果（自下而上）')
  return lines.map((l) => (Array.isArray(l) ? coinValue(l) : Number(l)))
}

/** 伏神 (《卜筮正宗》/《增删卜易》): each 六亲 absent from the 本卦 is found in the palace's pure hexagram. */
function fuShenByLine(present: NajiaLine[], palaceLines: NajiaLine[]): Map<number, NajiaLine> {
  const have = new Set(present.map((l) => l.liuQin))
  const result = new Map<number, NajiaLine>()
  for (const qin of LIU_QIN_ORDER) {
    if (have.has(qin)) continue
    palaceLines.forEach((l, i) => {
      if (l.liuQin === qin) result.set(i, l)
    })
  }
  return result
}

/** A full 六爻 chart: 本卦/变卦, 纳甲, 六亲, 六神, 世应, 伏神, 月建, 日辰 and 旬空. */
export function liuyaoChart(input: LiuyaoInput): LiuyaoChart {
  const values = castValues(input?.lines)
  const reading = hexagram(values)
  const { lunar } = lunarOfText(input.date)
  const ben = reading.benGua
  const element = ben.palaceElement
  const benLines = najiaLines(ben, element)
  const bianLines = reading.bianGua ? najiaLines(reading.bianGua, element) : null
  const fuShen = fuShenByLine(benLines, najiaLines(hexagramByName(ben.palace), element))
  const day = lunar.getDayInGanZhi()
  const month = lunar.getMonthInGanZhiExact()
  const liuShen = liuShenOf(day[0])

  const lines = reading.lines.map((l, i): LiuyaoLine => ({
    position: l.position,
    yang: l.yang,
    moving: l.moving,
    ...benLines[i],
    liuShen: liuShen[i],
    shi: ben.shi === l.position,
    ying: ben.ying === l.position,
    ...(fuShen.has(i) ? { fuShen: fuShen.get(i) } : {}),
    ...(l.moving && bianLines ? { bian: { ...bianLines[i], yang: !l.yang } } : {})
  }))

  return {
    date: input.date,
    ganZhi: { year: lunar.getYearInGanZhiExact(), month, day, hour: lunar.getTimeInGanZhi() },
    yueJian: month[1],
    riChen: day[1],
    xunKong: xunKong(day),
    benGua: summary(ben),
    bianGua: reading.bianGua ? summary(reading.bianGua) : null,
    movingLines: reading.movingLines,
    lines
  }
}
