/**
 * 格局 after 《子平真诠》 (清·沈孝瞻; chapter names as in 徐乐吾《子平真诠评注》): the 格 is taken
 * from the month branch (「论用神」: 八字用神，专求月令), and judged 成 / 败 / 救应 by the book's own
 * lists in 「论用神成败救应」.
 */
import { childOf, controlledBy, controllerOf, ganWuXing, generatorOf, isYangGan, type WuXing } from './ganzhi'
import { type CangGanKind, hiddenStems } from './hidden-stems'
import { changShengOf } from './life-stages'
import type { PillarGanZhi } from './pillars'
import { GAN_HE, ZHI_CHONG } from './relation-tables'
import { type ShiShen, shiShenOf } from './ten-gods'

/** The five kinds of 十神 seen from the day master. */
export type Role = '比劫' | '印' | '食伤' | '财' | '官杀'
export const ROLE_OF: Record<ShiShen, Role> = {
  比肩: '比劫',
  劫财: '比劫',
  正印: '印',
  偏印: '印',
  食神: '食伤',
  伤官: '食伤',
  正财: '财',
  偏财: '财',
  正官: '官杀',
  七杀: '官杀'
}
/** The element a role stands for, for a day master of element `me`. */
export const roleElement = (me: WuXing, role: Role): WuXing =>
  ({ 比劫: me, 印: generatorOf(me), 食伤: childOf(me), 财: controlledBy(me), 官杀: controllerOf(me) })[role]

export type GeJuState = '成格' | '败格' | '败而有救'

export interface GeJu {
  /** e.g. 正官格, 建禄格, 阳刃格, 月劫格; 外格: 从财格, 曲直格, 化土格 … */
  name: string
  kind: '正格' | '外格'
  /** how the 格 was taken, in words */
  basis: string
  state: GeJuState
  /** 成格 / 败格 / 救应 notes, each naming its rule in the book */
  notes: string[]
  /** the role whose god rescues a broken 格 (the 药 of 病药), when one does */
  rescuer?: Role
  /** the other school's reading where the books differ */
  alternative?: string
  source: string
}

const ZPZQ = '《子平真诠》'
const SHI_SHEN_GE: Partial<Record<ShiShen, string>> = {
  正官: '正官格',
  七杀: '七杀格',
  正财: '正财格',
  偏财: '偏财格',
  正印: '正印格',
  偏印: '偏印格',
  食神: '食神格',
  伤官: '伤官格'
}
const CHAPTER: Record<string, string> = {
  正官格: '论正官',
  七杀格: '论偏官',
  正财格: '论财',
  偏财格: '论财',
  正印格: '论印绶',
  偏印格: '论印绶',
  食神格: '论食神',
  伤官格: '论伤官',
  阳刃格: '论阳刃',
  建禄格: '论建禄月劫',
  月劫格: '论建禄月劫'
}
const KU = '辰戌丑未'
const KIND_NAME: Record<CangGanKind, string> = { 本气: '本气', 中气: '中气', 余气: '余气' }
const SLOT = ['年干', '月干', '时干'] as const

export interface ChartStems {
  year: string
  month: string
  hour: string
}
export const otherStems = (p: PillarGanZhi): ChartStems => ({ year: p.year[0], month: p.month[0], hour: p.hour[0] })
const stemList = (s: ChartStems): string[] => [s.year, s.month, s.hour]

/** Where a stem shows among the year, month and hour stems (透干), e.g. '时干'. */
const revealedAt = (s: ChartStems, gan: string): string | undefined => SLOT[stemList(s).indexOf(gan)]

interface MonthGod {
  shiShen: ShiShen | null
  name: string
  basis: string
  alternative?: string
}

