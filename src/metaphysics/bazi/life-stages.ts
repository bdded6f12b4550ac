import { ganIndex, isYangGan, ZHI, zhiIndex } from './ganzhi'

export const CHANG_SHENG = ['长生', '沐浴', '冠带', '临官', '帝旺', '衰', '病', '死', '墓', '绝', '胎', '养'] as const
export type ChangSheng = (typeof CHANG_SHENG)[number]

/**
 * Branch of 长生 for each stem (《渊海子平》「论十干生死」; 火土同宫: 戊 follows 丙, 己 follows 丁).
 * Yang stems run forward through the branches, yin stems backward.
 */
const CHANG_SHENG_ZHI = ['亥', '午', '寅', '酉', '寅', '酉', '巳', '子', '申', '卯']

/** The stage of the twelve (长生 ... 养) a stem is in at a branch. */
export const changShengOf = (gan: string, zhi: string): ChangSheng => {
  const start = zhiIndex(CHANG_SHENG_ZHI[ganIndex(gan)])
  const step = isYangGan(gan) ? zhiIndex(zhi) - start : start - zhiIndex(zhi)
  return CHANG_SHENG[((step % 12) + 12) % 12]
}

/** The branch where a stem reaches a given stage (e.g. 临官 of 甲 is 寅). */
export const branchOfStage = (gan: string, stage: ChangSheng): string => {
  const start = zhiIndex(CHANG_SHENG_ZHI[ganIndex(gan)])
  const k = CHANG_SHENG.indexOf(stage)
  return ZHI[(((isYangGan(gan) ? start + k : start - k) % 12) + 12) % 12]
}
