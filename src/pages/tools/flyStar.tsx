import './parts/tools.scss'
import './parts/fly-star.scss'

import { Text, View } from '@tarojs/components'
import { useMemo, useState } from 'react'

import Page from '@/components/Page'
import { MOUNTAINS } from '@/metaphysics/luopan'
import { flyingStarsAt, periodOfYear, xuankongChart } from '@/metaphysics/xuankong'

import { today } from './lib/dates'
import { attempt } from './lib/errors'
import { pageParams } from './lib/params'
import HouseChart from './parts/HouseChart'
import HouseForm, { type HouseChoice } from './parts/HouseForm'
import TimeStarsChart from './parts/TimeStarsChart'

/** pages/tools/flyStar: today's 紫白 stars and a 玄空 house chart (?sitting=子&period=9&method=tigua). */
export default function FlyStar() {
  const date = useMemo(today, [])
  const stars = useMemo(() => attempt(() => flyingStarsAt(date)), [date])
  const [choice, setChoice] = useState<HouseChoice>(() => initialChoice(date))
  const chart = useMemo(() => attempt(() => xuankongChart(choice)), [choice])
  const share = chart.value
    ? {
        title:
          `${chart.value.sitting.mountain}山${chart.value.facing.mountain}向 ${chart.value.period}运 ` +
          `${chart.value.pattern}`,
        desc: '玄空飞星排盘与九宫紫白飞星'
      }
    : { title: '九宫飞星' }
  return (
    <Page share={share}>
      {stars.error && <View className="tool-error">{stars.error}</View>}
      {stars.value && <TimeStarsChart stars={stars.value} />}
      <View className="tool-card">
        <Text className="tool-card__title">玄空飞星排盘</Text>
        <HouseForm value={choice} onChange={setChoice} />
        {chart.error && <View className="tool-error">{chart.error}</View>}
        {chart.value && <HouseChart chart={chart.value} />}
      </View>
    </Page>
  )
}

/** A shared chart from the link, else 子山午向 in the period of the current year. */
function initialChoice(date: string): HouseChoice {
  const params = pageParams()
  const sitting = MOUNTAINS.some((m) => m.name === params.sitting) ? params.sitting : '子'
  const period = Number(params.period)
  return {
    sitting,
    period:
      Number.isInteger(period) && period >= 1 && period <= 9 ? period : periodOfYear(Number(date.slice(0, 4))).period,
    method: params.method === 'tigua' ? 'tigua' : 'xiagua'
  }
}
