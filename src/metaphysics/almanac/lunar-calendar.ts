import { Solar } from 'lunar-javascript'

import { type DateTimeParts, parseSolarDateTime } from '../time'

/** The almanac parts of lunar-javascript's Lunar, which the shared declaration leaves out. */
export interface NineStarLike {
  /** 0..8 for 一白..九紫 */
  getIndex(): number
  getColor(): string
  getWuXing(): string
  getNameInXuanKong(): string
  getLuckInXuanKong(): string
  getPosition(): string
}
interface JieQiLike {
  getName(): string
  getSolar(): { toYmdHms(): string; toYmd(): string }
}
export interface LunarTimeLike {
  getGanZhi(): string
  getZhi(): string
  getMinHm(): string
  getMaxHm(): string
  getTianShen(): string
  getTianShenType(): string
  getTianShenLuck(): string
  getChongDesc(): string
  getSha(): string
  getYi(): string[]
  getJi(): string[]
  getNineStar(): NineStarLike
}
export interface AlmanacLunar {
  getYear(): number
  getMonth(): number
  getDay(): number
  getYearInChinese(): string
  getMonthInChinese(): string
  getDayInChinese(): string
  getYearInGanZhi(): string
  getYearInGanZhiByLiChun(): string
  getYearInGanZhiExact(): string
  getMonthInGanZhi(): string
  getMonthInGanZhiExact(): string
  getDayInGanZhi(): string
  getTimeInGanZhi(): string
  getDayGan(): string
  getYearShengXiao(): string
  getYearShengXiaoByLiChun(): string
  getDayYi(): string[]
  getDayJi(): string[]
  getDayChongDesc(): string
  getDayChongShengXiao(): string
  getDaySha(): string
  getPengZuGan(): string
  getPengZuZhi(): string
  getDayPositionXi(): string
  getDayPositionXiDesc(): string
  getDayPositionFu(): string
  getDayPositionFuDesc(): string
  getDayPositionCai(): string
  getDayPositionCaiDesc(): string
  getDayPositionYangGui(): string
  getDayPositionYangGuiDesc(): string
  getDayPositionYinGui(): string
  getDayPositionYinGuiDesc(): string
  getDayPositionTai(): string
  getDayTianShen(): string
  getDayTianShenType(): string
  getDayTianShenLuck(): string
  getZhiXing(): string
  getXiu(): string
  getXiuLuck(): string
  getZheng(): string
  getAnimal(): string
  getXiuSong(): string
  getGong(): string
  getShou(): string
  getTimes(): LunarTimeLike[]
  getJieQi(): string
  getJieQiTable(): Record<string, { toYmdHms(): string }>
  getPrevJieQi(wholeDay?: boolean): JieQiLike
  getNextJieQi(wholeDay?: boolean): JieQiLike
  getWuHou(): string
  getHou(): string
  getDayNineStar(): NineStarLike
  getTimeNineStar(): NineStarLike
  getYearNineStar(sect?: number): NineStarLike
  getMonthNineStar(sect?: number): NineStarLike
  getFestivals(): string[]
  getOtherFestivals(): string[]
  getSolar(): {
    getFestivals(): string[]
    getOtherFestivals(): string[]
    getWeek(): number
    toYmd(): string
  }
}

/** The lunar-javascript day/time object of a checked wall-clock moment (Beijing time). */
export function lunarOf(p: DateTimeParts): AlmanacLunar {
  return Solar.fromYmdHms(p.year, p.month, p.day, p.hour, p.minute, 0).getLunar() as unknown as AlmanacLunar
}

/** Parses 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm' (1900..2100, real calendar dates only). */
export function lunarOfText(text: string): { parts: DateTimeParts; lunar: AlmanacLunar } {
  const parts = parseSolarDateTime(text)
  return { parts, lunar: lunarOf(parts) }
}

/** 正月 .. 腊月, with 闰 for a leap month (闰二月). */
export const monthNameOf = (l: AlmanacLunar): string => `${l.getMonthInChinese()}月`
