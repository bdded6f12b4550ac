import './CourseCard.scss'

import type { CourseItem } from '@contract'
import { Image, Text, View } from '@tarojs/components'

import { navigateTo } from '@/navigation'

import { courseDetailUrl, KIND_LABEL, partsText, priceText } from './format'

/** One course in a list: cover, title, teacher, what it holds and its price. */
export default function CourseCard({ course, onOpen }: { course: CourseItem; onOpen?: (course: CourseItem) => void }) {
  const open = () => (onOpen ? onOpen(course) : navigateTo(courseDetailUrl(course.course_id)))
  return (
    <View className="course-card" onClick={open}>
      <View className="course-card__cover-box">
        <Image className="course-card__cover" src={course.cover} mode="aspectFill" lazyLoad />
        <Text className={`course-card__kind course-card__kind--${course.kind}`}>{KIND_LABEL[course.kind]}</Text>
      </View>
      <View className="course-card__body">
        <Text className="course-card__title">{course.title}</Text>
        <Text className="course-card__sub">{course.subtitle}</Text>
        <Text className="course-card__meta">
          {course.teacher} · {partsText(course.kind, course.parts)} · {course.students} 人学习
        </Text>
        <View className="course-card__foot">
          <Text className={`course-card__price${course.price > 0 ? '' : ' course-card__price--free'}`}>
            {priceText(course.price)}
          </Text>
          {course.original_price > course.price && (
            <Text className="course-card__original">{priceText(course.original_price)}</Text>
          )}
        </View>
      </View>
    </View>
  )
}
