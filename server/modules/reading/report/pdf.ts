import fs from 'node:fs'

import PDFDocument from 'pdfkit'

import type { BaziBirth, ReportContent, ReportDaYun, ReportQuote, ReportYear } from '../../../../contract'
import { chinaDateTime, chinaToday } from '../../../../contract/china-time'
import { breakLines } from '../../../../contract/line-break'
import { numbered, type ReportPart, reportParts } from '../../../../contract/report'
import type { BaziChart } from '../../../../src/metaphysics/bazi'

/**
 * The paid report as an A4 PDF: a cover, the contents with page numbers, then every chapter on pages of
 * its own, with the 四柱, 大运 and 流年 as tables. Drawn with pdfkit; the text is Noto Sans SC (SIL Open
 * Font License, from the npm package @expo-google-fonts/noto-sans-sc), embedded as a subset of the
 * glyphs used, so no system font is needed and the file stays small. Lines are broken by our own rule
 * (contract/line-break.ts), the one the app's long image uses.
 */

const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'
} as const
type Weight = keyof typeof FONT_FILES

// Read once per process (~10 MB each); pdfkit subsets them per document.
let fontData: Record<Weight, Buffer> | undefined
const fonts = (): Record<Weight, Buffer> =>
  (fontData ??= {
    regular: fs.readFileSync(require.resolve(FONT_FILES.regular)),
    bold: fs.readFileSync(require.resolve(FONT_FILES.bold))
  })

// A4 in points, with margins of about 2 cm and room for the running header and the footer.
const PAGE_W = 595.28
const PAGE_H = 841.89
const LEFT = 60
const RIGHT = PAGE_W - 60
const WIDTH = RIGHT - LEFT
const TOP = 72
const BOTTOM = PAGE_H - 72

const INK = '#1F1F1F'
const BODY = '#333333'
const MUTED = '#888888'
const ACCENT = '#E65100'
const BROWN = '#8B4513'
const RULE = '#D9D0C4'
const TINT = '#FBF6EE'
const TONE_COLOR: Record<string, string> = { 喜: '#2E7D32', 忌: '#C62828', 动: '#555555' }
const ELEMENT_COLOR: Record<string, string> = {
  木: '#2E7D32',
  火: '#C62828',
  土: '#8D6E63',
  金: '#B8860B',
  水: '#1565C0'
}

export interface ReportPdfInput {
  /** the report's id: the file's title and the contents' link targets */
  id: number
  name: string
  birth: BaziBirth
  /** the report as read (the model's sections in place once written) */
  content: ReportContent
  chart: BaziChart
  paidAt: Date
  generatedAt?: Date
}

/** '男 · 公历 1990-05-15 14:30 · 北京', the birth line the report page shows. */
export function birthLineOf(b: BaziBirth): string {
  const calendar = b.calendar === 'lunar' ? `农历${b.leap_month ? '(闰月)' : ''}` : '公历'
  return [b.gender === 'male' ? '男' : '女', `${calendar} ${b.date}`, b.city || ''].filter(Boolean).join(' · ')
}

interface TextStyle {
  size: number
  weight?: Weight
  color?: string
  /** line height in points (default 1.8 × size) */
  lineH?: number
}

/** A cursor over the pages: it breaks lines, starts a page when one is full and keeps the chapters' pages. */
class Writer {
  y = TOP
  private widths = new Map<string, number>()
  constructor(readonly doc: PDFKit.PDFDocument) {}

  style(s: TextStyle): this {
    this.doc
      .font(s.weight ?? 'regular')
      .fontSize(s.size)
      .fillColor(s.color ?? BODY)
    return this
  }

  /** Width of `s` in the current font: the sum of its characters' advances (CJK text has no kerning). */
  width(s: string, s0: TextStyle): number {
    let w = 0
    for (const ch of s) {
      const key = `${s0.weight ?? 'regular'}${s0.size}${ch}`
      let a = this.widths.get(key)
      if (a === undefined) {
        a = this.doc.widthOfString(ch)
        this.widths.set(key, a)
      }
      w += a
    }
    return w
  }

  lines(text: string, s: TextStyle, max: number, indent = 0): string[] {
    this.style(s)
    return breakLines(text, (line) => this.width(line, s), max, indent)
  }

