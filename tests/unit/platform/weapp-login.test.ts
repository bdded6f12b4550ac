import { fakeTaro, ok, serveApi } from './fake-taro'

// The mini-program build resolves './login' to login.weapp.ts (and so on): the same here.
jest.mock('@tarojs/taro', () => require('./fake-taro').fakeTaroModule())
jest.mock('../../../src/platform/env', () => jest.requireActual('../../../src/platform/env.weapp'))
jest.mock('../../../src/platform/login', () => jest.requireActual('../../../src/platform/login.weapp'))
jest.mock('../../../src/platform/share', () => jest.requireActual('../../../src/platform/share.weapp'))
jest.mock('../../../src/platform/debug', () => jest.requireActual('../../../src/platform/debug.weapp'))

import { request } from '../../../src/api/http'
import { appShown, launchApp } from '../../../src/platform/launch'
import { wechatLogin } from '../../../src/platform/login'
import { loginRequired } from '../../../src/platform/login-required'

const taro = fakeTaro()
const flush = () => new Promise((resolve) => setImmediate(resolve))

beforeEach(() => {
  taro.storage.clear()
  jest.clearAllMocks()
})

describe('mini-program login (Taro.login -> mpLogin)', () => {
  it('exchanges the wx.login code with client wxapp and the stored referrer, then stores the login', async () => {
    const calls = serveApi(taro, { '/api/wechat.index/mpLogin': () => ok({ user_id: 9, token: 'tk9' }) })
    taro.storage.set('refereeId', '42')
    await expect(wechatLogin()).resolves.toBe('logged-in')
    expect(calls).toHaveLength(1)
    expect(calls[0].url).toBe('http://127.0.0.1:3000/api/wechat.index/mpLogin')
    expect(calls[0].data).toMatchObject({ code: 'wx-login-code', client: 'wxapp', referee_id: '42', app_id: 10001 })
    expect(taro.storage.get('Authorization')).toEqual({ user_id: 9, token: 'tk9' })
    expect(taro.storage.get('isLoggedIn')).toBe(true)
  })

  it('a refused code toasts the message and asks the app for a login', async () => {
    serveApi(taro, { '/api/wechat.index/mpLogin': () => ({ code: 0, msg: 'code 无效', data: null }) })
    const reasons: string[] = []
    const stop = loginRequired.subscribe(({ reason }) => reasons.push(reason))
    await expect(wechatLogin()).resolves.toBe('stopped')
    stop()
    expect(taro.showToast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'code 无效', icon: 'none', duration: 1500 })
    )
    expect(reasons).toEqual(['code 无效'])
    expect(taro.storage.has('Authorization')).toBe(false)
  })

  it('five requests answered -9999 at once start ONE wx.login, and the new token is stored', async () => {
    taro.storage.set('Authorization', { user_id: 1, token: 'expired' })
    const calls = serveApi(taro, {
      '/api/user.user/detail': () => ({ code: -9999, msg: '请先登录', data: null }),
      '/api/wechat.index/mpLogin': () => ok({ user_id: 1, token: 'fresh' })
    })
    const results = await Promise.all(
      Array.from({ length: 5 }, () => request({ url: '/api/user.user/detail' }).catch((e: { code: number }) => e.code))
    )
    await flush()
    await flush()
    expect(results).toEqual([-9999, -9999, -9999, -9999, -9999])
    expect(taro.login).toHaveBeenCalledTimes(1)
    expect(calls.filter((c) => c.url.endsWith('/mpLogin'))).toHaveLength(1)
    expect(taro.storage.get('Authorization')).toEqual({ user_id: 1, token: 'fresh' })
  })

  it('sends the token as the Authorization header once logged in', async () => {
    taro.storage.set('Authorization', { user_id: 3, token: 'tk3' })
    const calls = serveApi(taro, { '/api/user.user/detail': () => ok({ user: {} }) })
    await request({ url: '/api/user.user/detail' })
    expect(calls[0].header).toEqual({
      'content-type': 'application/json',
      Authorization: 'tk3',
      'Accept-Language': 'zh-Hans'
    })
    expect(calls[0].data).toMatchObject({ client: 'wxapp', token: 'tk3', user_id: '3' })
  })
})

describe('mini-program launch', () => {
  it('stores referee_id from the launch query, logs in silently and reports page views', async () => {
    taro.getLaunchOptionsSync.mockReturnValue({
      path: 'pages/course/detail',
      query: { referee_id: '42', course_id: '3' },
      scene: 1007
    })
    const calls = serveApi(taro, {
      '/api/wechat.index/mpLogin': () => ok({ user_id: 5, token: 'tk5' }),
      '/api/index/pageView': () => ok({}),
      '/api/index/features': () => ok({ hidden: [] })
    })
    await launchApp()
    // Beside the login, the public question of which features this client hides (渠道功能), with the referrer.
    expect(calls.shift()).toMatchObject({ url: 'http://127.0.0.1:3000/api/index/features', data: { referee_id: '42' } })
    expect(taro.storage.get('refereeId')).toBe('42')
    expect(taro.storage.get('pathUrl')).toBe('/pages/course/detail?referee_id=42&course_id=3')
    expect(calls[0].data).toMatchObject({ client: 'wxapp', referee_id: '42' })
    expect(taro.storage.get('isLoggedIn')).toBe(true)

    await appShown('/pages/my/my', {})
    expect(calls[1]).toMatchObject({ url: 'http://127.0.0.1:3000/api/index/pageView', method: 'POST' })
    expect(calls[1].data).toMatchObject({ path: '/pages/my/my', token: 'tk5' })
  })

  it('opening a shared card in the running app keeps its referrer; a plain show keeps the old one', async () => {
    serveApi(taro, { '/api/index/pageView': () => ok({}) })
    taro.storage.set('refereeId', '1')
    await appShown('/pages/my/my', { referee_id: 77 })
    expect(taro.storage.get('refereeId')).toBe('77')
    await appShown('/pages/my/my', {})
    expect(taro.storage.get('refereeId')).toBe('77')
  })

  it("opens WeChat's debug console when the VConsole flag is stored", async () => {
    serveApi(taro, { '/api/wechat.index/mpLogin': () => ok({ user_id: 5, token: 'tk5' }) })
    taro.storage.set('VConsole', true)
    await launchApp()
    expect(taro.setEnableDebug).toHaveBeenCalledWith({ enableDebug: true })
  })
})
