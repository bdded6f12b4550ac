import './TeacherPicker.scss'

import type { ServiceTeacher } from '@contract'
import { Image, Text, View } from '@tarojs/components'

/** The teachers who take a service; one is chosen. */
export default function TeacherPicker({
  teachers,
  chosen,
  onChoose
}: {
  teachers: ServiceTeacher[]
  chosen: number
  onChoose: (id: number) => void
}) {
  return (
    <View className="teacher-picker">
      {teachers.map((t) => (
        <View
          key={t.teacher_id}
          className={`teacher-picker__item${t.teacher_id === chosen ? ' teacher-picker__item--on' : ''}`}
          data-teacher={t.teacher_id}
          onClick={() => onChoose(t.teacher_id)}
        >
          <Image className="teacher-picker__avatar" src={t.avatar} />
          <View className="teacher-picker__text">
            <Text className="teacher-picker__name">{t.name}</Text>
            <Text className="teacher-picker__title">{t.title}</Text>
          </View>
        </View>
      ))}
    </View>
  )
}
