import { WU_XING, type WuXing } from '../bazi/ganzhi'
import { MetaphysicsError } from '../errors'
import type { NameAnalysis } from './analysis'

export type NameFitVerdict = '契合' | '部分契合' | '不契合'

export interface NameChartFit {
  needed: WuXing[]
  /** the given-name characters (the part a name can choose) and whether each brings a needed element */
  characters: Array<{ char: string; element: WuXing; fits: boolean }>
  /** whether 人格, the core of the name, carries a needed element */
  renGeFits: boolean
  neededCovered: WuXing[]
  neededMissing: WuXing[]
  verdict: NameFitVerdict
  text: string
}

/** Checks a name's 字五行 and 人格 against the elements a bazi chart needs (用神/喜神). */
export function nameFitsChart(name: NameAnalysis, yongShen: string[]): NameChartFit {
  if (!Array.isArray(yongShen) || yongShen.length === 0) throw new MetaphysicsError('请提供命局所需的五行（用神）')
  const unknown = yongShen.filter((e) => !WU_XING.includes(e as WuXing))
  if (unknown.length) throw new MetaphysicsError(`无法识别的五行：${unknown.join('、')}`)
  const needed = WU_XING.filter((e) => yongShen.includes(e))
  const given = name.characters.slice(name.compoundSurname ? 2 : 1)
  const characters = given.map((c) => ({ char: c.char, element: c.element, fits: needed.includes(c.element) }))
  const renGeFits = needed.includes(name.renGe.element)
  const present = new Set([...characters.map((c) => c.element), name.renGe.element])
  const neededCovered = needed.filter((e) => present.has(e))
  const neededMissing = needed.filter((e) => !present.has(e))
  const fitting = characters.filter((c) => c.fits).length
  const verdict: NameFitVerdict =
    fitting === characters.length && renGeFits ? '契合' : fitting > 0 || renGeFits ? '部分契合' : '不契合'
  return { needed, characters, renGeFits, neededCovered, neededMissing, verdict, text: fitText(verdict, neededMissing) }
}

function fitText(verdict: NameFitVerdict, missing: WuXing[]): string {
  if (verdict === '契合') return '名字五行与人格均合命局所需，补益得当。'
  const lack = missing.length ? `尚缺${missing.join('、')}，` : ''
  if (verdict === '部分契合') return `名字部分补益命局所需，${lack}可酌情调整用字。`
  return `名字五行未合命局所需，${lack}起名或改名时宜选用相应五行之字。`
}
