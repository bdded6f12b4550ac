/**
 * Common readings of 山星/向星 pairs meeting in one palace. Each entry names where the reading comes
 * from; entries marked 通行解说 are the shared teaching of modern 玄空 practice rather than a quoted verse.
 * The pair is unordered (一四 = 四一).
 */
export interface StarPairReading {
  stars: [number, number]
  name: string
  luck: '吉' | '凶' | '平'
  meaning: string
  source: string
}

export const STAR_PAIRS: readonly StarPairReading[] = [
  {
    stars: [1, 4],
    name: '一四同宫',
    luck: '吉',
    meaning: '文昌之象，利读书考试、功名文职',
    source: '《紫白诀》“四一同宫，准发科名之显”'
  },
  {
    stars: [1, 6],
    name: '一六共宗',
    luck: '吉',
    meaning: '金水相生，主官贵、升迁',
    source: '通行解说（河图一六共宗）'
  },
  { stars: [6, 8], name: '六八同宫', luck: '吉', meaning: '武曲配左辅，主富贵、财禄', source: '通行解说' },
  { stars: [8, 9], name: '八九同宫', luck: '吉', meaning: '左辅右弼相会，主喜庆、婚嫁添丁', source: '通行解说' },
  {
    stars: [2, 5],
    name: '二五交加',
    luck: '凶',
    meaning: '病符五黄相叠，主疾病、损主',
    source: '《紫白诀》“二五交加而损主，亦且重病”'
  },
  {
    stars: [5, 9],
    name: '紫黄毒药',
    luck: '凶',
    meaning: '九紫五黄相会，主毒药、中毒与病灾',
    source: '《飞星赋》“紫黄毒药，邻宫兑口休尝”'
  },
  { stars: [5, 5], name: '五黄重叠', luck: '凶', meaning: '廉贞叠临，灾病最重', source: '通行解说' },
  { stars: [2, 3], name: '斗牛煞', luck: '凶', meaning: '木克土，主口舌是非、官讼', source: '通行解说（斗牛煞）' },
  {
    stars: [3, 7],
    name: '穿心煞',
    luck: '凶',
    meaning: '主劫盗、官灾',
    source: '《紫白诀》“三七叠至，被劫盗更见官灾”'
  },
  {
    stars: [6, 7],
    name: '交剑煞',
    luck: '凶',
    meaning: '二金相斗，主争斗、劫掠',
    source: '《紫白诀》“交剑煞兴多劫掠”'
  },
  { stars: [7, 9], name: '九七合辙', luck: '凶', meaning: '主火灾', source: '《紫白诀》“九七合辙，常招回禄之灾”' },
  {
    stars: [2, 7],
    name: '二七同道',
    luck: '凶',
    meaning: '先天火数，主火灾、血光',
    source: '通行解说（河图二七同道为火）'
  }
]

const BY_PAIR = new Map<string, StarPairReading[]>()
for (const r of STAR_PAIRS) {
  const key = [...r.stars].sort().join('')
  BY_PAIR.set(key, [...(BY_PAIR.get(key) ?? []), r])
}

/** The readings of a 山星/向星 pair, empty when the table has none. */
export function readStarPair(a: number, b: number): StarPairReading[] {
  return BY_PAIR.get([a, b].sort().join('')) ?? []
}
