import './ActivityCard.scss'

import type { ActivitySummary } from '@contract'
import { Image, Text, View } from '@tarojs/components'

import { formatDate } from '@/core/format'

import { feeText, signupState } from './format'

/** One activity in a list: cover, title, when and where, seats and fee. */
export default function ActivityCard({ activity: a, onClick }: { activity: ActivitySummary; onClick: () => void }) {
  const state = signupState(a)
  return (
    <View className="act-card" onClick={onClick}>
      <Image className="act-card__cover" src={a.cover} mode="aspectFill" />
      <View className="act-card__body">
        <Text className="act-card__title">{a.title}</Text>
        <Text className="act-card__line">时间：{formatDate(a.starts_at, 'yyyy-mm-dd hh:MM')}</Text>
        <Text className="act-card__line">
          地点：{a.city} · {a.address}
        </Text>
        <View className="act-card__foot">
          <Text className={`act-card__fee${a.fee > 0 ? '' : ' act-card__fee--free'}`}>{feeText(a.fee)}</Text>
          <Text className="act-card__seats">
            {a.capacity - a.seats_left}/{a.capacity} 人已报名
          </Text>
          <Text className={`act-card__state${state.enabled ? '' : ' act-card__state--off'}`}>{state.text}</Text>
        </View>
      </View>
    </View>
  )
}
