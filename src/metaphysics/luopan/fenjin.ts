import { GAN } from '../bazi/ganzhi'
import { MOUNTAINS, normaliseDegrees } from './mountains'

/**
 * 一百二十分金 (正针): each of the 24 mountains is cut into five 3° cells. A branch mountain takes the five
 * 干支 of its own branch, clockwise, 甲丙戊庚壬 for a yang branch and 乙丁己辛癸 for a yin one (子山
 * 甲子 丙子 戊子 庚子 壬子); a stem or trigram mountain repeats the branch before it (癸山 = 子山,
 * 艮山 = 丑山, 壬山 = 亥山). So every cell holds a 干支 and each of the sixty appears twice.
 * Grading of the 120 分金 (“甲壬阳孤乙癸虚，龟甲空亡戊己推，丙丁庚辛虽旺相”; 乾纳甲壬 is 孤阳, 坤纳乙癸
 * 阴虚): 甲壬 孤, 乙癸 虚, 戊己 龟甲空亡, 丙丁庚辛 旺相 — only the last are used, two in each mountain.
 */
export type FenJinGrade = '旺相' | '孤' | '虚' | '龟甲空亡'

export interface FenJin {
  /** 1..120 clockwise from 337.5° */
  index: number
  /** e.g. 丙子 */
  ganZhi: string
  stem: string
  branch: string
  grade: FenJinGrade
  start: number
  end: number
}

const GRADE_BY_STEM: readonly FenJinGrade[] = [
  '孤',
  '虚',
  '旺相',
  '旺相',
  '龟甲空亡',
  '龟甲空亡',
  '旺相',
  '旺相',
  '孤',
  '虚'
]
const BRANCHES = ['子', '丑', '寅', '卯', '辰', '巳', '午', '未', '申', '酉', '戌', '亥']

export function fenJinAt(degrees: number): FenJin {
  const d = normaliseDegrees(degrees)
  const cell = Math.floor(((d - 337.5 + 360) % 360) / 3)
  const mountain = Math.floor(cell / 5)
  // branch mountains sit at odd indices (子 = 1); 壬 (0) follows 亥 (23)
  const branchMountain = mountain % 2 === 1 ? mountain : (mountain + 23) % 24
  const branchIndex = (branchMountain - 1) / 2
  const stemIndex = (cell % 5) * 2 + (branchIndex % 2)
  const branch = BRANCHES[branchIndex]
  const stem = GAN[stemIndex]
  const start = (337.5 + cell * 3) % 360
  return {
    index: cell + 1,
    ganZhi: stem + branch,
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
