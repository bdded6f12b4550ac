import './Pillars.scss'

import { Text, View } from '@tarojs/components'

import { ganWuXing, type WuXing, zhiWuXing } from '@/metaphysics/bazi/ganzhi'
import { COLORS } from '@/theme'

const BY_ELEMENT: Record<WuXing, string> = {
  木: COLORS.wood,
  火: COLORS.fire,
  土: COLORS.earth,
  金: COLORS.metal,
  水: COLORS.water
}
const LABELS = ['年', '月', '日', '时']

/** Four 干支 in a row, each character in its 五行 colour; `labelled` adds 年月日时 above. */
export default function Pillars({
  pillars,
  labelled,
  size = 'normal'
}: {
  pillars: string[]
  labelled?: boolean
  size?: 'normal' | 'large'
}) {
  return (
    <View className={`gz-row gz-row--${size}`}>
      {pillars.map((gz, i) => (
        <View key={i} className="gz-row__col">
          {labelled && <Text className="gz-row__label">{LABELS[i]}</Text>}
          <Text className="gz-row__char" style={{ color: BY_ELEMENT[ganWuXing(gz[0])] }}>
            {gz[0]}
          </Text>
          <Text className="gz-row__char" style={{ color: BY_ELEMENT[zhiWuXing(gz[1])] }}>
            {gz[1]}
          </Text>
        </View>
      ))}
    </View>
  )
}
