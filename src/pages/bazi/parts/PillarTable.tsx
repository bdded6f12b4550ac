import './PillarTable.scss'

import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'

import type { BaziChart, BaziPillar } from '@/metaphysics/bazi'

import { ganColor, zhiColor } from './wu-xing-color'

const COLUMNS = [
  ['year', '年柱'],
  ['month', '月柱'],
  ['day', '日柱'],
  ['hour', '时柱']
] as const

/** The rows of a professional four-pillar grid, top to bottom. */
const ROWS: ReadonlyArray<readonly [label: string, cell: (p: BaziPillar) => ReactNode, kind?: string]> = [
  ['主星', (p) => (p.shiShen === '元男' || p.shiShen === '元女' ? `日主·${p.shiShen}` : p.shiShen), 'god'],
  ['天干', (p) => <Text style={{ color: ganColor(p.gan) }}>{p.gan}</Text>, 'big'],
  ['地支', (p) => <Text style={{ color: zhiColor(p.zhi) }}>{p.zhi}</Text>, 'big'],
  [
    '藏干',
    (p) =>
      p.cangGan.map((c) => (
        <View key={c.gan} className="pillars__hidden">
          <Text style={{ color: ganColor(c.gan) }}>{c.gan + c.wuXing}</Text>
          <Text className="pillars__hidden-god">{c.shiShen}</Text>
        </View>
      )),
    'hidden'
  ],
  ['星运', (p) => p.xingYun],
  ['自坐', (p) => p.ziZuo],
  ['空亡', (p) => p.xunKong],
  ['纳音', (p) => p.naYin],
  [
    '神煞',
    (p) =>
      p.shenSha.map((s) => (
        <View key={s} className="pillars__sha">
          {s}
        </View>
      )),
    'sha'
  ]
]

type Pillars = Record<'year' | 'month' | 'day', BaziPillar> & { hour?: BaziPillar }

/**
 * The four pillars (年 月 日 时) with 十神, 干支 coloured by 五行, 藏干, 星运, 自坐, 空亡, 纳音 and 神煞;
 * a chart whose hour is unknown shows its 时柱 column as 不详.
 */
export default function PillarTable({ chart }: { chart: Pick<BaziChart, 'gender'> & { pillars: Pillars } }) {
  return (
    <View className="pillars">
      <View className="pillars__row pillars__row--head">
        <View className="pillars__label">{chart.gender === 'male' ? '乾造' : '坤造'}</View>
        {COLUMNS.map(([key, title]) => (
          <View key={key} className="pillars__cell">
            {title}
          </View>
        ))}
      </View>
      {ROWS.map(([label, cell, kind]) => (
        <View key={label} className={`pillars__row ${kind ? 'pillars__row--' + kind : ''}`} data-row={label}>
          <View className="pillars__label">{label}</View>
          {COLUMNS.map(([key]) => (
            <View
              key={key}
              className={`pillars__cell${chart.pillars[key] ? '' : ' pillars__cell--unknown'}`}
              data-pillar={key}
            >
              {chart.pillars[key] ? cell(chart.pillars[key]!) : label === '天干' ? '不' : label === '地支' ? '详' : '—'}
            </View>
          ))}
        </View>
      ))}
    </View>
  )
}
