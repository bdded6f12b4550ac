import { Text, View } from '@tarojs/components'

import { luckySeat } from '@/metaphysics/daily'
import DailyShell from '@/tools/daily/DailyShell'

/** The eight directions as a map reads them (north on top), the centre empty. */
const GRID = ['西北', '正北', '东北', '正西', '', '正东', '西南', '正南', '东南']

/** tools/pages/daily/gigabit: today's lucky seat at the card table (财神方, or the 用神's direction). */
export default function Gigabit() {
  return (
    <DailyShell share={{ title: '今日打牌坐向', desc: '财神方位结合八字喜忌，今天坐哪边手气好' }} action="查看打牌坐向">
      {({ chart, today }) => {
        const seat = luckySeat(chart, today)
        return (
          <View className="tool-card gigabit">
            <Text className="tool-card__title">今日宜坐：{seat.direction}</Text>
            <View className="daily__compass">
              {GRID.map((direction, i) => (
                <View
                  key={i}
                  className={
                    `daily__seat ${direction === '' ? 'daily__seat--centre' : ''} ` +
                    `${direction === seat.direction ? 'daily__seat--on' : ''}`
                  }
                >
                  {direction || '牌桌'}
                </View>
              ))}
            </View>
            <Text className="tool-text">{seat.reason}。</Text>
            <Text className="tool-card__note">坐于牌桌{seat.direction}一侧，或面向该方落座。娱乐为主，切勿赌博。</Text>
          </View>
        )
      }}
    </DailyShell>
  )
}
