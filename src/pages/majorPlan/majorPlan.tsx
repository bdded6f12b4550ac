import './majorPlan.scss'

import { Text, View } from '@tarojs/components'

import { getServices } from '@/api/service'
import Page from '@/components/Page'
import ServiceCard from '@/components/service/ServiceCard'
import { Empty, ErrorView, Loading } from '@/components/States'
import { useRemote } from '@/hooks/useRemote'

/** 专业规划: the plan services (study, career, learning), each booked with a teacher. */
export default function MajorPlanPage() {
  const remote = useRemote(() => getServices({ kind: 'plan' }), [])
  const list = remote.data?.list
  return (
    <Page share={{ title: '专业规划', desc: '学业、职业与易学进修，名师一对一规划' }}>
      <View className="major-plan">
        <View className="major-plan__hero">
          <Text className="major-plan__hero-title">名师一对一 · 专业规划</Text>
          <Text className="major-plan__hero-sub">结合天赋特质与现实条件，给出看得懂、做得到的方向建议</Text>
        </View>
        {!list ? (
          remote.error ? (
            <ErrorView message={remote.error} onRetry={remote.reload} />
          ) : (
            <Loading />
          )
        ) : !list.length ? (
          <Empty text="暂无规划服务" />
        ) : (
          list.map((s) => <ServiceCard key={s.service_id} service={s} />)
        )}
      </View>
    </Page>
  )
}
