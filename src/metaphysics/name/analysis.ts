import type { WuXing } from '../bazi/ganzhi'
import { MetaphysicsError } from '../errors'
import { type SanCai, sanCaiOf } from './sancai'
import { type ShuliEntry, shuliOf } from './shuli81'
import { type NameCharacter, nameCharacter } from './strokes'
import { elementOfNumber } from './wuge-elements'

export interface NameInput {
  surname: string
  givenName: string
}

/** One of the five 格: its number, 数理五行 and 81 数理 entry. */
export interface WuGe {
  number: number
  element: WuXing
  shuli: ShuliEntry
}

export interface NameAnalysis {
  surname: string
  givenName: string
  compoundSurname: boolean
  characters: NameCharacter[]
  tianGe: WuGe
  renGe: WuGe
  diGe: WuGe
  waiGe: WuGe
  zongGe: WuGe
  sanCai: SanCai
}

const HAN = /^\p{Script=Han}+$/u

function charactersOf(part: unknown, label: string, maxLength: number): NameCharacter[] {
  const chars = Array.from(typeof part === 'string' ? part.trim() : '')
  if (chars.length === 0) throw new MetaphysicsError(`请填写${label}`)
  if (!HAN.test(chars.join(''))) throw new MetaphysicsError(`${label}须为汉字`)
  if (chars.length > maxLength) throw new MetaphysicsError(`${label}最多${maxLength}个字`)
  return chars.map(nameCharacter)
}

function ge(number: number): WuGe {
  return { number, element: elementOfNumber(number), shuli: shuliOf(number) }
}

const sum = (cs: NameCharacter[]) => cs.reduce((total, c) => total + c.kangxiStrokes, 0)

/**
 * 五格 by 熊崎健翁's rules: 天格 = surname strokes (+1 for a single surname); 人格 = last surname
 * character + first given character; 地格 = given-name strokes (+1 for a single given character);
 * 总格 = all strokes; 外格 = 天格 + 地格 - 人格, which gives the books' case rules (单姓单名 2,
 * 单姓复名 last character + 1, 复姓单名 first surname character + 1, 复姓复名 first + last).
 */
export function nameAnalysis(input: NameInput): NameAnalysis {
  const surname = charactersOf(input?.surname, '姓氏', 2)
  const given = charactersOf(input?.givenName, '名字', 3)
  const tian = sum(surname) + (surname.length === 1 ? 1 : 0)
  const ren = surname[surname.length - 1].kangxiStrokes + given[0].kangxiStrokes
  const di = sum(given) + (given.length === 1 ? 1 : 0)
  const tianGe = ge(tian)
  const renGe = ge(ren)
  const diGe = ge(di)
  return {
    surname: surname.map((c) => c.char).join(''),
    givenName: given.map((c) => c.char).join(''),
    compoundSurname: surname.length === 2,
    characters: [...surname, ...given],
    tianGe,
    renGe,
    diGe,
    waiGe: ge(tian + di - ren),
    zongGe: ge(sum(surname) + sum(given)),
    sanCai: sanCaiOf(tianGe.element, renGe.element, diGe.element)
  }
}
