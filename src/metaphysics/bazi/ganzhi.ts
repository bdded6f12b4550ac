/**
 * Stems, branches and their elements: the common ground of every chart.
 * Tables follow 《渊海子平》 and 《三命通会》 (卷一 论五行, 论纳音).
 */
import { MetaphysicsError } from '../errors'

export const GAN = ['甲', '乙', '丙', '丁', '戊', '己', '庚', '辛', '壬', '癸'] as const
export const ZHI = ['子', '丑', '寅', '卯', '辰', '巳', '午', '未', '申', '酉', '戌', '亥'] as const
export type Gan = (typeof GAN)[number]
export type Zhi = (typeof ZHI)[number]
export type WuXing = '木' | '火' | '土' | '金' | '水'
export const WU_XING: readonly WuXing[] = ['木', '火', '土', '金', '水']

/** 甲乙木 丙丁火 戊己土 庚辛金 壬癸水 */
const GAN_WU_XING: readonly WuXing[] = ['木', '木', '火', '火', '土', '土', '金', '金', '水', '水']
/** 寅卯木 巳午火 申酉金 亥子水 辰戌丑未土 */
const ZHI_WU_XING: readonly WuXing[] = ['水', '土', '木', '木', '土', '火', '火', '土', '金', '金', '土', '水']

export const ganIndex = (gan: string): number => {
  const i = GAN.indexOf(gan as Gan)
  if (i < 0) throw new MetaphysicsError(`无效的天干：${gan}`)
  return i
}
export const zhiIndex = (zhi: string): number => {
  const i = ZHI.indexOf(zhi as Zhi)
  if (i < 0) throw new MetaphysicsError(`无效的地支：${zhi}`)
  return i
}
export const ganWuXing = (gan: string): WuXing => GAN_WU_XING[ganIndex(gan)]
export const zhiWuXing = (zhi: string): WuXing => ZHI_WU_XING[zhiIndex(zhi)]
/** 甲丙戊庚壬 are yang stems; 子寅辰午申戌 yang branches. */
export const isYangGan = (gan: string): boolean => ganIndex(gan) % 2 === 0
export const isYangZhi = (zhi: string): boolean => zhiIndex(zhi) % 2 === 0

/** The 60 pairs in order, 甲子 = 0. */
export const JIA_ZI: readonly string[] = Array.from({ length: 60 }, (_, i) => GAN[i % 10] + ZHI[i % 12])
export const jiaZiIndex = (ganZhi: string): number => {
  const i = JIA_ZI.indexOf(ganZhi)
  if (i < 0) throw new MetaphysicsError(`无效的干支：${ganZhi}`)
  return i
}
export const ganZhiAt = (index: number): string => JIA_ZI[((index % 60) + 60) % 60]
export const splitGanZhi = (ganZhi: string): [Gan, Zhi] => {
  jiaZiIndex(ganZhi)
  return [ganZhi[0] as Gan, ganZhi[1] as Zhi]
}

/** 生: 木→火→土→金→水→木; 克: 木→土→水→火→金→木. */
export const generates = (a: WuXing, b: WuXing): boolean => (WU_XING.indexOf(a) + 1) % 5 === WU_XING.indexOf(b)
export const controls = (a: WuXing, b: WuXing): boolean => (WU_XING.indexOf(a) + 2) % 5 === WU_XING.indexOf(b)
export const generatorOf = (x: WuXing): WuXing => WU_XING[(WU_XING.indexOf(x) + 4) % 5]
export const childOf = (x: WuXing): WuXing => WU_XING[(WU_XING.indexOf(x) + 1) % 5]
export const controllerOf = (x: WuXing): WuXing => WU_XING[(WU_XING.indexOf(x) + 3) % 5]
export const controlledBy = (x: WuXing): WuXing => WU_XING[(WU_XING.indexOf(x) + 2) % 5]

/**
 * 六十甲子纳音, two pairs per sound, in 甲子 order. Source: 《三命通会》卷一「论纳音取象」
 * (甲子乙丑海中金, 丙寅丁卯炉中火 ...).
 */
const NA_YIN_PAIRS = [
  '海中金',
  '炉中火',
  '大林木',
  '路旁土',
  '剑锋金',
  '山头火',
  '涧下水',
  '城头土',
  '白蜡金',
  '杨柳木',
  '泉中水',
  '屋上土',
  '霹雳火',
  '松柏木',
  '长流水',
  '沙中金',
  '山下火',
  '平地木',
  '壁上土',
  '金箔金',
  '覆灯火',
  '天河水',
  '大驿土',
  '钗钏金',
  '桑柘木',
  '大溪水',
  '沙中土',
  '天上火',
  '石榴木',
  '大海水'
] as const
export const naYin = (ganZhi: string): string => NA_YIN_PAIRS[Math.floor(jiaZiIndex(ganZhi) / 2)]

/** 旬空: the two branches a 旬 of ten days leaves without a stem (甲子旬空戌亥 ...). */
export const xunKong = (ganZhi: string): [Zhi, Zhi] => {
  const i = jiaZiIndex(ganZhi)
  const first = ((((i % 12) - (i % 10)) % 12) + 12 + 10) % 12
  return [ZHI[first], ZHI[(first + 1) % 12]]
}
/** The 甲 day that heads the 旬 of this pair (甲子, 甲戌 ... 甲寅). */
export const xunShouOf = (ganZhi: string): string => ganZhiAt(jiaZiIndex(ganZhi) - (jiaZiIndex(ganZhi) % 10))

/** 五虎遁: the stem of 寅 month in a year with this stem (甲己之年丙作首 ...). */
export const monthGanZhi = (yearGan: string, monthZhi: string): string => {
  const yinGan = (ganIndex(yearGan) % 5) * 2 + 2
  const offset = (zhiIndex(monthZhi) - 2 + 12) % 12
  return GAN[(yinGan + offset) % 10] + monthZhi
}
/** 五鼠遁: the stem of an hour on a day with this stem (甲己还加甲 ...). */
export const hourGanZhi = (dayGan: string, hourZhi: string): string =>
  GAN[((ganIndex(dayGan) % 5) * 2 + zhiIndex(hourZhi)) % 10] + hourZhi

/** The 时辰 of a clock hour: 23:00-00:59 子, 01:00-02:59 丑 ... */
export const hourZhiOf = (hour: number): Zhi => ZHI[Math.floor((hour + 1) / 2) % 12]