  page(): void {
    this.doc.addPage()
    this.y = TOP
  }

  /** Starts a page unless `h` more points fit on this one. */
  room(h: number): void {
    if (this.y + h > BOTTOM) this.page()
  }

  /** One line at (x, y) without pdfkit's own wrapping; `justify` spreads it to `width`. */
  put(line: string, x: number, y: number, s: TextStyle, opts: { width?: number; align?: 'center' | 'right' } = {}) {
    this.style(s)
    const w = this.width(line, s)
    let at = x
    if (opts.align === 'center' && opts.width) at = x + (opts.width - w) / 2
    if (opts.align === 'right' && opts.width) at = x + opts.width - w
    this.doc.text(line, at, y, { lineBreak: false })
  }

  /** A paragraph at the cursor: a 2-character first-line indent, justified lines, pages as needed. */
  paragraph(text: string, s: TextStyle = { size: 11 }, opts: { indent?: boolean; x?: number; width?: number } = {}) {
    const x = opts.x ?? LEFT
    const max = opts.width ?? WIDTH
    const lineH = s.lineH ?? s.size * 1.8
    const indent = opts.indent === false ? 0 : s.size * 2
    const lines = this.lines(text.trim(), s, max, indent)
    lines.forEach((line, i) => {
      this.room(lineH)
      const lead = i === 0 ? indent : 0
      const last = i === lines.length - 1
      const chars = [...line].length
      const slack = max - lead - this.width(line, s)
      // full lines end flush right, as Chinese text is set; the last line of a paragraph stays ragged
      const spacing = !last && chars > 1 && slack > 0 && slack < s.size * 2 ? slack / (chars - 1) : 0
      this.style(s)
      this.doc.text(line, x + lead, this.y + (lineH - s.size) / 2 - 1, { lineBreak: false, characterSpacing: spacing })
      this.y += lineH
    })
  }
}

/** A chapter's first lines: a new page, its numbered title under an accent bar, a bookmark and a link target. */
function chapterHead(w: Writer, title: string, dest: string): void {
  w.page()
  w.doc.addNamedDestination(dest, 'XYZ', 0, w.y - 20, null)
  w.doc.outline.addItem(title)
  w.doc.rect(LEFT, w.y + 2, 4, 22).fill(ACCENT)
  w.put(title, LEFT + 14, w.y, { size: 18, weight: 'bold', color: INK })
  w.y += 40
}

function subHead(w: Writer, text: string, color = BROWN): void {
  w.room(13 * 1.8 + 11 * 1.8 * 2)
  w.y += 6
  w.put(text, LEFT, w.y, { size: 13, weight: 'bold', color })
  w.y += 13 * 1.8
}

function quote(w: Writer, q: ReportQuote): void {
  const s: TextStyle = { size: 10.5, color: '#5A4632', lineH: 18 }
  const lines = w.lines(q.text, s, WIDTH - 28)
  const source = `——《${q.book}》${q.chapter}`
  const h = lines.length * 18 + 18 + 22
  // a quote short enough for a page stays whole; a longer one flows on
  if (h < BOTTOM - TOP) w.room(h + 8)
  w.y += 4
  const top = w.y
  const boxH = Math.min(h, BOTTOM - top)
  w.doc.rect(LEFT, top, WIDTH, boxH).fill(TINT)
  w.doc.rect(LEFT, top, 3, boxH).fill('#C8A06A')
  w.y += 10
  for (const line of lines) {
    w.room(18)
    w.put(line, LEFT + 14, w.y + 2, s)
    w.y += 18
  }
  w.room(22)
  w.put(source, LEFT, w.y + 4, { size: 9.5, color: '#A08060' }, { width: WIDTH - 10, align: 'right' })
  w.y += 30
}

interface Column {
  title: string
  width: number
  align?: 'center' | 'left'
}
type Cell = string | { text: string; color?: string; weight?: Weight; size?: number }