/**
 * The 格 of the month branch:
 * - the day master at its 临官 in the month is 建禄格, at its 帝旺 阳刃格 (yang stems) or 月劫格
 *   (yin stems) — 「论建禄月劫」「论阳刃」;
 * - 四库 (辰戌丑未, 杂气): the first revealed of 本气, 中气, 余气 (比劫 skipped), else 本气 —
 *   「论杂气如何取用」;
 * - 四孟 / 四仲: the 本气, revealed or not. 「论用神变化」 lets a revealed 中气 take over when the 本气
 *   is hidden (寅月透丙 …); the book's own examples of 四孟 months (薛相公 申月透壬仍作官格, 范太傅
 *   寅月透丙仍作官格) keep the 本气, and so do we, naming the other reading as the alternative.
 */
const monthGod = (p: PillarGanZhi): MonthGod => {
  const dayGan = p.day[0]
  const zhi = p.month[1]
  const stems = otherStems(p)
  const stage = changShengOf(dayGan, zhi)
  const yang = isYangGan(dayGan)
  if (stage === '临官') return { shiShen: null, name: '建禄格', basis: `日主${dayGan}临官于月令${zhi}（建禄）` }
  if (stage === '帝旺') {
    return yang
      ? { shiShen: null, name: '阳刃格', basis: `阳干${dayGan}帝旺于月令${zhi}（月刃）` }
      : { shiShen: null, name: '月劫格', basis: `阴干${dayGan}帝旺于月令${zhi}，月令劫财（月劫）` }
  }
  const hidden = hiddenStems(zhi).map(([gan, kind]) => ({ gan, kind, shiShen: shiShenOf(dayGan, gan) }))
  const main = hidden[0]
  const named = (h: (typeof hidden)[number], how: string): MonthGod =>
    ROLE_OF[h.shiShen] === '比劫'
      ? { shiShen: null, name: '月劫格', basis: `${how}，为日主比劫（月劫）` }
      : { shiShen: h.shiShen, name: SHI_SHEN_GE[h.shiShen]!, basis: `${how}，为${h.shiShen}` }
  if (KU.includes(zhi)) {
    const shown = hidden.find((h) => ROLE_OF[h.shiShen] !== '比劫' && revealedAt(stems, h.gan))
    if (shown)
      return named(shown, `月令${zhi}为杂气，藏${KIND_NAME[shown.kind]}${shown.gan}透于${revealedAt(stems, shown.gan)}`)
    return named(main, `月令${zhi}为杂气，藏干不透，取本气${main.gan}`)
  }
  const where = revealedAt(stems, main.gan)
  const got = named(main, `月令${zhi}本气${main.gan}${where ? '透于' + where : '（不透）'}`)
  if (!where) {
    const other = hidden.slice(1).find((h) => ROLE_OF[h.shiShen] !== '比劫' && revealedAt(stems, h.gan))
    if (other)
      got.alternative = `${ZPZQ}「论用神变化」：本气不透而${KIND_NAME[other.kind]}${other.gan}透出，亦可作${SHI_SHEN_GE[other.shiShen]}论`
  }
  return got
}

/** What the chart's three other stems reveal, by 十神. */
const revealedGods = (p: PillarGanZhi): ShiShen[] => stemList(otherStems(p)).map((g) => shiShenOf(p.day[0], g))

/** Whether a revealed stem of this 十神 is tied up by a 天干五合 with another of the chart's stems. */
const isCombined = (p: PillarGanZhi, ...gods: ShiShen[]): boolean => {
  const all = [p.year[0], p.month[0], p.day[0], p.hour[0]]
  const targets = stemList(otherStems(p)).filter((g) => gods.includes(shiShenOf(p.day[0], g)))
  return targets.some((t) =>
    GAN_HE.some((r) => r.chars.includes(t) && all.some((o) => o !== t && r.chars.includes(o) && o !== p.day[0]))
  )
}

/**
 * 财 and 印 both revealed, and each of them in a 合 with a neighbouring 财 or 印 stem (year–month or month–hour are not
 * neighbours of each other's partners otherwise).
 */
