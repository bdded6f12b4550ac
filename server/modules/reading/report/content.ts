import type { ReportContent, ReportMonth, ReportQuote, ReportSection } from '../../../../contract'
import { REPORT_TOPICS, REPORT_YEARS, type ReportTopicKey, reportTopicTitle } from '../../../../contract/report'
import {
  type BaziAnalysis,
  baziAnalysis,
  type BaziChart,
  baziLiuYue,
  findRelations,
  ganWuXing,
  type Role,
  roleElement,
  WU_XING,
  type WuXing
} from '../../../../src/metaphysics/bazi'
import {
  DI_TIAN_SUI_FU_QI,
  DI_TIAN_SUI_JI_BING,
  ZI_PING_CAI,
  ZI_PING_GE_JU,
  ZI_PING_YONG_SHEN
} from '../../../data/classics'
import { monthNameOf, qiongTongOf } from '../../../data/qiongtong'
import { pillarsOf } from '../../chart/birth'
import { countOf, ganZhiGods, type Leaning, leaningOf, tenGodCounts, xuSuiOf } from '../chart-facts'
import { luckParagraphs, yearGanZhi } from '../luck'
import { ELEMENT_CAREERS, ELEMENT_COLORS, ELEMENT_DIRECTIONS, ELEMENT_ORGANS } from '../texts'

const el = (chart: BaziChart, role: Role): WuXing => roleElement(chart.dayMaster.wuXing, role)

const STANCE: Record<Leaning, string> = { 喜: '为喜用', 忌: '为忌神', 平: '为闲神' }
const stance = (chart: BaziChart, x: WuXing): string => `${x}${STANCE[leaningOf(chart, x)]}`

/** Verdict of a 干支 against the chart: one point for each of stem and branch that is 喜, minus one for 忌. */
const VERDICTS: Record<number, string> = { 2: '大吉', 1: '吉', 0: '平', [-1]: '欠佳', [-2]: '不利' }
const verdictOf = (chart: BaziChart, ganZhi: string): string => {
  const g = ganZhiGods(chart, ganZhi)
  const score = [g.ganEl, g.zhiEl].reduce(
    (n, x) => n + (leaningOf(chart, x) === '喜' ? 1 : leaningOf(chart, x) === '忌' ? -1 : 0),
    0
  )
  return VERDICTS[score]
}

function gejuSection(chart: BaziChart, a: BaziAnalysis): ReportSection {
  const { geJu, yongShen: ys, tiaoHou } = a
  const entry = qiongTongOf(chart.dayMaster.gan, chart.pillars.month.zhi)
  const quotes: ReportQuote[] = [ZI_PING_YONG_SHEN, ...(ZI_PING_GE_JU[geJu.name] ? [ZI_PING_GE_JU[geJu.name]] : [])]
  if (entry?.text)
    quotes.push({
      book: '穷通宝鉴',
      chapter: `论${chart.dayMaster.gan}${chart.dayMaster.wuXing} · ${monthNameOf(entry.zhi)}`,
      text: entry.text
    })
  return {
    key: 'geju',
    title: reportTopicTitle('geju'),
    paragraphs: [
      ...a.strength.basis,
      `格局：${geJu.name}（${geJu.kind}，${geJu.state}）。${geJu.basis}。${geJu.notes.join('；')}。依据：${geJu.source}。`,
      ...(geJu.alternative ? [`另一取法：${geJu.alternative}。`] : []),
      `用神取法：${ys.method}。${ys.reason}。`,
      `结论：用神${ys.yong}，喜${ys.xi.join('、') || '无'}，忌${ys.ji.join('、') || '无'}。以下各节与大运流年，皆以此为准。`,
      `调候：${tiaoHou.note}${tiaoHouWord(a)}`
    ],
    quotes
  }
}

/**
 * The 调候 clause follows the decision's method: 调候为急 is said only when 调候 chose the 用神; when the
 * season's need is missing but a 外格 decided, the text says the 外格 came first.
 */
const tiaoHouWord = (a: BaziAnalysis): string => {
  if (a.yongShen.method === '调候') return '本局调候为急，故以调候定用神。'
  if (!a.tiaoHou.urgent) return ''
  const need = ganWuXing(a.tiaoHou.gods[0])
  return `原局${need}气虽少，然${a.geJu.name}${a.geJu.kind === '外格' ? '顺其旺势' : '取用'}为先，调候不作用神。`
}

