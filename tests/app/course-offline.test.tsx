import Taro from '@tarojs/taro'
import { waitFor } from '@testing-library/react'

import { getConfig } from '../../src/api'
import * as api from '../../src/api/course'
import OfflinePage from '../../src/live/pages/offline/offline'
import OfflineClassPage from '../../src/pages/course/detailService'
import { klass, page } from './course-fixtures'
import { byText, fireTaro, tap } from './events'
import { renderPage } from './render'

jest.mock('../../src/api/course')
jest.mock('../../src/api', () => ({ ...jest.requireActual('../../src/api'), getConfig: jest.fn() }))
const mocked = jest.mocked(api)
const noKey = { wechat_app_id: '', oauth_authorize_url: '', h5_url: '', map_key: '', version: '1.0.0' }

beforeEach(() => {
  jest.resetAllMocks()
  jest.spyOn(Taro, 'navigateTo').mockResolvedValue(undefined as never)
  jest.spyOn(Taro, 'showToast').mockResolvedValue(undefined as never)
  jest.mocked(getConfig).mockResolvedValue(noKey)
  jest.spyOn(console, 'warn').mockImplementation(() => undefined)
})

describe('live/pages/offline/offline', () => {
  it('lists classes with time, place and seats; without a map key the addresses stand in for the map', async () => {
    mocked.getOfflineClasses.mockResolvedValue(
      page([klass(), klass({ class_id: 6, title: '杭州班', city: '杭州', seats: 20, seats_left: 0, open: false })])
    )
    const { container } = await renderPage(OfflinePage, { route: 'live/pages/offline/offline', depth: 2 })
    expect(container.querySelectorAll('.offline__card')).toHaveLength(2)
    expect(container.textContent).toContain('剩余 12 / 30 席')
    expect(container.textContent).toContain('20 席已满')
    expect(container.querySelectorAll('.class-map__place')).toHaveLength(2)
    expect(console.warn).toHaveBeenCalledWith('Map key not configured.')
    expect(byText(container, '.offline__signup', '已满员')?.className).toContain('offline__signup--off')
    await tap(byText(container, '.offline__signup', '已满员'))
    expect(container.querySelector('.signup-sheet')).toBeNull()
  })

  it('signs up with name and mobile, naming a wrong field before sending', async () => {
    mocked.getOfflineClasses
      .mockResolvedValueOnce(page([klass()]))
      .mockResolvedValue(page([klass({ seats_left: 11, signed_up: true })]))
    mocked.signupOfflineClass.mockResolvedValue({ seats_left: 11 })
    const { container } = await renderPage(OfflinePage, { route: 'live/pages/offline/offline', depth: 2 })
    await tap(byText(container, '.offline__signup', '报名'))
    await tap(container.querySelector('.signup-sheet__submit'))
    expect(container.textContent).toContain('请填写姓名')
    expect(container.textContent).toContain('请输入手机号')
    await fireTaro(container.querySelector('.signup-sheet__name'), 'input', '张三')
    await fireTaro(container.querySelector('.signup-sheet__mobile'), 'input', '1380013')
    await tap(container.querySelector('.signup-sheet__submit'))
    expect(container.textContent).toContain('手机号格式不正确')
    expect(mocked.signupOfflineClass).not.toHaveBeenCalled()
    await fireTaro(container.querySelector('.signup-sheet__mobile'), 'input', '13800138000')
    await tap(container.querySelector('.signup-sheet__submit'))
    expect(mocked.signupOfflineClass).toHaveBeenCalledWith({ class_id: 5, name: '张三', mobile: '13800138000' })
    expect(container.querySelector('.signup-sheet')).toBeNull()
    expect(byText(container, '.offline__signup', '已报名')).not.toBeNull()
  })

  it('a refusal from the server (the class filled up meanwhile) is shown in the form', async () => {
    mocked.getOfflineClasses.mockResolvedValue(page([klass()]))
    mocked.signupOfflineClass.mockRejectedValue({ code: 0, msg: '名额已满' })
    const { container } = await renderPage(OfflinePage, { route: 'live/pages/offline/offline', depth: 2 })
    await tap(byText(container, '.offline__signup', '报名'))
    await fireTaro(container.querySelector('.signup-sheet__name'), 'input', '张三')
    await fireTaro(container.querySelector('.signup-sheet__mobile'), 'input', '13800138000')
    await tap(container.querySelector('.signup-sheet__submit'))
    expect(container.querySelector('.signup-sheet__form-error')?.textContent).toBe('名额已满')
  })
})

describe('pages/course/detailService', () => {
  it('shows one class with its time, place, seats and deadline', async () => {
    mocked.getOfflineClass.mockResolvedValue({
      detail: { ...klass(), intro: '<p>两天面授课程</p>', teacher_title: '风水堪舆师' }
    })
    const { container } = await renderPage(OfflineClassPage, {
      route: 'pages/course/detailService',
      params: { class_id: '5' },
      depth: 2
    })
    expect(mocked.getOfflineClass).toHaveBeenCalledWith({ class_id: 5 })
    expect(container.querySelector('.nav-bar__title')?.textContent).toBe('风水实地勘察研修 · 北京班')
    expect(container.textContent).toContain('北京市东城区东直门南大街 11 号')
    expect(container.textContent).toContain('共 30 席，剩余 12 席')
    // Taro's RichText fills in a moment after the page renders.
    await waitFor(() => expect(container.textContent).toContain('两天面授课程'))
    await tap(container.querySelector('.offline-detail__action'))
    expect(container.querySelector('.signup-sheet')).not.toBeNull()
  })

  it('a class I signed up to says so and offers no second sign-up', async () => {
    mocked.getOfflineClass.mockResolvedValue({
      detail: { ...klass({ signed_up: true }), intro: '', teacher_title: '' }
    })
    const { container } = await renderPage(OfflineClassPage, {
      route: 'pages/course/detailService',
      params: { class_id: '5' },
      depth: 2
    })
    expect(container.querySelector('.offline-detail__action')?.textContent).toBe('您已报名')
    await tap(container.querySelector('.offline-detail__action'))
    expect(container.querySelector('.signup-sheet')).toBeNull()
  })
})
