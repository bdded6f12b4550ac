import type { ReportContent } from '@contract'
import { numbered, REPORT_SUMMARY_TITLE, reportParts } from '@contract/report'

import type { PosterBlock, PosterDoc } from '@/components/share/poster'
import { posterPillars } from '@/pages/bazi/components/posters'

// The outline is the contract's, shared with the server's PDF; the page imports it from here.
export { numbered, type ReportPart, reportParts, withNarrative } from '@contract/report'

const VERDICT_COLOR: Record<string, string> = { 大吉: '#2E7D32', 吉: '#2E7D32', 欠佳: '#C62828', 不利: '#C62828' }

/**
 * The report as a long image to share: what a friend reads at a glance in WeChat — the pillars, the
 * 命局总论, every 大运 and the ten 流年 with their verdicts, and the full report's contents — about three
 * screens, not the whole text. The whole report runs to some 14,000 px (20 phone screens, 4 MB as PNG,
 * 64 MB of canvas memory while drawn); in full it is the PDF's to keep and print.
 */
export function reportPoster(name: string, birth: string, c: ReportContent): Omit<PosterDoc, 'code'> {
  const parts = reportParts(c)
  const blocks: PosterBlock[] = [
    { kind: 'text', text: birth, size: 13, color: '#666666', center: true },
    { kind: 'pillars', pillars: posterPillars(c.pillars) },
    { kind: 'heading', text: REPORT_SUMMARY_TITLE },
    ...c.summary.map((text): PosterBlock => ({ kind: 'text', text }))
  ]
  if (c.da_yun.length)
    blocks.push(
      { kind: 'heading', text: '大运一览' },
      {
        kind: 'pairs',
        items: c.da_yun.map((d) => ({
          label: d.gan_zhi,
          value: `${d.start_year}—${d.end_year}年 · ${d.start_age}至${d.end_age}岁${d.verdict ? ` · ${d.verdict}` : ''}`,
          color: d.verdict ? VERDICT_COLOR[d.verdict] : undefined
        }))
      }
    )
  const liuNian = parts.find((p) => p.key === 'liunian')
  if (liuNian)
    blocks.push(
      { kind: 'heading', text: liuNian.title },
      {
        kind: 'pairs',
        items: c.liu_nian.map((y) => {
          const months = (y.months ?? []).filter((m) => m.tone !== '动').map((m) => `${m.month}${m.tone}`)
          return {
            label: `${y.year}年`,
            value:
              `${y.gan_zhi} · 虚岁${y.age}${y.verdict ? ` · ${y.verdict}` : ''}` +
              (months.length ? `（${months.join('、')}）` : ''),
            color: y.verdict ? VERDICT_COLOR[y.verdict] : undefined
          }
        })
      }
    )
  blocks.push(
    { kind: 'heading', text: '完整报告目录' },
    { kind: 'text', text: parts.map((p, i) => numbered(i, p.title)).join('\n'), size: 13, color: '#8B4513' },
    { kind: 'space', height: 4 },
    { kind: 'text', text: '每章详批在报告页阅读，或保存为 PDF', size: 11, color: '#A0A0A0', center: true }
  )
  return { title: '八字详批报告', subtitle: name, blocks, caption: ['长按识别二维码', '免费排盘，获取你的详批'] }
}
