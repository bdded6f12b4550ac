import { Text, View } from '@tarojs/components'

import { romanticLuck } from '@/metaphysics/daily'
import DailyShell from '@/tools/daily/DailyShell'
import Stars from '@/tools/daily/Stars'

/** tools/pages/daily/romanticLuck: today's romance from 桃花, 红鸾/天喜, the spouse star and the spouse palace. */
export default function RomanticLuck() {
  return (
    <DailyShell share={{ title: '今日桃花运', desc: '桃花红鸾与夫妻宫，看看今天的感情运' }} action="查看今日桃花">
      {({ chart, today, dayGanZhi }) => {
        const luck = romanticLuck(chart, today)
        return (
          <View className="tool-card romantic">
            <Text className="tool-card__title">今日桃花指数</Text>
            <View className="romantic__stars">
              <Stars count={luck.stars} />
            </View>
            <Text className="tool-text">{luck.text}。</Text>
            <Text className="tool-card__note">
              以{dayGanZhi}日与命局年支桃花、红鸾、天喜，{chart.gender === 'male' ? '财星' : '官杀'}
              （配偶星）及日支夫妻宫的合冲推算。
            </Text>
          </View>
        )
      }}
    </DailyShell>
  )
}
