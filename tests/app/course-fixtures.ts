import type { CourseDetail, CourseItem, OfflineClass } from '../../contract'

export const item = (over: Partial<CourseItem> = {}): CourseItem => ({
  course_id: 1,
  category_id: 1,
  kind: 'recorded',
  title: '八字命理入门',
  subtitle: '从干支历法到十神格局',
  cover: '/static/demo/course/bazi.svg',
  teacher: '周明远',
  price: 19900,
  original_price: 39900,
  students: 1286,
  parts: 3,
  ...over
})

export const detail = (over: Partial<CourseDetail> = {}): CourseDetail => ({
  ...item(),
  teacher_title: '易学讲师',
  intro: '<p>本课从阴阳五行讲起。</p>',
  favorites: 12,
  favorited: false,
  enrolled: false,
  chapters: [
    {
      chapter_id: 1,
      title: '第一章 阴阳五行',
      lessons: [
        {
          lesson_id: 11,
          title: '阴阳之道',
          duration_sec: 6,
          preview: true,
          locked: false,
          position_sec: 0,
          completed: false
        },
        {
          lesson_id: 12,
          title: '五行生克',
          duration_sec: 6,
          preview: false,
          locked: true,
          position_sec: 0,
          completed: false
        },
        {
          lesson_id: 13,
          title: '旺相休囚',
          duration_sec: 6,
          preview: false,
          locked: true,
          position_sec: 0,
          completed: false
        }
      ]
    }
  ],
  sessions: [],
  classes: [],
  resume_lesson_id: 11,
  refund_policy: '虚拟课程购买后不支持退款',
  ...over
})

export const klass = (over: Partial<OfflineClass> = {}): OfflineClass => ({
  class_id: 5,
  course_id: 7,
  course_title: '风水实地勘察研修',
  cover: '/static/demo/course/field.svg',
  teacher: '陈景山',
  title: '北京班',
  starts_at: '2030-05-01T01:00:00.000Z',
  ends_at: '2030-05-02T09:00:00.000Z',
  signup_deadline: '2030-04-29T01:00:00.000Z',
  city: '北京',
  address: '北京市东城区东直门南大街 11 号',
  latitude: 39.94,
  longitude: 116.43,
  seats: 30,
  seats_left: 12,
  price: 0,
  signed_up: false,
  open: true,
  ...over
})

export const page = <T>(list: T[], p = 1, last = 1) => ({
  list,
  total: list.length,
  page: p,
  per_page: 15,
  last_page: last
})
