import type { HousePlan } from '@contract'

import { MetaphysicsError } from '@/metaphysics/errors'
import { houseGua, type MingGua, mingGua } from '@/metaphysics/luopan/bazhai'
import { luopanReading } from '@/metaphysics/luopan/reading'
import { type XuankongChart, xuankongChart } from '@/metaphysics/xuankong/chart'

export interface HouseAnalysis {
  facing: string
  sitting: string
  chart: XuankongChart
  ming: MingGua | null
  zhai: ReturnType<typeof houseGua>
}

/** The 玄空 chart from the facing and period, the owner's 命卦 and the house's 宅卦. */
export function analyseHouse(h: HousePlan): { value?: HouseAnalysis; error?: string } {
  if (h.facing_degrees === null || h.period === null) return { error: '请先填写房屋朝向和元运' }
  try {
    const facing = luopanReading(h.facing_degrees)
    const sitting = facing.opposite
    const chart = xuankongChart({ period: h.period, sitting, method: h.method })
    const ming = h.owner_birth_year && h.owner_gender ? mingGua(h.owner_birth_year, h.owner_gender) : null
    return { value: { facing: facing.mountain.name, sitting, chart, ming, zhai: houseGua(sitting) } }
  } catch (e) {
    return { error: e instanceof MetaphysicsError ? e.message : '分析失败，请检查房屋信息' }
  }
}
