import Taro from '@tarojs/taro'

import type { TeacherDetailResponse } from '../../contract'
import * as serviceApi from '../../src/api/service'
import * as api from '../../src/api/teacher'
import MyFollowsPage from '../../src/pages/my/follow'
import MyOfflinePage from '../../src/pages/my/offline'
import TeacherDetailPage from '../../src/teacher/pages/detail'
import HouseFengshuiPage from '../../src/teacher/pages/house-fengshui'
import { byText, tap } from './events'
import { renderPage } from './render'

jest.mock('../../src/api/teacher')
jest.mock('../../src/api/service')
const mocked = jest.mocked(api)
const services = jest.mocked(serviceApi)

const teacher = (): TeacherDetailResponse => ({
  detail: {
    teacher_id: 5,
    name: '陈景山',
    title: '风水堪舆师',
    avatar: '/a.svg',
    city: '广州',
    years: 18,
    specialties: ['家居风水', '玄空飞星'],
    followers: 12,
    followed: false,
    cover: '/c.svg',
    intro: '出身岭南堪舆世家。\n\n注重实地罗盘立极。',
    rating: 4.7,
    review_count: 1,
    courses: [
      { course_id: 8, kind: 'recorded', title: '家居风水实战', subtitle: '罗盘入门', cover: '/k.svg', price: 0 }
    ],
    services: [
      {
        service_id: 9,
        kind: 'house',
        title: '家居风水勘察（户型图）',
        summary: '',
        cover: '/s.svg',
        price: 88800,
        duration_min: 90
      }
    ],
    reviews: [
      { review_id: 1, author: '周先生', rating: 5, content: '调整都很实用', created_at: '2026-09-28T00:00:00.000Z' }
    ]
  }
})

beforeEach(() => {
  jest.resetAllMocks()
  jest.spyOn(Taro, 'navigateTo').mockResolvedValue(undefined as never)
})

describe('teacher/pages/detail', () => {
  it('shows the profile, services, courses and reviews; follow goes to the server', async () => {
    mocked.getTeacher.mockResolvedValue(teacher())
    mocked.setTeacherFollow
      .mockResolvedValueOnce({ followed: true, followers: 13 })
      .mockResolvedValueOnce({ followed: false, followers: 12 })
    const { container } = await renderPage(TeacherDetailPage, {
      route: 'teacher/pages/detail',
      params: { teacher_id: '5' },
      depth: 2
    })
    expect(container.querySelector('.nav-bar__title')?.textContent).toBe('陈景山')
    expect(container.textContent).toContain('广州 · 从业 18 年 · 12 人关注')
    expect(container.textContent).toContain('学员评价 · 4.7 分（1 条）')
    expect(container.textContent).toContain('★★★★★')
    expect(container.textContent).toContain('免费')
    await tap(container.querySelector('.follow-btn'))
    expect(mocked.setTeacherFollow).toHaveBeenLastCalledWith({ teacher_id: 5 }, true)
    expect(container.querySelector('.follow-btn')?.textContent).toBe('已关注')
    expect(container.textContent).toContain('13 人关注')
    await tap(container.querySelector('.follow-btn'))
    expect(mocked.setTeacherFollow).toHaveBeenLastCalledWith({ teacher_id: 5 }, false)
    await tap(container.querySelector('[data-course="8"]'))
    expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url: '/pages/course/detail?course_id=8' })
    await tap(byText(container, '.teacher__more', '家居风水 ›'))
    expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url: '/teacher/pages/house-fengshui?teacher_id=5' })
  })

  it('shows why a teacher cannot be shown', async () => {
    mocked.getTeacher.mockRejectedValue({ code: 0, msg: '老师不存在' })
    const { container } = await renderPage(TeacherDetailPage, {
      route: 'teacher/pages/detail',
      params: { teacher_id: '99' },
      depth: 2
    })
    expect(container.textContent).toContain('老师不存在')
  })
})

