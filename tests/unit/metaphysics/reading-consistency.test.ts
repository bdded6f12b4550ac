/**
 * The readings never contradict the engine's one decision (docs/bazi-analysis.md): over seeded-random
 * births the free reading, the paid report and both AI prompts are read back sentence by sentence and
 * checked against baziAnalysis — strength words, the 调候 phrase, 喜/忌, every 宜用 advice, one stance per
 * 大运/流年, 虚岁 ages, and a stated reason wherever the decision departs from the 《穷通宝鉴》 it quotes.
 * The text writers are pure functions, so no database is needed.
 */
import { passagesFor } from '../../../server/modules/chart/books'
import { readingMessages } from '../../../server/modules/reading/prompt'
import { composeReport } from '../../../server/modules/reading/report/content'
import { reportMessages } from '../../../server/modules/reading/report/prompt'
import { rulesReading } from '../../../server/modules/reading/rules'
import {
  type BaziAnalysis,
  baziAnalysis,
  type BaziChart,
  baziChart,
  type BaziInput,
  ganWuXing,
  isStrong,
  type Role,
  roleElement,
  type WuXing
} from '../../../src/metaphysics/bazi'
import { controllerOf } from '../../../src/metaphysics/bazi/ganzhi'

const N = 2000
let seed = 20250617
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]
const pad = (n: number) => String(n).padStart(2, '0')
const ZONES: Array<[string, number]> = [
  ['America/Los_Angeles', -122.42],
  ['America/New_York', -74.0],
  ['Europe/London', -0.13],
  ['Europe/Berlin', 13.4],
  ['Asia/Tokyo', 139.7],
  ['Australia/Sydney', 151.2],
  ['Asia/Singapore', 103.8],
  ['Asia/Hong_Kong', 114.2]
]

const randomBirth = (): BaziInput => {
  const date =
    `${1900 + Math.floor(rnd() * 200)}-${pad(1 + Math.floor(rnd() * 12))}-${pad(1 + Math.floor(rnd() * 28))} ` +
    `${pad(Math.floor(rnd() * 24))}:${pad(Math.floor(rnd() * 60))}`
  const gender = rnd() < 0.5 ? 'male' : 'female'
  if (rnd() < 0.2) {
    const [timeZone, longitude] = pick(ZONES)
    return { date, gender, timeZone, ...(rnd() < 0.5 ? { longitude } : {}) }
  }
  return { date, gender }
}

/** What each role names in advice, and the roles a phrase stands for. */
const ROLE_WORDS: Array<[RegExp, Role[]]> = [
  [/克泄耗之神/, ['食伤', '财', '官杀']],
  [/生扶之神/, ['印', '比劫']],
  [/食伤|食神|伤官/, ['食伤']],
  [/财星|正财|偏财|财(?!运)/, ['财']],
  [/官杀|官星|七杀|正官|官煞/, ['官杀']],
  [/印星|印绶|正印|偏印|印/, ['印']],
  [/比劫|比肩|劫财/, ['比劫']]
]
const adviceElements = (me: WuXing, span: string): WuXing[] => {
  const out = new Set<WuXing>()
  for (const [re, roles] of ROLE_WORDS) if (re.test(span)) roles.forEach((r) => out.add(roleElement(me, r)))
  for (const x of span.match(/[木火土金水]/g) ?? []) out.add(x as WuXing)
  return [...out]
}

const STRONG_WORDS = /身旺|身强|身重|日主有力|日主偏旺|能任财|能担财|身印两旺/
const WEAK_WORDS = /身弱|身轻|日主偏弱|日主力弱|日主身弱|财多身弱|难任/
const TIAO_HOU_PHRASE = /调候为急|以调候定用神/
const DEFENSIVE = /宜守|守成|不宜冒进|不宜攻/
const OFFENSIVE = /积极进取|宜进取/

type Defect =
  | 'strength'
  | 'tiaoHouPhrase'
  | 'decision'
  | 'emptyXi'
  | 'exclusiveNotes'
  | 'adviceJi'
  | 'stance'
  | 'qiongTongReason'
  | 'xuSui'

interface Texts {
  /** every paragraph or line a user or the model reads */
  units: string[]
  /** one unit per 大运 and per 流年: the paragraphs written for it */
  luck: string[]
  report: ReturnType<typeof composeReport>
}

