import type { WuXing } from '../bazi/ganzhi'
import { MetaphysicsError } from '../errors'
import { KANGXI_GROUPS, TRADITIONAL_PAIRS } from './data/kangxi-strokes'

/** One character of a name as 五格 counts it. */
export interface NameCharacter {
  char: string
  /** the traditional form whose 康熙 strokes are counted (the character itself when it has none) */
  traditional: string
  kangxiStrokes: number
  /** 字五行: by radical meaning where the radical names an element, else by the reading's initial
   *  (牙音 木, 舌音 火, 喉音 土, 齿音 金, 唇音 水), as scripts/gen-kangxi-strokes.ts documents */
  element: WuXing
}

let table: Map<string, { strokes: number; element: WuXing }> | undefined
let traditionalOf: Map<string, string> | undefined

function strokeTable() {
  if (!table) {
    table = new Map()
    for (const [key, chars] of Object.entries(KANGXI_GROUPS)) {
      const strokes = parseInt(key, 10)
      const element = key.slice(String(strokes).length) as WuXing
      for (const char of chars) table.set(char, { strokes, element })
    }
  }
  return table
}

function traditionalTable() {
  if (!traditionalOf) {
    traditionalOf = new Map()
    const chars = Array.from(TRADITIONAL_PAIRS)
    for (let i = 0; i < chars.length; i += 2) traditionalOf.set(chars[i], chars[i + 1])
  }
  return traditionalOf
}

/** 康熙 strokes and 五行 of one character; throws for a character outside the 通用规范汉字表 and its traditional forms. */
export function nameCharacter(char: string): NameCharacter {
  const entry = strokeTable().get(char)
  if (!entry) throw new MetaphysicsError(`暂不支持“${char}”字：姓名须为《通用规范汉字表》中的汉字（或其繁体）`)
  return {
    char,
    traditional: traditionalTable().get(char) ?? char,
    kangxiStrokes: entry.strokes,
    element: entry.element
  }
}
