import { Input, Picker, Text, View } from '@tarojs/components'
import { useState } from 'react'

import { MOUNTAINS } from '@/metaphysics/luopan'
import { periodOfYear } from '@/metaphysics/xuankong'
import { attempt } from '@/pages/tools/lib/errors'

export interface HouseChoice {
  sitting: string
  period: number
  method: 'xiagua' | 'tigua'
}

const PERIOD_NAMES = ['一运', '二运', '三运', '四运', '五运', '六运', '七运', '八运', '九运']
const METHODS: ReadonlyArray<[HouseChoice['method'], string]> = [
  ['xiagua', '下卦'],
  ['tigua', '替卦']
]
const mountainLabel = (i: number) => `${MOUNTAINS[i].name}山${MOUNTAINS[(i + 12) % 24].name}向`

/** Sitting among the 24 mountains, the period (directly or from the build year), 下卦 or 替卦. */
export default function HouseForm({ value, onChange }: { value: HouseChoice; onChange: (next: HouseChoice) => void }) {
  const [year, setYear] = useState('')
  const [yearNote, setYearNote] = useState('')
  const [yearError, setYearError] = useState('')
  const sittingIndex = MOUNTAINS.findIndex((m) => m.name === value.sitting)
  const applyYear = () => {
    const { value: period, error } = attempt(() => periodOfYear(Number(year.trim()) || NaN))
    if (!period) {
      setYearError(`建造年份：${error}`)
      return
    }
    setYearError('')
    setYearNote(
      `${year.trim()}年属${period.yuan}${PERIOD_NAMES[period.period - 1]}（${period.startYear}–${period.endYear}）`
    )
    onChange({ ...value, period: period.period })
  }
  return (
    <View className="fly__form">
      <View className="tool-row">
        <Text className="tool-row__key">坐山</Text>
        <Picker
          mode="selector"
          range={MOUNTAINS.map((_, i) => mountainLabel(i))}
          value={sittingIndex}
          onChange={(e) => onChange({ ...value, sitting: MOUNTAINS[Number(e.detail.value)].name })}
        >
          <View className="fly__picker fly__sitting">{mountainLabel(sittingIndex)} ▾</View>
        </Picker>
      </View>
      <View className="tool-row">
        <Text className="tool-row__key">建造年份</Text>
        <View className="fly__year">
          <Input
            className="tool-input fly__year-input"
            type="number"
            placeholder="入住或完工年份，如 2015"
            onInput={(e) => setYear(e.detail.value)}
            onConfirm={applyYear}
          />
          <Text className="tool-button tool-button--plain fly__year-apply" onClick={applyYear}>
            定运
          </Text>
        </View>
      </View>
      {yearError && <View className="tool-error fly__year-error">{yearError}</View>}
      {yearNote && !yearError && <Text className="tool-muted fly__year-note">{yearNote}</Text>}
      <View className="tool-row">
        <Text className="tool-row__key">元运</Text>
        <Picker
          mode="selector"
          range={PERIOD_NAMES}
          value={value.period - 1}
          onChange={(e) => onChange({ ...value, period: Number(e.detail.value) + 1 })}
        >
          <View className="fly__picker fly__period">{PERIOD_NAMES[value.period - 1]} ▾</View>
        </Picker>
      </View>
      <View className="tool-row">
        <Text className="tool-row__key">起星</Text>
        <View className="fly__methods">
          {METHODS.map(([key, label]) => (
            <Text
              key={key}
              className={`tool-chip fly__method ${key === value.method ? 'fly__method--active' : ''}`}
              onClick={() => onChange({ ...value, method: key })}
            >
              {label}
            </Text>
          ))}
        </View>
      </View>
    </View>
  )
}
