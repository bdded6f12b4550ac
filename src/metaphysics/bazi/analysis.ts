/**
 * The one reading decision of a chart: 格局, 调候 and 用神 with its method and reason. Every text
 * the app and the server write (free reading, paid report, AI prompt, daily fortune) takes 喜/忌 from
 * here. The rules, their sources and the house conventions are written up in docs/bazi-analysis.md.
 */
import { childOf, controllerOf, ganWuXing, generatorOf, WU_XING, type WuXing } from './ganzhi'
import { type GeJu, type Role, roleElement, zhengGe } from './ge-ju'
import { hiddenStems } from './hidden-stems'
import type { PillarGanZhi } from './pillars'
import { type DayMasterStrength, dayMasterStrength, type WuXingRecord, wuXingScores } from './strength'
import { shiShenOf } from './ten-gods'
import { lunarMonthName, TIAO_HOU_SOURCE, tiaoHouGods } from './tiao-hou'
import { waiGe } from './wai-ge'

export type YongShenMethod = '格局用神' | '扶抑' | '调候' | '通关' | '病药'

export interface YongShenDecision {
  method: YongShenMethod
  /** the 用神 element */
  yong: WuXing
  /** 喜神: elements that help the 用神 (the 用神 itself not repeated) */
  xi: WuXing[]
  /** 忌神 */
  ji: WuXing[]
  reason: string
}

export interface TiaoHou {
  /** the stems 《穷通宝鉴》 names for this day stem and month, in the book's order */
  gods: string[]
  /** e.g. 四月丁火 */
  title: string
  /** 调候为急: the season's first need is missing from the chart */
  urgent: boolean
  /** how each named stem stands in the decision */
  note: string
  source: string
}

export interface StrengthAnalysis extends DayMasterStrength {
  /** 得令 / 得地 / 得势 and the verdict, each in words, thresholds marked as the house convention */
  basis: string[]
}

export interface BaziAnalysis {
  strength: StrengthAnalysis
  geJu: GeJu
  tiaoHou: TiaoHou
  yongShen: YongShenDecision
}

/** House convention: a 中和 day master counts as strong for 格局用神 from this 同党 share. */
const STRONG_FROM = 0.45
/** House convention: 调候为急 when the season's first need holds less than this share of the chart. */
const TIAO_HOU_ABSENT = 0.06
/** House convention: 通关 when two elements at war each hold at least this share and the bridge is weak. */
const TONG_GUAN_SIDE = 0.3
const TONG_GUAN_BRIDGE_MAX = 0.1

const total = (s: WuXingRecord): number => WU_XING.reduce((t, x) => t + s[x], 0)
const shareOf = (s: WuXingRecord, x: WuXing): number => s[x] / total(s)
const pct = (x: number): string => `${Math.round(x * 100)}%`

export const isStrong = (st: DayMasterStrength): boolean =>
  st.verdict === '旺' || st.verdict === '偏旺' || (st.verdict === '中和' && st.supportRatio >= STRONG_FROM)

const strengthBasis = (p: PillarGanZhi, st: DayMasterStrength): string[] => {
  const main = hiddenStems(p.month[1])[0][0]
  return [
    `${st.deLing ? '得令' : '失令'}：月令${p.month[1]}本气${main}（${ganWuXing(main)}）${st.deLing ? '与日主同类或生扶日主' : '不生不助日主'}。`,
    `${st.deDi ? '得地' : '失地'}：年、日、时支${st.deDi ? '有日主之根或印星本气' : '无日主之根，亦无印星本气'}。`,
    `${st.deShi ? '得势' : '失势'}：其余七字中比劫、印星${st.deShi ? '达' : '不足'}三字（本站约定）。`,
    `同党（比劫、印）在五行加权中占${pct(st.supportRatio)}，判为${st.verdict}。加权与分界为本站约定：天干各计1，地支按本气、中气、余气分计，月令计三倍；≥60%旺、` +
      `≥50%偏旺、≥40%中和、≥30%偏弱，其下为弱。`
  ]
}

const SUMMER = '巳午未'
const WINTER = '亥子丑'

type Plan = [yong: Role, xi: Role[], ji: Role[]]
/**
 * 格局用神 by 格 and strength, after the 取运 chapters of 《子平真诠》 (论正官取运、论财取运、论印绶取运、
 * 论食神取运、论偏官取运、论伤官取运、论阳刃取运、论建禄月劫取运).
 */
