import Taro from '@tarojs/taro'

import * as api from '../../src/api/course'
import CourseDetailPage from '../../src/pages/course/detail'
import { detail, klass } from './course-fixtures'
import { byText, tap } from './events'
import { renderPage } from './render'

jest.mock('../../src/api/course')
const mocked = jest.mocked(api)
const open = () => renderPage(CourseDetailPage, { route: 'pages/course/detail', params: { course_id: '1' }, depth: 2 })

beforeEach(() => {
  jest.resetAllMocks()
  jest.spyOn(Taro, 'navigateTo').mockResolvedValue(undefined as never)
  jest.spyOn(Taro, 'showToast').mockResolvedValue(undefined as never)
})

describe('pages/course/detail', () => {
  it('shows the course, its teacher and price; the outline marks previews and locked lessons', async () => {
    mocked.getCourseDetail.mockResolvedValue({ detail: detail() })
    const { container } = await open()
    expect(container.querySelector('.nav-bar__title')?.textContent).toBe('八字命理入门')
    expect(container.textContent).toContain('周明远')
    expect(container.textContent).toContain('¥199.00')
    expect(container.textContent).toContain('本课从阴阳五行讲起')
    await tap(byText(container, '.course-detail__tab', '课程目录'))
    expect(container.querySelectorAll('.outline__lesson')).toHaveLength(3)
    expect(container.textContent).toContain('免费试看')
    expect(container.querySelectorAll('.outline__lesson--locked')).toHaveLength(2)
    await tap(container.querySelector('[data-lesson="12"]'))
    expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url: '/live/pages/recorded/detail?course_id=1&lesson_id=12' })
  })

  it('a paid course is bought through the order page', async () => {
    mocked.getCourseDetail.mockResolvedValue({ detail: detail() })
    const { container } = await open()
    expect(container.querySelector('.course-detail__action')?.textContent).toBe('立即购买 ¥199.00')
    await tap(container.querySelector('.course-detail__action'))
    expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url: '/live/pages/recorded/order?course_id=1' })
  })

  it('a paid course states the refund policy the server sends; a free one none', async () => {
    mocked.getCourseDetail.mockResolvedValueOnce({
      detail: detail({ refund_policy: '购买后 3 天内可申请退款，请联系客服' })
    })
    const { container } = await open()
    expect(container.querySelector('.course-detail__refund')?.textContent).toBe('购买后 3 天内可申请退款，请联系客服')
    mocked.getCourseDetail.mockResolvedValue({ detail: detail({ price: 0, original_price: 0, refund_policy: '' }) })
    const free = await open()
    expect(free.container.querySelector('.course-detail__refund')).toBeNull()
  })

  it('a free course is signed up to in place, then continues where I left off', async () => {
    mocked.getCourseDetail.mockResolvedValueOnce({ detail: detail({ price: 0, original_price: 0 }) })
    mocked.getCourseDetail.mockResolvedValue({
      detail: detail({ price: 0, original_price: 0, enrolled: true, resume_lesson_id: 13 })
    })
    mocked.signupCourse.mockResolvedValue({ enrolled: true })
    const { container } = await open()
    await tap(byText(container, '.course-detail__action', '免费报名'))
    expect(mocked.signupCourse).toHaveBeenCalledWith({ course_id: 1 })
    await tap(byText(container, '.course-detail__action', '继续学习'))
    expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url: '/live/pages/recorded/detail?course_id=1&lesson_id=13' })
  })

  it('favorite toggles on the server and shows the new state', async () => {
    mocked.getCourseDetail.mockResolvedValue({ detail: detail() })
    mocked.setCourseFavorite
      .mockResolvedValueOnce({ favorited: true, favorites: 13 })
      .mockResolvedValueOnce({ favorited: false, favorites: 12 })
    const { container } = await open()
    await tap(container.querySelector('.course-detail__fav'))
    expect(mocked.setCourseFavorite).toHaveBeenLastCalledWith({ course_id: 1, favorite: 1 })
    expect(container.querySelector('.course-detail__fav-text')?.textContent).toBe('已收藏')
    await tap(container.querySelector('.course-detail__fav'))
    expect(mocked.setCourseFavorite).toHaveBeenLastCalledWith({ course_id: 1, favorite: 0 })
    expect(container.querySelector('.course-detail__fav-text')?.textContent).toBe('收藏')
  })

  it('an offline course lists its classes with seats and opens one', async () => {
    const d = detail({ kind: 'offline', price: 0, chapters: [] })
    d.classes = [klass({ class_id: 5 }), klass({ class_id: 6, title: '杭州班', seats_left: 0, open: false })]
    mocked.getCourseDetail.mockResolvedValue({ detail: d })
    const { container } = await open()
    await tap(byText(container, '.course-detail__action', '选择班次报名'))
    expect(container.textContent).toContain('余 12 席')
    expect(container.textContent).toContain('已满员')
    await tap(container.querySelectorAll('.outline__lesson')[1])
    expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url: '/pages/course/detailService?class_id=6' })
  })

  it('a paid offline course is bought first; once bought its classes open', async () => {
    const d = detail({ kind: 'offline', price: 50000, enrolled: false, chapters: [] })
    d.classes = [klass({ class_id: 5 })]
    mocked.getCourseDetail.mockResolvedValue({ detail: d })
    const { container } = await open()
    expect(container.textContent).not.toContain('选择班次报名')
    await tap(byText(container, '.course-detail__action', '立即购买 ¥500.00'))
    expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url: '/live/pages/recorded/order?course_id=1' })
  })

  it('a missing course says so', async () => {
    mocked.getCourseDetail.mockRejectedValue({ msg: '课程不存在或已下架' })
    const { container } = await open()
    expect(container.textContent).toContain('课程不存在或已下架')
  })
})
