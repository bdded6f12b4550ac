import Taro from '@tarojs/taro'
import { cleanup } from '@testing-library/react'
import { act } from 'react'

import type { BaziRecord } from '../../contract'
import * as tools from '../../src/api/tools'
import { clearCredential, saveCredential } from '../../src/core/credential'
import BaziList from '../../src/pages/bazi/list'
import { appStorage } from '../../src/platform/storage'
import { sessionStore } from '../../src/stores'
import { byText, fireTaro, tap } from './events'
import { renderPage, settle } from './render'

jest.mock('../../src/api/tools')
// The page's lifecycle hooks, captured so a test can fire them as the router would.
const lifecycle = { reachBottom: () => undefined as void, pullDown: () => undefined as void }
jest.mock('@tarojs/taro', () => {
  const actual = jest.requireActual('@tarojs/taro')
  return {
    __esModule: true,
    ...actual,
    default: actual.default,
    useReachBottom: (fn: () => void) => void (lifecycle.reachBottom = fn),
    usePullDownRefresh: (fn: () => void) => void (lifecycle.pullDown = fn)
  }
})
const api = tools as jest.Mocked<typeof tools>
const ROUTE = 'pages/bazi/list'

// 1990-05-15 14:30 male is 庚午 辛巳 庚辰 癸未 (香港天文台《1990年公历与农历对照表》)
const record = (id: number, name: string, over: Partial<BaziRecord> = {}): BaziRecord => ({
  id,
  name,
  birth: {
    gender: 'male',
    date: '1990-05-15 14:30',
    calendar: 'solar',
    leap_month: false,
    city: '北京',
    longitude: 116.4,
    utc_offset: 8,
    true_solar_time: true,
    zi_hour: 'next-day'
  },
  pillars: ['庚午', '辛巳', '庚辰', '癸未'],
  is_default: false,
  created_at: '2026-01-01T00:00:00Z',
  ...over
})
const page = (list: BaziRecord[], n: number, total = list.length, last = 1) => ({
  list,
  total,
  page: n,
  per_page: 15,
  last_page: last
})

