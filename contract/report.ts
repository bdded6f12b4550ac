import type { ReportContent, ReportNarrative, ReportSection } from './tools'

/**
 * The paid report's outline, the one list its parts are named from: the server composes its sections
 * under these keys and titles, the model writes them under the same titles, the report page, its long
 * image and its PDF number their chapters from it, and the sales page promises exactly this list.
 */

/** Years of 流年 the report looks ahead. */
export const REPORT_YEARS = 10

/** The report's topic sections, in order: key, title, and what the sales page says of it. */
export const REPORT_TOPICS = [
  { key: 'geju', title: '格局与用神', promise: '旺衰、格局、调候与用神取法，每一步结论都写明依据' },
  { key: 'liuqin', title: '六亲', promise: '父母、兄弟、配偶、子女，以十神与宫位逐一分析' },
  { key: 'career', title: '事业', promise: '依格局与喜用五行，适合的行业与发展方位' },
  { key: 'wealth', title: '财运', promise: '财星喜忌与身财强弱，求财方式与转运之年' },
  { key: 'marriage', title: '婚姻', promise: '配偶星与夫妻宫，婚缘与宜留意之处' },
  { key: 'health', title: '健康', promise: '五行旺衰对应的脏腑，宜保养之处' }
] as const

export type ReportTopicKey = (typeof REPORT_TOPICS)[number]['key']

export const REPORT_SUMMARY_TITLE = '命局总论'
export const REPORT_DAYUN_TITLE = '大运详批'

/** Title of a topic section by its key. */
export const reportTopicTitle = (key: ReportTopicKey): string => REPORT_TOPICS.find((t) => t.key === key)!.title

/** Every chapter of the report as the sales page lists it, in the report's own order. */
export const REPORT_OUTLINE: ReadonlyArray<{ title: string; promise: string }> = [
  { title: REPORT_SUMMARY_TITLE, promise: '四柱、日主旺衰、格局、用神与起运一览' },
  ...REPORT_TOPICS.map(({ title, promise }) => ({ title, promise })),
  { title: REPORT_DAYUN_TITLE, promise: '每步大运逐运详批：十神、喜忌吉凶、刑冲合会与神煞' },
  { title: `未来${REPORT_YEARS}年流年`, promise: '逐年吉凶与详批，并标出值得留意的流月' }
]

/** A chapter of the report as the page, its long image and its PDF lay it out, in reading order. */
export type ReportPart =
  | { key: 'summary'; title: string }
  | { key: 'section'; title: string; section: ReportSection }
  | { key: 'dayun'; title: string }
  | { key: 'liunian'; title: string }

/** 命局总论, 格局与用神, 六亲 and each topic, 大运详批, the ten 流年: the table of contents. */
export function reportParts(c: ReportContent): ReportPart[] {
  const geju = c.sections.filter((s) => s.key === 'geju')
  const rest = c.sections.filter((s) => s.key !== 'geju')
  return [
    { key: 'summary', title: REPORT_SUMMARY_TITLE },
    ...[...geju, ...rest].map((section) => ({ key: 'section' as const, title: section.title, section })),
    ...(c.da_yun.length ? [{ key: 'dayun' as const, title: REPORT_DAYUN_TITLE }] : []),
    ...(c.liu_nian.length
      ? [{ key: 'liunian' as const, title: `${c.from_year}—${c.from_year + c.liu_nian.length - 1}年流年` }]
      : [])
  ]
}

/**
 * The report as read: once the model has finished, its sections take the place of the rules text they
 * were written from (the quotes stay: they are the books' exact words); until then, the rules text.
 */
export function withNarrative(c: ReportContent, n?: ReportNarrative): ReportContent {
  if (n?.status !== 'done') return c
  const written = new Map(n.sections.filter((s) => s.paragraphs.length).map((s) => [s.key, s.paragraphs]))
  return { ...c, sections: c.sections.map((s) => (written.has(s.key) ? { ...s, paragraphs: written.get(s.key)! } : s)) }
}

const NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十', '十一', '十二', '十三', '十四']

/** '三、六亲' */
export const numbered = (i: number, title: string): string => `${NUMERALS[i] ?? i + 1}、${title}`
