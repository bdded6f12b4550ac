import { trigramOfLuoShu } from '../hexagram'

/** 洛书 palaces by number with their 后天 trigram and direction; 5 is the centre. */
export const PALACES = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => {
  const t = trigramOfLuoShu(n)
  return { number: n, trigram: t?.name ?? null, direction: t?.direction ?? '中' }
})

/** 九星 names of the flying stars (一白 二黑 三碧 四绿 五黄 六白 七赤 八白 九紫). */
export const STAR_NAMES = ['', '一白', '二黑', '三碧', '四绿', '五黄', '六白', '七赤', '八白', '九紫'] as const

/**
 * 洛书 flight path (《沈氏玄空学》“中五→乾六→兑七→艮八→离九→坎一→坤二→震三→巽四”):
 * the palaces visited in order, starting from the centre.
 */
export const FLIGHT_PATH = [5, 6, 7, 8, 9, 1, 2, 3, 4] as const

const wrap9 = (n: number): number => ((((n - 1) % 9) + 9) % 9) + 1

/**
 * The nine stars after `centre` enters the middle and flies forward (顺, yang) or backward (逆, yin).
 * Returned indexed by palace number: result[p - 1] is the star in palace p.
 */
export function flyStars(centre: number, forward = true): number[] {
  const byPalace = new Array<number>(9)
  FLIGHT_PATH.forEach((palace, step) => {
    byPalace[palace - 1] = wrap9(forward ? centre + step : centre - step)
  })
  return byPalace
}
