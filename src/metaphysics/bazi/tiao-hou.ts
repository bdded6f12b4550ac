import { ganIndex, zhiIndex } from './ganzhi'

/**
 * 调候用神 of 《穷通宝鉴》 (清·余春台辑, 据《栏江网》; 正文 as printed in 徐乐吾《穷通宝鉴评注》):
 * for each day stem, the stems the book takes for a birth in each month, most important first
 * (e.g. 四月丁火「甲、庚」). Rows in month order 寅 (正月) … 丑 (十二月).
 */
const TIAO_HOU_GODS: Record<string, readonly string[]> = {
  甲: [
    '丙癸',
    '庚丙丁戊己',
    '庚丁壬',
    '癸丁庚',
    '癸丁庚',
    '癸丁庚',
    '庚丁壬',
    '庚丁丙',
    '庚甲丁壬癸',
    '庚丁丙戊',
    '丁庚丙',
    '丁庚丙'
  ],
  乙: ['丙癸', '丙癸', '癸丙戊', '癸', '癸丙', '癸丙', '丙癸己', '癸丙丁', '癸辛', '丙戊', '丙', '丙'],
  丙: ['壬庚', '壬己', '壬甲', '壬癸庚', '壬庚', '壬庚', '壬戊', '壬癸', '甲壬', '甲戊庚壬', '壬戊己', '壬甲'],
  丁: ['甲庚', '庚甲', '甲庚', '甲庚', '壬庚癸', '甲壬庚', '甲庚丙戊', '甲庚丙戊', '甲庚戊', '甲庚', '甲庚', '甲庚'],
  戊: ['丙甲癸', '丙甲癸', '甲丙癸', '甲丙癸', '壬甲丙', '癸丙甲', '丙癸甲', '丙癸', '甲丙癸', '甲丙', '丙甲', '丙甲'],
  己: ['丙庚甲', '甲癸丙', '丙癸甲', '癸丙辛', '癸丙', '癸丙', '丙癸', '丙癸', '甲丙癸', '丙甲戊', '丙甲戊', '丙甲戊'],
  庚: [
    '戊甲壬丙丁',
    '丁甲庚丙',
    '甲丁壬癸',
    '壬戊丙丁',
    '壬癸',
    '丁甲',
    '丁甲',
    '丁甲丙',
    '甲壬',
    '丁丙',
    '丁甲丙',
    '丙丁甲'
  ],
  辛: [
    '己壬庚',
    '壬甲',
    '壬甲',
    '壬甲癸',
    '壬己癸',
    '壬庚甲',
    '壬甲戊',
    '壬甲',
    '壬甲',
    '壬丙',
    '丙戊壬甲',
    '丙壬戊己'
  ],
  壬: ['庚丙戊', '戊辛庚', '甲庚', '壬辛庚癸', '癸庚辛', '辛甲', '戊丁', '甲庚', '甲丙', '戊丙庚', '戊丙', '丙丁甲'],
  癸: ['辛丙', '庚辛', '丙辛甲', '辛', '庚辛壬癸', '庚辛壬癸', '丁', '辛丙', '辛甲壬癸', '庚辛戊丁', '丙辛', '丙丁']
}

export const TIAO_HOU_SOURCE = '《穷通宝鉴》（清·余春台辑）'

/** 正月 … 十二月 of a month branch (寅 is 正月). */
const MONTH_NAMES = ['十一月', '十二月', '正月', '二月', '三月', '四月', '五月', '六月', '七月', '八月', '九月', '十月']
export const lunarMonthName = (zhi: string): string => MONTH_NAMES[zhiIndex(zhi)]

/** The 调候 stems 《穷通宝鉴》 names for a day stem born in a month branch, in the book's order. */
export const tiaoHouGods = (dayGan: string, monthZhi: string): string[] => {
  ganIndex(dayGan)
  return [...TIAO_HOU_GODS[dayGan][(zhiIndex(monthZhi) + 10) % 12]]
}
