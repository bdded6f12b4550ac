import { lunarOfText, type NineStarLike } from '../almanac/lunar-calendar'
import { flyStars, STAR_NAMES } from './luoshu'

/**
 * 年、月、日、时 紫白飞星 of a moment (Beijing time), via lunar-javascript:
 * year star by the exact 立春 moment (上元甲子年一白起, 逆行), month star by the 节 month
 * (“子午卯酉八白宫，辰戌丑未五黄中，寅申巳亥二黑求”, 逆行), day star from the 甲子 day nearest
 * 冬至 (一白 顺行) and 夏至 (九紫 逆行), hour star by day branch (冬至后 子午卯酉日子时一白、
 * 辰戌丑未日四绿、寅申巳亥日七赤 顺行; 夏至后 九紫、六白、三碧 逆行).
 */
export interface TimeStar {
  star: number
  name: string
  /** stars by Luo Shu palace number − 1; the time stars always fly forward (顺飞) on the house plan */
  palaces: number[]
  luck: string
}

export interface TimeStars {
  date: string
  year: TimeStar
  month: TimeStar
  day: TimeStar
  hour: TimeStar
}

function timeStar(s: NineStarLike): TimeStar {
  const star = s.getIndex() + 1
  return { star, name: STAR_NAMES[star], palaces: flyStars(star), luck: s.getLuckInXuanKong() }
}

/** @param date 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm' */
export function flyingStarsAt(date: string): TimeStars {
  const { lunar } = lunarOfText(date)
  return {
    date,
    year: timeStar(lunar.getYearNineStar(3)),
    month: timeStar(lunar.getMonthNineStar(3)),
    day: timeStar(lunar.getDayNineStar()),
    hour: timeStar(lunar.getTimeNineStar())
  }
}
