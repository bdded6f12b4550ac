import type { ReadingSection } from '../../../contract'
import { type BaziChart, WU_XING, type WuXing } from '../../../src/metaphysics/bazi'
import { allShenSha, countOf, daYunOfYear, ganZhiGods, tenGodCounts } from './chart-facts'
import { luckParagraphs, yearGanZhi } from './luck'
import {
  DAY_MASTER_NATURE,
  ELEMENT_CAREERS,
  ELEMENT_COLORS,
  ELEMENT_DIRECTIONS,
  ELEMENT_ORGANS,
  SHEN_SHA_MEANING,
  SHI_SHEN_TRAITS,
  STRENGTH_TEXT
} from './texts'

const LOVE_STARS = ['桃花', '红鸾', '天喜', '红艳煞', '孤辰', '寡宿', '孤鸾煞', '阴差阳错']

/**
 * What the chart uses, said from the one decision: the strength paragraph describes the temperament and
 * leaves the prescription to the 用神 (a 炎上格 is 旺 yet must not be told to use its 忌神 官杀).
 */
const useSentence = (chart: BaziChart): string => {
  const ys = chart.yongShen
  return (
    `命局以${ys.yong}为用神，${ys.xi.join('、')}为喜${ys.ji.length ? `，${ys.ji.join('、')}为忌` : ''}，` +
    '行运逢喜用则顺，逢忌神则宜多加斟酌。'
  )
}

function personality(chart: BaziChart): string[] {
  const { gan, wuXing } = chart.dayMaster
  const nature = DAY_MASTER_NATURE[gan]
  const top = tenGodCounts(chart)[0][0]
  const stars = allShenSha(chart)
    .filter((s) => SHEN_SHA_MEANING[s] && !LOVE_STARS.includes(s))
    .slice(0, 4)
  return [
    `日主${gan}${wuXing}，取象为${nature.image}。${nature.nature}`,
    `${STRENGTH_TEXT[chart.strength.verdict]}${chart.strength.deLing ? '日主得月令之气，根基较稳。' : '日主不得月令，须借四柱他处之力。'}` +
      useSentence(chart),
    `命局十神以${top}最为突出：${SHI_SHEN_TRAITS[top].personality}${nature.shadow}`,
    ...(stars.length ? [`命带${stars.join('、')}：${stars.map((s) => SHEN_SHA_MEANING[s]).join('；')}。`] : [])
  ]
}

function career(chart: BaziChart): string[] {
  const counts = tenGodCounts(chart)
  const top = counts[0][0]
  const ys = chart.yongShen
  const favoured = [ys.yong, ...ys.xi.filter((x) => x !== ys.yong)].slice(0, 2) as WuXing[]
  const guan = countOf(counts, '正官', '七杀')
  const yin = countOf(counts, '正印', '偏印')
  const shiShang = countOf(counts, '食神', '伤官')
  const paths =
    guan >= 2 && yin >= 1
      ? '官印相生，适合在体制内、大型机构或管理岗位上循序晋升，名望与地位是事业的主线。'
      : shiShang >= 2
        ? '食伤有力，以才华技艺立身，适合专业技术、创意表达或自由职业，作品与口碑就是最好的名片。'
        : guan >= 2
          ? '官杀较旺，责任与压力并重，适合需要担当与执行力的岗位，宜有印星化解压力。'
          : '事业格局较为灵活，宜结合兴趣与所长，先专精一门再横向拓展。'
  return [
    SHI_SHEN_TRAITS[top].career,
    paths,
    `用神为${ys.yong}（${ys.method}：${ys.reason}）。行业上宜取` +
      `${favoured.map((x) => `${x}：${ELEMENT_CAREERS[x]}`).join('；')}。发展方位以${ELEMENT_DIRECTIONS[ys.yong]}为佳。`
  ]
}

function wealth(chart: BaziChart): string[] {
  const counts = tenGodCounts(chart)
  const cai = countOf(counts, '正财', '偏财')
  const biJie = countOf(counts, '比肩', '劫财')
  const shiShang = countOf(counts, '食神', '伤官')
  const strong = chart.strength.verdict === '旺' || chart.strength.verdict === '偏旺'
  const weak = chart.strength.verdict === '弱' || chart.strength.verdict === '偏弱'
  // the element the day master controls (木克土, 土克水 ...): two steps on in 木火土金水
  const caiElement = WU_XING[(WU_XING.indexOf(chart.dayMaster.wuXing) + 2) % 5]
  const first =
    cai === 0
      ? '原局财星不显，财富更多来自专业能力与岁运的引动，宜以技术、知识换取稳定收入，忌好高骛远。'
      : strong
        ? `原局财星${cai}见，日主有力能担财，属于能赚也能守的格局，适合主动经营、开拓财源。`
        : weak
          ? `原局财星${cai}见而日主${chart.strength.verdict === '弱' ? '身弱' : '偏弱'}，属财多身弱，钱财经手多而留存少，宜借助平台与合伙，量力而行。`
          : `原局财星${cai}见，身财相当，收入较为平稳，宜开源节流、稳健理财。`
  const second =
    shiShang >= 1 && cai >= 1
      ? '食伤生财，财路与才华相连，靠手艺、口才或创意获利最为顺手。'
      : biJie >= 3
        ? '比劫较重，须防合伙分财、借贷不还与冲动消费，理财宜有计划、账目宜分明。'
        : '理财宜以稳为主，长期定投与置业比短线投机更合命局。'
  return [
    first,
    second,
    `财星五行为${caiElement}，其色为${ELEMENT_COLORS[caiElement]}；逢财星为喜用的年份，是加薪、投资与置业的好时机。`
  ]
}