const GE_PLAN: Record<string, { strong: Plan; weak: Plan }> = {
  正官格: { strong: ['官杀', ['财'], ['食伤', '比劫']], weak: ['印', ['比劫'], ['财', '食伤']] },
  七杀格: { strong: ['食伤', ['比劫'], ['印', '财']], weak: ['印', ['比劫'], ['财', '官杀']] },
  // 「论偏官」: 又有身重煞轻，煞又化印，用神不清，而借财以清格
  七杀借财: { strong: ['财', ['官杀', '食伤'], ['比劫', '印']], weak: ['印', ['比劫'], ['财', '官杀']] },
  财格: { strong: ['财', ['食伤', '官杀'], ['比劫', '印']], weak: ['比劫', ['印'], ['官杀', '食伤']] },
  // 「论财」: 有财格佩印者，盖孤财不贵，佩印帮身; 取运: 身弱逢之，最喜印旺
  财格佩印: { strong: ['财', ['食伤', '官杀'], ['比劫', '印']], weak: ['印', ['官杀', '比劫'], ['财', '食伤']] },
  印格用财: { strong: ['财', ['食伤'], ['印', '比劫']], weak: ['印', ['官杀', '比劫'], ['财']] },
  印格用食伤: { strong: ['食伤', ['财'], ['印']], weak: ['印', ['官杀', '比劫'], ['财']] },
  // 「论印绶」 马参政: 身重印轻而用七煞 — the 煞 serves by generating the light 印, so the 印 is its 喜 either way
  印格用煞: { strong: ['官杀', ['印'], ['食伤']], weak: ['官杀', ['印'], ['食伤', '财']] },
  // 「论印绶」: 有印而透官者，正官不独取其生印，而即可以为用; 取运: 官露印重，财运反吉
  印格用官: { strong: ['官杀', ['财'], ['食伤']], weak: ['官杀', ['印'], ['食伤', '财']] },
  食神格: { strong: ['食伤', ['财'], ['印']], weak: ['印', ['比劫'], ['财']] },
  伤官格: { strong: ['财', ['食伤'], ['印', '官杀']], weak: ['印', ['比劫'], ['财']] },
  金水伤官: { strong: ['财', ['食伤', '官杀'], ['印']], weak: ['印', ['比劫'], ['财']] },
  // 「论伤官」: 有伤官用官者，他格不用，金水独宜，然要财印为辅; 取运: 伤官用官，运喜财印，不利食伤
  金水伤官用官: { strong: ['官杀', ['财', '印'], ['食伤']], weak: ['官杀', ['财', '印'], ['食伤']] },
  // 「论阳刃」: 刃宜伏制，官煞皆宜; 取运: 煞若太重，则运喜身旺印绶 — the 用 stays the 官煞 either way
  阳刃格: { strong: ['官杀', ['财'], ['食伤', '比劫']], weak: ['官杀', ['印', '比劫'], ['食伤']] }
}
/** 建禄月劫: 「论建禄月劫」 uses what the stems reveal: 官, else 财, else 煞 with 食, else 食伤. */
const LU_JIE_PLAN: Array<[Role, Plan]> = [
  ['官杀', ['官杀', ['财'], ['食伤', '比劫']]],
  ['财', ['财', ['食伤', '官杀'], ['比劫', '印']]],
  ['食伤', ['食伤', ['财'], ['印', '比劫']]]
]

const roleWords = (me: WuXing, roles: Role[]): string => roles.map((r) => `${r}（${roleElement(me, r)}）`).join('、')

/**
 * The decision as every text reads it. 喜 help the 用神, so the element that restrains the 用神 is never
 * among them (身旺用官 does not also 喜 the 食伤 that 克官); and a decision always names a 喜: when a plan
 * gives none, what generates the 用神 (「论用神」: 用神…有相神, the god that serves the 用).
 */
const finish = (method: YongShenMethod, yong: WuXing, xi: WuXing[], ji: WuXing[], reason: string): YongShenDecision => {
  let x = [...new Set(xi)].filter((e) => e !== yong && e !== controllerOf(yong))
  if (!x.length) x = [generatorOf(yong), childOf(yong)].filter((e) => !ji.includes(e)).slice(0, 1)
  return { method, yong, xi: x, ji: [...new Set(ji)].filter((e) => e !== yong && !x.includes(e)), reason }
}

