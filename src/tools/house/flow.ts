import type { HousePlan, HousePlanType } from '@contract'
import Taro from '@tarojs/taro'

export const PLAN_TYPES: { value: HousePlanType; label: string; note: string }[] = [
  { value: 'floorplan', label: '户型图', note: '开发商或中介提供的平面户型图' },
  { value: 'sketch', label: '手绘图', note: '自己手绘的房屋平面草图' },
  { value: 'photo', label: '实景方位', note: '实景照片或卫星图上的方位' }
]

/** The house id the flow pages receive as `?id=`. */
export const houseIdParam = (): number => Number(Taro.getCurrentInstance().router?.params.id) || 0

/** The step a saved plan should reopen at: the first one still missing, else the analysis. */
export function nextStepOf(h: HousePlan): string {
  if (h.facing_degrees === null || h.period === null) return `tools/pages/house/info?id=${h.id}`
  if (h.center_x === null || h.center_y === null) return `tools/pages/house/layout?id=${h.id}`
  return `tools/pages/house/analysis?id=${h.id}`
}

export const planTypeLabel = (t: HousePlanType): string => PLAN_TYPES.find((p) => p.value === t)?.label ?? t