const caiYinTied = (p: PillarGanZhi): boolean => {
  const row = [p.year[0], p.month[0], p.day[0], p.hour[0]]
  const roleAt = (i: number): Role | null => (i === 2 ? null : ROLE_OF[shiShenOf(p.day[0], row[i])])
  const picked = [0, 1, 3].filter((i) => roleAt(i) === '财' || roleAt(i) === '印')
  if (!picked.some((i) => roleAt(i) === '财') || !picked.some((i) => roleAt(i) === '印')) return false
  const tied = (i: number): boolean =>
    [i - 1, i + 1].some(
      (j) =>
        j >= 0 &&
        j < 4 &&
        roleAt(j) !== null &&
        roleAt(j) !== roleAt(i) &&
        (roleAt(j) === '财' || roleAt(j) === '印') &&
        GAN_HE.some((r) => r.chars.includes(row[i]) && r.chars.includes(row[j]))
    )
  return picked.every(tied)
}

/** 月令 clashed by its neighbours (year or day branch); the hour branch is too far to break it. */
const monthClashed = (p: PillarGanZhi): boolean =>
  [p.year[1], p.day[1]].some((z) =>
    ZHI_CHONG.some((r) => r.chars.includes(z) && r.chars.includes(p.month[1]) && z !== p.month[1])
  )

/** A 救应 and the role that rescues (null when a 合 removes the enemy and no god is needed). */
type Rescue = [text: string, by: Role | null]
interface Judged {
  bai: string[]
  jiu: Rescue[]
  cheng: string[]
}
const r = (text: string, by: Role | null): Rescue => [text, by]
type Facts = {
  has: (...g: ShiShen[]) => boolean
  combined: (...g: ShiShen[]) => boolean
  strong: boolean
  metalDay: boolean
  /** 春木 (木 born 寅卯) or 秋金 (金 born 申酉): 「论建禄月劫」 lets these use 伤食 without 财官 */
  springWoodAutumnMetal: boolean
  clashed: boolean
  yinHeavy: boolean
  /** every revealed 财 and 印 stem tied to the other by an adjacent 合 (「论正官」: 财印二者相合) */
  caiYinTied: boolean
  /** 身印并重 (「论印绶」): both the day master's element and the 印 at BODY_YIN_HEAVY or more */
  bodyAndYinHeavy: boolean
}
/** House convention for 「论印绶」's 身印并重: each at 30% of the weighted chart or more. */
const BODY_YIN_HEAVY = 0.3

/** 「论印绶」: 印而透煞, taken when 身印 are not both heavy (身印有所不足) */
const yongSha = (f: Facts): boolean => f.has('七杀') && !f.bodyAndYinHeavy

/**
 * 「论用神成败救应」, rule by rule: 成 when the 格 finds its helper, 败 when its enemy shows,
 * 救应 when something else removes the enemy. Only what the stems reveal is judged (透干).
 */