/**
 * The day master's strength in the words of a reason: the verdict itself, so that no text calls a 中和
 * chart 身旺 or 身弱. For 中和 the house lean of isStrong is said as such (docs/bazi-analysis.md).
 */
const bodyWords = (st: DayMasterStrength): string =>
  st.verdict === '旺' || st.verdict === '偏旺'
    ? '日主有力'
    : st.verdict === '中和'
      ? `日主中和，同党${isStrong(st) ? '过' : '未及'}四成半（本站约定：取用从${isStrong(st) ? '强' : '弱'}）`
      : '日主力弱'

/** 扶抑 (《子平真诠》「论用神」: 强者抑之，弱者扶之), the fallback when the 格 gives no use. */
const fuYi = (me: WuXing, st: DayMasterStrength, scores: WuXingRecord, why: string): YongShenDecision => {
  const [bi, yin, shi, cai, guan] = [me, generatorOf(me), childOf(me), roleElement(me, '财'), controllerOf(me)]
  const neutral = st.verdict === '中和'
  if (isStrong(st)) {
    const body = neutral ? '日主中和偏强' : '身旺'
    const yong = scores[yin] > scores[bi] ? cai : scores[guan] > 0 ? guan : shi
    const how =
      yong === cai
        ? `${body}而印重，取财破印`
        : yong === guan
          ? `${body}而比劫重，取官杀制身`
          : `${body}而官杀不见，取食伤泄秀`
    return finish('扶抑', yong, [shi, cai, guan], [bi, yin], `${why}${how}`)
  }
  const body = neutral ? '日主中和偏弱' : '身弱'
  const heaviest = [guan, cai, shi].reduce((a, b) => (scores[b] > scores[a] ? b : a))
  const yong = heaviest === cai ? bi : yin
  const how =
    heaviest === guan
      ? `${body}而官杀重，取印化杀生身`
      : heaviest === cai
        ? `${body}而财多，取比劫帮身`
        : `${body}而食伤泄重，取印制食伤生身`
  return finish('扶抑', yong, [bi, yin], [shi, cai, guan], `${why}${how}`)
}

/**
 * 「论印绶」 names the 印格's use by what the chart shows: 印而透煞 (身印不并重) uses the 煞, 印多而透财
 * uses the 财, 身强印旺 uses 伤食; with none revealed, 财 when the 印 outweighs the day master.
 */
const yinPlan = (p: PillarGanZhi, geJu: GeJu, me: WuXing, scores: WuXingRecord): string => {
  const shown = [p.year[0], p.month[0], p.hour[0]].map(ganWuXing)
  if (geJu.notes.some((n) => n.startsWith('印绶用煞'))) return '印格用煞'
  // 寒木向阳: a 木 day master in a winter 印格 takes the 食伤 火 as soon as the chart holds any fire
  // (「论用神配气候得失」; 《穷通宝鉴》 冬月甲乙木 取丙丁)
  if (me === '木' && WINTER.includes(p.month[1]) && scores['火'] > 0) return '印格用食伤'
  if (geJu.notes.some((n) => n.startsWith('官印双全'))) return '印格用官'
  if (shown.includes(roleElement(me, '财'))) return '印格用财'
  if (shown.includes(roleElement(me, '食伤'))) return '印格用食伤'
  return scores[generatorOf(me)] > scores[me] ? '印格用财' : '印格用食伤'
}

const planKey = (p: PillarGanZhi, geJu: GeJu, me: WuXing, scores: WuXingRecord): string => {
  const n = geJu.name
  if (n === '正印格' || n === '偏印格') return yinPlan(p, geJu, me, scores)
  if (n === '正财格' || n === '偏财格') return geJu.notes.some((x) => x.startsWith('财格透印')) ? '财格佩印' : '财格'
  if (
    n === '伤官格' &&
    me === '金' &&
    WINTER.includes(p.month[1]) &&
    [p.year[0], p.month[0], p.hour[0]].some((g) => shiShenOf(p.day[0], g) === '正官')
  ) {
    return '金水伤官用官'
  }
  if (n === '伤官格' && me === '金') return '金水伤官'
  if (n === '七杀格' && geJu.notes.some((x) => x.startsWith('身重煞轻'))) return '七杀借财'
  return n
}

