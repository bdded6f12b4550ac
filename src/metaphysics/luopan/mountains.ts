import { MetaphysicsError } from '../errors'
import type { TrigramName } from '../hexagram'

export type YuanLong = '地元' | '天元' | '人元'

export interface Mountain {
  name: string
  /** 0..23 clockwise from 壬 */
  index: number
  /** start of the 15° range, degrees clockwise from north (壬 337.5) */
  start: number
  end: number
  center: number
  trigram: TrigramName
  /** 三元龙: 地元 = first, 天元 = middle, 人元 = last mountain of each trigram */
  yuan: YuanLong
  /** 玄空 yin/yang of the mountain, which decides the flight direction of a star */
  yang: boolean
}

/**
 * 二十四山 (正针), clockwise from 壬 at 337.5°, three to a trigram, 15° each.
 * 三元龙 and 阴阳 as in 《沈氏玄空学》: 天元 子午卯酉阴 乾坤艮巽阳; 人元 乙辛丁癸阴 寅申巳亥阳;
 * 地元 甲庚壬丙阳 辰戌丑未阴.
 */
const TABLE: ReadonlyArray<readonly [string, TrigramName, boolean]> = [
  ['壬', '坎', true],
  ['子', '坎', false],
  ['癸', '坎', false],
  ['丑', '艮', false],
  ['艮', '艮', true],
  ['寅', '艮', true],
  ['甲', '震', true],
  ['卯', '震', false],
  ['乙', '震', false],
  ['辰', '巽', false],
  ['巽', '巽', true],
  ['巳', '巽', true],
  ['丙', '离', true],
  ['午', '离', false],
  ['丁', '离', false],
  ['未', '坤', false],
  ['坤', '坤', true],
  ['申', '坤', true],
  ['庚', '兑', true],
  ['酉', '兑', false],
  ['辛', '兑', false],
  ['戌', '乾', false],
  ['乾', '乾', true],
  ['亥', '乾', true]
]
const YUAN: readonly YuanLong[] = ['地元', '天元', '人元']

export const MOUNTAINS: readonly Mountain[] = TABLE.map(([name, trigram, yang], index) => {
  const start = (337.5 + index * 15) % 360
  return Object.freeze({
    name,
    index,
    start,
    end: (start + 15) % 360,
    center: (start + 7.5) % 360,
    trigram,
    yuan: YUAN[index % 3],
    yang
  })
})

const BY_NAME = new Map(MOUNTAINS.map((m) => [m.name, m]))

/** Accepts 子, 子山 or the trigram-mountains 乾 坤 艮 巽 (written the same). */
export function mountainByName(name: string): Mountain {
  const key = String(name ?? '')
    .trim()
    .replace(/山$/, '')
  const m = BY_NAME.get(key)
  if (!m) throw new MetaphysicsError(`未知的山向：“${name}”，应为二十四山之一（如 子、癸、丑）`)
  return m
}

/** Compass degrees into 0 <= d < 360; non-finite input throws. */
export function normaliseDegrees(degrees: number): number {
  if (typeof degrees !== 'number' || !Number.isFinite(degrees)) throw new MetaphysicsError('罗盘度数必须是有效数字')
  const d = degrees % 360
  return d < 0 ? d + 360 : d === 0 ? 0 : d
}

/** The mountain a compass bearing falls in; a boundary belongs to the mountain it starts. */
export function mountainAt(degrees: number): Mountain {
  const d = normaliseDegrees(degrees)
  return MOUNTAINS[Math.floor(((d - 337.5 + 360) % 360) / 15)]
}

/** The mountain opposite (坐 ↔ 向). */
export function oppositeMountain(m: Mountain): Mountain {
  return MOUNTAINS[(m.index + 12) % 24]
}

/** The three mountains of a trigram in clockwise order (地元, 天元, 人元). */
export function mountainsOfTrigram(trigram: TrigramName): Mountain[] {
  return MOUNTAINS.filter((m) => m.trigram === trigram)
}