const JUDGE: Record<string, (f: Facts) => Judged> = {
  正官格: (f) => ({
    cheng: f.caiYinTied
      ? ['财印二者相合，仍以孤官无辅论（论正官）']
      : f.has('正财', '偏财', '正印', '偏印')
        ? ['官逢财印，官格成也']
        : ['官星无财印辅之，以孤官无辅论'],
    bai: [
      ...(f.has('伤官') ? ['官逢伤克，官格败也'] : []),
      ...(f.has('七杀') ? ['官煞混杂，官格败也'] : []),
      ...(f.clashed ? ['官逢刑冲，官格败也'] : [])
    ],
    jiu: [
      ...(f.has('伤官') && f.has('正印', '偏印') ? [r('官逢伤而透印以解之', '印')] : []),
      ...(f.has('七杀') && f.combined('七杀') ? [r('杂煞而合煞以清之', null)] : [])
    ]
  }),
  财格: (f) => ({
    cheng: [
      ...(f.has('正官') ? ['财旺生官，财格成也'] : []),
      ...(f.has('食神', '伤官') && f.strong ? ['财逢食生而身强，财格成也'] : []),
      ...(f.has('正印', '偏印') ? ['财格透印而位置妥帖，财格成也'] : [])
    ],
    bai: [
      ...(f.has('比肩', '劫财') && f.strong ? ['财轻比重，财格败也'] : []),
      ...(f.has('七杀') ? ['财透七煞，财格败也'] : [])
    ],
    jiu: [
      ...(f.has('比肩', '劫财') && f.has('食神', '伤官') ? [r('财逢劫而透食以化之', '食伤')] : []),
      ...(f.has('比肩', '劫财') && f.has('正官') ? [r('财逢劫而生官以制之', '官杀')] : []),
      ...(f.has('七杀') && f.has('食神') ? [r('财逢煞而食神制煞以生财', '食伤')] : []),
      ...(f.has('七杀') && f.combined('七杀') ? [r('存财而合煞', null)] : [])
    ]
  }),
  印格: (f) => ({
    cheng: [
      ...(yongSha(f) ? ['印绶用煞，身印有所不足，始为有情（论印绶）'] : []),
      ...(f.has('正官') ? ['官印双全，印格成也'] : []),
      // 身印两旺 and 身印有所不足 cannot both be said of one chart: where the 印 takes the 煞, the 食伤
      // would 制 that 煞 rather than 泄 a 两旺 body
      ...(f.has('食神', '伤官') && f.strong && !yongSha(f) ? ['身印两旺而用食伤泄气，印格成也'] : []),
      ...(f.has('正财', '偏财') && f.yinHeavy ? ['印多逢财而财透，印格成也'] : [])
    ],
    bai: [
      ...(f.has('正财', '偏财') && !f.yinHeavy ? ['印轻逢财，印格败也'] : []),
      ...(f.has('七杀') && f.bodyAndYinHeavy ? ['身强印重而透煞，印格败也'] : [])
    ],
    jiu: [
      ...(f.has('七杀') && f.bodyAndYinHeavy && f.combined('七杀') ? [r('印透七煞而合煞以存印', null)] : []),
      ...(f.has('正财', '偏财') && !f.yinHeavy && f.has('比肩', '劫财') ? [r('印逢财而劫财以解之', '比劫')] : []),
      ...(f.has('正财', '偏财') && f.combined('正财') ? [r('合财而存印', null)] : [])
    ]
  }),
  食神格: (f) => ({
    cheng: [
      ...(f.has('正财', '偏财') ? ['食神生财，食格成也'] : []),
      ...(f.has('七杀') && !f.has('正财', '偏财') ? ['食带煞而无财，食格成也'] : [])
    ],
    bai: [
      ...(f.has('偏印') ? ['食神逢枭，食格败也'] : []),
      ...(f.has('正财', '偏财') && f.has('七杀') ? ['生财露煞，食格败也'] : [])
    ],
    jiu: [
      ...(f.has('偏印') && f.has('正财', '偏财') ? [r('食逢枭而生财以护食', '财')] : []),
      ...(f.has('偏印') && f.has('七杀') ? [r('食逢枭而就煞成格', '官杀')] : [])
    ]
  }),
  七杀格: (f) => ({
    cheng: [
      ...(f.has('正财', '偏财') && !f.has('食神', '伤官') && f.strong ? ['身重煞轻，借财以清格（论偏官）'] : []),
      ...(f.has('食神', '伤官') ? ['七煞逢制，煞格成也'] : []),
      ...(f.has('正印', '偏印') ? ['煞印相生，煞格成也'] : [])
    ],
    bai: [
      ...(f.has('正财', '偏财') && !f.has('食神', '伤官') && !f.strong ? ['七煞逢财无制，煞格败也'] : []),
      ...(f.has('正官') && !f.combined('正官') ? ['官煞混杂，煞格不清'] : [])
    ],
    jiu:
      f.has('正财', '偏财') && f.has('正印', '偏印') && !f.has('食神', '伤官') && !f.strong
        ? [r('煞逢财而印化煞护身', '印')]
        : []
  }),
  伤官格: (f) => ({
    cheng: [
      ...(f.has('正财', '偏财') ? ['伤官生财，伤格成也'] : []),
      ...(f.has('正印', '偏印') ? ['伤官佩印，伤格成也'] : []),
      ...(f.has('七杀') && !f.has('正财', '偏财') ? ['伤官带煞而无财，伤格成也'] : [])
    ],
    bai: [
      ...(f.has('正官') && !f.metalDay ? ['非金水而见官，伤格败也'] : []),
      ...(f.has('正财', '偏财') && f.has('七杀') ? ['生财而带煞，伤格败也'] : [])
    ],
    jiu: [
      ...(f.has('正官') && !f.metalDay && f.has('正印', '偏印') ? [r('伤官见官而佩印以解之', '印')] : []),
      ...(f.has('正官') && f.combined('正官') ? [r('伤官见官而官逢合', null)] : []),
      ...(f.has('正财', '偏财') && f.has('七杀') && f.combined('七杀') ? [r('伤官生财透煞而煞逢合', null)] : [])
    ]
  }),
  阳刃格: (f) => ({
    cheng: f.has('正官', '七杀') ? ['阳刃透官煞，刃格成也'] : [],
    bai: f.has('正官', '七杀') ? [] : ['阳刃无官煞，刃格败也'],
    jiu: []
  }),
  禄劫格: (f) => ({
    cheng: [
      ...(f.has('正官') && f.has('正财', '偏财', '正印', '偏印') ? ['透官而逢财印，建禄月劫之格成也'] : []),
      ...(f.has('正财', '偏财') && f.has('食神', '伤官') ? ['透财而逢食伤，建禄月劫之格成也'] : []),
      ...(f.has('七杀') && f.has('食神', '伤官') ? ['透煞而遇制伏，建禄月劫之格成也'] : []),
      ...(!f.has('正官', '七杀', '正财', '偏财') && f.has('食神', '伤官') && f.springWoodAutumnMetal
        ? ['无财官而用伤食，泄其太过，春木秋金用之则贵（论建禄月劫）']
        : [])
    ],
    bai:
      f.has('正官', '七杀', '正财', '偏财') || (f.has('食神', '伤官') && f.springWoodAutumnMetal)
        ? []
        : ['无财官，建禄月劫之格败也'],
    jiu: []
  })
}
const judgeKey = (name: string): string =>
  name === '正财格' || name === '偏财格'
    ? '财格'
    : name === '正印格' || name === '偏印格'
      ? '印格'
      : name === '建禄格' || name === '月劫格'
        ? '禄劫格'
        : name