/** The 病 each 救应 of 「论用神成败救应」 (ge-ju.ts) removes: the god whose presence broke the 格. */
const ILLNESS: Record<string, Role> = {
  官逢伤而透印以解之: '食伤',
  财逢劫而透食以化之: '比劫',
  财逢劫而生官以制之: '比劫',
  财逢煞而食神制煞以生财: '官杀',
  印逢财而劫财以解之: '财',
  煞逢财而印化煞护身: '财',
  伤官见官而佩印以解之: '官杀',
  食逢枭而生财以护食: '印'
  // 食逢枭而就煞成格: the 枭 is no longer the 病 but the 印 the 煞 feeds (「论食神」 常国公: 不用财而就煞印)
}

/**
 * 病药: the god that rescues a broken 格 is the 用神 (the 药), so its 喜/忌 are written from it — what
 * generates the 药 is 喜 when the body's strength allows it, what restrains the 药 and the 病 itself are 忌.
 * The 药 must also suit the body (「论用神」: 强者抑之，弱者扶之): a strong day master is not given its
 * own 比劫 as 药, and a weak one is not given a 药 that drains, spends or attacks it (食伤、财, or 官杀
 * with no revealed 印 to turn it), for that would leave it without 印/比劫; those charts take their use
 * by 扶抑, and the reason says why.
 */
const bingYao = (p: PillarGanZhi, geJu: GeJu, st: DayMasterStrength, scores: WuXingRecord): YongShenDecision => {
  const me = st.element
  const strong = isStrong(st)
  const yao = geJu.rescuer!
  const rescue = geJu.notes.find((n) => n.startsWith('救应'))!.slice(3)
  const illness = (geJu.notes.find((n) => n.includes('败也')) ?? '').replace(/，.*$/, '')
  // a 官杀 药 still serves a weak body when a revealed 印 turns it (煞印相生, 「论食神」 常国公 就煞印)
  const yinShown = [p.year[0], p.month[0], p.hour[0]].some((g) => ganWuXing(g) === generatorOf(me))
  const yaoSupports = yao === '印' || yao === '比劫' || (yao === '官杀' && yinShown)
  if (strong ? yao === '比劫' : !yaoSupports) {
    return fuYi(
      me,
      st,
      scores,
      `${geJu.name}${illness}为病，虽有${rescue}，然${bodyWords(st)}，` +
        `${strong ? '不再以比劫帮身为药' : `不胜${yao}之泄耗克伐`}，以扶抑取用：`
    )
  }
  const y = roleElement(me, yao)
  // what the body's strength favours and opposes (扶抑), before the 药 is weighed
  const [bi, yin, shi, cai, guan] = [me, generatorOf(me), childOf(me), roleElement(me, '财'), controllerOf(me)]
  const [helps, hurts] = strong
    ? [
        [shi, cai, guan],
        [bi, yin]
      ]
    : [
        [bi, yin],
        [shi, cai, guan]
      ]
  const sick = ILLNESS[rescue] ? [roleElement(me, ILLNESS[rescue])] : []
  const gen = generatorOf(y)
  const xi = [...helps, ...(hurts.includes(gen) ? [] : [gen])].filter((e) => !sick.includes(e))
  const ji = [...hurts, controllerOf(y), ...sick]
  const ys = finish('病药', y, xi, ji, '')
  return {
    ...ys,
    reason:
      `${geJu.name}${illness}为病，${yao}（${y}）为药（${rescue}），${bodyWords(st)}；` +
      `喜${ys.xi.join('、')}，忌${ys.ji.join('、')}`
  }
}

