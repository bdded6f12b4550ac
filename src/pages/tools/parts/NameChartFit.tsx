import './NameChartFit.scss'

import { Picker, Text, View } from '@tarojs/components'
import { useState } from 'react'

import { baziChart, type Gender } from '@/metaphysics/bazi'
import { type NameAnalysis, nameFitsChart } from '@/metaphysics/name'
import { elementColor } from '@/pages/tools/lib/colors'
import { attempt } from '@/pages/tools/lib/errors'

const GENDERS: ReadonlyArray<[Gender, string]> = [
  ['male', '男'],
  ['female', '女']
]

/** Optional: a birth date and hour; the chart's 用神/喜神 against the name's 五行. */
export default function NameChartFit({ analysis }: { analysis: NameAnalysis }) {
  const [date, setDate] = useState('')
  const [time, setTime] = useState('12:00')
  const [gender, setGender] = useState(0)
  const result = date
    ? attempt(() => {
        const chart = baziChart({ date: `${date} ${time}`, gender: GENDERS[gender][0] })
        const needed = [chart.yongShen.yong, ...chart.yongShen.xi]
        return { chart, fit: nameFitsChart(analysis, needed) }
      })
    : undefined
  return (
    <View className="tool-card name-fit">
      <Text className="tool-card__title">结合八字（选填）</Text>
      <View className="name-fit__inputs">
        <Picker
          mode="date"
          value={date || '1990-01-01'}
          start="1900-01-01"
          end="2100-12-31"
          onChange={(e) => setDate(String(e.detail.value))}
        >
          <View className="name-fit__field name-fit__date">{date ? `出生日期 ${date}` : '选择出生日期'}</View>
        </Picker>
        <Picker mode="time" value={time} onChange={(e) => setTime(String(e.detail.value))}>
          <View className="name-fit__field name-fit__time">时间 {time}</View>
        </Picker>
        <Picker
          mode="selector"
          range={GENDERS.map(([, label]) => label)}
          value={gender}
          onChange={(e) => setGender(Number(e.detail.value))}
        >
          <View className="name-fit__field name-fit__gender">{GENDERS[gender][1]}</View>
        </Picker>
      </View>
      {!date && <Text className="tool-muted">选择出生日期后，对照命局用神看名字五行是否补益。</Text>}
      {result?.error && <View className="tool-error">{result.error}</View>}
      {result?.value && (
        <View className="name-fit__result">
          <Text className="wuge__text">
            八字{' '}
            {Object.values(result.value.chart.pillars)
              .map((p) => p.ganZhi)
              .join(' ')}{' '}
            · 日主{result.value.chart.dayMaster.gan}（{result.value.chart.strength.verdict}）
          </Text>
          <Text className="wuge__text">
            命局所需：
            {result.value.fit.needed.map((e) => (
              <Text key={e} style={{ color: elementColor(e) }}>
                {e}{' '}
              </Text>
            ))}
            （{result.value.chart.yongShen.reason}）
          </Text>
          <Text className="wuge__text">
            名字用字：
            {result.value.fit.characters.map((c) => `${c.char}（${c.element}${c.fits ? '，合' : ''}）`).join(' ')} ·
            人格
            {analysis.renGe.element}
            {result.value.fit.renGeFits ? '（合）' : ''}
          </Text>
          <Text className="name-fit__verdict">
            {result.value.fit.verdict}：{result.value.fit.text}
          </Text>
        </View>
      )}
    </View>
  )
}
