import type { ReportContent, ReportNarrative, ReportQuote, ReportSection } from '../../../../contract'
import { REPORT_TOPICS } from '../../../../contract/report'
import type { BaziChart } from '../../../../src/metaphysics/bazi'
import type { ChatMessage } from '../ai-client'
import { chartFacts, sectionsOfText } from '../prompt'

/** The report's sections the model writes, in order, each under 【title】; the tables stay computed. */
export const REPORT_AI_SECTIONS: Array<[string, string]> = REPORT_TOPICS.map((t) => [t.key, t.title])

/** A report row's model-written sections as the page and the PDF read them. */
export function narrativeOf(r: {
  narrativeStatus: ReportNarrative['status']
  narrative: string
  narrativeError: string
}): ReportNarrative {
  return {
    status: r.narrativeStatus,
    sections: sectionsOfText(r.narrative, REPORT_AI_SECTIONS),
    error: r.narrativeError
  }
}

const quoteLine = (q: ReportQuote) => `《${q.book}》${q.chapter}：${q.text}`

/**
 * The paid report asked of the model: the chart, its 格局/用神 decision, every 大运 and the ten 流年 with
 * their verdicts, and the rules text of each section are the ground truth it writes from; the classics
 * it may quote are given word for word. It computes nothing itself.
 */
export function reportMessages(chart: BaziChart, content: ReportContent, year: number): ChatMessage[] {
  const luck = content.da_yun.map(
    (d) =>
      `${d.gan_zhi}大运 ${d.start_year}—${d.end_year}年（虚岁${d.start_age}至${d.end_age}岁）：${d.verdict ?? ''}。` +
      `${d.paragraphs.join('')}`
  )
  const years = content.liu_nian.map(
    (y) =>
      `${y.year}年${y.gan_zhi}（虚岁${y.age}）：${y.verdict ?? ''}。` +
      `${y.paragraphs.join('')}` +
      `${(y.months ?? []).map((m) => ` ${m.month}${m.gan_zhi}：${m.note}`).join('；')}`
  )
  const rules = content.sections.map((s: ReportSection) => `【${s.title}】${s.paragraphs.join('')}`)
  const quotes = [...new Map(content.sections.flatMap((s) => s.quotes ?? []).map((q) => [quoteLine(q), q])).keys()]
  return [
    {
      role: 'system',
      content:
        '你是一位严谨的子平八字命理师，为付费用户撰写详批报告。命盘、格局、用神、喜忌、大运与流年的吉凶由专业排盘程序按古法算出，' +
        '一律以给出的数据为准，不得自行重排、另取用神或改动任何结论；不要罗列大运流年表，那部分报告另有表格。' +
        `请依次用${REPORT_AI_SECTIONS.map(([, t]) => `【${t}】`).join('')}六个标题分段，每段三到五个自然段，` +
        '每段立论须说明依据（十神、旺衰、格局、用神喜忌、宫位、刑冲合会、所行大运）。引用古籍只能一字不差地引用下面给出的原文，并注明书名与篇名，不得引用未给出的文字。' +
        '语气客观温和，不做绝对化的吉凶断言，健康部分不作医疗诊断。'
    },
    {
      role: 'user',
      content: [
        `命盘数据：\n${chartFacts(chart, year)}`,
        `命局总论：\n${content.summary.join('\n')}`,
        `程序给出的各节要点（据此展开，不得相悖）：\n${rules.join('\n')}`,
        `大运（吉凶为程序判定）：\n${luck.join('\n')}`,
        `未来十年流年（吉凶为程序判定）：\n${years.join('\n')}`,
        `可引用的古籍原文：\n${quotes.join('\n')}`,
        '请开始撰写。'
      ].join('\n\n')
    }
  ]
}
