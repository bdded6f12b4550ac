import type { TrigramName } from '../hexagram'

/**
 * 京房纳甲: the stem and the branches a trigram gives its three lines, inner (lower) and outer (upper).
 * “乾纳甲壬，坤纳乙癸，震巽纳庚辛，坎离纳戊己，艮兑纳丙丁”; branches per 《火珠林》 / 《卜筮正宗》:
 * 乾 子寅辰 午申戌, 坤 未巳卯 丑亥酉, 震 同乾, 巽 丑亥酉 未巳卯, 坎 寅辰午 申戌子,
 * 离 卯丑亥 酉未巳, 艮 辰午申 戌子寅, 兑 巳卯丑 亥酉未.
 */
export const NAJIA: Record<TrigramName, { inner: { gan: string; zhi: string }; outer: { gan: string; zhi: string } }> =
  {
    乾: { inner: { gan: '甲', zhi: '子寅辰' }, outer: { gan: '壬', zhi: '午申戌' } },
    坤: { inner: { gan: '乙', zhi: '未巳卯' }, outer: { gan: '癸', zhi: '丑亥酉' } },
    震: { inner: { gan: '庚', zhi: '子寅辰' }, outer: { gan: '庚', zhi: '午申戌' } },
    巽: { inner: { gan: '辛', zhi: '丑亥酉' }, outer: { gan: '辛', zhi: '未巳卯' } },
    坎: { inner: { gan: '戊', zhi: '寅辰午' }, outer: { gan: '戊', zhi: '申戌子' } },
    离: { inner: { gan: '己', zhi: '卯丑亥' }, outer: { gan: '己', zhi: '酉未巳' } },
    艮: { inner: { gan: '丙', zhi: '辰午申' }, outer: { gan: '丙', zhi: '戌子寅' } },
    兑: { inner: { gan: '丁', zhi: '巳卯丑' }, outer: { gan: '丁', zhi: '亥酉未' } }
  }

/** 干支 of the six lines, bottom to top. */
export function najiaOf(lower: TrigramName, upper: TrigramName): string[] {
  const inner = NAJIA[lower].inner
  const outer = NAJIA[upper].outer
  return [...[...inner.zhi].map((z) => inner.gan + z), ...[...outer.zhi].map((z) => outer.gan + z)]
}

/**
 * 六神 from the bottom line by the day stem (《卜筮正宗》“甲乙起青龙，丙丁起朱雀，戊日起勾陈，
 * 己日起螣蛇，庚辛起白虎，壬癸起玄武”), then upwards in this order.
 */
export const LIU_SHEN = ['青龙', '朱雀', '勾陈', '螣蛇', '白虎', '玄武'] as const
const LIU_SHEN_START: Record<string, number> = { 甲: 0, 乙: 0, 丙: 1, 丁: 1, 戊: 2, 己: 3, 庚: 4, 辛: 4, 壬: 5, 癸: 5 }

export function liuShenOf(dayGan: string): string[] {
  const start = LIU_SHEN_START[dayGan]
  return Array.from({ length: 6 }, (_, i) => LIU_SHEN[(start + i) % 6])
}