describe('teacher/pages/house-fengshui', () => {
  it('shows the house services, switches between them and books with the chosen teacher', async () => {
    services.getServices.mockResolvedValue({
      list: [
        {
          service_id: 9,
          kind: 'house',
          title: '家居风水勘察（户型图）',
          summary: '',
          cover: '/s.svg',
          price: 88800,
          duration_min: 90
        },
        {
          service_id: 10,
          kind: 'house',
          title: '办公室风水布局',
          summary: '',
          cover: '/o.svg',
          price: 128800,
          duration_min: 120
        }
      ]
    })
    services.getService.mockImplementation(async ({ service_id }) => ({
      detail: {
        service_id,
        kind: 'house',
        title: service_id === 9 ? '家居风水勘察（户型图）' : '办公室风水布局',
        summary: '',
        cover: '/s.svg',
        price: service_id === 9 ? 88800 : 128800,
        duration_min: 90,
        content: '根据户型图立极。',
        teachers: [{ teacher_id: 5, name: '陈景山', title: '风水堪舆师', avatar: '/a.svg' }]
      }
    }))
    const { container } = await renderPage(HouseFengshuiPage, {
      route: 'teacher/pages/house-fengshui',
      params: { teacher_id: '5' },
      depth: 2
    })
    expect(services.getServices).toHaveBeenCalledWith({ kind: 'house' })
    expect(container.textContent).toContain('预约勘察 ¥888.00')
    await tap(byText(container, '.house__tab', '办公室风水布局'))
    expect(services.getService).toHaveBeenLastCalledWith({ service_id: 10 })
    expect(container.textContent).toContain('预约勘察 ¥1288.00')
    await tap(byText(container, '.service-btn', '预约勘察 ¥1288.00'))
    expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url: '/pages/majorPlan/reservation?service_id=10&teacher_id=5' })
  })
})

describe('pages/my/follow and pages/my/offline', () => {
  it('lists my follows and unfollows in place', async () => {
    mocked.getMyFollows
      .mockResolvedValueOnce({
        list: [{ ...teacher().detail, followed: true, followed_at: '2026-11-01T00:00:00.000Z' }],
        total: 1,
        page: 1,
        per_page: 15,
        last_page: 1
      })
      .mockResolvedValue({ list: [], total: 0, page: 1, per_page: 15, last_page: 1 })
    mocked.setTeacherFollow.mockResolvedValue({ followed: false, followers: 11 })
    const { container } = await renderPage(MyFollowsPage, { route: 'pages/my/follow', depth: 2 })
    expect(container.textContent).toContain('家居风水 · 玄空飞星')
    await tap(byText(container, '.my-follow__btn', '取消关注'))
    expect(mocked.setTeacherFollow).toHaveBeenCalledWith({ teacher_id: 5 }, false)
    expect(container.textContent).toContain('还没有关注老师')
  })

  it('lists my offline classes with the teacher linked', async () => {
    mocked.getMyOfflineClasses.mockResolvedValue({
      list: [
        {
          signup_id: 1,
          class_id: 4,
          course_id: 8,
          course_title: '家居风水实战',
          title: '广州线下班',
          city: '广州',
          address: '天河区体育西路 1 号',
          starts_at: '2026-12-05T01:00:00.000Z',
          ends_at: '2026-12-06T09:00:00.000Z',
          teacher: '陈景山',
          teacher_id: 5,
          finished: false
        }
      ],
      total: 1,
      page: 1,
      per_page: 15,
      last_page: 1
    })
    const { container } = await renderPage(MyOfflinePage, { route: 'pages/my/offline', depth: 2 })
    expect(container.textContent).toContain('家居风水实战 · 广州线下班')
    expect(container.textContent).toContain('待上课')
    await tap(container.querySelector('.my-offline__teacher'))
    expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url: '/teacher/pages/detail?teacher_id=5' })
    await tap(container.querySelector('[data-class="4"]'))
    expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url: '/pages/course/detailService?class_id=4' })
  })
})