/** A table whose rows never split across pages; the header row comes again on every page it runs onto. */
function table(w: Writer, columns: Column[], rows: Cell[][], headFill = '#F6EBDD'): void {
  const pad = 6
  const s: TextStyle = { size: 10.5, lineH: 16 }
  const scale = WIDTH / columns.reduce((n, c) => n + c.width, 0)
  const widths = columns.map((c) => c.width * scale)
  const xs = widths.map((_, i) => LEFT + widths.slice(0, i).reduce((n, x) => n + x, 0))
  const drawRow = (cells: Cell[], fill?: string, head = false) => {
    const laid = cells.map((c, i) => {
      const cell = typeof c === 'string' ? { text: c } : c
      const style: TextStyle = {
        ...s,
        size: cell.size ?? s.size,
        lineH: Math.max(s.lineH!, (cell.size ?? s.size) * 1.5),
        weight: head ? 'bold' : cell.weight,
        color: head ? INK : (cell.color ?? BODY)
      }
      return { style, lines: w.lines(cell.text, style, widths[i] - pad * 2) }
    })
    const h = Math.max(...laid.map((l) => l.lines.length * l.style.lineH!)) + pad * 2
    return { laid, h, fill }
  }
  const paint = (row: ReturnType<typeof drawRow>) => {
    if (row.fill) w.doc.rect(LEFT, w.y, WIDTH, row.h).fill(row.fill)
    row.laid.forEach((cell, i) => {
      const blockH = cell.lines.length * cell.style.lineH!
      let y = w.y + (row.h - blockH) / 2
      for (const line of cell.lines) {
        const centered = (columns[i].align ?? 'center') === 'center'
        w.put(line, xs[i] + pad, y + (cell.style.lineH! - cell.style.size) / 2 - 1, cell.style, {
          width: widths[i] - pad * 2,
          align: centered ? 'center' : undefined
        })
        y += cell.style.lineH!
      }
    })
    w.doc
      .moveTo(LEFT, w.y + row.h)
      .lineTo(RIGHT, w.y + row.h)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke()
    w.y += row.h
  }
  const header = drawRow(
    columns.map((c) => c.title),
    headFill,
    true
  )
  w.room(header.h + 24)
  paint(header)
  rows.forEach((cells, i) => {
    const row = drawRow(cells, i % 2 ? '#FCFAF7' : undefined)
    if (w.y + row.h > BOTTOM) {
      w.page()
      paint(header)
    }
    paint(row)
  })
  w.y += 14
}

const PILLAR_LABELS = ['年柱', '月柱', '日柱', '时柱']

function pillarsTable(w: Writer, chart: BaziChart): void {
  const ps = [chart.pillars.year, chart.pillars.month, chart.pillars.day, chart.pillars.hour]
  const big = (text: string, element: string): Cell => ({
    text,
    size: 16,
    weight: 'bold',
    color: ELEMENT_COLOR[element] ?? INK
  })
  table(
    w,
    [{ title: '', width: 1 }, ...PILLAR_LABELS.map((title) => ({ title, width: 1.6 }))],
    [
      ['十神', ...ps.map((p) => p.shiShen)],
      ['天干', ...ps.map((p) => big(p.gan, p.wuXing[0]))],
      ['地支', ...ps.map((p) => big(p.zhi, p.wuXing[1]))],
      // one 藏干 a line, so none is split between its stem and its 十神
      ['藏干', ...ps.map((p) => p.cangGan.map((c) => `${c.gan} ${c.shiShen}`).join('\n'))],
      ['纳音', ...ps.map((p) => p.naYin)],
      ['星运', ...ps.map((p) => p.xingYun)]
    ]
  )
}

const verdictCell = (v?: string): Cell => ({
  text: v ?? '—',
  weight: 'bold',
  color: v === '大吉' || v === '吉' ? '#2E7D32' : v === '欠佳' || v === '不利' ? '#C62828' : BODY
})

function daYunChapter(w: Writer, list: ReportDaYun[]): void {
  table(
    w,
    [
      { title: '大运', width: 1 },
      { title: '起止年份', width: 1.6 },
      { title: '虚岁', width: 1.2 },
      { title: '吉凶', width: 0.9 }
    ],
    list.map((d) => [
      { text: d.gan_zhi, weight: 'bold', color: INK },
      `${d.start_year}—${d.end_year}`,
      `${d.start_age}—${d.end_age}岁`,
      verdictCell(d.verdict)
    ])
  )
  for (const d of list) {
    const verdict = d.verdict ? `（${d.verdict}）` : ''
    subHead(w, `${d.gan_zhi}大运${verdict}  ${d.start_year}—${d.end_year}年 · ${d.start_age}至${d.end_age}岁`)
    for (const p of d.paragraphs) w.paragraph(p)
  }
}

