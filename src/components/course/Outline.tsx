import './Outline.scss'

import type { CourseChapter, CourseLesson, LiveSession, OfflineClass } from '@contract'
import { CHINA_ZONE_LABEL } from '@contract/china-time'
import { Text, View } from '@tarojs/components'

import { formatDate } from '@/core/format'

import { durationText, LIVE_LABEL, timeRange } from './format'

function lessonState(lesson: CourseLesson): { text: string; tone: string } {
  if (lesson.locked) return { text: '购买后学习', tone: 'locked' }
  if (lesson.completed) return { text: '已学完', tone: 'done' }
  if (lesson.position_sec > 0)
    return {
      text: `已学 ${Math.min(99, Math.round((lesson.position_sec / Math.max(1, lesson.duration_sec)) * 100))}%`,
      tone: 'doing'
    }
  return lesson.preview ? { text: '免费试看', tone: 'preview' } : { text: '', tone: '' }
}

/** Chapters and their lessons: which are free previews, which are locked, how far each was watched. */
export function LessonList({
  chapters,
  currentId,
  onPick
}: {
  chapters: CourseChapter[]
  currentId?: number
  onPick: (lesson: CourseLesson) => void
}) {
  let n = 0
  return (
    <View className="outline">
      {chapters.map((chapter) => (
        <View key={chapter.chapter_id} className="outline__chapter">
          <Text className="outline__chapter-title">{chapter.title}</Text>
          {chapter.lessons.map((lesson) => {
            const state = lessonState(lesson)
            n += 1
            return (
              <View
                key={lesson.lesson_id}
                className={
                  `outline__lesson${lesson.lesson_id === currentId ? ' outline__lesson--current' : ''}` +
                  `${lesson.locked ? ' outline__lesson--locked' : ''}`
                }
                data-lesson={lesson.lesson_id}
                onClick={() => onPick(lesson)}
              >
                <Text className="outline__no">{String(n).padStart(2, '0')}</Text>
                <View className="outline__main">
                  <Text className="outline__title">{lesson.title}</Text>
                  <Text className="outline__meta">{durationText(lesson.duration_sec)}</Text>
                </View>
                {state.text && <Text className={`outline__state outline__state--${state.tone}`}>{state.text}</Text>}
              </View>
            )
          })}
        </View>
      ))}
    </View>
  )
}

export function SessionRow({ session, onPick }: { session: LiveSession; onPick: (session: LiveSession) => void }) {
  return (
    <View className="outline__lesson" onClick={() => onPick(session)}>
      <Text className={`outline__live outline__live--${session.status}`}>{LIVE_LABEL[session.status]}</Text>
      <View className="outline__main">
        <Text className="outline__title">{session.title}</Text>
        <Text className="outline__meta">{timeRange(session.starts_at, session.ends_at)}</Text>
      </View>
    </View>
  )
}

export function ClassRow({ klass, onPick }: { klass: OfflineClass; onPick: (klass: OfflineClass) => void }) {
  return (
    <View className="outline__lesson" onClick={() => onPick(klass)}>
      <Text className="outline__city">{klass.city}</Text>
      <View className="outline__main">
        <Text className="outline__title">{klass.title}</Text>
        <Text className="outline__meta">
          {formatDate(klass.starts_at, 'yyyy-mm-dd hh:MM')}（{CHINA_ZONE_LABEL}）·{' '}
          {klass.signed_up
            ? '已报名'
            : klass.open
              ? `余 ${klass.seats_left} 席`
              : klass.seats_left
                ? '报名已截止'
                : '已满员'}
        </Text>
      </View>
      <Text className="outline__arrow">›</Text>
    </View>
  )
}
