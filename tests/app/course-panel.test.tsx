import Taro from '@tarojs/taro'
import { act } from 'react'

import * as api from '../../src/api/course'
import CoursePanel from '../../src/components/course/CoursePanel'
import { emitTabEvent } from '../../src/components/TabPage/tab-events'
import { item, page } from './course-fixtures'
import { byText, tap } from './events'
import { renderPage, settle } from './render'

jest.mock('../../src/api/course')
const mocked = jest.mocked(api)

beforeEach(() => {
  jest.resetAllMocks()
  jest.spyOn(Taro, 'navigateTo').mockResolvedValue(undefined as never)
  mocked.getCourseCategories.mockResolvedValue({
    list: [
      { category_id: 1, name: '八字命理', icon: '' },
      { category_id: 3, name: '风水堪舆', icon: '' }
    ]
  })
})

describe('the 课程 tab', () => {
  it('shows the categories and the courses, and a category lists its own', async () => {
    mocked.getCourseList.mockImplementation(async (req) =>
      req?.category_id === 3
        ? page([item({ course_id: 3, title: '家居风水实用课', price: 0, original_price: 0 })])
        : page([item()])
    )
    const { container } = await renderPage(CoursePanel, { route: 'pages/course/index', props: { tab: 2 } })
    expect([...container.querySelectorAll('.course-panel__chip')].map((c) => c.textContent)).toEqual([
      '全部',
      '八字命理',
      '风水堪舆'
    ])
    expect(container.textContent).toContain('八字命理入门')
    expect(container.textContent).toContain('¥199.00')
    await tap(byText(container, '.course-panel__chip', '风水堪舆'))
    expect(mocked.getCourseList).toHaveBeenLastCalledWith({ page: 1, category_id: 3 })
    expect(container.textContent).toContain('家居风水实用课')
    expect(container.textContent).toContain('免费')
    expect(container.textContent).not.toContain('八字命理入门')
  })

  it('loads the next page at the bottom and starts over on pull-down refresh', async () => {
    mocked.getCourseList.mockImplementation(async (req) =>
      req?.page === 2 ? page([item({ course_id: 2, title: '六爻纳甲精讲' })], 2, 2) : page([item()], 1, 2)
    )
    const { container } = await renderPage(CoursePanel, { route: 'pages/course/index', props: { tab: 2 } })
    await act(() => emitTabEvent(2, 'reachBottom'))
    await settle()
    expect(container.querySelectorAll('.course-card')).toHaveLength(2)
    expect(container.textContent).toContain('没有更多了')
    await act(() => emitTabEvent(2, 'refresh'))
    await settle()
    expect(mocked.getCourseCategories).toHaveBeenCalledTimes(2)
    expect(container.querySelectorAll('.course-card')).toHaveLength(1)
  })

  it('opens a course and the three ways to learn', async () => {
    mocked.getCourseList.mockResolvedValue(page([item({ course_id: 9 })]))
    const { container } = await renderPage(CoursePanel, { route: 'pages/course/index', props: { tab: 2 } })
    await tap(container.querySelector('.course-card'))
    expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url: '/pages/course/detail?course_id=9' })
    await tap(byText(container, '.course-panel__entry-title', '线下研修')?.parentElement ?? null)
    expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url: '/live/pages/offline/offline' })
  })

  it('says what went wrong when the list fails, and retries', async () => {
    mocked.getCourseList.mockRejectedValueOnce({ msg: '网络不给力' }).mockResolvedValue(page([item()]))
    const { container } = await renderPage(CoursePanel, { route: 'pages/course/index', props: { tab: 2 } })
    expect(container.textContent).toContain('网络不给力')
    await tap(container.querySelector('.state__retry'))
    expect(container.textContent).toContain('八字命理入门')
  })
})
