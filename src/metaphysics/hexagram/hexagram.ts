import { MetaphysicsError } from '../errors'
import { PALACE_OF_LINES, PALACE_ORDER, PALACE_STAGES, type PalaceStage } from './palaces'
import { KING_WEN } from './sequence'
import { HEXAGRAM_TEXTS } from './text'
import { trigramByName, type TrigramName, trigramOfLines, type WuXing } from './trigrams'

export interface HexagramLineText {
  /** 初九, 六二 ... 上六 */
  label: string
  text: string
  xiaoXiang: string
}

export interface Hexagram {
  /** King Wen sequence number 1..64 */
  number: number
  name: string
  /** e.g. 乾为天, 水雷屯 */
  fullName: string
  /** Unicode hexagram symbol ䷀..䷿ */
  symbol: string
  upper: TrigramName
  lower: TrigramName
  /** bottom to top, 1 = yang, 0 = yin */
  lines: number[]
  /** lines bottom to top as a string of 0/1, e.g. '100010' for 屯 */
  binary: string
  palace: TrigramName
  palaceElement: WuXing
  palaceStage: PalaceStage
  /** 世 and 应 line positions, 1..6 from the bottom */
  shi: number
  ying: number
  judgment: string
  lineTexts: HexagramLineText[]
  /** 用九 / 用六 for 乾 and 坤 */
  extra?: HexagramLineText
  tuan: string
  daXiang: string
}

const ORDINAL_LABELS = ['初', '二', '三', '四', '五', '上']

function lineLabel(position: number, yang: number): string {
  const n = yang ? '九' : '六'
  if (position === 0) return `初${n}`
  if (position === 5) return `上${n}`
  return `${n}${ORDINAL_LABELS[position]}`
}

function fullNameOf(name: string, upper: TrigramName, lower: TrigramName): string {
  const u = trigramByName(upper).nature
  if (upper === lower) return `${name}为${u}`
  return `${u}${trigramByName(lower).nature}${name}`
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    Object.values(value as object).forEach(deepFreeze)
    Object.freeze(value)
  }
  return value
}

function build(index: number): Hexagram {
  const [name, upper, lower] = KING_WEN[index]
  const lines = [...trigramByName(lower).lines, ...trigramByName(upper).lines]
  const binary = lines.join('')
  const membership = PALACE_OF_LINES.get(binary)
  if (!membership) throw new Error(`palace table is missing ${name}`)
  const text = HEXAGRAM_TEXTS[index]
  const lineTexts = text.lines.map((t, i) => ({ label: lineLabel(i, lines[i]), text: t, xiaoXiang: text.xiaoXiang[i] }))
  const extraLabel = name === '乾' ? '用九' : '用六'
  return deepFreeze({
    number: index + 1,
    name,
    fullName: fullNameOf(name, upper, lower),
    symbol: String.fromCodePoint(0x4dc0 + index),
    upper,
    lower,
    lines,
    binary,
    palace: membership.palace,
    palaceElement: trigramByName(membership.palace).element,
    palaceStage: membership.stage,
    shi: membership.shi,
    ying: membership.ying,
    judgment: text.judgment,
    lineTexts,
    ...(text.extra ? { extra: { label: extraLabel, text: text.extra, xiaoXiang: text.extraXiang ?? '' } } : {}),
    tuan: text.tuan,
    daXiang: text.daXiang
  })
}

/** All 64 hexagrams in King Wen order. */
export const HEXAGRAMS: readonly Hexagram[] = Object.freeze(KING_WEN.map((_, i) => build(i)))

const BY_BINARY = new Map(HEXAGRAMS.map((h) => [h.binary, h]))
const BY_NAME = new Map<string, Hexagram>()
for (const h of HEXAGRAMS) {
  BY_NAME.set(h.name, h)
  BY_NAME.set(h.fullName, h)
}

/** The hexagram of six lines given bottom to top as 0/1. */
export function hexagramOfLines(lines: readonly number[]): Hexagram {
  const h = BY_BINARY.get(lines.join(''))
  if (!h || lines.length !== 6) throw new MetaphysicsError('卦爻必须是自下而上的六个阴阳爻')
  return h
}

/** Look up by short name (乾, 小畜) or full name (乾为天, 风天小畜); also accepts 遁 for 遯. */
export function hexagramByName(name: string): Hexagram {
  const key = String(name ?? '')
    .trim()
    .replace('遁', '遯')
  const h = BY_NAME.get(key)
  if (!h) throw new MetaphysicsError(`没有名为“${name}”的卦`)
  return h
}

export function hexagramByNumber(n: number): Hexagram {
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new MetaphysicsError('卦序必须是 1 到 64 的整数')
  return HEXAGRAMS[n - 1]
}

/** The eight palaces (京房八宫) in order 乾坎艮震巽离坤兑, each with its eight hexagrams 本宫..归魂. */
export function hexagramsByPalace(): Array<{ palace: TrigramName; element: WuXing; hexagrams: Hexagram[] }> {
  return PALACE_ORDER.map((palace) => ({
    palace,
    element: trigramByName(palace).element,
    hexagrams: PALACE_STAGES.map(
      (stage) => HEXAGRAMS.find((h) => h.palace === palace && h.palaceStage === stage) as Hexagram
    )
  }))
}

export { trigramOfLines }
