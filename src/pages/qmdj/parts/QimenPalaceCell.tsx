import './QimenPalaceCell.scss'

import { Text, View } from '@tarojs/components'

import type { QimenPalace } from '@/metaphysics/qimen'
import { ganColor } from '@/pages/bazi/parts/wu-xing-color'

const Stems = ({ stems, className }: { stems: string[]; className: string }) => (
  <View className={`qm-cell__stems ${className}`}>
    {stems.map((s, i) => (
      <Text key={i} style={{ color: ganColor(s) }}>
        {s}
      </Text>
    ))}
  </View>
)

/**
 * One palace of a 转盘 chart: 八神 top left, 九星 and 八门 below it; 天盘 stems over 地盘 stems on the
 * right; 空亡 and 马星 marks top right; 值符 and 值使 badged; the palace's name at the bottom.
 */
export default function QimenPalaceCell({ palace, lodgedIn }: { palace: QimenPalace; lodgedIn: string }) {
  const marks = (
    <View className="qm-cell__marks">
      {palace.kongWang && <Text className="qm-cell__mark qm-cell__mark--kong">空</Text>}
      {palace.maXing && <Text className="qm-cell__mark qm-cell__mark--ma">马</Text>}
    </View>
  )
  if (palace.palace === 5) {
    return (
      <View className="qm-cell qm-cell--centre" data-palace={5}>
        {marks}
        <Stems stems={palace.diPan} className="qm-cell__stems--centre" />
        <Text className="qm-cell__note">寄{lodgedIn}</Text>
        <Text className="qm-cell__name">{palace.name}</Text>
      </View>
    )
  }
  const [star, ...riders] = palace.stars
  return (
    <View className="qm-cell" data-palace={palace.palace}>
      {marks}
      <View className="qm-cell__row">
        <Text className="qm-cell__god">{palace.god}</Text>
      </View>
      <View className="qm-cell__row">
        <Text className="qm-cell__star">
          {star}
          {riders.map((r) => (
            <Text key={r} className="qm-cell__rider">
              {r.slice(1)}
            </Text>
          ))}
          {palace.zhiFu && <Text className="qm-cell__badge">符</Text>}
        </Text>
        <Stems stems={palace.tianPan} className="qm-cell__stems--tian" />
      </View>
      <View className="qm-cell__row">
        <Text className="qm-cell__door">
          {palace.door}
          {palace.zhiShi && <Text className="qm-cell__badge">使</Text>}
        </Text>
        <Stems stems={palace.diPan} className="qm-cell__stems--di" />
      </View>
      <Text className="qm-cell__name">
        {palace.name} {palace.direction}
      </Text>
    </View>
  )
}
