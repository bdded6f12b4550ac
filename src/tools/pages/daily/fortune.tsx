import { Text, View } from '@tarojs/components'

import { type AreaLuck, dailyFortune } from '@/metaphysics/daily'
import DailyShell from '@/tools/daily/DailyShell'
import Stars from '@/tools/daily/Stars'

const AREAS = [
  { key: 'career', name: '事业' },
  { key: 'wealth', name: '财运' },
  { key: 'romance', name: '感情' },
  { key: 'health', name: '健康' }
] as const

/** tools/pages/daily/fortune: today's fortune from the user's chart against the day's 干支. */
export default function Fortune() {
  return (
    <DailyShell share={{ title: '今日运势', desc: '按八字喜用看今天的事业、财运、感情与健康' }} action="查看今日运势">
      {({ chart, today }) => {
        const f = dailyFortune(chart, today)
        return (
          <>
            <View className="tool-card fortune__score">
              <Text className="daily__big">{f.score}</Text>
              <Text className="daily__caption">今日综合运势（满分 100）</Text>
              <Text className="tool-text fortune__summary">{f.summary}</Text>
            </View>
            <View className="tool-card">
              {AREAS.map(({ key, name }) => (
                <Area key={key} name={name} luck={f[key]} />
              ))}
            </View>
            <View className="tool-card daily__facts">
              <Fact label="幸运色" value={f.luckyColor.colors.slice(0, 2).join('、')} />
              <Fact label="幸运数字" value={String(f.luckyNumber)} />
              <Fact label="吉利方位" value={f.luckyDirection.direction} />
            </View>
          </>
        )
      }}
    </DailyShell>
  )
}

function Area({ name, luck }: { name: string; luck: AreaLuck }) {
  return (
    <View className="daily__area">
      <Text className="daily__area-name">{name}</Text>
      <View className="daily__area-body">
        <Stars count={luck.stars} />
        <Text className="daily__area-text">{luck.text}</Text>
      </View>
    </View>
  )
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <View className="daily__fact">
      <Text className="daily__fact-label">{label}</Text>
      <Text className="daily__fact-value">{value}</Text>
    </View>
  )
}
