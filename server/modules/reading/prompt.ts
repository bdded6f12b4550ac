import type { BookPassage, ReadingSection } from '../../../contract'
import { baziAnalysis, type BaziChart } from '../../../src/metaphysics/bazi'
import type { ChatMessage } from './ai-client'
import { daYunOfYear } from './chart-facts'
import { yearGanZhi } from './luck'

/** The sections the model is asked to write, in order, each under 【title】. */
export const SECTION_TITLES: Array<[ReadingSection['key'], string]> = [
  ['personality', '性格特点'],
  ['career', '事业发展'],
  ['wealth', '财运分析'],
  ['love', '感情婚姻'],
  ['health', '健康提示'],
  ['luck', '大运流年']
]

const KEYS = ['year', 'month', 'day', 'hour'] as const
const NAMES = { year: '年柱', month: '月柱', day: '日柱', hour: '时柱' }

/** The chart as facts the model must take as given: it never computes pillars itself. */
export function chartFacts(chart: BaziChart, year: number): string {
  const lines = KEYS.map((k) => {
    const p = chart.pillars[k]
    const hidden = p.cangGan.map((c) => `${c.gan}${c.shiShen}`).join('、')
    return (
      `${NAMES[k]}：${p.ganZhi}（天干十神 ${p.shiShen}；藏干 ${hidden}；纳音 ${p.naYin}；星运 ${p.xingYun}；` +
      `神煞 ${p.shenSha.join('、') || '无'}）`
    )
  })
  const analysis = baziAnalysis(chart)
  const ys = analysis.yongShen
  const current = daYunOfYear(chart, year)
  return [
    `性别：${chart.gender === 'male' ? '男' : '女'}；出生（公历）：${chart.birth.clock}；农历：${chart.birth.lunar}`,
    ...lines,
    `日主：${chart.dayMaster.gan}${chart.dayMaster.wuXing}，` +
      `${chart.strength.verdict}（比劫印占比 ${chart.strength.supportRatio}，${chart.strength.deLing ? '得令' : '失令'}、` +
      `${chart.strength.deDi ? '得地' : '失地'}、${chart.strength.deShi ? '得势' : '失势'}）`,
    `五行分数：${Object.entries(chart.wuXing.scores)
      .map(([x, n]) => `${x}${n}`)
      .join(' ')}${chart.wuXing.missing.length ? `；缺${chart.wuXing.missing.join('')}` : ''}`,
    `格局：${analysis.geJu.name}（${analysis.geJu.state}；${analysis.geJu.basis}；${analysis.geJu.notes.join('；')}）`,
    `用神（${ys.method}）：${ys.yong}；喜神：${ys.xi.join('') || '无'}；忌神：${ys.ji.join('') || '无'}（${ys.reason}）`,
    `调候：${analysis.tiaoHou.note}`,
    `刑冲合会：${chart.relations.map((r) => r.text).join('；') || '无'}`,
    `起运：${chart.qiYun.text}；大运：${chart.daYun.map((d) => `${d.ganZhi}(${d.startYear}-${d.endYear})`).join(' ')}`,
    `当前：${year}年流年${yearGanZhi(year)}${current ? `，大运${current.ganZhi}` : '，尚未起运'}`
  ].join('\n')
}

export function readingMessages(chart: BaziChart, passages: BookPassage[], year: number): ChatMessage[] {
  const books = passages
    .map((p) => `《${p.book}》${p.title}（${p.source === 'summary' ? '白话摘要' : '原文'}）：${p.text}`)
    .join('\n')
  return [
    {
      role: 'system',
      content:
        '你是一位严谨的子平八字命理师。命盘由专业排盘程序算出，四柱、十神、大运、格局、用神与喜忌一律以给出的数据为准，不得自行重排、另取或更改。' +
        '请用通顺的中文写一份解读，依次用【性格特点】【事业发展】【财运分析】【感情婚姻】【健康提示】【大运流年】六个标题分段，' +
        '每段两到四个自然段，立论要说明依据（十神、旺衰、用神、刑冲合会、古籍），语气客观，不做绝对化的吉凶断言，不涉及医疗诊断。'
    },
    { role: 'user', content: `命盘数据：\n${chartFacts(chart, year)}\n\n古籍参考：\n${books}\n\n请开始解读。` }
  ]
}

/** The model's text split at the 【title】 headings it was asked for (a section may still be arriving). */
export function sectionsOfText<K extends string>(
  text: string,
  titles: Array<[K, string]> = SECTION_TITLES as Array<[K, string]>
): Array<{ key: K; title: string; paragraphs: string[] }> {
  const sections: Array<{ key: K; title: string; paragraphs: string[] }> = []
  const pattern = /【([^】]{2,8})】/g
  const marks = [...text.matchAll(pattern)]
  marks.forEach((m, i) => {
    const entry = titles.find(([, title]) => title === m[1])
    if (!entry) return
    const body = text.slice(m.index! + m[0].length, i + 1 < marks.length ? marks[i + 1].index : text.length)
    const paragraphs = body
      .split(/\n+/)
      .map((s) => s.replace(/^[#*\s]+|[*\s]+$/g, '').trim())
      .filter(Boolean)
    sections.push({ key: entry[0], title: entry[1], paragraphs })
  })
  return sections
}
