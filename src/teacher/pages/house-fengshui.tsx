import './house-fengshui.scss'

import { Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useState } from 'react'

import { getService, getServices } from '@/api/service'
import Page from '@/components/Page'
import { paragraphs, reservationUrl } from '@/components/service/links'
import TeacherPicker from '@/components/service/TeacherPicker'
import { Empty, ErrorView, Loading } from '@/components/States'
import { formatFen } from '@/core/format'
import { useRemote } from '@/hooks/useRemote'
import { navigateTo } from '@/navigation'

/** 家居风水: the house and office feng-shui services, a teacher who takes them, and booking. */
export default function HouseFengshuiPage() {
  const wantedTeacher = Number(Taro.getCurrentInstance().router?.params.teacher_id) || 0
  const services = useRemote(() => getServices({ kind: 'house' }), [])
  const [picked, setPicked] = useState(0)
  const list = services.data?.list ?? []
  const serviceId = list.some((s) => s.service_id === picked) ? picked : (list[0]?.service_id ?? 0)
  const detail = useRemote(
    () => (serviceId ? getService({ service_id: serviceId }) : Promise.resolve(undefined)),
    [serviceId]
  )
  const [teacherPick, setTeacherPick] = useState(wantedTeacher)
  const s = detail.data?.detail
  const teachers = s?.teachers ?? []
  const teacherId = teachers.some((t) => t.teacher_id === teacherPick) ? teacherPick : (teachers[0]?.teacher_id ?? 0)

  if (!services.data)
    return (
      <Page>{services.error ? <ErrorView message={services.error} onRetry={services.reload} /> : <Loading />}</Page>
    )
  if (!list.length)
    return (
      <Page>
        <Empty text="当前没有可预约的家居风水服务" />
      </Page>
    )

  return (
    <Page share={{ title: '家居风水 · 名师在线勘察', desc: '户型格局、九宫飞星、办公布局' }}>
      <View className="house">
        <View className="house__tabs">
          {list.map((x) => (
            <Text
              key={x.service_id}
              className={`house__tab${x.service_id === serviceId ? ' house__tab--on' : ''}`}
              onClick={() => setPicked(x.service_id)}
            >
              {x.title}
            </Text>
          ))}
        </View>
        {!s ? (
          detail.error ? (
            <ErrorView message={detail.error} onRetry={detail.reload} />
          ) : (
            <Loading />
          )
        ) : (
          <View>
            <Image className="house__cover" src={s.cover} mode="widthFix" />
            <View className="service-section">
              <Text className="house__title">{s.title}</Text>
              <Text className="house__summary">{s.summary}</Text>
              <Text className="house__price">
                {formatFen(s.price)} <Text className="house__len">/ 次 · {s.duration_min} 分钟</Text>
              </Text>
            </View>
            <View className="service-section">
              <Text className="service-section__title">服务流程</Text>
              {paragraphs(s.content).map((p, i) => (
                <Text key={i} className="service-para">
                  {p}
                </Text>
              ))}
            </View>
            <View className="service-section">
              <Text className="service-section__title">堪舆老师</Text>
              <TeacherPicker teachers={teachers} chosen={teacherId} onChoose={setTeacherPick} />
            </View>
          </View>
        )}
      </View>
      {!!s && (
        <View className="service-bar">
          <View className="service-btn" onClick={() => navigateTo(reservationUrl(s.service_id, teacherId))}>
            预约勘察 {formatFen(s.price)}
          </View>
        </View>
      )}
    </Page>
  )
}
