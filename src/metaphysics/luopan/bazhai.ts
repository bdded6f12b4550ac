import { lunarOfText } from '../almanac/lunar-calendar'
import { JIA_ZI } from '../bazi/ganzhi'
import { MetaphysicsError } from '../errors'
import { trigramByName, type TrigramName, trigramOfLuoShu } from '../hexagram'
import { mountainAt, mountainByName } from './mountains'

export type YouNianStar = '生气' | '天医' | '延年' | '伏位' | '绝命' | '五鬼' | '六煞' | '祸害'

/** 游年八星 with their 九星 names and grades (《八宅明镜》). */
export const YOU_NIAN_STARS: Record<YouNianStar, { star: string; luck: '吉' | '凶'; grade: string }> = {
  生气: { star: '贪狼', luck: '吉', grade: '上吉' },
  延年: { star: '武曲', luck: '吉', grade: '上吉' },
  天医: { star: '巨门', luck: '吉', grade: '中吉' },
  伏位: { star: '辅弼', luck: '吉', grade: '小吉' },
  绝命: { star: '破军', luck: '凶', grade: '大凶' },
  五鬼: { star: '廉贞', luck: '凶', grade: '大凶' },
  六煞: { star: '文曲', luck: '凶', grade: '次凶' },
  祸害: { star: '禄存', luck: '凶', grade: '次凶' }
}

/**
 * 大游年歌 (《八宅明镜》): “乾六天五祸绝延生，坎五天生延绝祸六，艮六绝祸生延天五，震延生祸绝五天六，
 * 巽天五六祸生绝延，离六五绝延祸生天，坤天延绝生祸五六，兑生祸延绝六五天”.
 * Each verse reads the other seven trigrams in the order 乾坎艮震巽离坤兑, starting after its own.
 */
const YOU_NIAN_SONG: Record<TrigramName, string> = {
  乾: '六天五祸绝延生',
  坎: '五天生延绝祸六',
  艮: '六绝祸生延天五',
  震: '延生祸绝五天六',
  巽: '天五六祸生绝延',
  离: '六五绝延祸生天',
  坤: '天延绝生祸五六',
  兑: '生祸延绝六五天'
}
const SONG_ORDER: readonly TrigramName[] = ['乾', '坎', '艮', '震', '巽', '离', '坤', '兑']
const SONG_WORD: Record<string, YouNianStar> = {
  生: '生气',
  天: '天医',
  延: '延年',
  绝: '绝命',
  五: '五鬼',
  六: '六煞',
  祸: '祸害'
}

export interface BazhaiDirection {
  trigram: TrigramName
  direction: string
  bearing: number
  youNian: YouNianStar
  star: string
  luck: '吉' | '凶'
  grade: string
}

/** The eight directions of a 命卦 or 宅卦 (the house's sitting trigram) with their 游年 stars. */
export function bazhaiDirections(gua: TrigramName): BazhaiDirection[] {
  const verse = YOU_NIAN_SONG[gua]
  if (!verse) throw new MetaphysicsError(`未知的卦：“${gua}”`)
  const start = SONG_ORDER.indexOf(gua)
  const starOf = new Map<TrigramName, YouNianStar>([[gua, '伏位']])
  ;[...verse].forEach((w, i) => starOf.set(SONG_ORDER[(start + 1 + i) % 8], SONG_WORD[w]))
  return SONG_ORDER.map((t) => {
    const tri = trigramByName(t)
    const youNian = starOf.get(t) as YouNianStar
    return { trigram: t, direction: tri.direction, bearing: tri.bearing, youNian, ...YOU_NIAN_STARS[youNian] }
  })
}

const EAST_FOUR: ReadonlySet<TrigramName> = new Set<TrigramName>(['坎', '离', '震', '巽'])

export interface MingGua {
  /** the year by 立春 used for the reckoning */
  year: number
  gender: 'male' | 'female'
  /** Luo Shu number 1..9 (5 is replaced: male → 2 坤, female → 8 艮) */
  number: number
  gua: TrigramName
  group: '东四命' | '西四命'
  directions: BazhaiDirection[]
}

function yearByLiChun(birth: number | string): number {
  if (typeof birth === 'number') {
    if (!Number.isInteger(birth) || birth < 1900 || birth > 2100)
      throw new MetaphysicsError('出生年份须在1900至2100年之间')
    return birth
  }
  const { parts, lunar } = lunarOfText(birth)
  const sameYear = JIA_ZI[(((parts.year - 4) % 60) + 60) % 60]
  return lunar.getYearInGanZhiExact() === sameYear ? parts.year : parts.year - 1
}

const mod9 = (n: number): number => {
  const r = ((n % 9) + 9) % 9
  return r === 0 ? 9 : r
}

/**
 * 八宅命卦 (《八宅明镜》三元命卦: 上元甲子 1864 男起坎一逆行、女起中五顺行, so 男 = (2 − 年) mod 9,
 * 女 = (年 + 4) mod 9). The year turns at 立春, not on 1 January: give the full birth date
 * ('YYYY-MM-DD' or 'YYYY-MM-DD HH:mm') to have it applied; a bare year is taken as it is.
 */
export function mingGua(birth: number | string, gender: 'male' | 'female'): MingGua {
  if (gender !== 'male' && gender !== 'female') throw new MetaphysicsError('性别须为 male 或 female')
  const year = yearByLiChun(birth)
  let number = gender === 'male' ? mod9(2 - year) : mod9(year + 4)
  if (number === 5) number = gender === 'male' ? 2 : 8
  const gua = (trigramOfLuoShu(number) as { name: TrigramName }).name
  return {
    year,
    gender,
    number,
    gua,
    group: EAST_FOUR.has(gua) ? '东四命' : '西四命',
    directions: bazhaiDirections(gua)
  }
}

/**
 * 宅卦: a house takes the trigram of its sitting (坐) side; 东四宅 / 西四宅 as for 命卦.
 * @param sitting the sitting bearing in degrees, or one of the 24 mountains (子, 癸 ...)
 */
export function houseGua(sitting: number | string): {
  gua: TrigramName
  group: '东四宅' | '西四宅'
  directions: BazhaiDirection[]
} {
  const gua = typeof sitting === 'number' ? mountainAt(sitting).trigram : mountainByName(sitting).trigram
  return { gua, group: EAST_FOUR.has(gua) ? '东四宅' : '西四宅', directions: bazhaiDirections(gua) }
}
