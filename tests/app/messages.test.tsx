import Taro from '@tarojs/taro'
import { cleanup, waitFor } from '@testing-library/react'
import { act } from 'react'

import type { UserMessage, UserMessagesResponse } from '../../contract'
import * as messageApi from '../../src/api/message'
import * as unreadApi from '../../src/api/unread'
import * as userApi from '../../src/api/user'
import * as walletApi from '../../src/api/wallet'
import MinePanel from '../../src/components/Mine/MinePanel'
import TabBar from '../../src/components/TabBar'
import { emitTabEvent } from '../../src/components/TabPage/tab-events'
import { clearCredential, saveCredential } from '../../src/core/credential'
import Messages from '../../src/pages/my/message'
import { appStorage } from '../../src/platform/storage'
import { sessionStore } from '../../src/stores'
import { unreadStore } from '../../src/stores/unread'
import { byText, tap } from './events'
import { renderPage, settle } from './render'

jest.mock('../../src/api/message')
jest.mock('../../src/api/unread')
jest.mock('../../src/api/user')
jest.mock('../../src/api/wallet')
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
const api = messageApi as jest.Mocked<typeof messageApi>
const unread = unreadApi as jest.Mocked<typeof unreadApi>
const user = userApi as jest.Mocked<typeof userApi>
const wallet = walletApi as jest.Mocked<typeof walletApi>
const ROUTE = 'pages/my/message'

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString()
const message = (id: number, over: Partial<UserMessage> = {}): UserMessage => ({
  id,
  event: 'order.shipped',
  title: '您的订单已发货',
  body: '紫檀三合罗盘 已由顺丰速运发出，快递单号 SF1234567890',
  link: 'goods/pages/order/detail?order_id=12',
  read: false,
  created_at: minutesAgo(1),
  ...over
})
const answer = (list: UserMessage[], over: Partial<UserMessagesResponse> = {}): UserMessagesResponse => ({
  list,
  total: list.length,
  page: 1,
  per_page: 15,
  last_page: 1,
  unread: list.filter((m) => !m.read).length,
  ...over
})
const COUNTS = {
  orders: { unpaid: 0, unshipped: 0, unreceived: 0, refunding: 0 },
  coupons: 0,
  favorites: 0,
  follows: 0
}
const open = () => renderPage(Messages, { route: ROUTE, depth: 2 })
const items = (container: Element) => Array.from(container.querySelectorAll('.messages__item'))

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
  act(() => unreadStore.set(0))
})

