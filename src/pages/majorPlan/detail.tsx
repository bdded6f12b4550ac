import '../../components/service/service.scss'
import './detail.scss'

import { Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'

import { getService } from '@/api/service'
import Page from '@/components/Page'
import { paragraphs, reservationUrl, teacherUrl } from '@/components/service/links'
import { ErrorView, Loading } from '@/components/States'
import { formatFen } from '@/core/format'
import { useRemote } from '@/hooks/useRemote'
import { navigateTo } from '@/navigation'

/** One service or plan: what it covers, its teachers, and booking. */
export default function ServiceDetailPage() {
  const serviceId = Number(Taro.getCurrentInstance().router?.params.service_id) || 0
  const remote = useRemote(() => getService({ service_id: serviceId }), [serviceId])
  const s = remote.data?.detail
  if (!s)
    return <Page>{remote.error ? <ErrorView message={remote.error} onRetry={remote.reload} /> : <Loading />}</Page>
  return (
    <Page title={s.title} share={{ title: s.title, desc: s.summary, imageUrl: s.cover }}>
      <View className="service-detail">
        <Image className="service-detail__cover" src={s.cover} mode="widthFix" />
        <View className="service-section">
          <Text className="service-detail__title">{s.title}</Text>
          <Text className="service-detail__summary">{s.summary}</Text>
          <View className="service-detail__meta">
            <Text className="service-detail__price">{formatFen(s.price)}</Text>
            <Text className="service-detail__len">/ 次 · {s.duration_min} 分钟</Text>
          </View>
        </View>
        <View className="service-section">
          <Text className="service-section__title">服务说明</Text>
          {paragraphs(s.content).map((p, i) => (
            <Text key={i} className="service-para">
              {p}
            </Text>
          ))}
        </View>
        <View className="service-section">
          <Text className="service-section__title">服务老师</Text>
          {s.teachers.map((t) => (
            <View key={t.teacher_id} className="service-detail__teacher" data-teacher={t.teacher_id}>
              <Image
                className="service-detail__avatar"
                src={t.avatar}
                onClick={() => navigateTo(teacherUrl(t.teacher_id))}
              />
              <View className="service-detail__who" onClick={() => navigateTo(teacherUrl(t.teacher_id))}>
                <Text className="service-detail__name">{t.name}</Text>
                <Text className="service-detail__role">{t.title}</Text>
              </View>
              <Text
                className="service-detail__book"
                onClick={() => navigateTo(reservationUrl(s.service_id, t.teacher_id))}
              >
                预约
              </Text>
            </View>
          ))}
        </View>
      </View>
      <View className="service-bar">
        <View className="service-btn" onClick={() => navigateTo(reservationUrl(s.service_id))}>
          立即预约 {formatFen(s.price)}
        </View>
      </View>
    </Page>
  )
}
