import './offline.scss'

import type { OfflineClass } from '@contract'
import { Text, View } from '@tarojs/components'
import { useState } from 'react'

import { getOfflineClasses } from '@/api/course'
import { timeRange } from '@/components/course/format'
import OfflineSignupSheet from '@/components/course/OfflineSignupSheet'
import Page from '@/components/Page'
import { Empty, ErrorView, ListFooter, Loading } from '@/components/States'
import { useListPage } from '@/hooks/useListPage'
import { navigateTo } from '@/navigation'
import ClassMap from '@/platform/ClassMap'

/** Offline classes: where and when, seats left, and sign-up. */
export default function OfflinePage() {
  const list = useListPage((page) => getOfflineClasses({ page }), [])
  const [signing, setSigning] = useState<OfflineClass>()

  return (
    <Page share={{ title: '线下研修', desc: '名师面授，实地带教' }}>
      {!list.ready ? (
        <Loading />
      ) : list.error && !list.items.length ? (
        <ErrorView message={list.error} onRetry={list.refresh} />
      ) : !list.items.length ? (
        <Empty text="近期没有线下课程" />
      ) : (
        <View className="offline">
          <View className="offline__map">
            <ClassMap classes={list.items} zoom={5} />
          </View>
          {list.items.map((k) => (
            <View
              key={k.class_id}
              className="offline__card"
              onClick={() => navigateTo(`/pages/course/detailService?class_id=${k.class_id}`)}
            >
              <View className="offline__top">
                <Text className="offline__city">{k.city}</Text>
                <Text className="offline__title">
                  {k.course_title} · {k.title}
                </Text>
              </View>
              <Text className="offline__line">时间：{timeRange(k.starts_at, k.ends_at)}</Text>
              <Text className="offline__line">地点：{k.address}</Text>
              <View className="offline__foot">
                <Text className="offline__seats">
                  {k.seats_left > 0 ? `剩余 ${k.seats_left} / ${k.seats} 席` : `${k.seats} 席已满`} · {k.teacher}
                </Text>
                <Text
                  className={`offline__signup${k.open && !k.signed_up ? '' : ' offline__signup--off'}`}
                  onClick={(e) => {
                    e.stopPropagation()
                    if (k.open && !k.signed_up) setSigning(k)
                  }}
                >
                  {k.signed_up ? '已报名' : k.open ? '报名' : k.seats_left ? '已截止' : '已满员'}
                </Text>
              </View>
            </View>
          ))}
        </View>
      )}
      <ListFooter loading={list.loading && list.ready} finished={list.finished} empty={!list.items.length} />
      {signing && (
        <OfflineSignupSheet
          klass={signing}
          onClose={() => setSigning(undefined)}
          onDone={() => {
            setSigning(undefined)
            list.refresh()
          }}
        />
      )}
    </Page>
  )
}
