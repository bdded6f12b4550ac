import './DateBar.scss'

import { Input, Picker, Text, View } from '@tarojs/components'
import { useState } from 'react'

interface Props {
  date: string
  /** a date typed or picked, not yet checked */
  onChange: (date: string) => void
  /** move by whole days */
  onStep: (days: number) => void
  onToday: () => void
}

/** Previous/next day, a date picker (1900..2100) and a field to type any date. */
export default function DateBar({ date, onChange, onStep, onToday }: Props) {
  const [typed, setTyped] = useState('')
  return (
    <View className="date-bar">
      <View className="date-bar__main">
        <Text className="date-bar__step date-bar__prev" onClick={() => onStep(-1)}>
          ‹ 前一天
        </Text>
        <Picker
          mode="date"
          value={date}
          start="1900-01-01"
          end="2100-12-31"
          onChange={(e) => onChange(String(e.detail.value))}
        >
          <View className="date-bar__date">{date} ▾</View>
        </Picker>
        <Text className="date-bar__step date-bar__next" onClick={() => onStep(1)}>
          后一天 ›
        </Text>
      </View>
      <View className="date-bar__jump">
        <Input
          className="tool-input date-bar__input"
          type="text"
          placeholder="输入日期，如 2024-02-04"
          onInput={(e) => setTyped(e.detail.value)}
          onConfirm={() => onChange(typed.trim())}
        />
        <Text className="tool-button date-bar__go" onClick={() => onChange(typed.trim())}>
          查看
        </Text>
        <Text className="tool-button tool-button--plain date-bar__today" onClick={onToday}>
          今天
        </Text>
      </View>
    </View>
  )
}