const geJuYong = (p: PillarGanZhi, geJu: GeJu, st: DayMasterStrength, scores: WuXingRecord): YongShenDecision => {
  const me = st.element
  const strong = isStrong(st)
  if (geJu.state === '败格') return fuYi(me, st, scores, `${geJu.name}已败（${geJu.notes[0]}），以扶抑取用：`)
  if (geJu.rescuer) return bingYao(p, geJu, st, scores)
  let plan: Plan | undefined
  let carries = strong
  if (geJu.name === '建禄格' || geJu.name === '月劫格') {
    if (!strong) return fuYi(me, st, scores, `${geJu.name}而日主反弱，以扶抑取用：`)
    const revealed = [p.year[0], p.month[0], p.hour[0]].map(ganWuXing)
    plan = LU_JIE_PLAN.find(([r]) => revealed.includes(roleElement(me, r)))?.[1]
    if (!plan) return fuYi(me, st, scores, `${geJu.name}而财官食伤不透，以扶抑取用：`)
  } else {
    const table = GE_PLAN[planKey(p, geJu, me, scores)]
    // 「论伤官」: 伤官用财…只要身强而有根; 「论食神」: 食神生财，美格也 — a day master that is not weak carries the 财
    const shengCai = /^(伤官|食神)生财/.test(geJu.notes[0])
    carries = strong || (shengCai && (st.verdict === '中和' || st.verdict === '偏旺'))
    plan = carries ? table.strong : table.weak
  }
  const [yong, xi, ji] = plan
  const ys = finish(
    '格局用神',
    roleElement(me, yong),
    xi.map((r) => roleElement(me, r)),
    ji.map((r) => roleElement(me, r)),
    ''
  )
  const roleOf = (x: WuXing): Role =>
    (['比劫', '印', '食伤', '财', '官杀'] as Role[]).find((r) => roleElement(me, r) === x)!
  return {
    ...ys,
    reason:
      `${geJu.name}${geJu.state === '成格' ? '成' : '得救'}（${geJu.notes[0]}），` +
      `${!strong && carries ? '日主中和有根，足以生财' : bodyWords(st)}，取${yong}（${ys.yong}）为用，` +
      `喜${roleWords(me, ys.xi.map(roleOf))}，忌${roleWords(me, ys.ji.map(roleOf))}`
  }
}

/** 通关: two elements at war (one controls the other), both heavy, and the element between them weak. */
const tongGuan = (st: DayMasterStrength, scores: WuXingRecord): YongShenDecision | null => {
  for (const a of WU_XING) {
    const b = roleElement(a, '财')
    const bridge = childOf(a)
    if (a !== st.element && b !== st.element) continue
    if (
      shareOf(scores, a) < TONG_GUAN_SIDE ||
      shareOf(scores, b) < TONG_GUAN_SIDE ||
      shareOf(scores, bridge) > TONG_GUAN_BRIDGE_MAX
    )
      continue
    // 喜 the side that feeds the bridge (a 生 bridge 生 b): what generates the 用神
    return finish(
      '通关',
      bridge,
      [a],
      [controllerOf(bridge)],
      `${a}（${pct(shareOf(scores, a))}）与${b}（${pct(shareOf(scores, b))}）两强相战，取${bridge}通关（${a}生${bridge}、` +
        `${bridge}生${b}），克${bridge}之${controllerOf(bridge)}为忌（《滴天髓》「通关」）`
    )
  }
  return null
}

const tiaoHouNeed = (p: PillarGanZhi, gods: string[], scores: WuXingRecord): WuXing | null => {
  const first = ganWuXing(gods[0])
  const zhi = p.month[1]
  if (SUMMER.includes(zhi) && first === '水' && shareOf(scores, '水') < TIAO_HOU_ABSENT) return '水'
  if (WINTER.includes(zhi) && first === '火' && shareOf(scores, '火') < TIAO_HOU_ABSENT) return '火'
  return null
}

/**
 * Why the decision holds a stem of 《穷通宝鉴》 to be 忌, in one clause. The house rule
 * (docs/bazi-analysis.md「用神的次序」) lets 调候 decide the 用神 only when the season's first need is
 * missing from the chart (调候为急); otherwise 《子平真诠》 decides and the book's stem is judged as the
 * 十神 it is. That is the classically defensible reading, rather than letting an exposed stem override the
 * 格: 「论用神配气候得失」 weighs the climate inside the 格, and a stem the chart already shows has done its
 * seasonal work without being the 用神 — so an exposed stem is said to be present, and the 忌 explained.
 */
const departure = (p: PillarGanZhi, g: string, geJu: GeJu, st: DayMasterStrength, ys: YongShenDecision): string => {
  const me = st.element
  const e = ganWuXing(g)
  const role = (['比劫', '印', '食伤', '财', '官杀'] as Role[]).find((r) => roleElement(me, r) === e)!
  const shown = [p.year[0], p.month[0], p.hour[0]].includes(g)
  const why =
    geJu.kind === '外格'
      ? `${geJu.name}顺${ys.yong}之势，${role}${e}逆其势`
      : e === controllerOf(ys.yong)
        ? `${ys.method}取${ys.yong}为用，${role}${e}克用神`
        : isStrong(st) && (role === '比劫' || role === '印')
          ? `${bodyWords(st)}，${role}${e}再扶则太过`
          : !isStrong(st) && role !== '比劫' && role !== '印'
            ? `${bodyWords(st)}，${role}${e}${role === '食伤' ? '泄' : role === '财' ? '耗' : '克'}身`
            : `${ys.method}取${ys.yong}为用，${role}${e}与之相背`
  return `${shown ? `${g}${e}已透于干，调候之需原局自备；` : ''}本局${why}，故不取《穷通宝鉴》所重之${g}${e}。`
}

