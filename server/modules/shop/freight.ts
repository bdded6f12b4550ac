import type { RegionNode } from '../../../contract'
import { REGIONS } from '../../data/regions'
import type { FreightFeeRule, FreightFreeRule, freightTemplates } from '../../db/schema'
import { FREE_FREIGHT_FROM_FEN, FREIGHT_FEN } from './constants'

/**
 * 运费模板 pricing, as operators know it from CRMEB and 有赞 (server/README.md, "Freight"):
 *
 * - Every line takes its goods' template, or the default template when the goods name none.
 * - Lines are grouped by template and each group is charged on its own; the order's freight is the sum of the groups
 *   (CRMEB's rule: goods that ship under different terms are priced as separate parcels).
 * - A group counts pieces or grams (weight of a SKU × quantity), as its template charges. Its fee rule is the region
 *   rule naming the address's city, else its province, else the template's default rule: the first units cost the
 *   first fee, each further `additional` units or part of them the additional fee.
 * - A group ships free when one of its template's free rules for the region holds (the rules naming the city, else
 *   those naming the province, else the nationwide ones): the group's goods amount after its share of the coupon
 *   (shares in proportion to amounts) and/or its pieces reach the rule's.
 * - A region the template lists as not delivered to refuses the order, naming the goods.
 * - With no address yet, only the default rule and the nationwide free rules apply, and the text says the address
 *   decides.
 */

export type FreightTemplate = Pick<
  typeof freightTemplates.$inferSelect,
  'id' | 'name' | 'chargeBy' | 'defaultRule' | 'regionRules' | 'freeRules' | 'undeliverable' | 'isDefault'
>

/** Where the order goes: the address's province and city codes; null before there is an address. */
export type FreightRegion = { provinceCode: string; cityCode: string } | null

export interface FreightLine {
  name: string
  /** The goods' template; null for the default. */
  freightTemplateId: number | null
  quantity: number
  /** Grams per unit. */
  weight: number
  /** price × quantity, fen. */
  amount: number
}

export interface FreightResult {
  fee: number
  /** Why, for the buyer: `满99元包邮`, `新疆维吾尔自治区 首件¥15`, `该地区不配送：…`. */
  text: string
  /** Names of the goods the region is not delivered to (the order cannot be placed). */
  undeliverable: string[]
}

/** The rule the shop had before templates; used only when no default template exists (migration 0034 adds one). */
export const BUILT_IN_TEMPLATE: FreightTemplate = {
  id: 0,
  name: '默认运费',
  chargeBy: 'piece',
  defaultRule: { first: 1, firstFee: FREIGHT_FEN, additional: 1, additionalFee: 0 },
  regionRules: [],
  freeRules: [{ regions: [], minAmount: FREE_FREIGHT_FROM_FEN, minPieces: 0 }],
  undeliverable: [],
  isDefault: true
}

/** Names of provinces and cities by code, for the texts and the console's checks. */
export const REGION_NAMES: ReadonlyMap<string, string> = new Map(
  REGIONS.flatMap((p: RegionNode) => [
    [p.code, p.name] as const,
    ...(p.children ?? []).map((c) => [c.code, c.name] as const)
  ])
)

/** How closely a region list covers the region: 2 names its city, 1 its province, 0 neither. */
function coverage(codes: readonly string[], region: NonNullable<FreightRegion>): { level: number; code: string } {
  if (codes.includes(region.cityCode)) return { level: 2, code: region.cityCode }
  if (codes.includes(region.provinceCode)) return { level: 1, code: region.provinceCode }
  return { level: 0, code: '' }
}

const yuan = (fen: number) => `${Number((fen / 100).toFixed(2))}`
const grams = (g: number) => (g >= 1000 ? `${Number((g / 1000).toFixed(3))}kg` : `${g}g`)

/** The fee of `units` under a rule. */
export function ruleFee(rule: FreightFeeRule, units: number): number {
  if (units <= rule.first || rule.additional <= 0) return rule.firstFee
  return rule.firstFee + Math.ceil((units - rule.first) / rule.additional) * rule.additionalFee
}

function ruleText(rule: FreightFeeRule, units: number, byWeight: boolean): string {
  const first = byWeight ? `首重${grams(rule.first)}` : rule.first === 1 ? '首件' : `首${rule.first}件`
  let text = `${first}¥${yuan(rule.firstFee)}`
  if (units > rule.first && rule.additionalFee > 0) {
    const next = byWeight
      ? `续重每${grams(rule.additional)}`
      : rule.additional === 1
        ? '续件'
        : `续每${rule.additional}件`
    text += `，${next}¥${yuan(rule.additionalFee)}`
  }
  return text
}

