import { Text, View } from '@tarojs/components'

import { luckyColor } from '@/metaphysics/daily'
import { SWATCHES } from '@/tools/daily/colour-swatches'
import DailyShell from '@/tools/daily/DailyShell'

/** tools/pages/daily/luckyColor: the colours of the chart's 用神 (and first 喜神) for today. */
export default function LuckyColor() {
  return (
    <DailyShell share={{ title: '今日幸运色', desc: '按八字用神选今天的穿搭颜色' }} action="查看今日幸运色">
      {({ chart, today, dayGanZhi }) => {
        const lucky = luckyColor(chart, today)
        return (
          <View className="tool-card lucky-color">
            <Text className="tool-card__title">今日宜穿戴</Text>
            <View className="daily__swatches">
              {lucky.colors.map((name) => (
                <View key={name} className="daily__swatch">
                  <View className="daily__swatch-dot" style={{ background: SWATCHES[name] ?? '#EEEEEE' }} />
                  <Text className="daily__swatch-name">{name}</Text>
                </View>
              ))}
            </View>
            <Text className="tool-text">
              命局用神为{lucky.element}，{dayGanZhi}日宜多用{lucky.colors[0]}等{lucky.element}色系的衣物与饰品；
              {chart.yongShen.ji.length > 0 && `忌神为${chart.yongShen.ji.join('、')}，相应颜色宜少用。`}
            </Text>
          </View>
        )
      }}
    </DailyShell>
  )
}
