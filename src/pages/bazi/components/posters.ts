import type { ReadingResponse } from '@contract'

import type { PosterBlock, PosterDoc, PosterPillar } from '@/components/share/poster'
import { type BaziChart, GAN, WU_XING } from '@/metaphysics/bazi'
import { ganColor, zhiColor } from '@/pages/bazi/parts/wu-xing-color'

const LABELS = ['年柱', '月柱', '日柱', '时柱']
type Doc = Omit<PosterDoc, 'code'>

/** Four 干支 as poster columns (an unknown pillar, e.g. the hour of a three-pillar chart, as a dash). */
export function posterPillars(pillars: string[], gods: string[] = [], notes: string[] = []): PosterPillar[] {
  return pillars.map((gz, i) => {
    const known = gz.length === 2 && GAN.includes(gz[0] as (typeof GAN)[number])
    return {
      label: LABELS[i] ?? '',
      god: gods[i] ?? '',
      gan: known ? gz[0] : '—',
      zhi: known ? gz[1] : '—',
      ganColor: known ? ganColor(gz[0]) : '#BBBBBB',
      zhiColor: known ? zhiColor(gz[1]) : '#BBBBBB',
      note: notes[i]
    }
  })
}

/** The chart poster: who and when, the four pillars with 十神 and 纳音, 五行, 日主 and 用神, the 大运. */
export function chartPoster(name: string, chart: BaziChart): Doc {
  const keys = ['year', 'month', 'day', 'hour'] as const
  const p = keys.map((k) => chart.pillars[k])
  const { counts, missing } = chart.wuXing
  const { strength, yongShen, dayMaster } = chart
  const blocks: PosterBlock[] = [
    { kind: 'text', text: `公历 ${chart.birth.clock}`, size: 13, color: '#666666', center: true },
    { kind: 'text', text: `农历 ${chart.birth.lunar}`, size: 13, color: '#666666', center: true },
    { kind: 'space', height: 6 },
    {
      kind: 'pillars',
      pillars: posterPillars(
        p.map((x) => x.ganZhi),
        p.map((x) => x.shiShen),
        p.map((x) => x.naYin)
      )
    },
    { kind: 'heading', text: '五行 · 用神' },
    {
      kind: 'pairs',
      items: [
        {
          label: '五行',
          value: WU_XING.map((x) => `${x}${counts[x]}`).join('  ') + (missing.length ? `（缺${missing.join('')}）` : '')
        },
        {
          label: '日主',
          value:
            `${dayMaster.gan}${dayMaster.wuXing} · ${strength.verdict} · ` +
            `${strength.deLing ? '得令' : '失令'}${strength.deDi ? '得地' : '失地'}${strength.deShi ? '得势' : '失势'}`
        },
        { label: '用神', value: `${yongShen.yong}（${yongShen.method}）`, color: '#2E7D32' },
        { label: '喜神', value: yongShen.xi.join('、') || '—', color: '#2E7D32' },
        { label: '忌神', value: yongShen.ji.join('、') || '—', color: '#C62828' }
      ]
    },
    {
      kind: 'heading',
      text: `大运（${chart.qiYun.years}岁${chart.qiYun.months}个月起运，${chart.qiYun.forward ? '顺' : '逆'}排）`
    },
    {
      kind: 'text',
      text: chart.daYun
        .slice(0, 8)
        .map((d) => `${d.startYear} ${d.ganZhi}`)
        .join('  '),
      size: 13
    }
  ]
  return {
    title: '八字命盘',
    subtitle: `${name || '命主'} · ${chart.gender === 'male' ? '乾造' : '坤造'} · 属${chart.birth.shengXiao}`,
    blocks,
    caption: ['长按识别二维码', '查看完整命盘与大运流年']
  }
}

/** The reading poster: the pillars and every section of the reading, as a long image. */
export function readingPoster(name: string, reading: ReadingResponse): Doc {
  const blocks: PosterBlock[] = [{ kind: 'pillars', pillars: posterPillars(reading.pillars) }]
  for (const s of reading.sections) {
    blocks.push({ kind: 'heading', text: s.title })
    for (const para of s.paragraphs) blocks.push({ kind: 'text', text: para })
  }
  blocks.push({ kind: 'space', height: 4 })
  blocks.push({
    kind: 'text',
    text:
      reading.source === 'ai'
        ? 'AI 依据排盘数据与古籍撰写，仅供参考'
        : '依据命局旺衰、用神、十神与大运流年生成，仅供参考',
    size: 11,
    color: '#A0A0A0',
    center: true
  })
  return { title: '八字解读', subtitle: name || '命盘', blocks, caption: ['长按识别二维码', '免费排盘，查看解读'] }
}
