import { MetaphysicsError } from '../errors'
import { trigramOfLuoShu } from '../hexagram'
import { type Mountain, mountainByName, mountainsOfTrigram, oppositeMountain } from '../luopan/mountains'
import { flyStars, PALACES } from './luoshu'
import { REPLACEMENT_STAR } from './replacement-stars'
import { readStarPair, type StarPairReading } from './star-pairs'

export interface XuankongInput {
  /** 元运 1..9 (see periodOfYear for the period of a build year) */
  period: number
  /** the sitting mountain (坐山), one of the 24 */
  sitting: string
  /** 下卦 (default) or 替卦 (起星 for a facing that 兼 into the next mountain) */
  method?: 'xiagua' | 'tigua'
}

export interface XuankongPalace {
  palace: number
  trigram: string | null
  direction: string
  /** 运盘 */
  yun: number
  /** 山星 */
  shan: number
  /** 向星 */
  xiang: number
  readings: StarPairReading[]
}

export interface XuankongChart {
  period: number
  method: 'xiagua' | 'tigua'
  sitting: { mountain: string; palace: number }
  facing: { mountain: string; palace: number }
  /** the stars that enter the centre and how they fly */
  shanCentre: { star: number; forward: boolean }
  xiangCentre: { star: number; forward: boolean }
  /** indexed by Luo Shu palace number − 1 */
  palaces: XuankongPalace[]
  /** 旺山旺向, 双星到向, 双星到坐 or 上山下水, by where the period star lands */
  pattern: '旺山旺向' | '双星到向' | '双星到坐' | '上山下水'
}

const palaceOf = (m: Mountain): number => PALACES.find((p) => p.trigram === m.trigram)?.number as number

/**
 * The star that enters the centre for the sitting or facing mountain, and its flight direction:
 * the 运盘 star n at that palace stands for the mountain of the same 元龙 in n's home trigram;
 * that mountain's yin/yang gives 逆/顺 flight. 五黄 has no trigram and follows the mountain itself.
 * With 替卦 the star is replaced by the 替星 of that mountain (the flight rule is unchanged).
 */
function centreStar(yunStar: number, own: Mountain, method: 'xiagua' | 'tigua'): { star: number; forward: boolean } {
  const home = trigramOfLuoShu(yunStar)
  const stand = home ? mountainsOfTrigram(home.name)[own.index % 3] : own
  const star = method === 'tigua' && home ? REPLACEMENT_STAR[stand.name] : yunStar
  return { star, forward: stand.yang }
}

function patternOf(period: number, sit: XuankongPalace, face: XuankongPalace): XuankongChart['pattern'] {
  if (sit.shan === period && face.xiang === period) return '旺山旺向'
  if (face.shan === period && face.xiang === period) return '双星到向'
  if (sit.shan === period && sit.xiang === period) return '双星到坐'
  return '上山下水'
}

/** 玄空飞星 house chart (《沈氏玄空学》 method): 运盘, 山星 and 向星 of each palace. */
export function xuankongChart(input: XuankongInput): XuankongChart {
  const period = input?.period
  if (!Number.isInteger(period) || period < 1 || period > 9) throw new MetaphysicsError('元运必须是 1 到 9 的整数')
  const method = input.method ?? 'xiagua'
  if (method !== 'xiagua' && method !== 'tigua')
    throw new MetaphysicsError('起星方法只能是下卦（xiagua）或替卦（tigua）')
  const sit = mountainByName(input.sitting)
  const face = oppositeMountain(sit)
  const yun = flyStars(period)
  const shanCentre = centreStar(yun[palaceOf(sit) - 1], sit, method)
  const xiangCentre = centreStar(yun[palaceOf(face) - 1], face, method)
  const shan = flyStars(shanCentre.star, shanCentre.forward)
  const xiang = flyStars(xiangCentre.star, xiangCentre.forward)
  const palaces = PALACES.map((p, i) => ({
    palace: p.number,
    trigram: p.trigram,
    direction: p.direction,
    yun: yun[i],
    shan: shan[i],
    xiang: xiang[i],
    readings: readStarPair(shan[i], xiang[i])
  }))
  return {
    period,
    method,
    sitting: { mountain: sit.name, palace: palaceOf(sit) },
    facing: { mountain: face.name, palace: palaceOf(face) },
    shanCentre,
    xiangCentre,
    palaces,
    pattern: patternOf(period, palaces[palaceOf(sit) - 1], palaces[palaceOf(face) - 1])
  }
}
