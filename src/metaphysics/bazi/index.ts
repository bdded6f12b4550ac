export { baziChart, baziLiuYue, luckRelations, luckShenSha, type BaziChart, type BaziInput, type BaziPillar, type CangGan, type NatalChart } from './chart'
export {
  GAN, ZHI, JIA_ZI, WU_XING, naYin, xunKong, xunShouOf, ganWuXing, zhiWuXing, isYangGan, jiaZiIndex, ganZhiAt,
  monthGanZhi, hourGanZhi, hourZhiOf, type Gan, type Zhi, type WuXing
} from './ganzhi'
export { hiddenStems, type CangGanKind } from './hidden-stems'
export { changShengOf, CHANG_SHENG, type ChangSheng } from './life-stages'
export { fourPillars, dayGanZhiOf, type PillarGanZhi, type ZiHourRule } from './pillars'
export { findRelations, type Relation, type PillarKey } from './relations'
export { SHEN_SHA_CATALOGUE, type Gender } from './shensha'
export { shiShenOf, type ShiShen } from './ten-gods'
export type { DayMasterStrength, StrengthVerdict, WuXingRecord } from './strength'
export { baziAnalysis, analyzePillars, isStrong, type BaziAnalysis, type StrengthAnalysis, type TiaoHou, type YongShenDecision, type YongShenMethod } from './analysis'
export { roleElement, type GeJu, type GeJuState, type Role } from './ge-ju'
export { tiaoHouGods, TIAO_HOU_SOURCE } from './tiao-hou'
export { baziThreePillars, THREE_PILLAR_MISSING, type ThreePillarChart, type ThreePillarInput } from './three-pillars'
export type { DaYun, LiuNian, LiuYue, QiYun, XiaoYun, YunMethod } from './yun'
export { baziHeHun, type HeHunFactor, type HeHunResult, type HeHunVerdict } from './hehun'
