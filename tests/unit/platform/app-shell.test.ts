/**
 * @jest-environment jsdom
 */
// The app component's wiring (src/app.ts) and the H5 lazy-page failure view (docs/spec.md §4, §8):
// launch runs once with the page-load watcher; EVERY show of the app sends a page-view event for the
// page shown; a page chunk that fails to load shows a view that reloads when tapped, and one that
// loads slowly shows the loading indicator after 200 ms.
const hooks: {
  launch?: () => void
  show?: (options?: { path?: string; query?: Record<string, unknown> }) => void
  notFound?: (res: { path: string }) => void
} = {}
const mockReLaunch = jest.fn((_options: { url: string }) => Promise.resolve())
let routerPath = '/pages/v2index/index'

jest.mock('@tarojs/taro', () => ({
  __esModule: true,
  default: {
    getCurrentInstance: () => ({ router: { path: routerPath } }),
    reLaunch: (options: { url: string }) => mockReLaunch(options)
  },
  useLaunch: (fn: () => void) => (hooks.launch = fn),
  useDidShow: (fn: (options?: unknown) => void) => (hooks.show = fn),
  usePageNotFound: (fn: (res: { path: string }) => void) => (hooks.notFound = fn)
}))
jest.mock('@/app.scss', () => ({}), { virtual: true })
jest.mock('../../../src/platform/launch', () => ({
  launchApp: jest.fn(() => Promise.resolve()),
  appShown: jest.fn(() => Promise.resolve()),
  startFeatureGate: jest.fn()
}))

import App from '../../../src/app'
import { createLoadingCounter } from '../../../src/core/loading'
import { appShown, launchApp, startFeatureGate } from '../../../src/platform/launch'
import { watchPageLoads } from '../../../src/platform/page-load'

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('app shell wiring', () => {
  it('launches once and sends a page-view on every show, for the page shown', async () => {
    App({ children: null })
    hooks.launch!()
    await flush()
    expect(launchApp).toHaveBeenCalledTimes(1)
    // The feature gate (渠道功能) is in force from the app's first line, before any page draws.
    expect(startFeatureGate).toHaveBeenCalledTimes(1)

    hooks.show!({ path: '/pages/course/index', query: { referee_id: '9' } })
    routerPath = '/pages/my/my'
    hooks.show!({})
    hooks.show!(undefined)
    expect(appShown).toHaveBeenCalledTimes(3)
    expect((appShown as jest.Mock).mock.calls).toEqual([
      ['/pages/course/index', { referee_id: '9' }],
      ['/pages/my/my', undefined],
      ['/pages/my/my', undefined]
    ])
  })

  it('an address that matches no page opens the not-found page, naming the address', () => {
    App({ children: null })
    hooks.notFound!({ path: 'pages/nope/nope' })
    expect(mockReLaunch).toHaveBeenCalledWith({ url: '/pages/notFound/notFound?path=pages%2Fnope%2Fnope' })
  })

  it("the app's root, reached after launch, opens the home rather than the not-found page", () => {
    App({ children: null })
    hooks.notFound!({ path: '/' })
    expect(mockReLaunch).toHaveBeenCalledWith({ url: '/pages/v2index/index' })
  })
})

describe('a lazy page that fails to load (H5)', () => {
  const reject = (reason: unknown) => {
    const event = new Event('unhandledrejection', { cancelable: true }) as Event & { reason: unknown }
    event.reason = reason
    window.dispatchEvent(event)
    return event
  }

  it('shows a Chinese notice whose tap reloads the page; other rejections are left alone', () => {
    watchPageLoads()
    const other = reject(new Error('something else'))
    expect(other.defaultPrevented).toBe(false)
    expect(document.getElementById('page-load-failed')).toBeNull()

    const chunk = Object.assign(new Error('Loading chunk 123 failed.'), { name: 'ChunkLoadError' })
    expect(reject(chunk).defaultPrevented).toBe(true)
    const view = document.getElementById('page-load-failed')!
    expect(view.textContent).toContain('页面加载失败')
    expect(view.textContent).toContain('点击重新加载')
    // A second failure does not stack a second view.
    reject(new Error('Loading CSS chunk 7 failed'))
    expect(document.querySelectorAll('#page-load-failed')).toHaveLength(1)

    const reload = jest.fn()
    const original = window.location
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, reload } })
    try {
      view.click()
      expect(reload).toHaveBeenCalledTimes(1)
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original })
    }
  })
})

describe('a lazy page that loads slowly (H5)', () => {
  afterEach(() => jest.useRealTimers())

  it('shows 加载中 only once its chunk has taken 200 ms, and hides it when the chunk is in', async () => {
    jest.useFakeTimers()
    const ui = { showLoading: jest.fn(), hideLoading: jest.fn() }
    const chunks: Record<string, () => void> = {}
    const runtime = { e: jest.fn((id: string | number) => new Promise<void>((resolve) => (chunks[id] = resolve))) }
    watchPageLoads(runtime, createLoadingCounter(ui))

    // A fast page: no indicator at all.
    const fast = runtime.e('fast')
    jest.advanceTimersByTime(150)
    chunks.fast()
    await fast
    jest.advanceTimersByTime(500)
    expect(ui.showLoading).not.toHaveBeenCalled()

    // A slow page: the indicator at 200 ms, gone when the chunk arrives.
    const slow = runtime.e('slow')
    jest.advanceTimersByTime(199)
    expect(ui.showLoading).not.toHaveBeenCalled()
    jest.advanceTimersByTime(1)
    expect(ui.showLoading).toHaveBeenCalledWith('加载中', false)
    chunks.slow()
    await slow
    expect(ui.hideLoading).toHaveBeenCalledTimes(1)
  })

  it('gives up on a chunk after 60 s with a chunk error, and the indicator goes', async () => {
    jest.useFakeTimers()
    const ui = { showLoading: jest.fn(), hideLoading: jest.fn() }
    const runtime = { e: jest.fn((_id: string | number) => new Promise<void>(() => undefined)) }
    watchPageLoads(runtime, createLoadingCounter(ui))
    const stuck = runtime.e('stuck')
    const outcome = stuck.then(
      () => 'loaded',
      (e: Error) => e.name
    )
    jest.advanceTimersByTime(59_999)
    expect(ui.hideLoading).not.toHaveBeenCalled()
    jest.advanceTimersByTime(1)
    await expect(outcome).resolves.toBe('ChunkLoadError')
    expect(ui.hideLoading).toHaveBeenCalledTimes(1)
  })
})
