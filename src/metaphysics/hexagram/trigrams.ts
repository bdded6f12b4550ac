/**
 * The eight trigrams (八卦). Lines are listed bottom to top, 1 = yang, 0 = yin.
 * Nature, element and 后天 (King Wen) direction/Luo Shu number follow 《周易·说卦传》:
 * “帝出乎震……齐乎巽……相见乎离……致役乎坤……说言乎兑……战乎乾……劳乎坎……成言乎艮”.
 */
import type { WuXing } from '../bazi/ganzhi'

export type { WuXing }
export type TrigramName = '乾' | '兑' | '离' | '震' | '巽' | '坎' | '艮' | '坤'

export interface Trigram {
  name: TrigramName
  symbol: string
  /** bottom to top */
  lines: [number, number, number]
  /** 取象 as used in hexagram full names (乾为天, 水雷屯) */
  nature: string
  element: WuXing
  /** 后天八卦 Luo Shu palace number */
  luoShu: number
  /** compass bearing of the 后天 position, degrees clockwise from north */
  bearing: number
  direction: string
}

export const TRIGRAMS: readonly Trigram[] = [
  {
    name: '乾',
    symbol: '☰',
    lines: [1, 1, 1],
    nature: '天',
    element: '金',
    luoShu: 6,
    bearing: 315,
    direction: '西北'
  },
  { name: '兑', symbol: '☱', lines: [1, 1, 0], nature: '泽', element: '金', luoShu: 7, bearing: 270, direction: '西' },
  { name: '离', symbol: '☲', lines: [1, 0, 1], nature: '火', element: '火', luoShu: 9, bearing: 180, direction: '南' },
  { name: '震', symbol: '☳', lines: [1, 0, 0], nature: '雷', element: '木', luoShu: 3, bearing: 90, direction: '东' },
  {
    name: '巽',
    symbol: '☴',
    lines: [0, 1, 1],
    nature: '风',
    element: '木',
    luoShu: 4,
    bearing: 135,
    direction: '东南'
  },
  { name: '坎', symbol: '☵', lines: [0, 1, 0], nature: '水', element: '水', luoShu: 1, bearing: 0, direction: '北' },
  {
    name: '艮',
    symbol: '☶',
    lines: [0, 0, 1],
    nature: '山',
    element: '土',
    luoShu: 8,
    bearing: 45,
    direction: '东北'
  },
  {
    name: '坤',
    symbol: '☷',
    lines: [0, 0, 0],
    nature: '地',
    element: '土',
    luoShu: 2,
    bearing: 225,
    direction: '西南'
  }
]

const BY_NAME = new Map(TRIGRAMS.map((t) => [t.name, t]))
const BY_LINES = new Map(TRIGRAMS.map((t) => [t.lines.join(''), t]))
const BY_LUOSHU = new Map(TRIGRAMS.map((t) => [t.luoShu, t]))

export function trigramByName(name: TrigramName): Trigram {
  return BY_NAME.get(name) as Trigram
}

export function trigramOfLines(lines: readonly number[]): Trigram {
  return BY_LINES.get(lines.join('')) as Trigram
}

/** undefined for the centre palace 5 */
export function trigramOfLuoShu(n: number): Trigram | undefined {
  return BY_LUOSHU.get(n)
}