/** 正格 by the month branch with its 成败救应. `strong` is the house verdict (see strength.ts). */
export const zhengGe = (p: PillarGanZhi, strong: boolean, scores: Record<WuXing, number>): GeJu => {
  const me = ganWuXing(p.day[0])
  const sum = Object.values(scores).reduce((a, b) => a + b, 0)
  const yin = generatorOf(me)
  const god = monthGod(p)
  const gods = revealedGods(p)
  const facts: Facts = {
    has: (...g) => g.some((x) => gods.includes(x)),
    combined: (...g) => isCombined(p, ...g),
    strong,
    metalDay: me === '金',
    springWoodAutumnMetal: (me === '木' && '寅卯'.includes(p.month[1])) || (me === '金' && '申酉'.includes(p.month[1])),
    clashed: monthClashed(p),
    yinHeavy: scores[yin] > scores[me],
    caiYinTied: caiYinTied(p),
    bodyAndYinHeavy: scores[me] / sum >= BODY_YIN_HEAVY && scores[yin] / sum >= BODY_YIN_HEAVY
  }
  const { cheng, bai, jiu } = JUDGE[judgeKey(god.name)](facts)
  const state: GeJuState = bai.length === 0 ? '成格' : jiu.length ? '败而有救' : '败格'
  const notes = [...(state === '成格' ? cheng : []), ...bai, ...jiu.map(([j]) => `救应：${j}`)]
  const rescuer = state === '败而有救' ? (jiu.find(([, by]) => by)?.[1] ?? undefined) : undefined
  return {
    name: god.name,
    kind: '正格',
    basis: god.basis,
    state,
    notes: notes.length ? notes : ['财官印食诸神不透，格局平常'],
    ...(rescuer ? { rescuer } : {}),
    ...(god.alternative ? { alternative: god.alternative } : {}),
    source: `${ZPZQ}「论用神」「${CHAPTER[god.name]}」「论用神成败救应」`
  }
}
