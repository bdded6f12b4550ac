/**
 * How a 灵棋 throw is read, after 刘基's preface to his commentary on 《灵棋经》 (明初; kept in the
 * 《四库全书》 edition and summarised in its 提要): “以三为经，四为纬。三以上为君，中为臣，下为民；
 * 四以一为少阳，二为少阴，三为太阳，四为老阴。少与少为耦，老阴与太阳为敌。得耦而悦，得敌而争……
 * 阳多者道同而助，阴盛者志异而乖。” A group with no piece face up is 镘 (blank).
 */
export type LingqiGroup = 'upper' | 'middle' | 'lower'
export type LingqiXiang = '镘' | '少阳' | '少阴' | '太阳' | '老阴'

/** 三为经: the three groups and whom they stand for */
export const GROUP_ROLES: Record<LingqiGroup, { label: string; role: string }> = {
  upper: { label: '上', role: '君' },
  middle: { label: '中', role: '臣' },
  lower: { label: '下', role: '民' }
}

/** 四为纬: face-up count 0..4 -> 象 */
export const XIANG_BY_COUNT: readonly LingqiXiang[] = ['镘', '少阳', '少阴', '太阳', '老阴']

export const isYang = (count: number) => count === 1 || count === 3
export const isYin = (count: number) => count === 2 || count === 4

export type LingqiPairRelation = '耦' | '敌' | '同道' | '志异' | '阳主阴从' | '阴盛阳微' | '阙'

/** How two neighbouring groups meet: 耦 and 敌 are 刘基's words; the rest follow his 阳助阴乖. */
export const PAIR_TEXT: Record<LingqiPairRelation, string> = {
  耦: '少阳少阴相耦，彼此和悦',
  敌: '太阳老阴相敌，彼此相争',
  同道: '同为阳象，道同相助',
  志异: '同为阴象，志异而乖',
  阳主阴从: '阳强阴弱，阳主而阴从',
  阴盛阳微: '阴盛阳微，阳为阴所困',
  阙: '一方为镘，上下不相接'
}

export function pairRelation(a: number, b: number): LingqiPairRelation {
  if (a === 0 || b === 0) return '阙'
  const pair = [a, b].sort().join('')
  if (pair === '12') return '耦'
  if (pair === '34') return '敌'
  if (isYang(a) && isYang(b)) return '同道'
  if (isYin(a) && isYin(b)) return '志异'
  return pair === '23' ? '阳主阴从' : '阴盛阳微'
}

export type LingqiTendency = '吉' | '平' | '凶'

/** 阳多者道同而助 (吉), 阴盛者志异而乖 (凶); balanced or mostly blank is 平. */
export function tendencyOf(counts: number[]): LingqiTendency {
  const yang = counts.filter(isYang).length
  const yin = counts.filter(isYin).length
  if (yang > yin) return '吉'
  if (yin > yang) return '凶'
  return '平'
}