/** The year's marked months grouped by tone, one line a tone: '喜：八月、冬月'. */
function monthsCell(y: ReportYear): string {
  const months = y.months ?? []
  const lines = (['喜', '忌', '动'] as const)
    .map((tone) => [tone, months.filter((m) => m.tone === tone).map((m) => m.month)] as const)
    .filter(([, list]) => list.length)
    .map(([tone, list]) => `${tone}：${list.join('、')}`)
  return lines.join('\n') || '—'
}

function liuNianChapter(w: Writer, list: ReportYear[]): void {
  table(
    w,
    [
      { title: '年份', width: 0.9 },
      { title: '干支', width: 0.8 },
      { title: '虚岁', width: 0.7 },
      { title: '吉凶', width: 0.7 },
      { title: '值得留意的流月', width: 2.6, align: 'left' }
    ],
    list.map((y) => [
      `${y.year}年`,
      { text: y.gan_zhi, weight: 'bold', color: INK },
      `${y.age}岁`,
      verdictCell(y.verdict),
      monthsCell(y)
    ])
  )
  for (const y of list) {
    subHead(w, `${y.year}年 ${y.gan_zhi}${y.verdict ? `（${y.verdict}）` : ''} · 虚岁${y.age}岁`)
    for (const p of y.paragraphs) w.paragraph(p)
    for (const m of y.months ?? [])
      w.paragraph(
        `${m.month}（${m.gan_zhi}，${m.start}起）：${m.note}`,
        { size: 10.5, color: TONE_COLOR[m.tone] ?? BODY },
        { indent: false, x: LEFT + 12, width: WIDTH - 12 }
      )
  }
}

function cover(w: Writer, input: ReportPdfInput, generated: Date): void {
  const { doc } = w
  const { chart, content } = input
  doc.rect(0, 0, PAGE_W, 10).fill(ACCENT)
  w.put('易学', LEFT, 56, { size: 12, color: ACCENT, weight: 'bold' })
  w.put('八字详批报告', LEFT, 210, { size: 34, weight: 'bold', color: INK }, { width: WIDTH, align: 'center' })
  w.put(input.name, LEFT, 272, { size: 20, color: BROWN }, { width: WIDTH, align: 'center' })
  const lines = [
    `${chart.gender === 'male' ? '乾造' : '坤造'} · ${birthLineOf(input.birth)}`,
    `农历${chart.birth.lunar} · 属${chart.birth.shengXiao}`
  ]
  lines.forEach((l, i) =>
    w.put(l, LEFT, 316 + i * 22, { size: 12, color: '#666666' }, { width: WIDTH, align: 'center' })
  )
  // the four pillars, large, as the report page heads it
  const colW = 88
  const x0 = LEFT + (WIDTH - colW * 4) / 2
  const ps = [chart.pillars.year, chart.pillars.month, chart.pillars.day, chart.pillars.hour]
  content.pillars.forEach((gz, i) => {
    const x = x0 + colW * i
    w.put(PILLAR_LABELS[i], x, 400, { size: 11, color: MUTED }, { width: colW, align: 'center' })
    const [gan, zhi] = [...gz]
    const el = ps[i]?.ganZhi === gz ? ps[i].wuXing : ''
    w.put(
      gan,
      x,
      424,
      { size: 30, weight: 'bold', color: ELEMENT_COLOR[el[0]] ?? INK },
      { width: colW, align: 'center' }
    )
    w.put(
      zhi,
      x,
      468,
      { size: 30, weight: 'bold', color: ELEMENT_COLOR[el[1]] ?? INK },
      { width: colW, align: 'center' }
    )
  })
  doc
    .moveTo(LEFT + 60, 560)
    .lineTo(RIGHT - 60, 560)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke()
  const foot = [`购买于 ${chinaDateTime(input.paidAt).slice(0, 16)}`, `生成于 ${chinaToday(generated)}`]
  foot.forEach((l, i) => w.put(l, LEFT, 700 + i * 20, { size: 11, color: MUTED }, { width: WIDTH, align: 'center' }))
}