const KIN_PALACE = '年柱为祖上，月柱为父母兄弟，日支为配偶，时柱为子女'
function liuqinSection(chart: BaziChart): ReportSection {
  const male = chart.gender === 'male'
  const kin: Array<[string, Role, string]> = [
    ['父亲', '财', '偏财'],
    ['母亲', '印', '正印'],
    ['兄弟姐妹', '比劫', '比劫'],
    [male ? '妻子' : '丈夫', male ? '财' : '官杀', male ? '正财' : '正官'],
    ['子女', male ? '官杀' : '食伤', male ? '官杀' : '食伤']
  ]
  const counts = tenGodCounts(chart)
  const paragraphs = [
    `宫位：${KIN_PALACE}。星以十神论：父为偏财，母为正印，兄弟为比劫，${male ? '妻为财星，子女为官杀' : '夫为官星，子女为食伤'}。`,
    ...kin.map(([who, role, star]) => {
      const x = el(chart, role)
      const n =
        role === '财'
          ? countOf(counts, '正财', '偏财')
          : role === '印'
            ? countOf(counts, '正印', '偏印')
            : role === '比劫'
              ? countOf(counts, '比肩', '劫财')
              : role === '官杀'
                ? countOf(counts, '正官', '七杀')
                : countOf(counts, '食神', '伤官')
      const lean = leaningOf(chart, x)
      const tone =
        lean === '喜' ? '得其助力、缘分较厚' : lean === '忌' ? '宜多包容、各自保留空间' : '关系平和，助力看后天经营'
      return `${who}：以${star}（${x}）论，原局见${n}处；${x}${STANCE[lean]}，${tone}。`
    })
  ]
  return { key: 'liuqin', title: reportTopicTitle('liuqin'), paragraphs }
}

const GE_CAREER: Record<string, string> = {
  正官格: '正官主名位规矩，宜在体制、大型机构或管理岗位循序晋升',
  七杀格: '七杀主权威魄力，宜军警、法务、工程、创业等需担当决断之事',
  正财格: '正财主勤俭经营，宜财务、实业、稳定收入的专业岗位',
  偏财格: '偏财主交际流通，宜商贸、销售、投资与跨地域的经营',
  正印格: '印绶主学识资历，宜教育、学术、文化、医药与认证类行业',
  偏印格: '偏印主偏才机变，宜技术研究、设计、玄学医卜等专门之学',
  食神格: '食神主才艺口福，宜餐饮、艺术、教育与以作品立身之业',
  伤官格: '伤官主才华锋芒，宜创作、传媒、技术、法律与自由职业',
  阳刃格: '阳刃主刚强果决，宜武职、竞技、外科、工程等须胆识之业',
  建禄格: '建禄主白手自立，宜凭专业技能开拓，早年多靠自身奋斗',
  月劫格: '月劫主自立合作，宜凭专业技能开拓，合伙宜分清权责'
}

function careerSection(chart: BaziChart, a: BaziAnalysis): ReportSection {
  const ys = a.yongShen
  const favoured = [ys.yong, ...ys.xi].slice(0, 2)
  return {
    key: 'career',
    title: reportTopicTitle('career'),
    paragraphs: [
      `${a.geJu.name}：${GE_CAREER[a.geJu.name] ?? `外格顺其旺神，事业宜顺着${ys.yong}之势发展`}。`,
      `行业以喜用五行为宜——${favoured.map((x) => `${x}：${ELEMENT_CAREERS[x]}`).join('；')}。`,
      `发展方位以${ELEMENT_DIRECTIONS[ys.yong]}为佳；${ys.ji.length ? `${ys.ji.join('、')}为忌，相关行业宜少涉足或以合作方式参与。` : ''}`
    ],
    quotes: ZI_PING_GE_JU[a.geJu.name] ? [ZI_PING_GE_JU[a.geJu.name]] : []
  }
}

/** How the body carries its 财, one wording for each side of the engine's strength verdict. */
const CARRY: Record<'strong' | 'neutral' | 'weak', string> = {
  strong: '身旺能任财，宜主动开拓、经营投资。',
  neutral: '身财大致相称，求财宜稳中有进、量力经营，不宜孤注一掷。',
  weak: '身弱难任重财，宜借平台与合作、以专业换收入，忌高杠杆。'
}

