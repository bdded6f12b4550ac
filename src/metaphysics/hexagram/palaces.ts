import type { TrigramName } from './trigrams'
import { trigramByName } from './trigrams'

/**
 * 京房八宫: each palace starts from its pure hexagram (本宫卦); 一世..五世 change lines 1..5 in turn,
 * 游魂 changes line 4 of the 五世 back, 归魂 restores the lower trigram of the 游魂 to the palace's.
 * 世 positions: 本宫 6, 一世..五世 1..5, 游魂 4, 归魂 3; 应 is three lines away (京房《易传》, 《火珠林》).
 */
export const PALACE_ORDER: readonly TrigramName[] = ['乾', '坎', '艮', '震', '巽', '离', '坤', '兑']

export const PALACE_STAGES = ['本宫', '一世', '二世', '三世', '四世', '五世', '游魂', '归魂'] as const
export type PalaceStage = (typeof PALACE_STAGES)[number]

const SHI_OF_STAGE: Record<PalaceStage, number> = {
  本宫: 6,
  一世: 1,
  二世: 2,
  三世: 3,
  四世: 4,
  五世: 5,
  游魂: 4,
  归魂: 3
}

export interface PalaceMembership {
  palace: TrigramName
  stage: PalaceStage
  /** 1-based line positions, bottom to top */
  shi: number
  ying: number
}

function flip(lines: number[], positions: number[]): number[] {
  const out = lines.slice()
  for (const p of positions) out[p] = 1 - out[p]
  return out
}

function palaceLines(palace: TrigramName): number[][] {
  const pure = [...trigramByName(palace).lines, ...trigramByName(palace).lines]
  const stages = [pure]
  for (let k = 1; k <= 5; k++)
    stages.push(
      flip(
        pure,
        Array.from({ length: k }, (_, i) => i)
      )
    )
  const youHun = flip(stages[5], [3])
  const guiHun = [...pure.slice(0, 3), ...youHun.slice(3)]
  return [...stages, youHun, guiHun]
}

/** key: six lines bottom to top joined, e.g. '111111' */
export const PALACE_OF_LINES: ReadonlyMap<string, PalaceMembership> = (() => {
  const map = new Map<string, PalaceMembership>()
  for (const palace of PALACE_ORDER) {
    palaceLines(palace).forEach((lines, i) => {
      const stage = PALACE_STAGES[i]
      const shi = SHI_OF_STAGE[stage]
      map.set(lines.join(''), { palace, stage, shi, ying: shi > 3 ? shi - 3 : shi + 3 })
    })
  }
  return map
})()