/** The contents on page 2, filled in once the chapters' pages are known: title, dotted leader, page, link. */
function contents(w: Writer, parts: ReportPart[], pages: number[], dests: string[]): void {
  const { doc } = w
  w.y = TOP
  doc.rect(LEFT, w.y + 2, 4, 22).fill(ACCENT)
  w.put('目录', LEFT + 14, w.y, { size: 18, weight: 'bold', color: INK })
  w.y += 56
  const s: TextStyle = { size: 13, color: INK }
  parts.forEach((p, i) => {
    const title = numbered(i, p.title)
    const page = String(pages[i])
    w.put(title, LEFT, w.y, s)
    w.put(page, LEFT, w.y, s, { width: WIDTH, align: 'right' })
    const from = LEFT + w.width(title, s) + 8
    const to = RIGHT - w.width(page, s) - 8
    doc
      .moveTo(from, w.y + 12)
      .lineTo(to, w.y + 12)
      .dash(1, { space: 3 })
      .lineWidth(0.8)
      .strokeColor('#BBBBBB')
      .stroke()
      .undash()
    doc.goTo(LEFT, w.y - 4, WIDTH, 26, dests[i])
    w.y += 34
  })
}

/** Running header and page number on every page but the cover. */
function pageFurniture(w: Writer, name: string): void {
  const { doc } = w
  const { start, count } = doc.bufferedPageRange()
  for (let i = start + 1; i < start + count; i++) {
    doc.switchToPage(i)
    w.put(`八字详批报告 · ${name}`, LEFT, 36, { size: 9, color: MUTED })
    doc.moveTo(LEFT, 52).lineTo(RIGHT, 52).lineWidth(0.5).strokeColor(RULE).stroke()
    w.put(
      `第 ${i + 1} 页 / 共 ${count} 页`,
      LEFT,
      PAGE_H - 46,
      { size: 9, color: MUTED },
      { width: WIDTH, align: 'center' }
    )
  }
}

/** Draws the whole report; resolves to the PDF file's bytes. */
export function reportPdf(input: ReportPdfInput): Promise<Buffer> {
  const generated = input.generatedAt ?? new Date()
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 0, bottom: 0, left: 0, right: 0 },
    bufferPages: true,
    autoFirstPage: true,
    // no Helvetica: every glyph comes from the embedded Chinese font
    font: null as unknown as string,
    lang: 'zh-CN',
    displayTitle: true,
    info: {
      Title: `${input.name}的八字详批报告`,
      Author: '易学',
      Subject: '八字详批报告',
      CreationDate: generated
    }
  })
  const chunks: Buffer[] = []
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  const data = fonts()
  doc.registerFont('regular', data.regular)
  doc.registerFont('bold', data.bold)

  const w = new Writer(doc)
  const { content, chart } = input
  cover(w, input, generated)
  w.page() // the contents, drawn at the end
  const parts = reportParts(content)
  const dests = parts.map((_, i) => `report-${input.id}-part-${i}`)
  const pages: number[] = []
  parts.forEach((part, i) => {
    chapterHead(w, numbered(i, part.title), dests[i])
    pages.push(doc.bufferedPageRange().count)
    if (part.key === 'summary') {
      pillarsTable(w, chart)
      for (const p of content.summary) w.paragraph(p)
    } else if (part.key === 'section') {
      for (const p of part.section.paragraphs) w.paragraph(p)
      for (const q of part.section.quotes ?? []) quote(w, q)
    } else if (part.key === 'dayun') daYunChapter(w, content.da_yun)
    else liuNianChapter(w, content.liu_nian)
  })
  w.room(40)
  w.put('— 报告完 —', LEFT, w.y + 12, { size: 11, color: MUTED }, { width: WIDTH, align: 'center' })
  doc.switchToPage(1)
  contents(w, parts, pages, dests)
  pageFurniture(w, input.name)
  doc.end()
  return done
}
