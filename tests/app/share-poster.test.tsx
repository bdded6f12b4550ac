import jsQR from 'jsqr'

import type { ReportContent } from '../../contract'
import { reportParts, reportPoster } from '../../src/calculation/pages/report-parts'
import {
  POSTER_WIDTH,
  type PosterContext,
  type PosterDoc,
  posterRatio,
  renderPoster
} from '../../src/components/share/poster'
import { encodeQr } from '../../src/components/share/qr'
import { buildShareLink } from '../../src/core/share'
import { baziChart } from '../../src/metaphysics/bazi'
import { formToQuery, queryToForm, toBaziInput } from '../../src/pages/bazi/chart-query'
import { chartPoster } from '../../src/pages/bazi/components/posters'
import { stubContext } from './poster-context'

/** A canvas that paints rectangles into a greyscale raster at 1 px a px and records the text drawn. */
function rasterContext(height: number) {
  const data = new Uint8ClampedArray(POSTER_WIDTH * height * 4).fill(255)
  const texts: string[] = []
  const ctx: PosterContext = stubContext({
    fillRect(x, y, w, h) {
      // only the QR's colours matter to a reader: near-black modules on white
      const v = ctx.fillStyle === '#1F1F1F' ? 0 : 255
      for (let r = Math.max(0, Math.round(y)); r < Math.min(height, Math.round(y + h)); r++)
        for (let c = Math.max(0, Math.round(x)); c < Math.min(POSTER_WIDTH, Math.round(x + w)); c++) {
          const i = (r * POSTER_WIDTH + c) * 4
          data[i] = data[i + 1] = data[i + 2] = v
        }
    },
    fillText: (text) => void texts.push(text),
    measureText(text) {
      const size = Number(/(\d+)px/.exec(ctx.font)?.[1] ?? 14)
      return { width: [...text].length * size }
    }
  })
  return { ctx, data, texts }
}

function paint(doc: PosterDoc) {
  const height = renderPoster(rasterContext(1).ctx, doc, false)
  const r = rasterContext(height)
  expect(renderPoster(r.ctx, doc, true)).toBe(height)
  return { ...r, height }
}

// 1990-05-15 14:30 male, Beijing time: 庚午 辛巳 庚辰 癸未
const form = queryToForm({
  date: '1990-05-15 14:30',
  gender: 'male',
  tst: '0',
  name: '欧阳长风',
  city: '乌鲁木齐',
  lng: '87.6'
})

describe('the chart poster', () => {
  it('carries the pillars, the 用神 and a QR that opens the same chart with my referee_id', () => {
    const chart = baziChart(toBaziInput(form))
    const link = buildShareLink({
      h5Host: 'https://yixue.example.com/',
      route: 'pages/bazi/plate',
      options: formToQuery(form),
      userId: 1234
    })
    const { data, texts, height } = paint({ ...chartPoster(form.name, chart), code: { qr: encodeQr(link) } })
    expect(texts).toEqual(
      expect.arrayContaining([
        '易学 · 八字命盘',
        '欧阳长风 · 乾造 · 属马',
        '庚',
        '午',
        '辛',
        '巳',
        '癸',
        '未',
        '长按识别二维码'
      ])
    )
    expect(texts.some((t) => t.startsWith(`${chart.yongShen.yong}（`))).toBe(true)
    const read = jsQR(data, POSTER_WIDTH, height)
    expect(read?.data).toBe(link)
    expect(read?.data).toContain('referee_id=1234')
    expect(new URL(read!.data.replace('#/', '')).searchParams.get('name')).toBe('欧阳长风')
  })
})

describe('the report as a long image', () => {
  const content: ReportContent = {
    pillars: ['庚午', '辛巳', '庚辰', '癸未'],
    summary: ['日主庚金生于巳月。'.repeat(20)],
    sections: [
      { key: 'liuqin', title: '六亲', paragraphs: ['父母宫。'] },
      {
        key: 'geju',
        title: '格局与用神',
        paragraphs: ['格局：七杀格。'],
        quotes: [{ book: '子平真诠', chapter: '论用神', text: '八字用神，专求月令。' }]
      }
    ],
    da_yun: [
      {
        gan_zhi: '壬午',
        start_year: 1994,
        end_year: 2003,
        start_age: 5,
        end_age: 14,
        paragraphs: ['壬水食神透出。'],
        verdict: '平'
      }
    ],
    liu_nian: [
      {
        year: 2026,
        gan_zhi: '丙午',
        age: 37,
        paragraphs: ['丙火七杀。'],
        verdict: '欠佳',
        months: [{ month: '五月', gan_zhi: '甲午', start: '2026-06-05', tone: '忌', note: '午火助杀。' }]
      }
    ],
    from_year: 2026
  }

  it('lists the chapters in reading order, 格局 first among the sections', () => {
    expect(reportParts(content).map((p) => p.title)).toEqual([
      '命局总论',
      '格局与用神',
      '六亲',
      '大运详批',
      '2026—2026年流年'
    ])
  })

  it('shares a digest: the 命局总论, every 大运 and 流年 with its verdict, and the full report contents', () => {
    const { texts, height } = paint({
      ...reportPoster('张三', '男 · 公历 1990-05-15 14:30', content),
      code: { qr: encodeQr('https://yixue.example.com/#/pages/bazi/plate?referee_id=1') }
    })
    for (const heading of ['命局总论', '大运一览', '2026—2026年流年', '完整报告目录']) expect(texts).toContain(heading)
    for (const entry of ['一、命局总论', '二、格局与用神', '三、六亲', '四、大运详批', '五、2026—2026年流年'])
      expect(texts).toContain(entry)
    const all = texts.join('')
    expect(all).toContain('1994—2003年 · 5至14岁 · 平')
    expect(all).toContain('丙午 · 虚岁37 · 欠佳（五月忌）')
    // the chapters' full text is the page's and the PDF's, not the shared image's
    expect(all).not.toContain('父母宫。')
    expect(all).not.toContain('八字用神，专求月令。')
    expect(height).toBeLessThan(2500)
  })

  it('breaks its lines by the Chinese rule: none starts with ，。、） or ends with （《', () => {
    const long: ReportContent = {
      ...content,
      summary: [
        '四柱为庚午 辛巳 庚辰 癸未，日主庚金，偏旺；七杀格（成格）；用神水（格局用神），喜金，忌土、木。'.repeat(3)
      ]
    }
    const { texts } = paint({ ...reportPoster('张三', '男', long), code: { qr: encodeQr('https://x.example.com/') } })
    const lines = texts.filter((t) => t.length > 1)
    expect(lines.some((t) => t.startsWith('四柱为'))).toBe(true)
    for (const line of lines) {
      expect(line).not.toMatch(/^[，。、；：？！）》」]/)
      expect(line).not.toMatch(/[（《「]$/)
    }
  })

  it('is drawn at a ratio a phone can paint however long it is', () => {
    expect(posterRatio(900, 3)).toBe(2)
    const long = 30_000
    const r = posterRatio(long, 3)
    expect(POSTER_WIDTH * r * long * r).toBeLessThanOrEqual(16_000_000)
    expect(long * r).toBeLessThanOrEqual(32_000)
  })
})
