import './detail.scss'

import type { CourseDetail, CourseLesson, LessonDetailResponse } from '@contract'
import { Text, Video, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useEffect, useRef, useState } from 'react'

import { getLesson, saveLessonProgress, signupCourse } from '@/api/course'
import { courseDetailUrl, priceText } from '@/components/course/format'
import { LessonList } from '@/components/course/Outline'
import { useCourse } from '@/components/course/useCourse'
import Page from '@/components/Page'
import { ErrorView, Loading } from '@/components/States'
import VirtualGoodsNote from '@/components/VirtualGoodsNote'
import { errorMessage } from '@/core/errors'
import { navigateTo } from '@/navigation'
import { canBuyVirtualGoods } from '@/platform/virtual-goods'
import { sessionStore } from '@/stores'

/** Seconds of playback between two progress saves. */
const SAVE_EVERY_SEC = 5
const LESSON_VIDEO_ID = 'lesson-video'

const videoContext = () => {
  try {
    return Taro.createVideoContext(LESSON_VIDEO_ID)
  } catch {
    return undefined // no player shown
  }
}

const lessonsOf = (d: CourseDetail) => d.chapters.flatMap((c) => c.lessons)

/** A recorded course: the player, its chapters and lessons; previews play, the rest once bought. */
export default function RecordedDetail() {
  const params = Taro.getCurrentInstance().router?.params ?? {}
  const courseId = Number(params.course_id) || 0
  const course = useCourse(courseId)
  const [currentId, setCurrentId] = useState(Number(params.lesson_id) || 0)
  const d = course.data?.detail
  const lessons = d ? lessonsOf(d) : []
  const current: CourseLesson | undefined =
    lessons.find((l) => l.lesson_id === currentId) ??
    lessons.find((l) => l.lesson_id === d?.resume_lesson_id) ??
    lessons[0]
  // One player for the whole page, never removed while the page is open: another lesson changes its
  // source, a locked lesson hides it (paused), so no event of a removed player reaches the page.
  const playable = useRef<number>()
  if (current && !current.locked) playable.current = current.lesson_id
  const pick = (lesson: CourseLesson) => setCurrentId(lesson.lesson_id)

  if (!d)
    return <Page>{course.error ? <ErrorView message={course.error} onRetry={course.reload} /> : <Loading />}</Page>

  const buy = () => navigateTo(`/live/pages/recorded/order?course_id=${d.course_id}`)
  const signup = async () => {
    try {
      await signupCourse({ course_id: d.course_id })
      Taro.showToast({ title: '报名成功', icon: 'success' })
      await course.reload()
    } catch {
      // the request layer has said why
    }
  }

  return (
    <Page title={d.title} share={{ title: d.title, desc: d.subtitle, imageUrl: d.cover }}>
      <View className="recorded">
        {playable.current !== undefined && (
          <View className="recorded__stage" style={current?.locked ? { display: 'none' } : undefined}>
            <LessonPlayer lessonId={playable.current} hidden={!!current?.locked} onLearnt={course.reload} />
          </View>
        )}
        {(!current || current.locked) && (
          <View className="recorded__locked">
            <View className="recorded__lock-icon" />
            <Text className="recorded__locked-title">{current?.title ?? d.title}</Text>
            <Text className="recorded__locked-text">
              {d.price > 0 ? '购买课程后即可观看全部课时' : '报名后即可免费学习全部课时'}
            </Text>
            {d.price > 0 && !canBuyVirtualGoods() ? (
              <VirtualGoodsNote />
            ) : (
              <View className="recorded__locked-btn" onClick={d.price > 0 ? buy : signup}>
                {d.price > 0 ? `立即购买 ${priceText(d.price)}` : '免费报名'}
              </View>
            )}
          </View>
        )}
        <View className="recorded__head">
          <Text className="recorded__title">{d.title}</Text>
          <Text className="recorded__meta">
            {d.teacher} · 共 {lessons.length} 讲 · 已学完 {lessons.filter((l) => l.completed).length} 讲
          </Text>
          <Text className="recorded__intro-link" onClick={() => navigateTo(courseDetailUrl(d.course_id))}>
            课程介绍 ›
          </Text>
        </View>
        <View className="recorded__outline">
          <LessonList chapters={d.chapters} currentId={current?.lesson_id} onPick={pick} />
        </View>
      </View>
      {!d.enrolled && (d.price === 0 || canBuyVirtualGoods()) && (
        <View className="recorded__bar">
          <Text className="recorded__price">{priceText(d.price)}</Text>
          <View className="recorded__buy" onClick={d.price > 0 ? buy : signup}>
            {d.price > 0 ? '立即购买' : '免费报名'}
          </View>
        </View>
      )}
    </Page>
  )
}

