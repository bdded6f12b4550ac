import { GAN } from '../bazi/ganzhi'
import { MOUNTAINS, normaliseDegrees } from './mountains'

/**
 * 一百二十分金 (正针): each 双山 (壬子 癸丑 艮寅 甲卯 乙辰 巽巳 丙午 丁未 坤申 庚酉 辛戌 乾亥) is cut into
 * ten 3° cells that pair the ten stems 甲..癸 in order with the branch of the pair. Only pairs of like
 * polarity exist, so half the cells are empty (the 空 cells of the ring): 60 干支 on 120 cells.
 * Grading as commonly taught with the 分金 ring: 甲乙 孤, 壬癸 虚, 戊己 龟甲空亡, 丙丁庚辛 旺相 — only the last are used.
 */
export type FenJinGrade = '旺相' | '孤' | '虚' | '龟甲空亡'

export interface FenJin {
  /** 1..120 clockwise from 337.5° */
  index: number
  /** e.g. 丙子; null for an empty cell */
  ganZhi: string | null
  stem: string
  branch: string
  grade: FenJinGrade
  start: number
  end: number
}

const GRADE_BY_STEM: readonly FenJinGrade[] = ['孤', '孤', '旺相', '旺相', '龟甲空亡', '龟甲空亡', '旺相', '旺相', '虚', '虚']
const BRANCH_OF_PAIR = ['子', '丑', '寅', '卯', '辰', '巳', '午', '未', '申', '酉', '戌', '亥']

export function fenJinAt(degrees: number): FenJin {
  const d = normaliseDegrees(degrees)
  const cell = Math.floor(((d - 337.5 + 360) % 360) / 3)
  const pair = Math.floor(cell / 10)
  const stemIndex = cell % 10
  const branch = BRANCH_OF_PAIR[pair]
  const stem = GAN[stemIndex]
  const likePolarity = stemIndex % 2 === pair % 2
  const start = (337.5 + cell * 3) % 360
  return {
    index: cell + 1,
    ganZhi: likePolarity ? stem + branch : null,
    stem,
    branch,
    grade: GRADE_BY_STEM[stemIndex],
    start,
    end: (start + 3) % 360
  }
}

/** The five 分金 of one mountain, clockwise. */
export function fenJinOfMountain(index: number): FenJin[] {
  const m = MOUNTAINS[index]
  return Array.from({ length: 5 }, (_, i) => fenJinAt(m.start + i * 3 + 1.5))
}
