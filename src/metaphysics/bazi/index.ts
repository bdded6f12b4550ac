export {
  analyzePillars,
  type BaziAnalysis,
  baziAnalysis,
  isStrong,
  type StrengthAnalysis,
  type TiaoHou,
  type YongShenDecision,
  type YongShenMethod
} from './analysis'
export {
  type BaziChart,
  baziChart,
  type BaziInput,
  baziLiuYue,
  type BaziPillar,
  type CangGan,
  luckRelations,
  luckShenSha,
  type NatalChart
} from './chart'
export {
  GAN,
  type Gan,
  ganWuXing,
  ganZhiAt,
  hourGanZhi,
  hourZhiOf,
  isYangGan,
  JIA_ZI,
  jiaZiIndex,
  monthGanZhi,
  naYin,
  WU_XING,
  type WuXing,
  xunKong,
  xunShouOf,
  ZHI,
  type Zhi,
  zhiWuXing
} from './ganzhi'
export { type GeJu, type GeJuState, type Role, roleElement } from './ge-ju'
export { baziHeHun, type HeHunFactor, type HeHunResult, type HeHunVerdict } from './hehun'
export { type CangGanKind, hiddenStems } from './hidden-stems'
export { CHANG_SHENG, type ChangSheng, changShengOf } from './life-stages'
export { dayGanZhiOf, fourPillars, type PillarGanZhi, type ZiHourRule } from './pillars'
export { findRelations, type PillarKey, type Relation } from './relations'
export { type Gender, SHEN_SHA_CATALOGUE } from './shensha'
export type { DayMasterStrength, StrengthVerdict, WuXingRecord } from './strength'
export { type ShiShen, shiShenOf } from './ten-gods'
export { baziThreePillars, THREE_PILLAR_MISSING, type ThreePillarChart, type ThreePillarInput } from './three-pillars'
export { TIAO_HOU_SOURCE, tiaoHouGods } from './tiao-hou'
export type { DaYun, LiuNian, LiuYue, QiYun, XiaoYun, YunMethod } from './yun'