function textsOf(chart: BaziChart, year: number): Texts {
  const rules = rulesReading(chart, year)
  const report = composeReport(chart, '', year)
  // the classics quoted word for word speak for themselves (a 《穷通宝鉴》 passage says 宜用己土, or 身弱, of
  // its own example); where the decision departs from the passage the 调候 note says why (check 8), so the
  // checks read everything else the texts and prompts say
  const passages = passagesFor(chart)
  const quoted = [
    ...passages.flatMap((p) => [p.text, p.summary ?? '', p.season?.text ?? '']),
    ...report.sections.flatMap((s) => (s.quotes ?? []).map((q) => q.text))
  ].filter((q) => q.length > 8)
  const unquoted = (text: string) => quoted.reduce((t, q) => t.split(q).join('〔引文〕'), text)
  const prompts = [...readingMessages(chart, passages, year), ...reportMessages(chart, report, year)].flatMap((m) =>
    unquoted(m.content).split('\n')
  )
  const luck = [
    ...report.da_yun.map((d) => d.paragraphs.join('')),
    ...report.liu_nian.map((y) => y.paragraphs.join(''))
  ]
  const units = [
    ...rules.flatMap((s) => s.paragraphs),
    ...report.summary,
    ...report.sections.flatMap((s) => s.paragraphs),
    ...luck,
    ...report.liu_nian.flatMap((y) => (y.months ?? []).map((m) => m.note)),
    ...prompts
  ]
  return { units, luck, report }
}

