import {
  GAN_PAIR_RULES,
  type RelationRule,
  type RelationType,
  ZHI_PAIR_RULES,
  ZHI_TRIPLE_RULES
} from './relation-tables'

export type PillarKey = 'year' | 'month' | 'day' | 'hour' | 'daYun' | 'liuNian' | 'liuYue' | 'liuRi'
export const PILLAR_NAMES: Record<PillarKey, string> = {
  year: '年',
  month: '月',
  day: '日',
  hour: '时',
  daYun: '大运',
  liuNian: '流年',
  liuYue: '流月',
  liuRi: '流日'
}

export interface Relation {
  type: RelationType
  /** which pillars take part, e.g. ['year', 'day'] */
  pillars: PillarKey[]
  chars: string
  result?: string
  /** e.g. '年支午 日支辰 …' for display */
  text: string
}

type Slot = { key: PillarKey; char: string }

const sortedChars = (s: string): string => [...s].sort().join('')

/**
 * Each rule table indexed by its characters in sorted order, so a group of pillars finds its rules in one
 * look-up instead of comparing against every rule (the paid report asks this some 140 times a chart).
 */
const indexes = new WeakMap<RelationRule[], Map<string, RelationRule[]>>()
const indexOf = (rules: RelationRule[]): Map<string, RelationRule[]> => {
  let index = indexes.get(rules)
  if (!index) {
    index = new Map()
    for (const r of rules) {
      const key = sortedChars(r.chars)
      index.set(key, [...(index.get(key) ?? []), r])
    }
    indexes.set(rules, index)
  }
  return index
}

const describe = (rule: RelationRule, slots: Slot[], part: '干' | '支'): Relation => ({
  type: rule.type,
  pillars: slots.map((s) => s.key),
  chars: slots.map((s) => s.char).join(''),
  ...(rule.result ? { result: rule.result } : {}),
  text:
    `${slots.map((s) => PILLAR_NAMES[s.key] + part + s.char).join('、')} ` +
    `${rule.type.replace(/^(天干|地支)/, '')}${rule.result ? '（' + rule.result + '）' : ''}`
})

const pairs = <T>(list: T[]): [T, T][] => list.flatMap((a, i) => list.slice(i + 1).map((b) => [a, b] as [T, T]))
const triples = <T>(list: T[]): [T, T, T][] =>
  list.flatMap((a, i) => pairs(list.slice(i + 1)).map(([b, c]) => [a, b, c] as [T, T, T]))

const matchRules = (
  groups: Slot[][],
  rules: RelationRule[],
  part: '干' | '支',
  mustInclude?: PillarKey[]
): Relation[] => {
  const index = indexOf(rules)
  return groups
    .filter((g) => !mustInclude || g.some((s) => mustInclude.includes(s.key)))
    .flatMap((g) => (index.get(sortedChars(g.map((s) => s.char).join(''))) ?? []).map((r) => describe(r, g, part)))
}

/**
 * All 刑冲合会 among the given pillars' stems and branches. With `focus`, only those involving
 * at least one of the focus pillars (a 大运 or 流年 against the natal chart).
 */
export const findRelations = (pillars: Partial<Record<PillarKey, string>>, focus?: PillarKey[]): Relation[] => {
  const entries = Object.entries(pillars).filter(([, gz]) => !!gz) as [PillarKey, string][]
  const stems = entries.map(([key, gz]) => ({ key, char: gz[0] }))
  const branches = entries.map(([key, gz]) => ({ key, char: gz[1] }))
  return [
    ...matchRules(pairs(stems), GAN_PAIR_RULES, '干', focus),
    ...matchRules(triples(branches), ZHI_TRIPLE_RULES, '支', focus),
    ...matchRules(pairs(branches), ZHI_PAIR_RULES, '支', focus)
  ]
}