const tiaoHouNote = (
  p: PillarGanZhi,
  title: string,
  gods: string[],
  geJu: GeJu,
  st: DayMasterStrength,
  ys: YongShenDecision
): string => {
  const parts = gods.map((g) => {
    const e = ganWuXing(g)
    const stand =
      e === ys.yong
        ? '即本局用神'
        : ys.xi.includes(e)
          ? '为本局喜神'
          : ys.ji.includes(e)
            ? '在本局为忌，不取'
            : '本局闲神，可作辅佐'
    return `${g}（${e}）${stand}`
  })
  const first = ys.ji.includes(ganWuXing(gods[0])) ? departure(p, gods[0], geJu, st, ys) : ''
  return `《穷通宝鉴》${title}取${gods.join('、')}：${parts.join('；')}。${first}`
}

/**
 * A weak day master (偏弱/弱) keeps 印 or 比劫 among its 喜用 whatever method chose the 用神 (「论用神」:
 * 弱者扶之) — only a 外格, which follows the chart's power instead, lets them go. 印 unless it would
 * restrain the 用神 (a 食伤 用神), then 比劫.
 */
const keepSupport = (st: DayMasterStrength, ys: YongShenDecision): YongShenDecision => {
  const me = st.element
  const yin = generatorOf(me)
  if (st.verdict !== '偏弱' && st.verdict !== '弱') return ys
  if ([ys.yong, ...ys.xi].some((x) => x === me || x === yin)) return ys
  const add = controllerOf(ys.yong) === yin ? me : yin
  const kept = finish(ys.method, ys.yong, [...ys.xi, add], ys.ji, ys.reason)
  return { ...kept, reason: `${ys.reason}；日主${st.verdict}，${add === yin ? '印' : '比劫'}（${add}）扶身为喜` }
}

/** The analysis of a chart's four pillars. */
export const analyzePillars = (
  p: PillarGanZhi,
  scores: WuXingRecord = wuXingScores(p),
  st: DayMasterStrength = dayMasterStrength(p, scores)
): BaziAnalysis => {
  const me = st.element
  const gods = tiaoHouGods(p.day[0], p.month[1])
  const title = `${lunarMonthName(p.month[1])}${p.day[0]}${me}`
  const outer = waiGe(p, scores, st)
  const geJu = outer?.geJu ?? zhengGe(p, isStrong(st), scores)
  const need = tiaoHouNeed(p, gods, scores)
  const yongShen = outer
    ? finish('格局用神', outer.yong, outer.xi, outer.ji, outer.reason)
    : keepSupport(
        st,
        need
          ? finish(
              '调候',
              need,
              [generatorOf(need)],
              [controllerOf(need)],
              `生于${p.month[1]}月，${need === '水' ? '火炎土燥' : '金寒水冷'}而原局${need}气几无，` +
                `调候为急，取${need}为用（《穷通宝鉴》${title}首取${gods[0]}）`
            )
          : geJu.state === '败格'
            ? (tongGuan(st, scores) ?? geJuYong(p, geJu, st, scores))
            : geJuYong(p, geJu, st, scores)
      )
  return {
    strength: { ...st, basis: strengthBasis(p, st) },
    geJu,
    tiaoHou: {
      gods,
      title,
      urgent: !!need,
      note: tiaoHouNote(p, title, gods, geJu, st, yongShen),
      source: TIAO_HOU_SOURCE
    },
    yongShen
  }
}

/** The analysis of a chart made by `baziChart`. */
export const baziAnalysis = (chart: {
  pillars: Record<'year' | 'month' | 'day' | 'hour', { ganZhi: string }>
  wuXing: { scores: WuXingRecord }
  strength: DayMasterStrength
}): BaziAnalysis =>
  analyzePillars(
    {
      year: chart.pillars.year.ganZhi,
      month: chart.pillars.month.ganZhi,
      day: chart.pillars.day.ganZhi,
      hour: chart.pillars.hour.ganZhi
    },
    chart.wuXing.scores,
    chart.strength
  )
