import { jiaZiIndex, xunKong, xunShouOf, zhiIndex } from '../bazi/ganzhi'
import { dayHourPillars, yearMonthPillars } from '../bazi/pillars'
import { MetaphysicsError } from '../errors'
import { formatDateTime, parseSolarDateTime } from '../time/datetime'
import { toWallMs } from '../time/solar-terms'
import { chaibuDunJu, type QimenMethod, type Yuan, zhirunDunJu } from './dun-ju'
import {
  BRANCH_PALACE,
  EIGHT_GODS,
  HOME_DOOR,
  HOME_STAR,
  HORSE_OF_BRANCH,
  PALACE_INFO,
  QI_YI,
  RING,
  XUN_YI
} from './tables'

export interface QimenPalace {
  palace: number
  name: string
  trigram: string
  direction: string
  /** 地盘 stem(s); the palace holding the centre's stem (坤二) shows both */
  diPan: string[]
  /** 天盘 stem(s) carried by the star(s) that turned here */
  tianPan: string[]
  /** 九星 here; 天禽 rides with 天芮 (中五寄坤) */
  stars: string[]
  door: string | null
  god: string | null
  kongWang: boolean
  maXing: boolean
  zhiFu: boolean
  zhiShi: boolean
}

export interface QimenChart {
  date: string
  method: QimenMethod
  pillars: { year: string; month: string; day: string; hour: string }
  term: string
  dun: 'yang' | 'yin'
  ju: number
  yuan: Yuan
  /** e.g. { ganZhi: '甲子', yi: '戊' } */
  xunShou: { ganZhi: string; yi: string }
  zhiFu: { star: string; palace: number }
  zhiShi: { door: string; palace: number }
  kongWang: { branches: string; palaces: number[] }
  maXing: { branch: string; palace: number }
  /** 中五寄坤: the centre's star 天禽 and door 死门 are reckoned with palace 2 */
  centreLodgesIn: 2
  /** palaces 1..9 (index 0 is palace 1) */
  palaces: QimenPalace[]
}

const CENTRE = 5
const KUN = 2
const lodge = (p: number): number => (p === CENTRE ? KUN : p)
const ringStep = (p: number, steps: number): number => RING[(((RING.indexOf(p as never) + steps) % 8) + 8) % 8]
const ringDistance = (from: number, to: number): number =>
  (RING.indexOf(to as never) - RING.indexOf(from as never) + 8) % 8

/** 地盘: 戊己庚辛壬癸丁丙乙 from the 局's palace, forward (阳遁) or backward (阴遁) through 1..9. */
const earthPlate = (ju: number, yang: boolean): string[] => {
  const plate = Array<string>(10).fill('')
  QI_YI.forEach((stem, k) => {
    const p = ((((ju - 1 + (yang ? k : -k)) % 9) + 9) % 9) + 1
    plate[p] = stem
  })
  return plate
}

const parseQimenDate = (date: string) => {
  try {
    return parseSolarDateTime(date)
  } catch (e) {
    if (e instanceof MetaphysicsError) throw e
    throw new MetaphysicsError('日期格式应为 YYYY-MM-DD HH:mm')
  }
}

/**
 * 时家奇门 转盘 chart for a Beijing clock time. 拆补法 by default; 置闰法 on request. The day
 * changes at 23:00 (子时 belongs to the next day) as in the bazi chart's default.
 */
export const qimenChart = (input: { date: string; method?: QimenMethod }): QimenChart => {
  if (!input || typeof input.date !== 'string') throw new MetaphysicsError('请提供起局时间')
  const method = input.method ?? 'chaibu'
  if (method !== 'chaibu' && method !== 'zhirun') throw new MetaphysicsError(`起局方法无效：${String(method)}`)
  const time = parseQimenDate(input.date)
  const { day, hour } = dayHourPillars(time, 'next-day')
  const pillars = { ...yearMonthPillars(time), day, hour }
  const dayIndex = jiaZiIndex(day)
  const epochDay = Math.floor(toWallMs(time) / 86400000) + (time.hour === 23 ? 1 : 0)
  const dunJu = method === 'chaibu' ? chaibuDunJu(toWallMs(time), dayIndex) : zhirunDunJu(epochDay, dayIndex)
  const yang = dunJu.dun === 'yang'

  const earth = earthPlate(dunJu.ju, yang)
  const xun = xunShouOf(hour)
  const yi = XUN_YI[xun]
  const homePalace = earth.indexOf(yi)
  const hourStem = hour[0] === '甲' ? yi : hour[0]
  const fuPalace = lodge(earth.indexOf(hourStem))
  const starTurn = ringDistance(lodge(homePalace), fuPalace)

  const stepsInXun = jiaZiIndex(hour) - jiaZiIndex(xun)
  const shiPalace = lodge(((((homePalace - 1 + (yang ? stepsInXun : -stepsInXun)) % 9) + 9) % 9) + 1)
  const doorTurn = ringDistance(lodge(homePalace), shiPalace)
  const godStart = RING.indexOf(fuPalace as never)

  const kong = xunKong(hour)
  const kongPalaces = [...new Set(kong.map((z) => BRANCH_PALACE[zhiIndex(z)]))]
  const horse = HORSE_OF_BRANCH[zhiIndex(hour[1])]
  const horsePalace = BRANCH_PALACE[zhiIndex(horse)]

  const palaces: QimenPalace[] = Array.from({ length: 9 }, (_, i) => {
    const p = i + 1
    const info = PALACE_INFO[p]
    const base = {
      palace: p,
      ...info,
      diPan: p === KUN ? [earth[KUN], earth[CENTRE]] : [earth[p]],
      kongWang: kongPalaces.includes(p as never),
      maXing: horsePalace === p
    }
    if (p === CENTRE) return { ...base, tianPan: [], stars: [], door: null, god: null, zhiFu: false, zhiShi: false }
    const from = ringStep(p, -starTurn)
    const stars = from === KUN ? [HOME_STAR[KUN], HOME_STAR[CENTRE]] : [HOME_STAR[from]]
    const tianPan = from === KUN ? [earth[KUN], earth[CENTRE]] : [earth[from]]
    const godIndex = ((yang ? RING.indexOf(p as never) - godStart : godStart - RING.indexOf(p as never)) + 8) % 8
    return {
      ...base,
      tianPan,
      stars,
      door: HOME_DOOR[ringStep(p, -doorTurn)],
      god: EIGHT_GODS[godIndex],
      zhiFu: p === fuPalace,
      zhiShi: p === shiPalace
    }
  })

  return {
    date: formatDateTime(time),
    method,
    pillars,
    term: dunJu.term,
    dun: dunJu.dun,
    ju: dunJu.ju,
    yuan: dunJu.yuan,
    xunShou: { ganZhi: xun, yi },
    zhiFu: { star: HOME_STAR[homePalace], palace: fuPalace },
    zhiShi: { door: HOME_DOOR[lodge(homePalace)], palace: shiPalace },
    kongWang: { branches: kong.join(''), palaces: kongPalaces },
    maXing: { branch: horse, palace: horsePalace },
    centreLodgesIn: KUN,
    palaces
  }
}
