import { Text, View } from '@tarojs/components'
import { useState } from 'react'

import NinePalace from '@/components/NinePalace'
import { LUOSHU_PALACES, STAR_NAMES, type TimeStars } from '@/metaphysics/xuankong'
import { starColor } from '@/pages/tools/lib/colors'

const SCOPES = [
  { key: 'year', label: '流年' },
  { key: 'month', label: '流月' },
  { key: 'day', label: '流日' }
] as const
type Scope = (typeof SCOPES)[number]['key']

/** This year's, month's and day's 紫白 stars in the nine palaces. */
export default function TimeStarsChart({ stars }: { stars: TimeStars }) {
  const [scope, setScope] = useState<Scope>('year')
  const current = stars[scope]
  const cells = current.palaces.map((star, i) => ({
    label: palaceLabel(i + 1),
    lines: [{ text: STAR_NAMES[star], color: starColor(star), className: 'fly__star' }]
  }))
  return (
    <View className="tool-card fly__time">
      <Text className="tool-card__title">紫白飞星 · {stars.date}</Text>
      <View className="tool-tabs fly__scopes">
        {SCOPES.map((s) => (
          <Text
            key={s.key}
            className={`tool-tabs__item ${s.key === scope ? 'tool-tabs__item--active' : ''}`}
            onClick={() => setScope(s.key)}
          >
            {s.label}
          </Text>
        ))}
      </View>
      <Text className="fly__centre">
        {SCOPES.find((s) => s.key === scope)!.label}
        {current.name}入中（{current.luck}）
      </Text>
      <NinePalace cells={cells} className="fly__grid fly__grid--time" />
    </View>
  )
}

/** 坎 北, 坤 西南 ... 中 for the centre. */
export function palaceLabel(palace: number): string {
  const p = LUOSHU_PALACES[palace - 1]
  return p.trigram ? `${p.trigram} ${p.direction}` : '中宫'
}