/**
 * Plays a lesson from where it was left and keeps the position on the server while it plays. Another
 * lesson changes only the player's source: positions count for the lesson on screen once its source
 * has loaded and been sought to where it was left, so a late update of the old one is never saved to
 * the new one.
 */
function LessonPlayer({ lessonId, hidden, onLearnt }: { lessonId: number; hidden: boolean; onLearnt: () => void }) {
  const [lesson, setLesson] = useState<LessonDetailResponse>()
  const [error, setError] = useState<string>()
  const shown = useRef<{ lesson: LessonDetailResponse; saved: number; at: number; ready: boolean }>()

  const save = async (position: number, force = false, ended = false) => {
    const now = shown.current
    if (!now?.ready) return
    const at = Math.floor(position)
    now.at = at
    if (!sessionStore.isLoggedIn || (!force && Math.abs(at - now.saved) < SAVE_EVERY_SEC)) return
    now.saved = at
    const progress = ended
      ? { lesson_id: now.lesson.lesson_id, position_sec: at, ended }
      : { lesson_id: now.lesson.lesson_id, position_sec: at }
    await saveLessonProgress(progress).catch(() => undefined)
  }

  /** A lesson watched to its end starts over. */
  const startOf = (l: LessonDetailResponse) => (l.position_sec >= l.duration_sec ? 0 : l.position_sec)
  const seekToStart = () => {
    const now = shown.current
    if (!now || now.ready) return
    const start = startOf(now.lesson)
    if (start > 0) videoContext()?.seek(start)
    now.ready = true
  }

  useEffect(() => {
    let alive = true
    // The lesson being left keeps its last position before the player moves on.
    if (shown.current?.ready && shown.current.lesson.lesson_id !== lessonId) {
      void save(shown.current.at, true)
      videoContext()?.pause()
    }
    setError(undefined)
    getLesson({ lesson_id: lessonId }).then(
      (res) => {
        if (!alive) return
        const sameSource = shown.current?.lesson.video_url === res.video_url
        shown.current = { lesson: res, saved: res.position_sec, at: res.position_sec, ready: false }
        setLesson(res)
        // The same address loads nothing new, so no metadata event will come to seek on.
        if (sameSource) seekToStart()
      },
      (e) => alive && setError(errorMessage(e))
    )
    return () => {
      alive = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs per lesson; save reads refs only
  }, [lessonId])

  useEffect(() => {
    if (hidden) videoContext()?.pause()
  }, [hidden])

  if (error && !lesson)
    return (
      <View className="recorded__locked">
        <Text className="recorded__locked-text">{error}</Text>
      </View>
    )
  if (!lesson) return <View className="recorded__video recorded__video--loading" />
  return (
    <>
      <Video
        id={LESSON_VIDEO_ID}
        className="recorded__video"
        src={lesson.video_url}
        initialTime={startOf(lesson)}
        controls
        showCenterPlayBtn
        objectFit="contain"
        onLoadedMetaData={seekToStart}
        onPlay={seekToStart}
        onTimeUpdate={(e) => save(e.detail.currentTime)}
        // Taro's H5 video sends its pause with no detail at all; the last time update stands in.
        onPause={(e) =>
          void save((e.detail as { currentTime?: number } | null)?.currentTime ?? shown.current?.at ?? 0, true)
        }
        onEnded={() =>
          void save(Math.max(lesson.duration_sec, shown.current?.at ?? 0), true, true).then(
            () => sessionStore.isLoggedIn && onLearnt()
          )
        }
      />
      {error && <Text className="recorded__locked-text">{error}</Text>}
    </>
  )
}
