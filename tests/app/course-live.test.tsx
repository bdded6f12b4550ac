import Taro from '@tarojs/taro'

import type { LiveSession } from '../../contract'
import * as api from '../../src/api/course'
import LiveIndex from '../../src/live/pages/index'
import CourseList from '../../src/pages/course/list'
import { item, page } from './course-fixtures'
import { byText, fireTaro, tap } from './events'
import { renderPage } from './render'

jest.mock('../../src/api/course')
// The browser's HLS player, loaded only for a stream the browser cannot play natively.
const mockHls = { loadSource: jest.fn(), attachMedia: jest.fn(), on: jest.fn(), destroy: jest.fn() }
jest.mock('hls.js', () => ({
  __esModule: true,
  default: Object.assign(
    function Hls() {
      return mockHls
    },
    { isSupported: () => true, Events: { ERROR: 'hlsError' } }
  )
}))
const mocked = jest.mocked(api)

const session = (over: Partial<LiveSession> = {}): LiveSession => ({
  session_id: 3,
  course_id: 5,
  course_title: '奇门遁甲直播班',
  cover: '/q.svg',
  teacher: '赵玄机',
  title: '第三讲 八门九星八神',
  starts_at: '2026-05-01T12:00:00.000Z',
  ends_at: '2026-05-01T14:00:00.000Z',
  status: 'live',
  has_replay: false,
  ...over
})

beforeEach(() => {
  jest.resetAllMocks()
  jest.spyOn(Taro, 'navigateTo').mockResolvedValue(undefined as never)
})

describe('live/pages/index/index', () => {
  it('shows what is live, switches to upcoming and replays, and plays a replay', async () => {
    mocked.getLiveSessions.mockImplementation(async ({ status }) =>
      status === 'live'
        ? page([session()])
        : status === 'upcoming'
          ? page([session({ session_id: 4, title: '第四讲 用神与格局', status: 'upcoming' })])
          : page([session({ session_id: 2, title: '第二讲', status: 'replay', has_replay: true })])
    )
    mocked.playLiveSession.mockResolvedValue({
      session_id: 2,
      title: '第二讲',
      status: 'replay',
      video_url: '/v/bagua.mp4'
    })
    const { container } = await renderPage(LiveIndex, { route: 'live/pages/index/index', depth: 2 })
    expect(container.textContent).toContain('第三讲 八门九星八神')
    expect(container.textContent).toContain('进入直播')
    await tap(byText(container, '.live__tab', '即将开播'))
    expect(mocked.getLiveSessions).toHaveBeenLastCalledWith({ status: 'upcoming', page: 1 })
    await tap(container.querySelector('.live__item'))
    expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url: '/pages/course/detail?course_id=5' })
    await tap(byText(container, '.live__tab', '精彩回放'))
    await tap(container.querySelector('.live__item'))
    expect(mocked.playLiveSession).toHaveBeenCalledWith({ session_id: 2 })
    expect(container.querySelector('.live__video video')?.getAttribute('src')).toBe('/v/bagua.mp4')
    expect(mockHls.loadSource).not.toHaveBeenCalled()
  })

  it('plays an HLS stream on air through hls.js where the browser has no native HLS', async () => {
    mocked.getLiveSessions.mockResolvedValue(page([session()]))
    mocked.playLiveSession.mockResolvedValue({
      session_id: 3,
      title: '第三讲',
      status: 'live',
      video_url: 'https://live.example.com/r/3.m3u8?k=1'
    })
    const { container } = await renderPage(LiveIndex, { route: 'live/pages/index/index', depth: 2 })
    await tap(container.querySelector('.live__item'))
    await new Promise((r) => setTimeout(r, 0))
    const video = container.querySelector('.live__video video')
    expect(mockHls.loadSource).toHaveBeenCalledWith('https://live.example.com/r/3.m3u8?k=1')
    expect(mockHls.attachMedia).toHaveBeenCalledWith(video)
    expect(video?.getAttribute('src')).toBeNull()
    expect(container.textContent).toContain('直播中 · 第三讲')
  })

  it('an FLV stream says to watch it in the mini-program', async () => {
    mocked.getLiveSessions.mockResolvedValue(page([session()]))
    mocked.playLiveSession.mockResolvedValue({
      session_id: 3,
      title: '第三讲',
      status: 'live',
      video_url: 'https://live.example.com/r/3.flv'
    })
    const { container } = await renderPage(LiveIndex, { route: 'live/pages/index/index', depth: 2 })
    await tap(container.querySelector('.live__item'))
    expect(container.textContent).toContain('该直播为 FLV 格式，请在小程序中观看')
  })

  it('a session I may not watch says why and links its course', async () => {
    mocked.getLiveSessions.mockResolvedValue(page([session()]))
    mocked.playLiveSession.mockRejectedValue({ code: 0, msg: '报名后即可观看直播' })
    const { container } = await renderPage(LiveIndex, { route: 'live/pages/index/index', depth: 2 })
    await tap(container.querySelector('.live__item'))
    expect(container.querySelector('.live__video')).toBeNull()
    expect(container.textContent).toContain('报名后即可观看直播')
    await tap(container.querySelector('.live__refusal-go'))
    expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url: '/pages/course/detail?course_id=5' })
  })
})

describe('pages/course/list', () => {
  it('searches by keyword and filters by kind', async () => {
    mocked.getCourseList.mockResolvedValue(page([item()]))
    const { container } = await renderPage(CourseList, { route: 'pages/course/list', depth: 2 })
    await fireTaro(container.querySelector('.course-list__input'), 'input', '风水')
    await tap(container.querySelector('.course-list__go'))
    expect(mocked.getCourseList).toHaveBeenLastCalledWith({
      page: 1,
      category_id: undefined,
      kind: undefined,
      keyword: '风水'
    })
    await tap(byText(container, '.course-list__kind', '线下'))
    expect(mocked.getCourseList).toHaveBeenLastCalledWith({
      page: 1,
      category_id: undefined,
      kind: 'offline',
      keyword: '风水'
    })
  })

  it('with mine=favorite lists my favorites and says when there are none', async () => {
    mocked.getFavoriteCourses.mockResolvedValue(page([]))
    const { container } = await renderPage(CourseList, {
      route: 'pages/course/list',
      params: { mine: 'favorite' },
      depth: 2
    })
    expect(mocked.getFavoriteCourses).toHaveBeenCalledWith({ page: 1 })
    expect(container.querySelector('.nav-bar__title')?.textContent).toBe('我的收藏')
    expect(container.textContent).toContain('还没有收藏课程')
    expect(container.querySelector('.course-list__input')).toBeNull()
  })
})
