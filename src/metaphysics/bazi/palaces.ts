import { GAN, ganIndex, monthGanZhi, ZHI, zhiIndex } from './ganzhi'
import type { PillarGanZhi } from './pillars'

/** 天干五合 partner (甲↔己 ...) and 地支六合 partner (子↔丑 ...), for 胎息. */
const ganPartner = (gan: string): string => GAN[(ganIndex(gan) + 5) % 10]
const ZHI_PARTNER: Record<string, string> = {
  子: '丑',
  丑: '子',
  寅: '亥',
  亥: '寅',
  卯: '戌',
  戌: '卯',
  辰: '酉',
  酉: '辰',
  巳: '申',
  申: '巳',
  午: '未',
  未: '午'
}

/** Month number counted from 寅 = 1 (the order of the months of a bazi year). */
const fromYin = (zhi: string): number => ((zhiIndex(zhi) - 2 + 12) % 12) + 1
const zhiFromYin = (n: number): string => ZHI[(((n - 1) % 12) + 12 + 2) % 12]

/** 胎元: 月干进一位，月支进三位 (《三命通会》卷二「论胎元」). */
export const taiYuanOf = (p: PillarGanZhi): string =>
  GAN[(ganIndex(p.month[0]) + 1) % 10] + ZHI[(zhiIndex(p.month[1]) + 3) % 12]

/** 胎息: the 五合 of the day stem with the 六合 of the day branch (日柱干支之合). */
export const taiXiOf = (p: PillarGanZhi): string => ganPartner(p.day[0]) + ZHI_PARTNER[p.day[1]]

/**
 * 命宫 (《三命通会》卷二「论命宫」): 子上起正月，逆数至生月，就月上起生时，顺数至卯.
 * Months are the bazi months (by 节); the stem by 五虎遁 from the year stem.
 */
export const mingGongOf = (p: PillarGanZhi): string => {
  const m = fromYin(p.month[1])
  const h = zhiIndex(p.hour[1]) + 1
  const zhi = ZHI[(((5 - m - h) % 12) + 12) % 12]
  return monthGanZhi(p.year[0], zhi)
}

/** 身宫 (星命家法, mirror of 命宫): 卯上起正月，顺数至生月，就月上起子时，顺数至生时. */
export const shenGongOf = (p: PillarGanZhi): string => {
  const m = fromYin(p.month[1])
  const h = zhiIndex(p.hour[1]) + 1
  return monthGanZhi(p.year[0], zhiFromYin(m + h))
}
