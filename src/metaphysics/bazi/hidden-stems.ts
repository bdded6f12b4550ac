import { zhiIndex } from './ganzhi'

export type CangGanKind = '本气' | '中气' | '余气'

/**
 * 地支藏干 by 人元司令 (《渊海子平》「论人元司事」, 《三命通会》「论人元司事」): 余气 is what the
 * previous month leaves, 中气 the 长生 (寅申巳亥) or 库 (辰戌丑未) stem, 本气 the branch's own.
 * Listed 本气, 中气, 余气.
 */
const CANG_GAN: ReadonlyArray<ReadonlyArray<readonly [string, CangGanKind]>> = [
  [['癸', '本气']], // 子
  [
    ['己', '本气'],
    ['辛', '中气'],
    ['癸', '余气']
  ], // 丑
  [
    ['甲', '本气'],
    ['丙', '中气'],
    ['戊', '余气']
  ], // 寅
  [['乙', '本气']], // 卯
  [
    ['戊', '本气'],
    ['癸', '中气'],
    ['乙', '余气']
  ], // 辰
  [
    ['丙', '本气'],
    ['庚', '中气'],
    ['戊', '余气']
  ], // 巳
  [
    ['丁', '本气'],
    ['己', '中气']
  ], // 午
  [
    ['己', '本气'],
    ['乙', '中气'],
    ['丁', '余气']
  ], // 未
  [
    ['庚', '本气'],
    ['壬', '中气'],
    ['戊', '余气']
  ], // 申
  [['辛', '本气']], // 酉
  [
    ['戊', '本气'],
    ['丁', '中气'],
    ['辛', '余气']
  ], // 戌
  [
    ['壬', '本气'],
    ['甲', '中气']
  ] // 亥
]

export const hiddenStems = (zhi: string): ReadonlyArray<readonly [string, CangGanKind]> => CANG_GAN[zhiIndex(zhi)]
