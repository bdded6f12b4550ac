import { MetaphysicsError } from '../errors'
import { parseSolarDateTime } from '../time'
import { type AlmanacFestivals, chineseFestivals, type PublicHoliday, publicHoliday } from './festivals'
import { type AlmanacLunar, lunarOf, type LunarTimeLike, monthNameOf } from './lunar-calendar'

export interface Direction {
  /** 八卦 of the direction, e.g. 巽 */
  trigram: string
  /** e.g. 东南 */
  direction: string
}

export interface AlmanacHour {
  zhi: string
  ganZhi: string
  /** e.g. 23:00-00:59 */
  range: string
  tianShen: string
  /** 黄道 / 黑道 */
  type: string
  luck: string
  chong: string
  sha: string
  yi: string[]
  ji: string[]
}

export interface SolarTermMoment {
  name: string
  /** Beijing time 'YYYY-MM-DD HH:mm:ss' */
  time: string
}

export interface AlmanacDay {
  date: string
  weekday: string
  lunar: {
    year: number
    /** 1..12 */
    month: number
    day: number
    leap: boolean
    yearName: string
    monthName: string
    dayName: string
  }
  /** year by the lunar new year (as almanacs print it) and by 立春 (as charts use it); month by 节 */
  ganZhi: { year: string; yearByLiChun: string; month: string; day: string }
  shengXiao: string
  yi: string[]
  ji: string[]
  /** 冲: e.g. 冲龙(壬辰) */
  chong: { shengXiao: string; ganZhi: string; text: string }
  /** 煞 direction, e.g. 北 */
  sha: string
  pengZu: [string, string]
  positions: { xi: Direction; fu: Direction; cai: Direction; yangGui: Direction; yinGui: Direction }
  taiShen: string
  /** 值神 (十二神) with 黄道/黑道 */
  tianShen: { name: string; type: string; luck: string }
  /** 建除十二神 */
  jianChu: string
  /** 二十八宿 */
  xiu: { name: string; fullName: string; luck: string; gong: string; shou: string; song: string }
  hours: AlmanacHour[]
  /** the solar term falling on this day, with its exact moment */
  jieQi: SolarTermMoment | null
  currentJieQi: SolarTermMoment
  nextJieQi: SolarTermMoment
  /** 七十二候 */
  wuHou: string
  hou: string
  /** 日家九星 */
  nineStar: { number: number; name: string; luck: string }
  /** traditional and official Chinese festivals (no Western ones) */
  festivals: AlmanacFestivals
  /** the statutory holiday arrangement of the day (休 / 班), when there is one */
  holiday: PublicHoliday | null
}

const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六']
const STAR_NAMES = ['一白', '二黑', '三碧', '四绿', '五黄', '六白', '七赤', '八白', '九紫']
/** 子 spans 23:00-00:59 by the traditional reckoning; the others follow in two-hour steps. */
const HOUR_RANGES = Array.from({ length: 12 }, (_, i) => {
  const pad = (n: number) => String(n).padStart(2, '0')
  const start = (i * 2 + 23) % 24
  return `${pad(start)}:00-${pad((start + 1) % 24)}:59`
})

function dir(trigram: string, desc: string): Direction {
  return { trigram, direction: desc }
}

function hourOf(t: LunarTimeLike, i: number): AlmanacHour {
  return {
    zhi: t.getZhi(),
    ganZhi: t.getGanZhi(),
    range: HOUR_RANGES[i],
    tianShen: t.getTianShen(),
    type: t.getTianShenType(),
    luck: t.getTianShenLuck(),
    chong: t.getChongDesc(),
    sha: t.getSha(),
    yi: t.getYi(),
    ji: t.getJi()
  }
}

/** The moment of the term falling on this day; the table holds some names twice (冬至 of two years). */
function termMoment(l: AlmanacLunar, name: string, ymd: string): SolarTermMoment {
  const moment = Object.values(l.getJieQiTable()).find((s) => s.toYmdHms().startsWith(ymd)) as { toYmdHms(): string }
  return { name, time: moment.toYmdHms() }
}

