import { controls, ganWuXing, generates, isYangGan } from './ganzhi'

export type ShiShen = '比肩' | '劫财' | '食神' | '伤官' | '偏财' | '正财' | '七杀' | '正官' | '偏印' | '正印'

/**
 * 十神 of a stem seen from the day master (《渊海子平》「论十神」): same element 比肩/劫财, the
 * element I produce 食神/伤官, I control 偏财/正财, controls me 七杀/正官, produces me 偏印/正印;
 * the first of each pair when the polarities agree.
 */
export const shiShenOf = (dayGan: string, gan: string): ShiShen => {
  const me = ganWuXing(dayGan)
  const other = ganWuXing(gan)
  const same = isYangGan(dayGan) === isYangGan(gan)
  if (me === other) return same ? '比肩' : '劫财'
  if (generates(me, other)) return same ? '食神' : '伤官'
  if (controls(me, other)) return same ? '偏财' : '正财'
  if (controls(other, me)) return same ? '七杀' : '正官'
  return same ? '偏印' : '正印'
}