/** Every contradiction of the texts with the decision, by defect (an empty list when they agree). */
function contradictions(chart: BaziChart, a: BaziAnalysis, texts: Texts): Array<[Defect, string]> {
  const ys = a.yongShen
  const me = chart.dayMaster.wuXing
  const verdict = a.strength.verdict
  const out: Array<[Defect, string]> = []
  const { units, luck, report } = texts
  const sentences = units.flatMap((u) => u.split(/[。；\n]/)).filter(Boolean)

  // 1. strength words against the engine's verdict (中和 leans by the house's isStrong, docs/bazi-analysis.md)
  const strongSide = verdict === '旺' || verdict === '偏旺' || (verdict === '中和' && isStrong(a.strength))
  for (const s of sentences) {
    if (strongSide && WEAK_WORDS.test(s)) out.push(['strength', `${verdict} but: ${s}`])
    if (!strongSide && STRONG_WORDS.test(s)) out.push(['strength', `${verdict} but: ${s}`])
    // the 格's own note quoted in brackets names the book's condition, not the verdict
    const own = s.replace(/（[^（）]*(?:（[^（）]*）[^（）]*)*）/g, '')
    if (/日主中和|中和：/.test(own) && (STRONG_WORDS.test(own) || WEAK_WORDS.test(own)))
      out.push(['strength', `中和 and 强/弱 in one sentence: ${s}`])
    for (const m of s.matchAll(/日主身?(旺|偏旺|中和|偏弱|弱)(?=[：，。；（]|$)/g))
      if (m[1] !== verdict) out.push(['strength', `${verdict} but: ${s}`])
  }
  // 2. the 调候 phrase only when the method is 调候
  if (ys.method !== '调候')
    for (const u of units) if (TIAO_HOU_PHRASE.test(u)) out.push(['tiaoHouPhrase', `${ys.method}: ${u}`])
  // 3. 喜 consistent with 用: never what restrains the 用神; a weak 正格 chart keeps 印/比劫; a 旺 chart
  // does not take its own element
  const favoured = [ys.yong, ...ys.xi]
  if (ys.xi.includes(controllerOf(ys.yong))) out.push(['decision', `用${ys.yong} 喜${ys.xi.join('')}`])
  if (ys.ji.includes(ys.yong) || ys.xi.some((x) => ys.ji.includes(x)))
    out.push(['decision', `用${ys.yong} 喜${ys.xi.join('')} 忌${ys.ji.join('')}`])
  if (a.geJu.kind !== '外格') {
    if ((verdict === '偏弱' || verdict === '弱') && !favoured.some((x) => x === me || x === roleElement(me, '印')))
      out.push(['decision', `${verdict} 用${ys.yong} 喜${ys.xi.join('')}`])
    if ((verdict === '旺' || verdict === '偏旺') && ys.yong === me)
      out.push(['decision', `${verdict} 用${ys.yong}（日主本气） ${ys.method}`])
  }
  // 4. 喜神 never empty
  if (ys.xi.length === 0) out.push(['emptyXi', `${ys.method} ${ys.reason}`])
  for (const s of sentences) if (/喜(?:神)?[：]?无|喜，忌/.test(s)) out.push(['emptyXi', s])
  // 5. notes of one 格 never contradict each other
  const notes = a.geJu.notes.join('；')
  if (notes.includes('身印有所不足') && notes.includes('身印两旺')) out.push(['exclusiveNotes', notes])
  // 6. every 宜用 / 以…为用 / 取…为用 names the 用神 or a 喜神
  for (const s of sentences) {
    const spans = [
      ...[...s.matchAll(/宜用([^。；，]{1,14})/g)].map((m) => m[1]),
      ...[...s.matchAll(/以([^。；，以]{1,16}?)为(?:用|喜)/g)].map((m) => m[1]),
      ...[...s.matchAll(/取([^。；，取为]{1,12})为用/g)].map((m) => m[1])
    ]
    for (const span of spans) {
      const bad = adviceElements(me, span).filter((x) => !favoured.includes(x))
      if (bad.length) out.push(['adviceJi', `用${ys.yong} 喜${ys.xi.join('')}: ${s}`])
    }
  }
  // 7. one stance in one 大运 / 流年
  for (const u of luck) if (DEFENSIVE.test(u) && OFFENSIVE.test(u)) out.push(['stance', u])
  // 8. the 《穷通宝鉴》 first-named stem judged 忌 comes with a stated reason
  const first = a.tiaoHou.gods[0]
  if (ys.ji.includes(ganWuXing(first))) {
    const said = units.filter((u) => u.includes(`${first}（${ganWuXing(first)}）在本局为忌`))
    if (!said.length || said.some((u) => !u.includes(`故不取《穷通宝鉴》所重之${first}`)))
      out.push(['qiongTongReason', a.tiaoHou.note])
  }
  // 9. one 虚岁 convention: every age written for a 大运 is the chart's, and says 虚岁
  for (const u of units) {
    for (const m of u.matchAll(/(..)大运[ （](\d+)—(\d+)年[，（]((?:虚岁)?)(\d+)至(\d+)岁）/g)) {
      const d = chart.daYun.find((x) => x.ganZhi === m[1] && x.startYear === Number(m[2]))
      if (!d || !m[4] || d.startAge !== Number(m[5]) || d.endAge !== Number(m[6])) out.push(['xuSui', u])
    }
    for (const m of u.matchAll(/下一步大运(..)自(\d+)年（((?:虚岁)?)(\d+)岁?）/g)) {
      const d = chart.daYun.find((x) => x.ganZhi === m[1])
      if (!d || !m[3] || d.startAge !== Number(m[4])) out.push(['xuSui', u])
    }
  }
  const first大运 = chart.daYun[0]
  for (const y of report.liu_nian) {
    const want = first大运.startAge + (y.year - first大运.startYear)
    const inChart = chart.daYun.flatMap((d) => d.liuNian).find((n) => n.year === y.year)
    if (y.age !== want || (inChart && inChart.age !== y.age)) out.push(['xuSui', `${y.year}: ${y.age} vs ${want}`])
  }
  report.da_yun.forEach((d, i) => {
    if (d.start_age !== chart.daYun[i].startAge || d.end_age !== chart.daYun[i].endAge)
      out.push(['xuSui', `${d.gan_zhi} ${d.start_age}`])
  })
  return out
}

const of = (input: BaziInput, year = 2026) => {
  const chart = baziChart(input)
  const a = baziAnalysis(chart)
  const texts = textsOf(chart, year)
  return { chart, a, texts, found: contradictions(chart, a, texts) }
}