describe('pages/bazi/list', () => {
  let navigate: jest.SpyInstance
  beforeEach(() => {
    saveCredential(appStorage, { user_id: 7, token: 'token-7' })
    navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' } as never)
  })
  afterEach(() => {
    cleanup()
    jest.restoreAllMocks()
    jest.resetAllMocks()
    clearCredential(appStorage)
    sessionStore.dismissLogin()
  })

  it('asks a visitor to log in and loads nothing', async () => {
    clearCredential(appStorage)
    const { container } = await renderPage(BaziList, { route: ROUTE, depth: 2 })
    expect(sessionStore.loginRequired).toBe(true)
    expect(sessionStore.loginReason).toBe('登录后查看八字档案')
    expect(container.textContent).toContain('登录后查看八字档案')
    expect(api.getBaziList).not.toHaveBeenCalled()
  })

  it('lists my records with coloured pillars and loads the next page at the bottom', async () => {
    api.getBaziList.mockResolvedValueOnce(page([record(3, '张三', { is_default: true }), record(2, '李四')], 1, 3, 2))
    api.getBaziList.mockResolvedValueOnce(page([record(1, '王五')], 2, 3, 2))
    const { container } = await renderPage(BaziList, { route: ROUTE, depth: 2 })
    expect(container.querySelectorAll('.bazi-card')).toHaveLength(2)
    expect(container.querySelector('.bazi-card__name')?.textContent).toBe('张三')
    expect(container.querySelector('.bazi-card__badge')?.textContent).toBe('默认')
    expect(container.querySelector('.bazi-card__birth')?.textContent).toBe('男 · 公历 1990-05-15 14:30 · 北京')
    const chars = Array.from(container.querySelectorAll('.bazi-card .gz-row__char')).slice(0, 8)
    expect(chars.map((c) => c.textContent).join('')).toBe('庚午辛巳庚辰癸未')
    // 庚 is metal, 午 fire (五行 colours of the theme)
    expect((chars[0] as HTMLElement).style.color).toBe('rgb(201, 162, 39)')
    expect((chars[1] as HTMLElement).style.color).toBe('rgb(217, 58, 43)')
    expect(api.getBaziList).toHaveBeenCalledWith({ page: 1 })
    await act(async () => lifecycle.reachBottom())
    expect(api.getBaziList).toHaveBeenLastCalledWith({ page: 2 })
    expect(Array.from(container.querySelectorAll('.bazi-card__name')).map((n) => n.textContent)).toEqual([
      '张三',
      '李四',
      '王五'
    ])
    expect(container.querySelector('.list-footer')?.textContent).toBe('— 没有更多了 —')
  })

  it('reloads the first page on pull-down refresh', async () => {
    api.getBaziList.mockResolvedValueOnce(page([record(3, '张三')], 1))
    api.getBaziList.mockResolvedValueOnce(page([record(4, '新档案'), record(3, '张三')], 1))
    const stop = jest.spyOn(Taro, 'stopPullDownRefresh').mockImplementation(() => undefined as never)
    const { container } = await renderPage(BaziList, { route: ROUTE, depth: 2 })
    await act(async () => lifecycle.pullDown())
    await settle()
    expect(api.getBaziList).toHaveBeenCalledTimes(2)
    expect(container.querySelectorAll('.bazi-card')).toHaveLength(2)
    expect(stop).toHaveBeenCalled()
  })

  it('opens a record on the plate page with its birth in the query', async () => {
    api.getBaziList.mockResolvedValue(page([record(3, '张三')], 1))
    const { container } = await renderPage(BaziList, { route: ROUTE, depth: 2 })
    await tap(container.querySelector('.bazi-card__main'))
    const url = navigate.mock.calls[0][0].url as string
    expect(url.startsWith('/pages/bazi/plate?')).toBe(true)
    expect(url).toContain('date=1990-05-15%2014%3A30')
    expect(url).toContain('gender=male')
    expect(url).toContain('lng=116.4')
    expect(url).toContain('name=%E5%BC%A0%E4%B8%89')
    // the chart knows it is saved
    expect(url).toContain('record_id=3')
  })

  it('renames a record, refusing an empty name', async () => {
    api.getBaziList.mockResolvedValue(page([record(3, '张三')], 1))
    api.renameBazi.mockResolvedValue(record(3, '张三丰'))
    jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' } as never)
    const { container } = await renderPage(BaziList, { route: ROUTE, depth: 2 })
    await tap(container.querySelector('.bazi-card__rename'))
    await fireTaro(container.querySelector('.name-prompt__input'), 'input', '  ')
    await tap(container.querySelector('.name-prompt__ok'))
    expect(container.querySelector('.name-prompt__error')?.textContent).toBe('请填写档案名称')
    expect(api.renameBazi).not.toHaveBeenCalled()
    await fireTaro(container.querySelector('.name-prompt__input'), 'input', '张三丰')
    await tap(container.querySelector('.name-prompt__ok'))
    expect(api.renameBazi).toHaveBeenCalledWith({ id: 3, name: '张三丰' })
    expect(container.querySelector('.name-prompt')).toBeNull()
    expect(container.querySelector('.bazi-card__name')?.textContent).toBe('张三丰')
  })

  it('deletes only after confirmation', async () => {
    api.getBaziList.mockResolvedValue(page([record(3, '张三'), record(2, '李四')], 1))
    api.deleteBazi.mockResolvedValue({} as never)
    jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' } as never)
    const modal = jest.spyOn(Taro, 'showModal').mockResolvedValueOnce({ confirm: false, cancel: true } as never)
    const { container } = await renderPage(BaziList, { route: ROUTE, depth: 2 })
    await tap(container.querySelector('.bazi-card__delete'))
    expect(modal.mock.calls[0][0]?.content).toContain('张三')
    expect(api.deleteBazi).not.toHaveBeenCalled()
    modal.mockResolvedValueOnce({ confirm: true, cancel: false } as never)
    await tap(container.querySelector('.bazi-card__delete'))
    expect(api.deleteBazi).toHaveBeenCalledWith({ id: 3 })
    expect(Array.from(container.querySelectorAll('.bazi-card__name')).map((n) => n.textContent)).toEqual(['李四'])
  })

  it('sets the default record and moves the badge', async () => {
    api.getBaziList.mockResolvedValue(page([record(3, '张三', { is_default: true }), record(2, '李四')], 1))
    api.setDefaultBazi.mockResolvedValue(record(2, '李四', { is_default: true }))
    jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' } as never)
    const { container } = await renderPage(BaziList, { route: ROUTE, depth: 2 })
    await tap(byText(container, '.bazi-card__default', '设为默认'))
    expect(api.setDefaultBazi).toHaveBeenCalledWith({ id: 2 })
    const cards = Array.from(container.querySelectorAll('.bazi-card'))
    expect(cards[0].querySelector('.bazi-card__badge')).toBeNull()
    expect(cards[1].querySelector('.bazi-card__badge')?.textContent).toBe('默认')
  })

  it('shows an empty state with a way to the input page', async () => {
    api.getBaziList.mockResolvedValue(page([], 1))
    const { container } = await renderPage(BaziList, { route: ROUTE, depth: 2 })
    expect(container.textContent).toContain('还没有保存的档案')
    await tap(container.querySelector('.bazi-list__new'))
    expect(navigate.mock.calls[0][0].url).toBe('/pages/bazi/bazi')
  })
})
