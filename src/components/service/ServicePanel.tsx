import './ServicePanel.scss'

import { isHiddenLink } from '@contract/features'
import { Image, ScrollView, Text, View } from '@tarojs/components'
import { useEffect } from 'react'

import { getServices } from '@/api/service'
import { getTeachers } from '@/api/teacher'
import { Empty, ErrorView, Loading } from '@/components/States'
import type { PanelProps } from '@/components/TabPage/panels'
import { onTabEvent } from '@/components/TabPage/tab-events'
import { useHiddenFeatures } from '@/hooks/useHiddenFeatures'
import { useRemote } from '@/hooks/useRemote'
import { navigateTo } from '@/navigation'

import { houseFengshuiUrl, teacherUrl } from './links'
import ServiceCard from './ServiceCard'

const ENTRIES = [
  { title: '专业规划', sub: '学业 · 职业 · 进修', url: '/pages/majorPlan/majorPlan', tone: 'plan' },
  { title: '家居风水', sub: '户型 · 办公布局', url: houseFengshuiUrl(), tone: 'house' },
  { title: '易学测试', sub: '限时答题 · 排行', url: '/pages/examination/selected', tone: 'exam' }
]

/** The 服务 tab: entries to plans, house feng shui and tests, the consultations, and the teachers. */
export default function ServicePanel({ tab }: PanelProps) {
  const services = useRemote(() => getServices({ kind: 'consult' }), [])
  const teachers = useRemote(() => getTeachers(), [])
  const hidden = useHiddenFeatures()

  useEffect(
    () => onTabEvent(tab, 'refresh', () => Promise.all([services.reload(), teachers.reload()])),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs only when these values change
    [tab, services.reload, teachers.reload]
  )

  const list = services.data?.list
  return (
    <View className="service-tab">
      <View className="service-tab__entries">
        {ENTRIES.filter((e) => !isHiddenLink(e.url, hidden)).map((e) => (
          <View
            key={e.title}
            className={`service-tab__entry service-tab__entry--${e.tone}`}
            onClick={() => navigateTo(e.url)}
          >
            <Text className="service-tab__entry-title">{e.title}</Text>
            <Text className="service-tab__entry-sub">{e.sub}</Text>
          </View>
        ))}
      </View>
      {!!teachers.data?.list.length && (
        <View className="service-tab__block">
          <Text className="service-tab__heading">名师团队</Text>
          <ScrollView scrollX className="service-tab__teachers">
            {teachers.data.list.map((t) => (
              <View
                key={t.teacher_id}
                className="service-tab__teacher"
                data-teacher={t.teacher_id}
                onClick={() => navigateTo(teacherUrl(t.teacher_id))}
              >
                <Image className="service-tab__avatar" src={t.avatar} />
                <Text className="service-tab__name">{t.name}</Text>
                <Text className="service-tab__skill">{t.specialties[0] ?? ''}</Text>
              </View>
            ))}
          </ScrollView>
        </View>
      )}
      <Text className="service-tab__heading service-tab__heading--list">咨询服务</Text>
      {!list ? (
        services.error ? (
          <ErrorView message={services.error} onRetry={services.reload} />
        ) : (
          <Loading />
        )
      ) : !list.length ? (
        <Empty text="暂无咨询服务" />
      ) : (
        list.map((s) => <ServiceCard key={s.service_id} service={s} />)
      )}
    </View>
  )
}
