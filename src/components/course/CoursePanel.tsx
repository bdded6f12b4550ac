import './CoursePanel.scss'

import { ScrollView, Text, View } from '@tarojs/components'
import { useEffect, useState } from 'react'

import { getCourseCategories, getCourseList } from '@/api/course'
import { Empty, ErrorView, ListFooter, Loading } from '@/components/States'
import type { PanelProps } from '@/components/TabPage/panels'
import { onTabEvent } from '@/components/TabPage/tab-events'
import { usePaged } from '@/hooks/usePaged'
import { useRemote } from '@/hooks/useRemote'
import { navigateTo } from '@/navigation'

import CourseCard from './CourseCard'

const ENTRIES = [
  { title: '录播课程', note: '随时随地学', url: '/live/pages/recorded/recorded', mark: '录' },
  { title: '直播课堂', note: '名师在线讲', url: '/live/pages/index/index', mark: '播' },
  { title: '线下研修', note: '面授带实操', url: '/live/pages/offline/offline', mark: '研' },
  { title: '我的收藏', note: '收藏的课程', url: '/pages/course/list?mine=favorite', mark: '藏' }
]

/** The 课程 tab: search, the three ways to learn, and the courses of a chosen category. */
export default function CoursePanel({ tab }: PanelProps) {
  const categories = useRemote(getCourseCategories, [])
  const [categoryId, setCategoryId] = useState(0)
  const list = usePaged((page) => getCourseList({ page, category_id: categoryId || undefined }), [categoryId])

  useEffect(
    () => onTabEvent(tab, 'refresh', () => Promise.all([categories.reload(), list.refresh()])),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs only when these values change
    [tab, categories.reload, list.refresh]
  )
  useEffect(() => onTabEvent(tab, 'reachBottom', list.more), [tab, list.more])

  const chips = [{ category_id: 0, name: '全部' }, ...(categories.data?.list ?? [])]
  return (
    <View className="course-panel">
      <View className="course-panel__search" onClick={() => navigateTo('/pages/course/list?focus=1')}>
        <Text className="course-panel__search-text">搜索课程、老师</Text>
      </View>
      <View className="course-panel__entries">
        {ENTRIES.map((entry) => (
          <View key={entry.url} className="course-panel__entry" onClick={() => navigateTo(entry.url)}>
            <Text className="course-panel__entry-mark">{entry.mark}</Text>
            <Text className="course-panel__entry-title">{entry.title}</Text>
            <Text className="course-panel__entry-note">{entry.note}</Text>
          </View>
        ))}
      </View>
      {categories.error && !categories.data ? (
        <ErrorView message={categories.error} onRetry={categories.reload} />
      ) : (
        <ScrollView className="course-panel__chips" scrollX enhanced showScrollbar={false}>
          {chips.map((c) => (
            <Text
              key={c.category_id}
              className={`course-panel__chip${c.category_id === categoryId ? ' course-panel__chip--on' : ''}`}
              onClick={() => setCategoryId(c.category_id)}
            >
              {c.name}
            </Text>
          ))}
        </ScrollView>
      )}
      <View className="course-panel__list">
        {!list.ready ? (
          <Loading />
        ) : list.error && !list.items.length ? (
          <ErrorView message={list.error} onRetry={list.refresh} />
        ) : !list.items.length ? (
          <Empty text="这个分类还没有课程" />
        ) : (
          list.items.map((course) => <CourseCard key={course.course_id} course={course} />)
        )}
      </View>
      <ListFooter loading={list.loading && list.ready} finished={list.finished} empty={!list.items.length} />
    </View>
  )
}
