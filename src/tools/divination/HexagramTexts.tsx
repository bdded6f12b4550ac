import { Text, View } from '@tarojs/components'

import { hexagramByName } from '@/metaphysics/hexagram'
import type { LiuyaoChart } from '@/metaphysics/liuyao'

/** The 《周易》 texts a reading turns on: the 本卦's 卦辞 and 大象, its moving lines, the 变卦's 卦辞. */
export default function HexagramTexts({ chart }: { chart: LiuyaoChart }) {
  const ben = hexagramByName(chart.benGua.name)
  const bian = chart.bianGua ? hexagramByName(chart.bianGua.name) : null
  return (
    <View className="gua-texts">
      <Text className="gua-texts__title">本卦 · {ben.fullName}</Text>
      <Text className="tool-text">卦辞：{ben.judgment}</Text>
      <Text className="tool-text">象曰：{ben.daXiang}</Text>
      {chart.movingLines.map((position) => {
        const line = ben.lineTexts[position - 1]
        return (
          <Text key={position} className="tool-text gua-texts__moving">
            {line.label}（动）：{line.text}
          </Text>
        )
      })}
      {bian && (
        <>
          <Text className="gua-texts__title">变卦 · {bian.fullName}</Text>
          <Text className="tool-text">卦辞：{bian.judgment}</Text>
        </>
      )}
    </View>
  )
}
