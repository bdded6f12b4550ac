/**
 * 八字合婚: two charts read against each other — 年命 (the year branches), 日柱 (the 夫妻宫), 五行互补,
 * 用神互补 and the 神煞 of marriage (孤辰寡宿, 桃花). Every rule is a table below with its source;
 * where the books give no weight, the weights are the house convention and say so.
 */
import type { BaziChart } from './chart'
import { WU_XING, type WuXing } from './ganzhi'
import {
  GAN_CHONG,
  GAN_HE,
  type RelationRule,
  ZHI_CHONG,
  ZHI_HAI,
  ZHI_LIU_HE,
  ZHI_PO,
  ZHI_SAN_HE,
  ZHI_XIANG_XING
} from './relation-tables'

export type HeHunVerdict = '吉' | '平' | '忌'

export interface HeHunFactor {
  key: 'nianMing' | 'riZhu' | 'wuXing' | 'yongShen' | 'shenSha'
  title: string
  /** house weight, -2 … +2 */
  score: number
  verdict: HeHunVerdict
  /** what was found, in words */
  detail: string
  source: string
}

export interface HeHunResult {
  /** 0 … 100: 60 plus the factors' weights (house convention) */
  score: number
  level: string
  factors: HeHunFactor[]
  /** the reasoned conclusion: what helps, what to mind */
  summary: string
}

/** A pair of branches (or stems) between the two charts, scored. Weights: house convention. */
interface PairRule {
  test: (a: string, b: string) => boolean
  name: string
  score: number
}

const pair = (rules: RelationRule[]) => (a: string, b: string) =>
  rules.some((r) => r.chars === a + b || r.chars === b + a)
const sameSanHe = (a: string, b: string) =>
  a !== b && ZHI_SAN_HE.some((r) => r.chars.includes(a) && r.chars.includes(b))

/**
 * 年命 and 日支: 合 brings two lives together, 冲 pulls them apart (《三命通会》卷二「论支元六合」「论地支三合」「论冲击」「论六害」「论三刑」, 《渊海子平》「论地支六破」).
 */
const BRANCH_RULES: readonly PairRule[] = [
  { test: pair(ZHI_LIU_HE), name: '六合', score: 2 },
  { test: sameSanHe, name: '三合', score: 2 },
  { test: pair(ZHI_CHONG), name: '六冲', score: -2 },
  { test: pair(ZHI_HAI), name: '六害', score: -1 },
  { test: pair(ZHI_XIANG_XING), name: '相刑', score: -1 },
  { test: pair(ZHI_PO), name: '相破', score: -1 }
]

/** 日干: 五合 is 情合 (夫妻有情), 相冲 discord (《三命通会》卷二「论天干合」「论冲击」). */
const STEM_RULES: readonly PairRule[] = [
  { test: pair(GAN_HE), name: '五合', score: 2 },
  { test: pair(GAN_CHONG), name: '相冲', score: -1 }
]

const ZODIAC: Record<string, string> = {
  子: '鼠',
  丑: '牛',
  寅: '虎',
  卯: '兔',
  辰: '龙',
  巳: '蛇',
  午: '马',
  未: '羊',
  申: '猴',
  酉: '鸡',
  戌: '狗',
  亥: '猪'
}

const matches = (rules: readonly PairRule[], a: string, b: string) => rules.filter((r) => r.test(a, b))
const verdictOf = (score: number): HeHunVerdict => (score > 0 ? '吉' : score < 0 ? '忌' : '平')
const clamp = (n: number) => Math.max(-2, Math.min(2, n))
const factor = (key: HeHunFactor['key'], title: string, score: number, detail: string, source: string): HeHunFactor => {
  const s = clamp(score)
  return { key, title, score: s, verdict: verdictOf(s), detail, source }
}
const who = (c: BaziChart) => (c.gender === 'male' ? '男方' : '女方')

function nianMing(a: BaziChart, b: BaziChart): HeHunFactor {
  const [x, y] = [a.pillars.year.zhi, b.pillars.year.zhi]
  const found = matches(BRANCH_RULES, x, y)
  const score = found.reduce((s, r) => s + r.score, 0)
  const pairText = `${x}${ZODIAC[x]}与${y}${ZODIAC[y]}`
  return factor(
    'nianMing',
    '年命（生肖）',
    score,
    found.length
      ? `${pairText}${found.map((r) => r.name).join('又')}。`
      : x === y
        ? `${pairText}同支，无合无冲。`
        : `${pairText}无合无冲。`,
    '《三命通会》卷二「论支元六合」「论地支三合」「论冲击」「论六害」；《渊海子平》「论地支六破」'
  )
}