describe('pages/my/message (消息中心)', () => {
  it('lists my messages: unread ones with a dot and a bold title, each with its relative time', async () => {
    api.getMessages.mockResolvedValue(
      answer([
        message(3),
        message(2, { title: '订单支付成功', link: '', created_at: minutesAgo(3 * 60) }),
        message(1, { title: '提现已到账', read: true, created_at: minutesAgo(2 * 24 * 60) })
      ])
    )
    const { container } = await open()
    expect(api.getMessages).toHaveBeenCalledWith({ page: 1, per_page: 15 })
    const shown = items(container)
    expect(shown.map((m) => m.querySelector('.messages__title')?.textContent)).toEqual([
      '您的订单已发货',
      '订单支付成功',
      '提现已到账'
    ])
    expect(shown.map((m) => m.classList.contains('messages__item--unread'))).toEqual([true, true, false])
    expect(shown.map((m) => !!m.querySelector('.messages__dot'))).toEqual([true, true, false])
    expect(shown.map((m) => m.querySelector('.messages__time')?.textContent)).toEqual(['刚刚', '3小时前', '2天前'])
    expect(shown[0].querySelector('.messages__body')?.textContent).toContain('SF1234567890')
    // Only a message with a link says it leads somewhere.
    expect(shown.map((m) => !!m.querySelector('.messages__more'))).toEqual([true, false, true])
    expect(container.querySelector('.messages__unread')?.textContent).toBe('2 条未读')
    // The answer's unread count is the 我的 badge's.
    expect(unreadStore.get()).toBe(2)
    expect(container.querySelector('.list-footer')?.textContent).toBe('— 没有更多了 —')
  })

  it('a tap marks the message read, opens its link, and the badge follows the server’s count', async () => {
    api.getMessages.mockResolvedValue(answer([message(3), message(2)]))
    api.readMessages.mockResolvedValue({ count: 1 })
    const { container } = await open()
    await tap(items(container)[0])
    expect(api.readMessages).toHaveBeenCalledWith({ ids: [3] })
    expect(navigate).toHaveBeenCalledWith({ url: '/goods/pages/order/detail?order_id=12' })
    expect(items(container)[0].classList.contains('messages__item--unread')).toBe(false)
    expect(items(container)[0].querySelector('.messages__dot')).toBeNull()
    expect(unreadStore.get()).toBe(1)
    expect(container.querySelector('.messages__unread')?.textContent).toBe('1 条未读')
  })

  it('a read message without a link is neither marked again nor opens anything', async () => {
    api.getMessages.mockResolvedValue(answer([message(5, { read: true, link: '' })]))
    const { container } = await open()
    await tap(items(container)[0])
    expect(api.readMessages).not.toHaveBeenCalled()
    expect(navigate).not.toHaveBeenCalled()
    // Nothing unread: no 全部已读.
    expect(container.querySelector('.messages__read-all')).toBeNull()
  })

  it('a link the app does not have says so instead of opening', async () => {
    const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' } as never)
    api.getMessages.mockResolvedValue(answer([message(4, { link: 'pages/gone/gone?id=1' })]))
    api.readMessages.mockResolvedValue({ count: 0 })
    const { container } = await open()
    await tap(items(container)[0])
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '页面不存在' }))
    expect(navigate).not.toHaveBeenCalled()
  })

  it('a mark the server did not take shows the message unread again', async () => {
    api.getMessages.mockResolvedValue(answer([message(3)]))
    api.readMessages.mockRejectedValue({ code: 0, msg: '网络繁忙', data: null })
    const { container } = await open()
    await tap(items(container)[0])
    await settle()
    expect(items(container)[0].classList.contains('messages__item--unread')).toBe(true)
    expect(unreadStore.get()).toBe(1)
  })

  it('全部已读 marks every message and shows the list again', async () => {
    api.getMessages
      .mockResolvedValueOnce(answer([message(3), message(2)]))
      .mockResolvedValueOnce(answer([message(3, { read: true }), message(2, { read: true })]))
    api.readMessages.mockResolvedValue({ count: 0 })
    const { container } = await open()
    await tap(container.querySelector('.messages__read-all'))
    await settle()
    expect(api.readMessages).toHaveBeenCalledWith({ all: true })
    expect(api.getMessages).toHaveBeenCalledTimes(2)
    expect(container.querySelectorAll('.messages__item--unread')).toHaveLength(0)
    expect(container.querySelector('.messages__bar')).toBeNull()
    expect(unreadStore.get()).toBe(0)
  })

  it('loads the next page at the bottom and page 1 again on pull-down', async () => {
    api.getMessages
      .mockResolvedValueOnce(answer([message(3), message(2)], { total: 3, last_page: 2 }))
      .mockResolvedValueOnce(answer([message(1)], { total: 3, page: 2, last_page: 2 }))
      .mockResolvedValueOnce(answer([message(4), message(3)], { total: 4, last_page: 2 }))
    const stop = jest.spyOn(Taro, 'stopPullDownRefresh').mockImplementation(() => undefined as never)
    const { container } = await open()
    expect(container.querySelector('.list-footer')?.textContent).toBe('')
    await act(async () => lifecycle.reachBottom())
    expect(api.getMessages).toHaveBeenLastCalledWith({ page: 2, per_page: 15 })
    expect(items(container).map((m) => m.getAttribute('data-message-id'))).toEqual(['3', '2', '1'])
    expect(container.querySelector('.list-footer')?.textContent).toBe('— 没有更多了 —')
    await act(async () => lifecycle.pullDown())
    await settle()
    expect(api.getMessages).toHaveBeenLastCalledWith({ page: 1, per_page: 15 })
    expect(items(container).map((m) => m.getAttribute('data-message-id'))).toEqual(['4', '3'])
    expect(stop).toHaveBeenCalled()
  })

  it('says 暂无消息 when there are none', async () => {
    api.getMessages.mockResolvedValue(answer([]))
    const { container } = await open()
    expect(container.querySelector('.state--empty')?.textContent).toBe('暂无消息')
    expect(container.querySelector('.messages__bar')).toBeNull()
  })

  it('shows the loading state, then an error with a retry that loads the list', async () => {
    let fail!: (e: unknown) => void
    api.getMessages.mockReturnValueOnce(new Promise((_, reject) => (fail = reject)))
    api.getMessages.mockResolvedValueOnce(answer([message(3)]))
    const { container } = await open()
    expect(container.querySelector('.state--loading')).not.toBeNull()
    await act(async () => fail(new Error('网络不可用，请检查网络后重试')))
    expect(container.querySelector('.state--error')?.textContent).toContain('网络不可用，请检查网络后重试')
    await tap(byText(container, '.state__retry', '重新加载'))
    await waitFor(() => expect(items(container)).toHaveLength(1))
    expect(container.querySelector('.state--error')).toBeNull()
  })

  it('asks a visitor to log in and loads nothing', async () => {
    clearCredential(appStorage)
    const { container } = await open()
    expect(sessionStore.loginRequired).toBe(true)
    expect(sessionStore.loginReason).toBe('登录后查看消息')
    expect(container.textContent).toContain('登录后查看消息')
    expect(api.getMessages).not.toHaveBeenCalled()
  })
})

