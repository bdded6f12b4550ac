import './detail.scss'

import { Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useEffect, useState } from 'react'

import { getTeacher } from '@/api/teacher'
import Page from '@/components/Page'
import { houseFengshuiUrl, paragraphs } from '@/components/service/links'
import ServiceCard from '@/components/service/ServiceCard'
import { ErrorView, Loading } from '@/components/States'
import FollowButton from '@/components/teacher/FollowButton'
import { linkHidden } from '@/core/features'
import { formatDate, formatFen } from '@/core/format'
import { useRemote } from '@/hooks/useRemote'
import { navigateTo } from '@/navigation'

const stars = (n: number) => '★★★★★'.slice(0, n) + '☆☆☆☆☆'.slice(0, 5 - n)

/** A teacher's page: profile, follow, services, courses and reviews. */
export default function TeacherDetailPage() {
  const teacherId = Number(Taro.getCurrentInstance().router?.params.teacher_id) || 0
  const remote = useRemote(() => getTeacher({ teacher_id: teacherId }), [teacherId])
  const [follow, setFollow] = useState({ followed: false, followers: 0 })
  const t = remote.data?.detail
  useEffect(() => {
    if (t) setFollow({ followed: t.followed, followers: t.followers })
  }, [t])
  if (!t)
    return <Page>{remote.error ? <ErrorView message={remote.error} onRetry={remote.reload} /> : <Loading />}</Page>
  const house = t.services.some((s) => s.kind === 'house')
  return (
    <Page
      title={t.name}
      share={{ title: `${t.name} · ${t.title}`, desc: t.specialties.join('、'), imageUrl: t.avatar }}
    >
      <View className="teacher">
        <View className="teacher__hero">
          <Image className="teacher__cover" src={t.cover} mode="scaleToFill" />
          <View className="teacher__card">
            <Image className="teacher__avatar" src={t.avatar} />
            <View className="teacher__who">
              <Text className="teacher__name">{t.name}</Text>
              <Text className="teacher__title">{t.title}</Text>
              <Text className="teacher__facts">
                {t.city} · 从业 {t.years} 年 · {follow.followers} 人关注
              </Text>
            </View>
            <FollowButton
              teacherId={t.teacher_id}
              followed={follow.followed}
              onChange={(followed, followers) => setFollow({ followed, followers })}
            />
          </View>
        </View>
        <View className="teacher__tags">
          {t.specialties.map((s) => (
            <Text key={s} className="teacher__tag">
              {s}
            </Text>
          ))}
        </View>
        <View className="teacher__section">
          <Text className="teacher__heading">老师简介</Text>
          {paragraphs(t.intro).map((p, i) => (
            <Text key={i} className="teacher__para">
              {p}
            </Text>
          ))}
        </View>
        {!!t.services.length && (
          <View className="teacher__block">
            <View className="teacher__row-head">
              <Text className="teacher__heading">咨询服务</Text>
              {house && !linkHidden(houseFengshuiUrl()) && (
                <Text className="teacher__more" onClick={() => navigateTo(houseFengshuiUrl(t.teacher_id))}>
                  家居风水 ›
                </Text>
              )}
            </View>
            {t.services.map((s) => (
              <ServiceCard key={s.service_id} service={s} />
            ))}
          </View>
        )}
        {!!t.courses.length && (
          <View className="teacher__section">
            <Text className="teacher__heading">主讲课程</Text>
            {t.courses.map((c) => (
              <View
                key={c.course_id}
                className="teacher__course"
                data-course={c.course_id}
                onClick={() => navigateTo(`/pages/course/detail?course_id=${c.course_id}`)}
              >
                <Image className="teacher__course-cover" src={c.cover} mode="aspectFill" />
                <View className="teacher__course-info">
                  <Text className="teacher__course-title">{c.title}</Text>
                  <Text className="teacher__course-sub">{c.subtitle}</Text>
                  <Text className="teacher__course-price">{c.price ? formatFen(c.price) : '免费'}</Text>
                </View>
              </View>
            ))}
          </View>
        )}
        <View className="teacher__section">
          <Text className="teacher__heading">
            学员评价 {t.review_count ? `· ${t.rating} 分（${t.review_count} 条）` : ''}
          </Text>
          {!t.reviews.length ? (
            <Text className="teacher__para">暂无评价</Text>
          ) : (
            t.reviews.map((r) => (
              <View key={r.review_id} className="teacher__review">
                <View className="teacher__review-head">
                  <Text className="teacher__review-author">{r.author}</Text>
                  <Text className="teacher__review-stars">{stars(r.rating)}</Text>
                  <Text className="teacher__review-date">{formatDate(r.created_at)}</Text>
                </View>
                <Text className="teacher__review-text">{r.content}</Text>
              </View>
            ))
          )}
        </View>
      </View>
    </Page>
  )
}
