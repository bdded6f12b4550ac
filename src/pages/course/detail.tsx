import './detail.scss'

import type { CourseDetail } from '@contract'
import { Image, RichText, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useState } from 'react'

import { setCourseFavorite, signupCourse } from '@/api/course'
import { KIND_LABEL, partsText, priceText } from '@/components/course/format'
import { ClassRow, LessonList, SessionRow } from '@/components/course/Outline'
import { useCourse } from '@/components/course/useCourse'
import Page from '@/components/Page'
import { ErrorView, Loading } from '@/components/States'
import VirtualGoodsNote from '@/components/VirtualGoodsNote'
import { useSubscribe } from '@/hooks/useSubscribe'
import { navigateTo } from '@/navigation'
import { canBuyVirtualGoods } from '@/platform/virtual-goods'

type Section = 'intro' | 'outline'

/** A course of any kind: what it teaches, its outline, favorite, and sign-up or purchase. */
export default function CourseDetailPage() {
  const courseId = Number(Taro.getCurrentInstance().router?.params.course_id) || 0
  const course = useCourse(courseId)
  const [section, setSection] = useState<Section>('intro')
  const [favorite, setFavorite] = useState<{ on: boolean; count: number }>()
  const [busy, setBusy] = useState(false)
  const subscribe = useSubscribe('signup')

  if (!course.data) {
    return <Page>{course.error ? <ErrorView message={course.error} onRetry={course.reload} /> : <Loading />}</Page>
  }
  const d = course.data.detail
  const fav = favorite ?? { on: d.favorited, count: d.favorites }

  const toggleFavorite = async () => {
    try {
      const res = await setCourseFavorite({ course_id: d.course_id, favorite: fav.on ? 0 : 1 })
      setFavorite({ on: res.favorited, count: res.favorites })
      Taro.showToast({ title: res.favorited ? '已收藏' : '已取消收藏', icon: 'none' })
    } catch {
      // the request layer has said why (or asked for a login)
    }
  }

  const signup = async () => {
    setBusy(true)
    // A live course's 直播开课提醒 follows its sign-up: the mini-program asks within the tap (a recorded one has none).
    if (d.kind === 'live') await subscribe()
    try {
      await signupCourse({ course_id: d.course_id })
      Taro.showToast({ title: '报名成功', icon: 'success' })
      await course.reload()
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false)
    }
  }

  const learn = (lessonId = d.resume_lesson_id) =>
    navigateTo(`/live/pages/recorded/detail?course_id=${d.course_id}&lesson_id=${lessonId}`)

  return (
    <Page title={d.title} share={{ title: d.title, desc: d.subtitle, imageUrl: d.cover }}>
      <View className="course-detail">
        <Image className="course-detail__cover" src={d.cover} mode="aspectFill" />
        <View className="course-detail__card">
          <Text className="course-detail__title">{d.title}</Text>
          <Text className="course-detail__sub">{d.subtitle}</Text>
          <View className="course-detail__price-row">
            <Text className={`course-detail__price${d.price ? '' : ' course-detail__price--free'}`}>
              {priceText(d.price)}
            </Text>
            {d.original_price > d.price && (
              <Text className="course-detail__original">{priceText(d.original_price)}</Text>
            )}
            <Text className="course-detail__stats">
              {KIND_LABEL[d.kind]} · {partsText(d.kind, d.parts)} · {d.students} 人学习
            </Text>
          </View>
          {d.price > 0 && d.refund_policy && <Text className="course-detail__refund">{d.refund_policy}</Text>}
          <View className="course-detail__teacher">
            <Text className="course-detail__avatar">{d.teacher.slice(0, 1)}</Text>
            <View className="course-detail__who">
              <Text className="course-detail__name">{d.teacher}</Text>
              <Text className="course-detail__role">{d.teacher_title}</Text>
            </View>
          </View>
        </View>
        <View className="course-detail__tabs">
          {(['intro', 'outline'] as Section[]).map((s) => (
            <Text
              key={s}
              className={`course-detail__tab${section === s ? ' course-detail__tab--on' : ''}`}
              onClick={() => setSection(s)}
            >
              {s === 'intro'
                ? '课程介绍'
                : d.kind === 'recorded'
                  ? '课程目录'
                  : d.kind === 'live'
                    ? '直播安排'
                    : '开班信息'}
            </Text>
          ))}
        </View>
        <View className="course-detail__panel">
          {section === 'intro' ? (
            <RichText className="course-detail__intro" nodes={d.intro} />
          ) : (
            <OutlineOf d={d} learn={learn} />
          )}
        </View>
      </View>
      <View className="course-detail__bar">
        <View className={`course-detail__fav${fav.on ? ' course-detail__fav--on' : ''}`} onClick={toggleFavorite}>
          <Text className="course-detail__fav-icon">{fav.on ? '★' : '☆'}</Text>
          <Text className="course-detail__fav-text">{fav.on ? '已收藏' : '收藏'}</Text>
        </View>
        <MainAction d={d} busy={busy} signup={signup} learn={learn} showOutline={() => setSection('outline')} />
      </View>
    </Page>
  )
}

function OutlineOf({ d, learn }: { d: CourseDetail; learn: (lessonId: number) => void }) {
  if (d.kind === 'recorded') return <LessonList chapters={d.chapters} onPick={(lesson) => learn(lesson.lesson_id)} />
  if (d.kind === 'live')
    return (
      <>
        {d.sessions.map((s) => (
          <SessionRow
            key={s.session_id}
            session={s}
            onPick={() => navigateTo(`/live/pages/index/index?session_id=${s.session_id}`)}
          />
        ))}
      </>
    )
  return (
    <>
      {d.classes.map((k) => (
        <ClassRow
          key={k.class_id}
          klass={k}
          onPick={() => navigateTo(`/pages/course/detailService?class_id=${k.class_id}`)}
        />
      ))}
    </>
  )
}

function MainAction({
  d,
  busy,
  signup,
  learn,
  showOutline
}: {
  d: CourseDetail
  busy: boolean
  signup: () => void
  learn: () => void
  showOutline: () => void
}) {
  const button = (text: string, onClick: () => void) => (
    <View
      className={`course-detail__action${busy ? ' course-detail__action--busy' : ''}`}
      onClick={() => !busy && onClick()}
    >
      {text}
    </View>
  )
  // A paid offline course is bought first, then a class is chosen; a free one goes straight to the classes.
  if (d.kind === 'offline' && (d.enrolled || d.price === 0)) return button('选择班次报名', showOutline)
  if (d.enrolled) return d.kind === 'recorded' ? button('继续学习', learn) : button('查看直播安排', showOutline)
  if (d.price === 0) return button('免费报名', signup)
  // An in-person class is not a virtual good.
  if (d.kind !== 'offline' && !canBuyVirtualGoods()) return <VirtualGoodsNote className="course-detail__virtual-note" />
  return button(`立即购买 ${priceText(d.price)}`, () =>
    navigateTo(`/live/pages/recorded/order?course_id=${d.course_id}`)
  )
}
