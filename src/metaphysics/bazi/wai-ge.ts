/**
 * 外格, each by its stated condition. Sources: 《子平真诠》「论外格用舍」 (外格 only when the month
 * gives no 格 to use), 《滴天髓阐微》「从象」「化象」「假从」 and 「方局」「八格」 (一行得气: 曲直、炎上、
 * 稼穑、从革、润下). The numeric thresholds are the house convention, stated beside each rule;
 * the books give conditions in words only.
 */
import { controllerOf, ganWuXing, WU_XING, type WuXing } from './ganzhi'
import { type GeJu, type Role, ROLE_OF, roleElement } from './ge-ju'
import { hiddenStems } from './hidden-stems'
import type { PillarGanZhi } from './pillars'
import { GAN_HE } from './relation-tables'
import type { DayMasterStrength, WuXingRecord } from './strength'
import { shiShenOf } from './ten-gods'

/** 一行得气 names (《滴天髓》「八格」原注, 《三命通会》「论曲直」等). */
const ZHUAN_WANG: Record<WuXing, string> = { 木: '曲直格', 火: '炎上格', 土: '稼穑格', 金: '从革格', 水: '润下格' }
/** House convention: 专旺 needs the day master's own element at half the chart or more and 同党 at 75%. */
const ZHUAN_WANG_OWN = 0.5
const ZHUAN_WANG_SUPPORT = 0.75
/** House convention: 官杀 may not exceed this share of the chart in a 专旺 格. */
const ZHUAN_WANG_GUAN_MAX = 0.05
/** House convention: 从格 when 同党 (比劫、印) is at most this share and the day master has no root. */
const CONG_SUPPORT_MAX = 0.15
/** House convention: one of 食伤/财/官杀 at half the chart or more names the 从; otherwise 从势. */
const CONG_SINGLE = 0.5
const CONG_NAME: Record<Role, string> = { 食伤: '从儿格', 财: '从财格', 官杀: '从杀格', 比劫: '', 印: '' }

export interface WaiGe {
  geJu: GeJu
  yong: WuXing
  xi: WuXing[]
  ji: WuXing[]
  reason: string
}

const share = (scores: WuXingRecord, x: WuXing): number => scores[x] / WU_XING.reduce((s, e) => s + scores[e], 0)
const stems3 = (p: PillarGanZhi): string[] => [p.year[0], p.month[0], p.hour[0]]
const mainElement = (zhi: string): WuXing => ganWuXing(hiddenStems(zhi)[0][0])
const hasRoot = (p: PillarGanZhi, me: WuXing): boolean =>
  [p.year[1], p.month[1], p.day[1], p.hour[1]].some((z) => hiddenStems(z).some(([g]) => ganWuXing(g) === me))

const outer = (name: string, basis: string, notes: string[], source: string): GeJu => ({
  name,
  kind: '外格',
  basis,
  state: '成格',
  notes,
  source
})

/**
 * 化气格: the day stem 合 with the month or hour stem, the 化神 holds the month, nothing revealed controls it, and the day
 * master has no root.
 */
const huaQi = (p: PillarGanZhi): WaiGe | null => {
  const day = p.day[0]
  const me = ganWuXing(day)
  for (const [slot, other] of [
    ['月干', p.month[0]],
    ['时干', p.hour[0]]
  ] as const) {
    const rule = GAN_HE.find((r) => r.chars.includes(day) && r.chars.includes(other) && day !== other)
    if (!rule) continue
    const hua = rule.result as WuXing
    const rest = [p.year[0], p.month[0], p.hour[0]].filter(
      (g, i) => !(g === other && ['年干', '月干', '时干'][i] === slot)
    )
    if (mainElement(p.month[1]) !== hua) continue
    // 争合 / 妒合: another stem like the day master's competes for the partner, and the 化 fails
    if (rest.includes(day)) continue
    if (rest.some((g) => ganWuXing(g) === controllerOf(hua))) continue
    if (hasRoot(p, me)) continue
    const name = `化${hua}格`
    return {
      geJu: outer(
        name,
        `日干${day}与${slot}${other}相合化${hua}，月令${p.month[1]}为${hua}（化神得令），日主无根，又无克化神之干`,
        ['化神得令而不见克破，化象斯真'],
        '《滴天髓阐微》「化象」；《子平真诠》「论外格用舍」'
      ),
      yong: hua,
      xi: [WU_XING[(WU_XING.indexOf(hua) + 4) % 5]],
      ji: [controllerOf(hua)],
      reason: `${name}：化神${hua}为用，生化神之五行为喜，克化神之${controllerOf(hua)}为忌`
    }
  }
  return null
}