function love(chart: BaziChart): string[] {
  const male = chart.gender === 'male'
  const counts = tenGodCounts(chart)
  const spouseStars = male ? countOf(counts, '正财', '偏财') : countOf(counts, '正官', '七杀')
  const starName = male ? '妻星（财星）' : '夫星（官杀）'
  const palace = ganZhiGods(chart, chart.pillars.day.ganZhi).zhi
  const palaceRelations = chart.relations.filter((r) => r.pillars.includes('day') && r.text.includes('日支'))
  const clash = palaceRelations.find((r) => r.type.includes('冲') || r.type.includes('刑'))
  const harmony = palaceRelations.find((r) => r.type.includes('合') || r.type.includes('会'))
  const stars = allShenSha(chart).filter((s) => LOVE_STARS.includes(s))
  const paragraphs = [
    spouseStars === 0
      ? `原局${starName}不显，感情多靠缘分与岁运引动，宜主动扩大社交圈，逢${starName}出现的年份更易遇到合适的对象。`
      : spouseStars >= 3
        ? `原局${starName}较多，异性缘佳、选择多，宜专一用心，避免感情纠葛。`
        : `原局${starName}有${spouseStars}见，姻缘清楚，感情观务实，遇到合适之人能稳定发展。`,
    `日支为夫妻宫，坐${chart.pillars.day.zhi}，本气为${palace}：${male ? '配偶' : '伴侣'}${SPOUSE_PALACE[palace]}`
  ]
  if (clash) paragraphs.push(`夫妻宫见${clash.text}，婚姻中易有聚少离多或观念分歧，宜多沟通、多包容，晚婚更稳。`)
  else if (harmony) paragraphs.push(`夫妻宫见${harmony.text}，夫妻和合有情，家庭氛围较为融洽。`)
  if (stars.length) paragraphs.push(`命带${stars.join('、')}：${stars.map((s) => SHEN_SHA_MEANING[s]).join('；')}。`)
  return paragraphs
}

const SPOUSE_PALACE: Record<string, string> = {
  比肩: '性格独立，与你如朋友般平等相处，也需防各执己见。',
  劫财: '个性要强、行动力足，相处中宜彼此尊重、分清财务。',
  食神: '性情温和、懂得生活，能带来轻松愉快的家庭氛围。',
  伤官: '聪明有才、个性鲜明，相处中宜多赞美、少争辩。',
  偏财: '大方热情、交际广泛，能为家庭带来机会与财源。',
  正财: '勤俭顾家、踏实可靠，是持家理财的好帮手。',
  七杀: '有魄力、有主见，能在关键时刻担当，但脾气较急。',
  正官: '端正稳重、有责任心，重视家庭名誉与规矩。',
  偏印: '思想独特、较为内向，需要各自保留一定的空间。',
  正印: '体贴包容、照顾周到，像长辈一样给予关怀。'
}

function health(chart: BaziChart): string[] {
  const scores = chart.wuXing.scores
  const sorted = [...WU_XING].sort((a, b) => scores[b] - scores[a])
  const strongest = sorted[0]
  const weakest = sorted[sorted.length - 1]
  const missing = chart.wuXing.missing
  const paragraphs = [
    `命局五行以${strongest}最旺（${scores[strongest]}），${weakest}最弱（${scores[weakest]}）` +
      `${missing.length ? `，五行缺${missing.join('、')}` : ''}。五行偏枯之处，往往就是需要留意的身体部位。`,
    `${strongest}过旺，须留意${ELEMENT_ORGANS[strongest].organs}：${ELEMENT_ORGANS[strongest].advice}。`,
    `${weakest}偏弱，须保养${ELEMENT_ORGANS[weakest].organs}：${ELEMENT_ORGANS[weakest].advice}。`
  ]
  if (chart.yongShen.method === '调候')
    paragraphs.push(
      `调候为急：${chart.yongShen.reason}。日常可多用${ELEMENT_COLORS[chart.yongShen.yong]}，作息顺应四时。`
    )
  return paragraphs
}

function luck(chart: BaziChart, year: number): string[] {
  const current = daYunOfYear(chart, year)
  const paragraphs: string[] = []
  if (current) {
    paragraphs.push(
      `目前行${current.ganZhi}大运（${current.startYear}—${current.endYear}年，虚岁${current.startAge}至${current.endAge}岁）。`
    )
    paragraphs.push(...luckParagraphs(chart, current.ganZhi, '大运'))
  } else {
    paragraphs.push(`${chart.qiYun.text}（${chart.qiYun.date.slice(0, 10)}交运），目前尚在童限，以小运与流年论。`)
  }
  paragraphs.push(`${year}年流年${yearGanZhi(year)}：`)
  paragraphs.push(...luckParagraphs(chart, yearGanZhi(year), '流年'))
  const next = chart.daYun.find((d) => d.startYear > year)
  if (next)
    paragraphs.push(
      `下一步大运${next.ganZhi}自${next.startYear}年（虚岁${next.startAge}岁）开始，届时宜提早规划、顺势而为。`
    )
  return paragraphs
}

/** A reading composed from the chart by rules: the same chart and year always give the same text. */
export function rulesReading(chart: BaziChart, year: number): ReadingSection[] {
  return [
    { key: 'personality', title: '性格特点', paragraphs: personality(chart) },
    { key: 'career', title: '事业发展', paragraphs: career(chart) },
    { key: 'wealth', title: '财运分析', paragraphs: wealth(chart) },
    { key: 'love', title: '感情婚姻', paragraphs: love(chart) },
    { key: 'health', title: '健康提示', paragraphs: health(chart) },
    { key: 'luck', title: '大运流年', paragraphs: luck(chart, year) }
  ]
}
