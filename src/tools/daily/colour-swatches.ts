import { COLORS } from '@/theme'

/** A swatch for each colour name the daily area gives (its 五色 table), in the app's 五行 palette. */
export const SWATCHES: Record<string, string> = {
  绿色: COLORS.wood,
  青色: '#1F8A7A',
  红色: COLORS.fire,
  紫色: '#7B3FA0',
  黄色: '#E8B923',
  咖啡色: '#7A5230',
  白色: '#FFFFFF',
  金色: COLORS.metal,
  黑色: '#222222',
  蓝色: COLORS.water
}
