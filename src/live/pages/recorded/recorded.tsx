import { View } from '@tarojs/components'

import { getCourseList } from '@/api/course'
import CourseCard from '@/components/course/CourseCard'
import Page from '@/components/Page'
import { Empty, ErrorView, ListFooter, Loading } from '@/components/States'
import { useListPage } from '@/hooks/useListPage'
import { navigateTo } from '@/navigation'

/** Recorded courses; a card opens the course's lessons and player. */
export default function RecordedList() {
  const list = useListPage((page) => getCourseList({ kind: 'recorded', page }), [])
  return (
    <Page share={{ title: '录播课程', desc: '名师系统课，随时回看' }}>
      {!list.ready ? (
        <Loading />
      ) : list.error && !list.items.length ? (
        <ErrorView message={list.error} onRetry={list.refresh} />
      ) : !list.items.length ? (
        <Empty text="暂无录播课程" />
      ) : (
        <View style={{ marginTop: '8px' }}>
          {list.items.map((course) => (
            <CourseCard
              key={course.course_id}
              course={course}
              onOpen={(c) => navigateTo(`/live/pages/recorded/detail?course_id=${c.course_id}`)}
            />
          ))}
        </View>
      )}
      <ListFooter loading={list.loading && list.ready} finished={list.finished} empty={!list.items.length} />
    </Page>
  )
}