/** Parses 'YYYY-MM-DD' (1900..2100) for a whole-day almanac. */
export function parseAlmanacDate(date: string): { year: number; month: number; day: number } {
  if (!/^\d{4}-\d{1,2}-\d{1,2}$/.test(String(date ?? '').trim()))
    throw new MetaphysicsError('日期格式应为 YYYY-MM-DD，例如 2024-02-10')
  return parseSolarDateTime(date)
}

/** The full 黄历 of one day. */
export function almanacDay(date: string): AlmanacDay {
  const p = parseAlmanacDate(date)
  const l = lunarOf({ ...p, hour: 0, minute: 0 })
  const solar = l.getSolar()
  const chongDesc = l.getDayChongDesc()
  const jieQiToday = l.getJieQi()
  const current = l.getPrevJieQi(true)
  const next = l.getNextJieQi(true)
  const dayStar = l.getDayNineStar()
  return {
    date: solar.toYmd(),
    weekday: WEEKDAYS[solar.getWeek()],
    lunar: {
      year: l.getYear(),
      month: Math.abs(l.getMonth()),
      day: l.getDay(),
      leap: l.getMonth() < 0,
      yearName: l.getYearInChinese(),
      monthName: monthNameOf(l),
      dayName: l.getDayInChinese()
    },
    ganZhi: {
      year: l.getYearInGanZhi(),
      yearByLiChun: l.getYearInGanZhiByLiChun(),
      month: l.getMonthInGanZhi(),
      day: l.getDayInGanZhi()
    },
    shengXiao: l.getYearShengXiao(),
    yi: l.getDayYi(),
    ji: l.getDayJi(),
    chong: {
      shengXiao: l.getDayChongShengXiao(),
      ganZhi: chongDesc.slice(1, 3),
      text: `冲${l.getDayChongShengXiao()}${chongDesc.slice(0, 4)}`
    },
    sha: l.getDaySha(),
    pengZu: [l.getPengZuGan(), l.getPengZuZhi()],
    positions: {
      xi: dir(l.getDayPositionXi(), l.getDayPositionXiDesc()),
      fu: dir(l.getDayPositionFu(), l.getDayPositionFuDesc()),
      cai: dir(l.getDayPositionCai(), l.getDayPositionCaiDesc()),
      yangGui: dir(l.getDayPositionYangGui(), l.getDayPositionYangGuiDesc()),
      yinGui: dir(l.getDayPositionYinGui(), l.getDayPositionYinGuiDesc())
    },
    taiShen: l.getDayPositionTai(),
    tianShen: { name: l.getDayTianShen(), type: l.getDayTianShenType(), luck: l.getDayTianShenLuck() },
    jianChu: l.getZhiXing(),
    xiu: {
      name: l.getXiu(),
      fullName: `${l.getXiu()}${l.getZheng()}${l.getAnimal()}`,
      luck: l.getXiuLuck(),
      gong: l.getGong(),
      shou: l.getShou(),
      song: l.getXiuSong()
    },
    hours: l.getTimes().slice(0, 12).map(hourOf),
    jieQi: jieQiToday ? termMoment(l, jieQiToday, solar.toYmd()) : null,
    currentJieQi: { name: current.getName(), time: current.getSolar().toYmdHms() },
    nextJieQi: { name: next.getName(), time: next.getSolar().toYmdHms() },
    wuHou: l.getWuHou(),
    hou: l.getHou(),
    nineStar: {
      number: dayStar.getIndex() + 1,
      name: STAR_NAMES[dayStar.getIndex()],
      luck: dayStar.getLuckInXuanKong()
    },
    festivals: chineseFestivals(l),
    holiday: publicHoliday(solar.toYmd())
  }
}
