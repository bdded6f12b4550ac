import { useEffect, useRef, useState } from 'react'
import { Text, Video, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import type { CourseDetail, CourseLesson, LessonDetailResponse } from '../../../api/contract'
import { getLesson, saveLessonProgress, signupCourse } from '../../../api/course'
import Page from '../../../components/Page'
import { ErrorView, Loading } from '../../../components/States'
import { LessonList } from '../../../components/course/Outline'
import { courseDetailUrl, priceText } from '../../../components/course/format'
import { useCourse } from '../../../components/course/useCourse'
import { errorMessage } from '../../../hooks/useRemote'
import { navigateTo } from '../../../navigation'
import { sessionStore } from '../../../stores'
import './detail.scss'
import { canBuyVirtualGoods } from '../../../platform/virtual-goods'
import VirtualGoodsNote from '../../../components/VirtualGoodsNote'

/** Seconds of playback between two progress saves. */
const SAVE_EVERY_SEC = 5
const LESSON_VIDEO_ID = 'lesson-video'
/**
 * Taro's H5 video answers its last time update up to 250 ms late and then reads its <video>, which is gone
 * once the player is removed ("reading 'currentTime' of null"): a switch pauses the playing video, waits
 * for its pause event (no time update follows it), then waits that out. A busy phone delays the pause,
 * so the wait starts from the event, not from the tap.
 */
const VIDEO_SETTLE_MS = 300
/** A pause event that never comes (the player failed) does not hold the switch back longer than this. */
const PAUSE_WAIT_MS = 3000

function pauseLessonVideo() {
  try {
    Taro.createVideoContext(LESSON_VIDEO_ID)?.pause()
  } catch {
    // no player shown
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
  const current: CourseLesson | undefined = lessons.find((l) => l.lesson_id === currentId) ?? lessons.find((l) => l.lesson_id === d?.resume_lesson_id) ?? lessons[0]
  const switching = useRef<ReturnType<typeof setTimeout>>()
  const playing = useRef(false)
  const afterPause = useRef<() => void>()
  useEffect(() => () => clearTimeout(switching.current), [])
  const pick = (lesson: CourseLesson) => {
    if (lesson.lesson_id === current?.lesson_id) return
    clearTimeout(switching.current)
    const settle = () => {
      afterPause.current = undefined
      clearTimeout(switching.current)
      switching.current = setTimeout(() => setCurrentId(lesson.lesson_id), VIDEO_SETTLE_MS)
    }
    if (!playing.current) return settle()
    afterPause.current = settle
    switching.current = setTimeout(settle, PAUSE_WAIT_MS)
    pauseLessonVideo()
  }
  const playingChanged = (now: boolean) => {
    playing.current = now
    if (!now) afterPause.current?.()
  }

  if (!d) return <Page>{course.error ? <ErrorView message={course.error} onRetry={course.reload} /> : <Loading />}</Page>

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
      <View className='recorded'>
        {current && !current.locked ? (
          <View className='recorded__stage'>
            <LessonPlayer key={current.lesson_id} lessonId={current.lesson_id} onLearnt={course.reload} onPlaying={playingChanged} />
          </View>
        ) : (
          <View className='recorded__locked'>
            <View className='recorded__lock-icon' />
            <Text className='recorded__locked-title'>{current?.title ?? d.title}</Text>
            <Text className='recorded__locked-text'>{d.price > 0 ? '购买课程后即可观看全部课时' : '报名后即可免费学习全部课时'}</Text>
            {d.price > 0 && !canBuyVirtualGoods() ? (
              <VirtualGoodsNote />
            ) : (
              <View className='recorded__locked-btn' onClick={d.price > 0 ? buy : signup}>
                {d.price > 0 ? `立即购买 ${priceText(d.price)}` : '免费报名'}
              </View>
            )}
          </View>
        )}
        <View className='recorded__head'>
          <Text className='recorded__title'>{d.title}</Text>
          <Text className='recorded__meta'>
            {d.teacher} · 共 {lessons.length} 讲 · 已学完 {lessons.filter((l) => l.completed).length} 讲
          </Text>
          <Text className='recorded__intro-link' onClick={() => navigateTo(courseDetailUrl(d.course_id))}>
            课程介绍 ›
          </Text>
        </View>
        <View className='recorded__outline'>
          <LessonList chapters={d.chapters} currentId={current?.lesson_id} onPick={pick} />
        </View>
      </View>
      {!d.enrolled && (d.price === 0 || canBuyVirtualGoods()) && (
        <View className='recorded__bar'>
          <Text className='recorded__price'>{priceText(d.price)}</Text>
          <View className='recorded__buy' onClick={d.price > 0 ? buy : signup}>
            {d.price > 0 ? '立即购买' : '免费报名'}
          </View>
        </View>
      )}
    </Page>
  )
}

/** Plays one lesson from where it was left and keeps the position on the server while it plays. */
function LessonPlayer({ lessonId, onLearnt, onPlaying }: { lessonId: number; onLearnt: () => void; onPlaying: (playing: boolean) => void }) {
  const [lesson, setLesson] = useState<LessonDetailResponse>()
  const [error, setError] = useState<string>()
  const saved = useRef(0)

  useEffect(() => {
    let alive = true
    getLesson({ lesson_id: lessonId }).then(
      (res) => {
        if (!alive) return
        saved.current = res.position_sec
        setLesson(res)
      },
      (e) => alive && setError(errorMessage(e))
    )
    return () => {
      alive = false
    }
  }, [lessonId])

  const save = async (position: number, force = false) => {
    const at = Math.floor(position)
    if (!sessionStore.isLoggedIn || (!force && Math.abs(at - saved.current) < SAVE_EVERY_SEC)) return
    saved.current = at
    await saveLessonProgress({ lesson_id: lessonId, position_sec: at }).catch(() => undefined)
  }

  if (error) return <View className='recorded__locked'><Text className='recorded__locked-text'>{error}</Text></View>
  if (!lesson) return <View className='recorded__video recorded__video--loading' />
  // A lesson watched to its end starts over.
  const start = lesson.position_sec >= lesson.duration_sec ? 0 : lesson.position_sec
  return (
    <Video
      id={LESSON_VIDEO_ID}
      className='recorded__video'
      src={lesson.video_url}
      initialTime={start}
      controls
      showCenterPlayBtn
      objectFit='contain'
      onTimeUpdate={(e) => save(e.detail.currentTime)}
      onPlay={() => onPlaying(true)}
      onPause={(e) => {
        onPlaying(false)
        void save((e.detail as { currentTime?: number }).currentTime ?? saved.current, true)
      }}
      onEnded={() => {
        onPlaying(false)
        void save(lesson.duration_sec, true).then(() => sessionStore.isLoggedIn && onLearnt())
      }}
    />
  )
}