describe('the unread count on 我的', () => {
  beforeEach(() => {
    user.getUserDetail.mockResolvedValue({
      user: {
        user_id: 7,
        nickname: '易友',
        avatar: '',
        gender: 0,
        mobile: '',
        birthday: '',
        level: 0,
        referee_id: 0,
        created_at: '2026-01-01T00:00:00Z'
      }
    })
    user.takeNotices.mockResolvedValue({ list: [] })
    wallet.getUserCounts.mockResolvedValue(COUNTS)
  })

  it('is a badge on the 我的 tab only, shown from one unread message and capped at 99+', async () => {
    const { container } = await renderPage(TabBar, { props: { active: 0 } })
    expect(container.querySelector('.tab-bar__badge')).toBeNull()
    act(() => unreadStore.set(3))
    const badges = container.querySelectorAll('.tab-bar__badge')
    expect(badges).toHaveLength(1)
    expect(badges[0].textContent).toBe('3')
    expect(badges[0].closest('.tab-bar__item')?.querySelector('.tab-bar__text')?.textContent).toBe('我的')
    act(() => unreadStore.set(120))
    expect(container.querySelector('.tab-bar__badge')?.textContent).toBe('99+')
    act(() => unreadStore.set(0))
    expect(container.querySelector('.tab-bar__badge')).toBeNull()
  })

  it('我的 asks for it with its counts and each time it is shown again; its 消息中心 cell shows it and opens', async () => {
    unread.getUnreadCount.mockResolvedValueOnce({ count: 4 }).mockResolvedValueOnce({ count: 0 })
    const { container } = await renderPage(MinePanel, { route: 'pages/my/my', props: { tab: 5 } })
    const tabBar = await renderPage(TabBar, { props: { active: 5 } })
    expect(unread.getUnreadCount).toHaveBeenCalledTimes(1)
    const cell = () => byText(container, '.counts__label', '消息中心')!.parentElement!
    expect(cell().querySelector('.counts__number')?.textContent).toBe('4')
    expect(cell().querySelector('.counts__number--alert')).not.toBeNull()
    expect(tabBar.container.querySelector('.tab-bar__badge')?.textContent).toBe('4')
    // Back from the messages (or switched to again): asked again, with the other counts.
    await act(() => emitTabEvent(5, 'show'))
    await settle()
    expect(unread.getUnreadCount).toHaveBeenCalledTimes(2)
    expect(wallet.getUserCounts).toHaveBeenCalledTimes(2)
    expect(cell().querySelector('.counts__number')?.textContent).toBe('0')
    expect(cell().querySelector('.counts__number--alert')).toBeNull()
    expect(tabBar.container.querySelector('.tab-bar__badge')).toBeNull()
    await tap(cell())
    expect(navigate).toHaveBeenCalledWith({ url: '/pages/my/message' })
  })

  it('a panel shown for the first time loads once, though it is told at once that it is shown', async () => {
    let answer!: () => void
    let answerUnread!: () => void
    wallet.getUserCounts.mockReturnValue(new Promise((resolve) => (answer = () => resolve(COUNTS))))
    unread.getUnreadCount.mockReturnValue(new Promise((resolve) => (answerUnread = () => resolve({ count: 2 }))))
    const { container } = await renderPage(MinePanel, { route: 'pages/my/my', props: { tab: 5 } })
    // The host shows the new panel as it mounts (src/components/TabPage): its load is still under way.
    void emitTabEvent(5, 'show')
    expect(wallet.getUserCounts).toHaveBeenCalledTimes(1)
    expect(unread.getUnreadCount).toHaveBeenCalledTimes(1)
    await act(async () => {
      answer()
      answerUnread()
    })
    await settle()
    expect(byText(container, '.counts__label', '消息中心')?.parentElement?.textContent).toBe('2消息中心')
  })

  it('nothing is asked for a visitor, and a logout takes the count away', async () => {
    clearCredential(appStorage)
    sessionStore.sync()
    const { container } = await renderPage(MinePanel, { route: 'pages/my/my', props: { tab: 5 } })
    await act(() => emitTabEvent(5, 'show'))
    expect(unread.getUnreadCount).not.toHaveBeenCalled()
    expect(container.querySelector('.counts')).toBeNull()
    cleanup()

    saveCredential(appStorage, { user_id: 7, token: 'token-7' })
    act(() => sessionStore.sync())
    act(() => unreadStore.set(2))
    user.endSession.mockResolvedValue({})
    act(() => sessionStore.logout())
    expect(unreadStore.get()).toBe(0)
  })
})