function riZhu(a: BaziChart, b: BaziChart): HeHunFactor {
  const [ga, gb] = [a.pillars.day.gan, b.pillars.day.gan]
  const [za, zb] = [a.pillars.day.zhi, b.pillars.day.zhi]
  const stems = matches(STEM_RULES, ga, gb)
  const branches = matches(BRANCH_RULES, za, zb)
  const score = [...stems, ...branches].reduce((s, r) => s + r.score, 0)
  const parts = [
    stems.length ? `日干${ga}${gb}${stems.map((r) => r.name).join('')}` : `日干${ga}${gb}无合冲`,
    branches.length
      ? `日支（夫妻宫）${za}${zb}${branches.map((r) => r.name).join('又')}`
      : `日支（夫妻宫）${za}${zb}无合冲`
  ]
  return factor(
    'riZhu',
    '日柱（夫妻宫）',
    score,
    `${parts.join('；')}。日支为夫妻宫，两宫相合则同心，相冲则多争执。`,
    '《三命通会》卷二「论天干合」「论支元六合」「论冲击」；日支为夫妻宫（子平通例）'
  )
}

/** Share of an element set in a chart's weighted 五行. */
const shareOf = (c: BaziChart, elements: WuXing[]) => {
  const total = WU_XING.reduce((s, x) => s + c.wuXing.scores[x], 0) || 1
  return elements.reduce((s, x) => s + c.wuXing.scores[x], 0) / total
}
const favoured = (c: BaziChart): WuXing[] => [...new Set([c.yongShen.yong, ...c.yongShen.xi])]

/**
 * House convention: the other chart "supplies" my 喜用 when they hold at least this share of it (an even share of two
 * elements of five is 40%).
 */
const SUPPLY_SHARE = 0.4

function wuXing(a: BaziChart, b: BaziChart, na: string, nb: string): HeHunFactor {
  const give = (from: BaziChart, to: BaziChart) => shareOf(from, favoured(to))
  const [ab, ba] = [give(b, a), give(a, b)]
  const filled = (x: BaziChart, y: BaziChart) => x.wuXing.missing.filter((e) => y.wuXing.counts[e] > 0)
  const [fa, fb] = [filled(a, b), filled(b, a)]
  let score =
    (ab >= SUPPLY_SHARE ? 1 : ab < SUPPLY_SHARE / 2 ? -1 : 0) +
    (ba >= SUPPLY_SHARE ? 1 : ba < SUPPLY_SHARE / 2 ? -1 : 0)
  if (fa.length || fb.length) score += 1
  const pct = (n: number) => `${Math.round(n * 100)}%`
  const notes = [
    `${nb}命中${favoured(a).join('')}（${na}之喜用）占${pct(ab)}`,
    `${na}命中${favoured(b).join('')}（${nb}之喜用）占${pct(ba)}`
  ]
  if (fa.length) notes.push(`${na}命缺${fa.join('')}，${nb}命中有之`)
  if (fb.length) notes.push(`${nb}命缺${fb.join('')}，${na}命中有之`)
  return factor(
    'wuXing',
    '五行互补',
    score,
    `${notes.join('；')}。一方所旺正是另一方所需，则相辅相成（${pct(SUPPLY_SHARE)}以上为补足，系本站约定）。`,
    '《滴天髓》「夫妻」：「夫妻因缘宿世来，喜神有意傍天财」；权重为本站约定'
  )
}

function yongShen(a: BaziChart, b: BaziChart, na: string, nb: string): HeHunFactor {
  const [ya, yb] = [a.yongShen, b.yongShen]
  const notes: string[] = []
  let score = 0
  if (ya.yong === yb.yong) {
    score += 1
    notes.push(`两人用神同为${ya.yong}，喜好相近`)
  }
  const clashA = yb.ji.includes(ya.yong)
  const clashB = ya.ji.includes(yb.yong)
  if (clashA && clashB) {
    score -= 2
    notes.push(`${na}用${ya.yong}而${nb}忌之，${nb}用${yb.yong}而${na}忌之，喜忌相悖`)
  } else if (clashA || clashB) {
    score -= 1
    notes.push(clashA ? `${na}用${ya.yong}，正为${nb}所忌` : `${nb}用${yb.yong}，正为${na}所忌`)
  }
  const strongest = (c: BaziChart) =>
    WU_XING.reduce((m, x) => (c.wuXing.scores[x] > c.wuXing.scores[m] ? x : m), WU_XING[0])
  if (strongest(b) === ya.yong) {
    score += 1
    notes.push(`${nb}命中最旺之${ya.yong}正是${na}用神`)
  }
  if (strongest(a) === yb.yong) {
    score += 1
    notes.push(`${na}命中最旺之${yb.yong}正是${nb}用神`)
  }
  if (!notes.length) notes.push(`${na}用${ya.yong}，${nb}用${yb.yong}，彼此不相妨碍`)
  return factor(
    'yongShen',
    '用神互补',
    score,
    `${notes.join('；')}。`,
    '用神取法见《子平真诠》「论用神」；合婚以彼之旺补我之用为民间通例，权重为本站约定'
  )
}

