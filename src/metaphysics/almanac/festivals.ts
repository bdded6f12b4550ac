import { HolidayUtil } from 'lunar-javascript'

import type { AlmanacLunar } from './lunar-calendar'

/**
 * The solar-calendar days a Chinese almanac marks: the public holidays and the official festivals and
 * commemoration days of 国务院《全国年节及纪念日放假办法》. lunar-javascript's solar list also holds
 * Western days (情人节, 愚人节, 母亲节, 万圣节, 感恩节, 平安夜, 圣诞节 ...), which a 黄历 does not show.
 */
const CHINESE_SOLAR_FESTIVALS: ReadonlySet<string> = new Set([
  '元旦节',
  '妇女节',
  '植树节',
  '劳动节',
  '青年节',
  '儿童节',
  '建党节',
  '建军节',
  '教师节',
  '国庆节'
])

/** Traditional days beyond the main lunar festivals that a 黄历 names (中元 and 下元 with 上元 = 元宵). */
const TRADITIONAL_OTHER: ReadonlySet<string> = new Set(['上巳节', '中元节', '寒衣节', '下元节', '祭灶日'])

export interface AlmanacFestivals {
  /** official Chinese festivals of the solar calendar */
  solar: string[]
  /** the traditional festivals of the lunar calendar (春节, 元宵节 ... 除夕) */
  lunar: string[]
  /** further traditional days (中元节, 寒衣节 ...) */
  other: string[]
}

export function chineseFestivals(l: AlmanacLunar): AlmanacFestivals {
  return {
    solar: l
      .getSolar()
      .getFestivals()
      .filter((f) => CHINESE_SOLAR_FESTIVALS.has(f)),
    lunar: l.getFestivals(),
    other: l.getOtherFestivals().filter((f) => TRADITIONAL_OTHER.has(f))
  }
}

/** A day of China's statutory holiday arrangement: a day off (休) or a working day moved into it (班). */
export interface PublicHoliday {
  /** the holiday it belongs to, e.g. 春节, 国庆中秋 */
  name: string
  work: boolean
}

/**
 * The public-holiday arrangement of a date ('YYYY-MM-DD'), from the State Council's yearly notices as lunar-javascript
 * carries them.
 */
export function publicHoliday(ymd: string): PublicHoliday | null {
  const [y, m, d] = ymd.split('-').map(Number)
  const h = HolidayUtil.getHoliday(y, m, d)
  return h ? { name: h.getName(), work: h.isWork() } : null
}