/** 专旺格 (一行得气): born in its own season, the element fills the chart and no 官杀 stands against it. */
const zhuanWang = (p: PillarGanZhi, scores: WuXingRecord, strength: DayMasterStrength): WaiGe | null => {
  const me = strength.element
  const guan = roleElement(me, '官杀')
  if (mainElement(p.month[1]) !== me) return null
  if (share(scores, me) < ZHUAN_WANG_OWN || strength.supportRatio < ZHUAN_WANG_SUPPORT) return null
  if (stems3(p).some((g) => ganWuXing(g) === guan) || share(scores, guan) > ZHUAN_WANG_GUAN_MAX) return null
  const name = ZHUAN_WANG[me]
  return {
    geJu: outer(
      name,
      `日主${p.day[0]}${me}生于${p.month[1]}月当令，${me}气独旺而官杀不透`,
      ['一行得气，顺其旺势'],
      '《滴天髓阐微》「方局」「八格」「从象」'
    ),
    yong: me,
    xi: [roleElement(me, '印'), roleElement(me, '食伤')],
    ji: [guan],
    reason: `${name}：一行得气，以旺神${me}为用，印${roleElement(me, '印')}、食伤${roleElement(me, '食伤')}顺其气为喜，官杀${guan}逆其势为忌`
  }
}

/** 从格: the day master has no root and no 比劫/印 stem, 同党 is negligible, and it follows what rules the chart. */
const congGe = (p: PillarGanZhi, scores: WuXingRecord, strength: DayMasterStrength): WaiGe | null => {
  const me = strength.element
  if (strength.supportRatio > CONG_SUPPORT_MAX || hasRoot(p, me)) return null
  if (stems3(p).some((g) => ['比劫', '印'].includes(ROLE_OF[shiShenOf(p.day[0], g)]))) return null
  const roles: Role[] = ['食伤', '财', '官杀']
  const top = roles.reduce((a, b) => (share(scores, roleElement(me, b)) > share(scores, roleElement(me, a)) ? b : a))
  const el = (r: Role) => roleElement(me, r)
  const single = share(scores, el(top)) >= CONG_SINGLE
  // 从儿 must not meet 官杀, 从杀 must not meet 食伤 (《滴天髓》「从象」: 从儿…只要吾儿又遇儿; 从杀忌制)
  const spoiler: Partial<Record<Role, Role>> = { 食伤: '官杀', 官杀: '食伤' }
  const spoilt = single && spoiler[top] && stems3(p).some((g) => ROLE_OF[shiShenOf(p.day[0], g)] === spoiler[top])
  if (spoilt) return null
  const source = '《滴天髓阐微》「从象」「假从」；《子平真诠》「论外格用舍」'
  const basis = `日主${p.day[0]}${me}无根，天干不见比劫印绶，同党仅占${Math.round(strength.supportRatio * 100)}%`
  if (!single) {
    return {
      geJu: outer('从势格', `${basis}，食伤、财、官杀并旺而无一独专`, ['弃命从势，以财通食伤与官杀之气'], source),
      yong: el('财'),
      xi: [el('食伤'), el('官杀')],
      ji: [el('比劫'), el('印')],
      reason: `从势格：财${el('财')}居中流通为用，食伤${el('食伤')}、官杀${el('官杀')}为喜，比劫${el('比劫')}、印${el('印')}扶身逆势为忌`
    }
  }
  const name = CONG_NAME[top]
  const plan: Record<string, [Role[], Role[]]> = {
    从儿格: [['财'], ['印', '官杀']],
    从财格: [
      ['食伤', '官杀'],
      ['比劫', '印']
    ],
    从杀格: [['财'], ['比劫', '印', '食伤']]
  }
  const [xi, ji] = plan[name]
  return {
    geJu: outer(
      name,
      `${basis}，${top}（${el(top)}）独旺`,
      [`弃命从${top === '食伤' ? '儿' : top === '财' ? '财' : '杀'}，顺其旺神`],
      source
    ),
    yong: el(top),
    xi: xi.map(el),
    ji: ji.map(el),
    reason:
      `${name}：以旺神${top}（${el(top)}）为用，${xi.map((r) => `${r}（${el(r)}）`).join('、')}为喜，` +
      `${ji.map((r) => `${r}（${el(r)}）`).join('、')}为忌`
  }
}

/** The 外格 of a chart, or null when it is an ordinary (正格) chart. 化气 first, then 专旺, then 从. */
export const waiGe = (p: PillarGanZhi, scores: WuXingRecord, strength: DayMasterStrength): WaiGe | null =>
  huaQi(p) ?? zhuanWang(p, scores, strength) ?? congGe(p, scores, strength)
