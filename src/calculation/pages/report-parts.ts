import type { ReportContent, ReportNarrative, ReportSection } from '@contract'

import type { PosterBlock, PosterDoc } from '@/components/share/poster'
import { posterPillars } from '@/pages/bazi/components/posters'

/** A chapter of the report as the page and its long image lay it out, in reading order. */
export type ReportPart =
  | { key: 'summary'; title: string }
  | { key: 'section'; title: string; section: ReportSection }
  | { key: 'dayun'; title: string }
  | { key: 'liunian'; title: string }

const NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十', '十一', '十二', '十三', '十四']

/** 命局总论, 格局与用神, 六亲 and each topic, 大运详批, the ten 流年: the table of contents. */
export function reportParts(c: ReportContent): ReportPart[] {
  const geju = c.sections.filter((s) => s.key === 'geju')
  const rest = c.sections.filter((s) => s.key !== 'geju')
  return [
    { key: 'summary', title: '命局总论' },
    ...[...geju, ...rest].map((section) => ({ key: 'section' as const, title: section.title, section })),
    ...(c.da_yun.length ? [{ key: 'dayun' as const, title: '大运详批' }] : []),
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

/** '三、六亲' */
export const numbered = (i: number, title: string): string => `${NUMERALS[i] ?? i + 1}、${title}`

/** The whole report as one long image: the pillars, the contents, then every chapter in full. */
export function reportPoster(name: string, birth: string, c: ReportContent): Omit<PosterDoc, 'code'> {
  const parts = reportParts(c)
  const blocks: PosterBlock[] = [
    { kind: 'text', text: birth, size: 13, color: '#666666', center: true },
    { kind: 'pillars', pillars: posterPillars(c.pillars) },
    { kind: 'heading', text: '目录' },
    { kind: 'text', text: parts.map((p, i) => numbered(i, p.title)).join('\n'), size: 13, color: '#8B4513' }
  ]
  const paras = (list: string[]) => list.forEach((text) => blocks.push({ kind: 'text', text }))
  parts.forEach((part, i) => {
    blocks.push({ kind: 'heading', text: numbered(i, part.title) })
    if (part.key === 'summary') paras(c.summary)
    else if (part.key === 'section') {
      paras(part.section.paragraphs)
      for (const q of part.section.quotes ?? [])
        blocks.push({ kind: 'quote', text: q.text, source: `《${q.book}》${q.chapter}` })
    } else if (part.key === 'dayun')
      for (const d of c.da_yun) {
        blocks.push({
          kind: 'text',
          text:
            `${d.gan_zhi}大运${d.verdict ? `（${d.verdict}）` : ''} ${d.start_year}—${d.end_year}年 · ` +
            `${d.start_age}至${d.end_age}岁`,
          bold: true,
          color: '#8B4513'
        })
        paras(d.paragraphs)
      }
    else
      for (const y of c.liu_nian) {
        blocks.push({
          kind: 'text',
          text: `${y.year}年 ${y.gan_zhi}${y.verdict ? `（${y.verdict}）` : ''} · 虚岁${y.age}岁`,
          bold: true,
          color: '#8B4513'
        })
        paras(y.paragraphs)
        for (const m of y.months ?? [])
          blocks.push({
            kind: 'text',
            text: `${m.month}（${m.gan_zhi}，${m.start}起）：${m.note}`,
            size: 13,
            color: m.tone === '喜' ? '#2E7D32' : m.tone === '忌' ? '#C62828' : '#555555'
          })
      }
  })
  return { title: '八字详批报告', subtitle: name, blocks, caption: ['长按识别二维码', '免费排盘，获取你的详批'] }
}
