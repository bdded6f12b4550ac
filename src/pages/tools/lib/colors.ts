import { COLORS } from '@/theme'

type Element = '木' | '火' | '土' | '金' | '水'

const BY_ELEMENT: Record<Element, string> = {
  木: COLORS.wood,
  火: COLORS.fire,
  土: COLORS.earth,
  金: COLORS.metal,
  水: COLORS.water
}

/** The chart colour of a 五行 element. */
export function elementColor(element: string): string {
  return BY_ELEMENT[element as Element] ?? COLORS.text
}

/**
 * 五行 of the nine stars (一白水 二黑土 三碧木 四绿木 五黄土 六白金 七赤金 八白土 九紫火),
 * as the 九星 are named in 《紫白诀》 and every 玄空 text.
 */
const STAR_ELEMENT: readonly Element[] = ['水', '土', '木', '木', '土', '金', '金', '土', '火']

export function starColor(star: number): string {
  return BY_ELEMENT[STAR_ELEMENT[star - 1]] ?? COLORS.text
}

export const LUCK_COLOR = { good: COLORS.fire, bad: '#5B5B5B' } as const

/** 吉 words red, 凶 words grey, as printed almanacs do. */
export function luckColor(luck: string): string {
  return /凶|黑道/.test(luck) ? LUCK_COLOR.bad : LUCK_COLOR.good
}
