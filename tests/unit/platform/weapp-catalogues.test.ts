import { CATALOGUES } from '../../../contract/catalogues'
import type { Locale } from '../../../contract/locale'
import { fakeTaro, ok, serveApi } from './fake-taro'

jest.mock('@tarojs/taro', () => require('./fake-taro').fakeTaroModule())
jest.mock('../../../src/platform/env', () => jest.requireActual('../../../src/platform/env.weapp'))
jest.mock('../../../src/platform/login', () => jest.requireActual('../../../src/platform/login.weapp'))
jest.mock('../../../src/platform/catalogues', () => jest.requireActual('../../../src/platform/catalogues.weapp'))
jest.mock('../../../src/platform/device-language', () =>
  jest.requireActual('../../../src/platform/device-language.weapp')
)

type I18n = typeof import('../../../src/core/i18n')

/**
 * A start of the mini-program on a phone whose WeChat is in `language`: fresh modules, the storage an earlier start
 * left, and the server (or none: offline). Returns what the screens would draw from.
 */
function start(language: string, storage: Map<string, unknown>, online = true) {
  jest.resetModules()
  const taro = fakeTaro()
  storage.forEach((value, key) => taro.storage.set(key, value))
  Object.assign(taro, { getAppBaseInfo: () => ({ language }) })
  const calls = online
    ? serveApi(taro, { '/api/index/catalogue': ({ locale }) => ok(CATALOGUES[locale as Locale]) })
    : []
  if (!online) taro.request.mockRejectedValue({ errMsg: 'request:fail network unavailable' })
  const i18n: I18n = require('../../../src/core/i18n')
  const drawn: number[] = []
  i18n.subscribeLocale(() => drawn.push(i18n.messagesRevision()))
  require('../../../src/platform/locale').startLocale()
  return { taro, calls, i18n, drawn }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

describe('the mini-program’s catalogues (only zh-Hans ships in its main package)', () => {
  it('draws zh-Hans, never a key, until the server’s English arrives, then draws again in English', async () => {
    const { calls, i18n, drawn, taro } = start('en', new Map())
    expect(i18n.currentLocale()).toBe('en')
    expect(i18n.t('mine.logout')).toBe('退出登录')
    await settle()
    expect(calls.map((c) => [c.url.replace(/^https?:\/\/[^/]+/, ''), c.data.locale])).toEqual([
      ['/api/index/catalogue', 'en']
    ])
    expect(i18n.t('mine.logout')).toBe('Log out')
    expect(i18n.routeTitle({ path: 'pages/my/my', title: '我的' })).toBe('Me')
    // Once for the switch to English, once for its catalogue.
    expect(drawn).toHaveLength(2)
    expect(taro.storage.get('catalogueCache')).toEqual({ locale: 'en', messages: CATALOGUES.en })
  })

  it('draws a later start in English at once from the kept catalogue, offline too', async () => {
    const first = start('en', new Map())
    await settle()
    const offline = start('en', new Map(first.taro.storage), false)
    expect(offline.i18n.t('mine.logout')).toBe('Log out')
    await settle()
    expect(offline.i18n.t('mine.logout')).toBe('Log out')
  })

  it('keeps zh-Hans when the server cannot be reached, and asks again on the next switch', async () => {
    const offline = start('fr', new Map(), false)
    await settle()
    expect(offline.i18n.t('mine.logout')).toBe('退出登录')
    expect(offline.taro.storage.has('catalogueCache')).toBe(false)
    serveApi(offline.taro, { '/api/index/catalogue': ({ locale }) => ok(CATALOGUES[locale as Locale]) })
    const { localeSetting } = require('../../../src/platform/locale')
    localeSetting.choose('fr')
    await settle()
    expect(offline.i18n.t('mine.logout')).toBe('Se déconnecter')
  })

  it('asks for nothing in zh-Hans, the catalogue it ships', async () => {
    const { calls, i18n } = start('zh_CN', new Map())
    await settle()
    expect(calls).toEqual([])
    expect(i18n.t('mine.logout')).toBe('退出登录')
  })
})