function wealthSection(chart: BaziChart, a: BaziAnalysis): ReportSection {
  const cai = el(chart, '财')
  const v = a.strength.verdict
  const side = v === '旺' || v === '偏旺' ? 'strong' : v === '中和' ? 'neutral' : 'weak'
  const lean = leaningOf(chart, cai)
  return {
    key: 'wealth',
    title: reportTopicTitle('wealth'),
    paragraphs: [
      `财星五行为${cai}，在本局${STANCE[lean]}。` +
        `${lean === '喜' ? '求财顺势，逢财星之年易有进账。' : lean === '忌' ? '财多反为身累，宜量力而行、先立根基再求财。' : '财运平稳，成败多在经营是否得法。'}`,
      `日主${v}：${CARRY[side]}`,
      `逢${ys(a)}之年为财运转好之时；财之色为${ELEMENT_COLORS[cai]}。`
    ],
    quotes: [ZI_PING_CAI]
  }
}
const ys = (a: BaziAnalysis): string => [a.yongShen.yong, ...a.yongShen.xi].join('、') + '为喜用'

function marriageSection(chart: BaziChart): ReportSection {
  const male = chart.gender === 'male'
  const star = el(chart, male ? '财' : '官杀')
  const palace = chart.pillars.day.zhi
  const palaceEl = ganZhiGods(chart, chart.pillars.day.ganZhi).zhiEl
  const clash = chart.relations.find(
    (r) => r.pillars.includes('day') && r.text.includes('日支') && (r.type.includes('冲') || r.type.includes('刑'))
  )
  return {
    key: 'marriage',
    title: reportTopicTitle('marriage'),
    paragraphs: [
      `${male ? '妻星为财' : '夫星为官'}，五行属${star}，在本局${STANCE[leaningOf(chart, star)]}；夫妻宫日支${palace}，` +
        `本气属${palaceEl}，${STANCE[leaningOf(chart, palaceEl)]}。`,
      leaningOf(chart, star) === '喜' && leaningOf(chart, palaceEl) !== '忌'
        ? '配偶星与夫妻宫皆得其所，婚姻有助力，配偶能旺家。'
        : leaningOf(chart, star) === '忌'
          ? '配偶星为忌，婚前宜多了解、婚后宜多包容，晚婚更稳。'
          : '婚缘平稳，重在经营与沟通。',
      ...(clash ? [`夫妻宫见${clash.text}，聚少离多或观念分歧之象，遇冲动夫妻宫之流年尤宜留意。`] : [])
    ],
    quotes: [DI_TIAN_SUI_FU_QI]
  }
}

function healthSection(chart: BaziChart, a: BaziAnalysis): ReportSection {
  const scores = chart.wuXing.scores
  const order = [...WU_XING].sort((x, y) => scores[y] - scores[x])
  const [most, least] = [order[0], order[4]]
  const jiOrgans = a.yongShen.ji.map((x) => `${x}对应${ELEMENT_ORGANS[x].organs}，${ELEMENT_ORGANS[x].advice}`)
  return {
    key: 'health',
    title: reportTopicTitle('health'),
    paragraphs: [
      `五行以${most}最旺、${least}最弱。${most}过旺须留意${ELEMENT_ORGANS[most].organs}；` +
        `${least}偏弱须保养${ELEMENT_ORGANS[least].organs}。`,
      `忌神${a.yongShen.ji.join('、') || '无'}旺之岁运，身体多需调养：` + `${jiOrgans.join('；') || '注意作息即可'}。`,
      '以上为传统五行之说，不替代医学诊断；身体不适请及时就医。'
    ],
    quotes: [DI_TIAN_SUI_JI_BING]
  }
}

/** The writer of each of the outline's topics: a topic added to REPORT_TOPICS needs one here to compile. */
const SECTIONS: Record<ReportTopicKey, (chart: BaziChart, a: BaziAnalysis) => ReportSection> = {
  geju: gejuSection,
  liuqin: liuqinSection,
  career: careerSection,
  wealth: wealthSection,
  marriage: marriageSection,
  health: healthSection
}