export function freeRuleText(rule: Pick<FreightFreeRule, 'minAmount' | 'minPieces'>): string {
  const pieces = rule.minPieces > 0 ? `满${rule.minPieces}件` : ''
  const amount = rule.minAmount > 0 ? `满${yuan(rule.minAmount)}元` : ''
  return `${[pieces, amount].filter(Boolean).join('且') || '全部'}包邮`
}

const freeHolds = (r: FreightFreeRule, amount: number, pieces: number) =>
  (r.minAmount <= 0 || amount >= r.minAmount) && (r.minPieces <= 0 || pieces >= r.minPieces)

/**
 * The free rules that apply to a region: those naming its city, else those naming its province, else the nationwide
 * ones ([]), so `新疆满199元包邮` is not undercut by a nationwide `满99元包邮`. Without a region only nationwide ones.
 */
function freeRulesFor(rules: readonly FreightFreeRule[], region: FreightRegion): FreightFreeRule[] {
  const levelOf = (r: FreightFreeRule): number => {
    if (!r.regions.length) return 0
    const level = region ? coverage(r.regions, region).level : 0
    return level > 0 ? level : -1
  }
  let best = -1
  for (const r of rules) best = Math.max(best, levelOf(r))
  return best < 0 ? [] : rules.filter((r) => levelOf(r) === best)
}

interface Group {
  template: FreightTemplate
  lines: FreightLine[]
}

function groupFreight(
  g: Group,
  region: FreightRegion,
  amount: number
): { fee: number; text: string; refused: boolean } {
  const t = g.template
  if (region && coverage(t.undeliverable, region).level) return { fee: 0, text: '', refused: true }
  const pieces = g.lines.reduce((s, l) => s + l.quantity, 0)
  const byWeight = t.chargeBy === 'weight'
  const units = byWeight ? g.lines.reduce((s, l) => s + l.weight * l.quantity, 0) : pieces
  const frees = freeRulesFor(t.freeRules, region)
  const free = frees.find((r) => freeHolds(r, amount, pieces))
  if (free) return { fee: 0, text: freeRuleText(free), refused: false }

  let rule: FreightFeeRule = t.defaultRule
  let place = ''
  if (region) {
    let best = 0
    for (const r of t.regionRules) {
      const c = coverage(r.regions, region)
      if (c.level > best) {
        best = c.level
        rule = r
        place = REGION_NAMES.get(c.code) ?? ''
      }
    }
  }
  const fee = ruleFee(rule, units)
  if (fee === 0) return { fee: 0, text: '包邮', refused: false }
  const hint = frees.length ? `，${freeRuleText(frees[0])}` : ''
  return { fee, text: `${place ? `${place} ` : ''}${ruleText(rule, units, byWeight)}${hint}`, refused: false }
}

/**
 * The freight of an order's lines to a region, with the reason. `templates` holds the templates the lines name and the
 * default one (a line whose template is missing takes the default); `couponDiscount` is shared among the groups in
 * proportion to their amounts (floored, so one group gets exactly the whole discount).
 */
export function computeFreight(
  templates: readonly FreightTemplate[],
  lines: readonly FreightLine[],
  region: FreightRegion,
  couponDiscount = 0
): FreightResult {
  if (!lines.length) return { fee: 0, text: '', undeliverable: [] }
  const byId = new Map(templates.map((t) => [t.id, t]))
  const fallback = templates.find((t) => t.isDefault) ?? BUILT_IN_TEMPLATE
  const groups = new Map<number, Group>()
  for (const line of lines) {
    const template = (line.freightTemplateId !== null && byId.get(line.freightTemplateId)) || fallback
    const group = groups.get(template.id) ?? { template, lines: [] }
    group.lines.push(line)
    groups.set(template.id, group)
  }
  const total = lines.reduce((s, l) => s + l.amount, 0)
  let fee = 0
  const texts: string[] = []
  const refused: string[] = []
  for (const g of groups.values()) {
    const amount = g.lines.reduce((s, l) => s + l.amount, 0)
    const share = total > 0 ? Math.floor((couponDiscount * amount) / total) : 0
    const r = groupFreight(g, region, amount - share)
    if (r.refused) {
      for (const l of g.lines) if (!refused.includes(l.name)) refused.push(l.name)
      continue
    }
    fee += r.fee
    texts.push(groups.size > 1 ? `${g.template.name}：${r.text}` : r.text)
  }
  if (refused.length) return { fee, text: `该地区不配送：${refused.join('、')}`, undeliverable: refused }
  const text = texts.join('；')
  return { fee, text: region ? text : `${text}（以收货地址为准）`, undeliverable: [] }
}

/** The nationwide amount from which the default template ships free (0 when it has none), for older clients. */
export function freeFreightFrom(templates: readonly FreightTemplate[]): number {
  const t = templates.find((x) => x.isDefault) ?? BUILT_IN_TEMPLATE
  return t.freeRules.find((r) => !r.regions.length && r.minAmount > 0 && r.minPieces <= 0)?.minAmount ?? 0
}