/** 孤辰 for men, 寡宿 for women (《三命通会》卷三「论孤辰寡宿」: 男忌孤辰，女忌寡宿); 桃花 (咸池) drawing the other's year or day branch. */
function shenSha(a: BaziChart, b: BaziChart, na: string, nb: string): HeHunFactor {
  const has = (c: BaziChart, name: string) =>
    (['year', 'month', 'day', 'hour'] as const).filter((k) => c.pillars[k].shenSha.includes(name))
  const notes: string[] = []
  let score = 0
  for (const [c, n] of [
    [a, na],
    [b, nb]
  ] as const) {
    const feared = c.gender === 'female' ? '寡宿' : '孤辰'
    const at = has(c, feared)
    if (at.length) {
      score -= 1
      notes.push(`${n}命带${feared}（${at.map((k) => PILLAR_NAMES[k]).join('、')}），婚后宜多陪伴、少冷战`)
    }
  }
  // 桃花 by the year or day branch: the other's year or day branch falls on it — 彼此相引
  const peach = (c: BaziChart) => PEACH[c.pillars.year.zhi] + PEACH[c.pillars.day.zhi]
  const drawn = (x: BaziChart, y: BaziChart) =>
    [y.pillars.year.zhi, y.pillars.day.zhi].some((z) => peach(x).includes(z))
  if (drawn(a, b) || drawn(b, a)) {
    score += 1
    notes.push('一方之桃花（咸池）落在另一方年支或日支，彼此有吸引')
  }
  const both = has(a, '桃花').length > 0 && has(b, '桃花').length > 0
  if (both) notes.push('两人命中皆带桃花，人缘都好，宜彼此坦诚')
  if (!notes.length) notes.push('两命无孤辰寡宿之忌，桃花不相牵')
  return factor(
    'shenSha',
    '神煞（孤辰寡宿 · 桃花）',
    score,
    `${notes.join('；')}。`,
    '《三命通会》卷三「论孤辰寡宿」「论咸池」'
  )
}

const PILLAR_NAMES = { year: '年柱', month: '月柱', day: '日柱', hour: '时柱' } as const
/** 咸池: 申子辰在酉，寅午戌在卯，巳酉丑在午，亥卯未在子 (《三命通会》卷三「论咸池」) */
const PEACH: Record<string, string> = {
  申: '酉',
  子: '酉',
  辰: '酉',
  寅: '卯',
  午: '卯',
  戌: '卯',
  巳: '午',
  酉: '午',
  丑: '午',
  亥: '子',
  卯: '子',
  未: '子'
}

/** Levels by score (house convention). */
const LEVELS: ReadonlyArray<readonly [number, string]> = [
  [80, '上等婚配'],
  [68, '中上婚配'],
  [55, '中等婚配'],
  [0, '需多包容']
]

/** The 合婚 of two charts (`a` and `b` as entered; called 男方/女方 by their genders). */
export function baziHeHun(a: BaziChart, b: BaziChart): HeHunResult {
  // 男方 / 女方 when the genders differ, else 甲方 / 乙方 in the order given
  const [na, nb] = a.gender !== b.gender ? [who(a), who(b)] : ['甲方', '乙方']
  const factors = [nianMing(a, b), riZhu(a, b), wuXing(a, b, na, nb), yongShen(a, b, na, nb), shenSha(a, b, na, nb)]
  const raw = 60 + factors.reduce((s, f) => s + f.score, 0) * 4
  const score = Math.max(0, Math.min(100, raw))
  const level = LEVELS.find(([min]) => score >= min)![1]
  const good = factors.filter((f) => f.score > 0).map((f) => f.title.replace(/（.*）/, ''))
  const bad = factors.filter((f) => f.score < 0).map((f) => f.title.replace(/（.*）/, ''))
  const summary = [
    `综合${factors.length}项，得${score}分，属${level}。`,
    good.length ? `有利在${good.join('、')}。` : '',
    bad.length
      ? `需留意${bad.join('、')}：${factors
          .filter((f) => f.score < 0)
          .map((f) => f.detail.replace(/。$/, ''))
          .join('；')}。`
      : '诸项无明显相冲。',
    '合婚只论先天命理之大势，婚姻美满更在后天的体谅与经营。'
  ].join('')
  return { score, level, factors, summary }
}