/** The 流月 of a year that matter: both characters 喜 or both 忌, or a 六冲 / 六合 with the day or month branch. */
function monthsThatMatter(chart: BaziChart, year: number): ReportMonth[] {
  return baziLiuYue(year).flatMap((m): ReportMonth[] => {
    const g = ganZhiGods(chart, m.ganZhi)
    const [a, b] = [leaningOf(chart, g.ganEl), leaningOf(chart, g.zhiEl)]
    // only the month's pairs with the day and month pillars matter, so only those pillars are searched
    // (the same relations luckRelations finds, at a fraction of the cost for 120 months)
    const hits = findRelations({ month: chart.pillars.month.ganZhi, day: chart.pillars.day.ganZhi, liuYue: m.ganZhi }, [
      'liuYue'
    ]).filter((r) => r.pillars.length === 2)
    const clash = hits.find((r) => r.type === '地支六冲')
    const he = hits.find((r) => r.type === '地支六合')
    const both = g.ganEl === g.zhiEl ? `干支皆${g.ganEl}` : `干支${g.ganEl}${g.zhiEl}`
    const base = { month: m.month, gan_zhi: m.ganZhi, start: m.start.slice(0, 10) }
    if (clash)
      return [
        {
          ...base,
          tone: '动',
          note: `${clash.text}：${clash.pillars.includes('day') ? '冲动夫妻宫，家庭与身体宜多照应' : '冲动月令，工作环境易有变动'}`
        }
      ]
    if (a === '喜' && b === '喜') return [{ ...base, tone: '喜', note: `${both}，皆为喜用，宜把握机会、推进要事` }]
    if (a === '忌' && b === '忌') return [{ ...base, tone: '忌', note: `${both}，皆为忌神，宜守成、谨慎决策` }]
    if (he) return [{ ...base, tone: '动', note: `${he.text}：合主牵引，利合作与人缘` }]
    return []
  })
}

/**
 * The paid report: 格局与用神 with reasoning, 六亲, 事业/财运/婚姻/健康 tied to the chart's elements and
 * quoting the classics, every 大运 with its verdict, and the next ten 流年 with the 流月 that matter. It
 * shares no section with the free reading; both take 喜忌 from the same baziAnalysis.
 */
export function composeReport(chart: BaziChart, name: string, year: number): ReportContent {
  const a = baziAnalysis(chart)
  const summary = [
    `${name ? name + '，' : ''}${chart.gender === 'male' ? '乾造' : '坤造'}，` +
      `生于公历${chart.birth.clock}（农历${chart.birth.lunar}），属${chart.birth.shengXiao}。`,
    `四柱为${pillarsOf(chart).join(' ')}，日主${chart.dayMaster.gan}${chart.dayMaster.wuXing}，` +
      `${a.strength.verdict}；${a.geJu.name}（${a.geJu.state}）；用神${a.yongShen.yong}（${a.yongShen.method}），` +
      `喜${a.yongShen.xi.join('、') || '无'}，忌${a.yongShen.ji.join('、') || '无'}。`,
    `${chart.qiYun.text}，于${chart.qiYun.date.slice(0, 10)}交运，大运${chart.qiYun.forward ? '顺' : '逆'}行。`
  ]
  return {
    pillars: pillarsOf(chart),
    summary,
    sections: REPORT_TOPICS.map((t) => SECTIONS[t.key](chart, a)),
    da_yun: chart.daYun.map((d) => ({
      gan_zhi: d.ganZhi,
      start_year: d.startYear,
      end_year: d.endYear,
      start_age: d.startAge,
      end_age: d.endAge,
      verdict: verdictOf(chart, d.ganZhi),
      paragraphs: [
        `天干${d.ganZhi[0]}：${stance(chart, ganZhiGods(chart, d.ganZhi).ganEl)}；地支${d.ganZhi[1]}：` +
          `${stance(chart, ganZhiGods(chart, d.ganZhi).zhiEl)}。`,
        ...luckParagraphs(chart, d.ganZhi, '大运')
      ]
    })),
    liu_nian: Array.from({ length: REPORT_YEARS }, (_, i) => {
      const y = year + i
      const gz = yearGanZhi(y)
      return {
        year: y,
        gan_zhi: gz,
        age: xuSuiOf(chart, y),
        verdict: verdictOf(chart, gz),
        paragraphs: luckParagraphs(chart, gz, '流年'),
        months: monthsThatMatter(chart, y)
      }
    }),
    from_year: year
  }
}
