/**
 * A stand-in for @tarojs/taro in plain Node: storage in a Map, every API a jest.fn, page hooks captured.
 * Use with: jest.mock('@tarojs/taro', () => require('./fake-taro').fakeTaroModule())
 */
type Hook = (...args: unknown[]) => unknown

export function fakeTaroModule() {
  const storage = new Map<string, unknown>()
  const hooks: Record<string, Hook> = {}
  const resolved = () => jest.fn(() => Promise.resolve({ errMsg: 'ok' }))
  const taro = {
    storage,
    hooks,
    getStorageSync: jest.fn((key: string) => (storage.has(key) ? storage.get(key) : '')),
    setStorageSync: jest.fn((key: string, value: unknown) => void storage.set(key, value)),
    removeStorageSync: jest.fn((key: string) => void storage.delete(key)),
    clearStorageSync: jest.fn(() => storage.clear()),
    request: jest.fn(),
    uploadFile: jest.fn(),
    showLoading: resolved(),
    hideLoading: resolved(),
    showToast: resolved(),
    showModal: jest.fn(() => Promise.resolve({ confirm: true, cancel: false })),
    login: jest.fn(() => Promise.resolve({ code: 'wx-login-code', errMsg: 'login:ok' })),
    requestPayment: resolved(),
    chooseImage: jest.fn(),
    startCompass: resolved(),
    stopCompass: resolved(),
    onCompassChange: jest.fn(),
    offCompassChange: jest.fn(),
    setEnableDebug: resolved(),
    // Taro's mini-program router: path with a leading slash, params with the framework's timestamp.
    getCurrentInstance: jest.fn(() => ({
      router: {
        path: '/pages/course/detail',
        params: { course_id: '12', $taroTimestamp: '1700000000000' } as Record<string, string>
      }
    })),
    getCurrentPages: jest.fn((): Array<{ route?: string; options?: Record<string, string> }> => []),
    getLaunchOptionsSync: jest.fn(() => ({
      path: 'pages/v2index/index',
      query: {} as Record<string, string>,
      scene: 1001
    }))
  }
  return {
    __esModule: true,
    default: taro,
    useShareAppMessage: (fn: Hook) => void (hooks.shareAppMessage = fn),
    useShareTimeline: (fn: Hook) => void (hooks.shareTimeline = fn),
    useDidShow: (fn: Hook) => void (hooks.didShow = fn)
  }
}

export type FakeTaro = ReturnType<typeof fakeTaroModule>['default']

/** The fake taro of the current test file. */
export const fakeTaro = (): FakeTaro => jest.requireMock('@tarojs/taro').default

/** Answers Taro.request like the API server: path -> envelope, recording each request. */
export function serveApi(taro: FakeTaro, routes: Record<string, (data: Record<string, unknown>) => unknown>) {
  const calls: Array<{ url: string; method: string; data: Record<string, unknown>; header: Record<string, string> }> =
    []
  taro.request.mockImplementation(
    async (options: {
      url: string
      method: string
      data?: Record<string, unknown>
      header: Record<string, string>
    }) => {
      const [base, query] = options.url.split('?')
      const data = options.method === 'GET' ? Object.fromEntries(new URLSearchParams(query)) : (options.data ?? {})
      calls.push({ url: base, method: options.method, data, header: options.header })
      const path = base.replace(/^https?:\/\/[^/]+/, '')
      const route = routes[path]
      return { statusCode: 200, data: route ? route(data) : { code: 0, msg: '接口不存在', data: null } }
    }
  )
  return calls
}

export const ok = (data: unknown) => ({ code: 1, msg: '', data })
