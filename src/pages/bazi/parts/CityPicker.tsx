import './CityPicker.scss'

import { Input, ScrollView, Text, View } from '@tarojs/components'
import { useMemo, useState } from 'react'

import { cities, type City, searchCities } from '@/metaphysics/time'

interface Props {
  onSelect: (city: City | null) => void
  onClose: () => void
}

export const longitudeText = (lng: number): string => (lng >= 0 ? `东经${lng}°` : `西经${-lng}°`)
const MAX_RESULTS = 60

/** A searchable birth-place picker over the engine's city list: search, or a region then a city. */
export default function CityPicker({ onSelect, onClose }: Props) {
  const [text, setText] = useState('')
  const [region, setRegion] = useState(cities[0].region)
  const results = useMemo(() => searchCities(text).slice(0, MAX_RESULTS), [text])
  const group = cities.find((g) => g.region === region) ?? cities[0]
  const list = text.trim() ? results : group.cities

  return (
    <View className="city-picker" role="dialog" aria-label="选择出生地">
      <View className="city-picker__head">
        <Text className="city-picker__title">选择出生地</Text>
        <Text className="city-picker__close" onClick={onClose}>
          关闭
        </Text>
      </View>
      <View className="city-picker__search">
        <Input
          className="city-picker__input"
          placeholder="搜索城市或省份，如 广州、广东、纽约"
          value={text}
          onInput={(e) => setText(e.detail.value)}
        />
      </View>
      <View className="city-picker__body">
        {!text.trim() && (
          <ScrollView scrollY className="city-picker__regions">
            {cities.map((g) => (
              <View
                key={g.region}
                className={`city-picker__region ${g.region === region ? 'city-picker__region--on' : ''}`}
                onClick={() => setRegion(g.region)}
              >
                {g.region}
              </View>
            ))}
          </ScrollView>
        )}
        <ScrollView scrollY className="city-picker__cities">
          {text.trim() && !list.length && (
            <View className="city-picker__none">没有找到“{text.trim()}”，请换个写法</View>
          )}
          {list.map((c) => (
            <View key={c.region + c.name} className="city-picker__city" onClick={() => onSelect(c)}>
              <Text className="city-picker__name">{c.name}</Text>
              <Text className="city-picker__meta">
                {text.trim() ? c.region + ' · ' : ''}
                {longitudeText(c.longitude)}
              </Text>
            </View>
          ))}
        </ScrollView>
      </View>
      <View className="city-picker__clear" onClick={() => onSelect(null)}>
        不选出生地（按北京时间，不校正真太阳时）
      </View>
    </View>
  )
}
