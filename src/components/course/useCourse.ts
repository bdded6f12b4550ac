import { useDidShow } from '@tarojs/taro'
import { useRef } from 'react'

import { getCourseDetail } from '@/api/course'
import { useRemote } from '@/hooks/useRemote'

/** A course's detail, read again whenever the page shows again (after buying, signing up, learning). */
export function useCourse(courseId: number) {
  const remote = useRemote(() => getCourseDetail({ course_id: courseId }), [courseId])
  const shown = useRef(false)
  useDidShow(() => {
    if (shown.current) remote.reload()
    shown.current = true
  })
  return remote
}
