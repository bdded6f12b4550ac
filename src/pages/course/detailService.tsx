import './detailService.scss'

import { RichText, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useState } from 'react'

import { getOfflineClass } from '@/api/course'
import { courseDetailUrl, priceText, timeRange } from '@/components/course/format'
import OfflineSignupSheet from '@/components/course/OfflineSignupSheet'
import Page from '@/components/Page'
import { ErrorView, Loading } from '@/components/States'
import { formatDate } from '@/core/format'
import { useRemote } from '@/hooks/useRemote'
import { navigateTo } from '@/navigation'
import ClassMap from '@/platform/ClassMap'

/** One offline class: time, place on a map, seats left and sign-up. */
export default function OfflineClassPage() {
  const classId = Number(Taro.getCurrentInstance().router?.params.class_id) || 0
  const remote = useRemote(() => getOfflineClass({ class_id: classId }), [classId])
  const [signing, setSigning] = useState(false)

  if (!remote.data)
    return <Page>{remote.error ? <ErrorView message={remote.error} onRetry={remote.reload} /> : <Loading />}</Page>
  const k = remote.data.detail
  const action = k.signed_up ? '您已报名' : k.open ? '立即报名' : k.seats_left ? '报名已截止' : '名额已满'

  return (
    <Page
      title={`${k.course_title} · ${k.title}`}
      share={{ title: `${k.course_title} · ${k.title}`, desc: `${k.city} ${formatDate(k.starts_at)} 开课` }}
    >
      <View className="offline-detail">
        <View className="offline-detail__card">
          <Text className="offline-detail__title">
            {k.course_title} · {k.title}
          </Text>
          <View className="offline-detail__row">
            <Text className="offline-detail__label">时间</Text>
            <Text className="offline-detail__value">{timeRange(k.starts_at, k.ends_at)}</Text>
          </View>
          <View className="offline-detail__row">
            <Text className="offline-detail__label">地点</Text>
            <Text className="offline-detail__value">
              {k.city} · {k.address}
            </Text>
          </View>
          <View className="offline-detail__row">
            <Text className="offline-detail__label">名额</Text>
            <Text className="offline-detail__value">
              共 {k.seats} 席，剩余 <Text className="offline-detail__left">{k.seats_left}</Text> 席
            </Text>
          </View>
          <View className="offline-detail__row">
            <Text className="offline-detail__label">截止</Text>
            <Text className="offline-detail__value">{formatDate(k.signup_deadline, 'yyyy-mm-dd hh:MM')} 前报名</Text>
          </View>
          <View className="offline-detail__row">
            <Text className="offline-detail__label">讲师</Text>
            <Text className="offline-detail__value">
              {k.teacher} · {k.teacher_title}
            </Text>
          </View>
          <View className="offline-detail__row">
            <Text className="offline-detail__label">费用</Text>
            <Text className="offline-detail__value">{priceText(k.price)}</Text>
          </View>
        </View>
        <View className="offline-detail__map">
          <ClassMap classes={[k]} />
        </View>
        <View className="offline-detail__card">
          <Text className="offline-detail__section">课程介绍</Text>
          <RichText className="offline-detail__intro" nodes={k.intro} />
          <Text className="offline-detail__more" onClick={() => navigateTo(courseDetailUrl(k.course_id))}>
            查看课程全部班次 ›
          </Text>
        </View>
      </View>
      <View className="offline-detail__bar">
        <View
          className={`offline-detail__action${k.open && !k.signed_up ? '' : ' offline-detail__action--off'}`}
          onClick={() => k.open && !k.signed_up && setSigning(true)}
        >
          {action}
        </View>
      </View>
      {signing && (
        <OfflineSignupSheet
          klass={k}
          onClose={() => setSigning(false)}
          onDone={() => {
            setSigning(false)
            remote.reload()
          }}
        />
      )}
    </Page>
  )
}
