/**
 * The page URL is wrapped, and its slashes escaped (\/): Jest's docblock reader drops a wrapped line holding "//".
 * @jest-environment jsdom
 * @jest-environment-options
 *   {"url": "http:\/\/h5.test/?code=CODE1&state=st1#/pages/course/detail?course_id=3&referee_id=42"}
 */
import { fakeTaro, ok, serveApi } from './fake-taro'

jest.mock('@tarojs/taro', () => require('./fake-taro').fakeTaroModule())

import { launchApp } from '../../../src/platform/launch'
import { updateShare } from '../../../src/platform/share'
import { JS_API_LIST, type WechatJsSdk } from '../../../src/platform/wechat-jssdk'

const taro = fakeTaro()
// WeChat's in-app browser on iOS, as it names itself.
const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
  'Mobile/15E148 MicroMessenger/8.0.43(0x18002b2c) NetType/WIFI Language/zh_CN'

function fakeWx() {
  const calls: Record<string, unknown[]> = { config: [], appMessage: [], timeline: [] }
  let onReady: () => void = () => undefined
  const wx: WechatJsSdk = {
    config: (options) => {
      calls.config.push(options)
      onReady()
    },
    ready: (callback) => void (onReady = callback),
    error: () => undefined,
    updateAppMessageShareData: (data) => void calls.appMessage.push(data),
    updateTimelineShareData: (data) => void calls.timeline.push(data)
  }
  return { wx, calls }
}

describe('H5 inside WeChat: launch with the OAuth return, JS-SDK and share link', () => {
  it('exchanges the code from location.search, removes it with replaceState and shares with the user id', async () => {
    Object.defineProperty(window.navigator, 'userAgent', { value: WECHAT_UA, configurable: true })
    window.sessionStorage.setItem('oauth_state', 'st1')
    const { wx, calls: wxCalls } = fakeWx()
    window.wx = wx
    const api = serveApi(taro, {
      '/api/wechat.index/mpLogin': () => ok({ user_id: 7, token: 'tk7' }),
      '/api/wechat.index/wxSign': () =>
        ok({ appId: 'wxoa', timestamp: 1414587457, nonceStr: 'Wm3WZYTPz0wzccnW', signature: 'sig' }),
      '/api/index/features': () => ok({ hidden: [] })
    })
    const pageBefore = window.history.length

    await launchApp()
    // Beside the login, the public question of which features this client hides (渠道功能).
    expect(api.shift()).toMatchObject({ url: '/api/index/features', data: { client: 'h5', referee_id: '42' } })

    // referee_id of the shared link (in the hash route) is stored and passed to the login
    expect(taro.storage.get('refereeId')).toBe('42')
    expect(api[0]).toMatchObject({ url: '/api/wechat.index/mpLogin', method: 'POST' })
    expect(api[0].data).toMatchObject({ code: 'CODE1', client: 'h5', referee_id: '42' })
    expect(taro.storage.get('Authorization')).toEqual({ user_id: 7, token: 'tk7' })
    expect(taro.storage.get('isLoggedIn')).toBe(true)
    // the code is gone from the address, without a reload (no new history entry)
    expect(window.location.href).toBe('http://h5.test/#/pages/course/detail?course_id=3&referee_id=42')
    expect(window.history.length).toBe(pageBefore)

    // JS-SDK: signed for the landing address (iOS) with the spec's JS API list
    expect(api[1]).toMatchObject({ url: '/api/wechat.index/wxSign' })
    expect(api[1].data).toMatchObject({ url: 'http://h5.test/?code=CODE1&state=st1' })
    expect(wxCalls.config).toEqual([
      {
        debug: false,
        appId: 'wxoa',
        timestamp: 1414587457,
        nonceStr: 'Wm3WZYTPz0wzccnW',
        signature: 'sig',
        jsApiList: JS_API_LIST
      }
    ])
    expect(JS_API_LIST).toEqual([
      'updateAppMessageShareData',
      'updateTimelineShareData',
      'chooseInvoiceTitle',
      'openLocation',
      'getLocation',
      'chooseWXPay',
      'chooseImage',
      'uploadImage',
      'requestMerchantTransfer'
    ])

    // share: h5 host + #/ + route + options + referee_id of the current user
    taro.getCurrentInstance.mockReturnValue({
      router: { path: '/pages/course/detail', params: { course_id: '3', referee_id: '42', $taroTimestamp: '1' } }
    })
    await updateShare({ title: '易学入门课', desc: '从零开始', imageUrl: 'http://h5.test/static/c.png' })
    const link = 'http://h5.test/#/pages/course/detail?course_id=3&referee_id=7'
    expect(wxCalls.appMessage).toEqual([
      { title: '易学入门课', desc: '从零开始', link, imgUrl: 'http://h5.test/static/c.png' }
    ])
    expect(wxCalls.timeline).toEqual([{ title: '易学入门课', link, imgUrl: 'http://h5.test/static/c.png' }])

    // a page only its owner may open (a saved record) shares its birth on the chart page instead
    taro.getCurrentInstance.mockReturnValue({
      router: { path: '/pages/bazi/components/index/aiAnalysis/index', params: { record_id: '9' } }
    })
    await updateShare({
      title: '八字解读',
      target: { route: 'pages/bazi/plate', options: { date: '1990-05-15 14:30', gender: 'male' } }
    })
    expect(wxCalls.appMessage.at(-1)).toMatchObject({
      link: 'http://h5.test/#/pages/bazi/plate?date=1990-05-15%2014%3A30&gender=male&referee_id=7'
    })
  })
})