describe('the readings never contradict the engine’s one decision', () => {
  it(`over ${N} seeded-random births (1900–2099, both genders, some abroad)`, () => {
    const counts = new Map<Defect, number>()
    const examples = new Map<Defect, string>()
    for (let i = 0; i < N; i++) {
      const input = randomBirth()
      const chart = baziChart(input)
      const birthYear = Number(chart.birth.clock.slice(0, 4))
      const year = Math.min(2090, Math.max(1900, birthYear + Math.floor(rnd() * 80)))
      const seen = new Set<Defect>()
      for (const [defect, text] of contradictions(chart, baziAnalysis(chart), textsOf(chart, year))) {
        if (!examples.has(defect)) examples.set(defect, `${JSON.stringify(input)} ${year}: ${text}`)
        seen.add(defect)
      }
      for (const d of seen) counts.set(d, (counts.get(d) ?? 0) + 1)
    }
    const report = [...counts].map(([d, n]) => `${d}: ${n}/${N} charts — e.g. ${examples.get(d)}`)
    expect(report).toEqual([])
  })

  it('炎上格 1987-06-17 13:30 男: no 调候 phrase, and the 性格 paragraph never prescribes 官杀', () => {
    const { a, found, texts } = of({ date: '1987-06-17 13:30', gender: 'male' })
    expect(a.geJu.name).toBe('炎上格')
    expect(a.yongShen.method).toBe('格局用神')
    expect(texts.units.filter((u) => TIAO_HOU_PHRASE.test(u))).toEqual([])
    expect(found).toEqual([])
  })

  it('1994-07-23 09:49 男 (旺, 印轻逢财): the 用神 is not the day master’s own 金, and no 喜 restrains it', () => {
    const { a, found } = of({ date: '1994-07-23 09:49', gender: 'male' })
    expect(a.strength.verdict).toBe('旺')
    expect(a.yongShen.yong).not.toBe('金')
    expect(a.yongShen.xi).not.toContain(controllerOf(a.yongShen.yong))
    expect(a.yongShen.ji).toContain('金')
    expect(found).toEqual([])
  })

  it('1982-08-21 01:30 男 (弱, 财透七煞): keeps its 印 木 and 比劫 火 among 喜用', () => {
    const { a, found } = of({ date: '1982-08-21 01:30', gender: 'male' })
    expect(a.strength.verdict).toBe('弱')
    expect([a.yongShen.yong, ...a.yongShen.xi]).toEqual(expect.arrayContaining(['木', '火']))
    expect(found).toEqual([])
  })

  it('1940-11-27 07:12 San Francisco (America/Los_Angeles): 印格 notes exclusive, 喜 not empty', () => {
    const { a, found } = of({
      date: '1940-11-27 07:12',
      gender: 'male',
      timeZone: 'America/Los_Angeles',
      longitude: -122.42
    })
    expect(a.geJu.name).toBe('偏印格')
    const notes = a.geJu.notes.join('；')
    expect(notes.includes('身印有所不足') && notes.includes('身印两旺')).toBe(false)
    expect(a.yongShen.xi.length).toBeGreaterThan(0)
    expect(found).toEqual([])
  })

  it('庚金午月 with 壬 in the month stem (1955-06-18 12:00 男): 壬 judged 忌 only with the reason said', () => {
    const { chart, a, found } = of({ date: '1955-06-18 12:00', gender: 'male' })
    expect(chart.pillars.month.ganZhi).toBe('壬午')
    expect(a.tiaoHou.gods[0]).toBe('壬')
    if (a.yongShen.ji.includes('水')) expect(a.tiaoHou.note).toMatch(/故不取《穷通宝鉴》所重之壬水/)
    expect(found).toEqual([])
  })

  it('can fail: each kind of contradiction is caught', () => {
    const { chart, a, texts } = of({ date: '1987-06-17 13:30', gender: 'male' })
    const bad = (units: string[], luck: string[] = [], analysis = a) =>
      contradictions(chart, analysis, { ...texts, units: [...texts.units, ...units], luck }).map(([d]) => d)
    expect(bad(['日主旺：身弱难任重财。'])).toContain('strength')
    expect(bad(['本局调候为急，故以调候定用神。'])).toContain('tiaoHouPhrase')
    expect(bad(['身旺宜泄宜克，以食伤、财星、官杀为用。'])).toContain('adviceJi')
    expect(bad([], ['劫财当令，宜守不宜攻。干支皆为喜用，宜积极进取。'])).toContain('stance')
    expect(bad(['目前行丙午大运（2000—2009年，12至21岁）。'])).toContain('xuSui')
    expect(bad([], [], { ...a, yongShen: { ...a.yongShen, xi: [] } })).toContain('emptyXi')
    expect(bad([], [], { ...a, yongShen: { ...a.yongShen, xi: ['水'] } })).toContain('decision')
  })
})
