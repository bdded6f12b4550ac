import { ganWuXing, type WuXing, zhiWuXing } from '@/metaphysics/bazi'
import { COLORS } from '@/theme'

const BY_ELEMENT: Record<WuXing, string> = {
  木: COLORS.wood,
  火: COLORS.fire,
  土: COLORS.earth,
  金: COLORS.metal,
  水: COLORS.water
}

export const wuXingColor = (x: WuXing): string => BY_ELEMENT[x]
/** Colour of a stem or branch by its element (charts colour every 干支 this way). */
export const ganColor = (gan: string): string => BY_ELEMENT[ganWuXing(gan)]
export const zhiColor = (zhi: string): string => BY_ELEMENT[zhiWuXing(zhi)]
