import Taro from '@tarojs/taro'

import type { UserCounts, UserProfile } from '../../contract'
import { CATALOGUES } from '../../contract/catalogues'
import { type Locale, LOCALES } from '../../contract/locale'
import * as userApi from '../../src/api/user'
import * as walletApi from '../../src/api/wallet'
import MinePanel from '../../src/components/Mine/MinePanel'
import { Empty, ErrorView, ListFooter, Loading } from '../../src/components/States'
import { clearCredential, saveCredential } from '../../src/core/credential'
import { currentLocale, setLocale, t } from '../../src/core/i18n'
import TabRoute from '../../src/pages/my/my'
import { localeSetting } from '../../src/platform/locale'
import { appStorage } from '../../src/platform/storage'
import { byText, tap } from './events'
import { renderPage, settle } from './render'

jest.mock('../../src/api/wallet')
jest.mock('../../src/api/user')
jest.mock('../../src/api/unread')
const wallet = walletApi as jest.Mocked<typeof walletApi>
const user = userApi as jest.Mocked<typeof userApi>

const PROFILE: UserProfile = {
  user_id: 7,
  nickname: '',
  avatar: '',
  gender: 0,
  mobile: '',
  birthday: '',
  level: 2,
  referee_id: 0,
  created_at: '2026-01-01T00:00:00Z'
}
const COUNTS: UserCounts = {
  orders: { unpaid: 2, unshipped: 0, unreceived: 1, refunding: 0 },
  coupons: 3,
  favorites: 5,
  follows: 0
}
const TAB_PATHS = [
  'pages/v2index/index',
  'pages/majorService/majorService',
  'pages/course/index',
  'pages/certificate/certificate',
  'goods/pages/goods/list',
  'pages/my/my'
] as const

let title: jest.SpyInstance
let languages: jest.SpyInstance
beforeEach(() => {
  saveCredential(appStorage, { user_id: 7, token: 'token-7' })
  user.getUserDetail.mockResolvedValue({ user: PROFILE })
  wallet.getUserCounts.mockResolvedValue(COUNTS)
  user.takeNotices.mockResolvedValue({ list: [] })
  title = jest.spyOn(Taro, 'setNavigationBarTitle').mockResolvedValue({ errMsg: 'ok' } as never)
  languages = jest.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['zh-CN'])
})
afterEach(() => {
  clearCredential(appStorage)
  appStorage.remove('locale')
  setLocale('zh-Hans')
  jest.restoreAllMocks()
  jest.clearAllMocks()
})

const texts = (container: Element, selector: string) =>
  Array.from(container.querySelectorAll(selector)).map((el) => el.textContent?.trim())

/** The 我的 tab route as the router shows it: the tab host, its bar, and the panel (loaded lazily on H5). */
async function renderMineTab() {
  const result = await renderPage(TabRoute, { route: 'pages/my/my' })
  for (let i = 0; i < 20 && !result.container.querySelector('.mine__logout'); i++) await settle(10)
  return result
}

describe.each(LOCALES)('the app shell in %s', (locale: Locale) => {
  const words = CATALOGUES[locale]
  beforeEach(() => localeSetting.choose(locale))

  it('labels the tab bar, titles the tab page and writes the 我的 panel in it', async () => {
    const { container } = await renderMineTab()
    expect(texts(container, '.tab-bar__text')).toEqual(TAB_PATHS.map((path) => words.routes[path]))
    expect(container.querySelector('.nav-bar__title')?.textContent).toBe(words.routes['pages/my/my'])
    expect(title).toHaveBeenLastCalledWith({ title: words.routes['pages/my/my'] })
    expect(container.querySelector('.mine__logout')?.textContent).toBe(words.mine.logout)
    expect(container.querySelector('.profile-head__level')?.textContent).toBe(
      words.mine.member.replace('{{level}}', '2')
    )
    expect(container.querySelector('.mine__nickname')?.textContent).toBe(words.mine.defaultNickname)
    expect(texts(container, '.counts__label')).toEqual(
      expect.arrayContaining([words.mine.coupons, words.mine.unpaid, words.mine.afterSale])
    )
    expect(texts(container, '.entry-grid__title')).toEqual([
      words.mine.groupAssets,
      words.mine.groupServices,
      words.mine.groupSettings
    ])
    expect(texts(container, '.entry-grid__label')).toEqual(
      expect.arrayContaining([words.routes['pages/my/wallet'], words.routes['pages/about/about']])
    )
    expect(container.querySelector('.language-setting__label')?.textContent).toBe(words.language.entry)
  })

  it('draws the shared loading, empty, error and list-end states in it', async () => {
    const { container } = await renderPage(() => (
      <>
        <Loading />
        <Empty />
        <ErrorView onRetry={() => undefined} />
        <ListFooter loading={false} finished empty={false} />
      </>
    ))
    expect(texts(container, '.state__text')).toEqual([
      words.common.loading,
      words.states.empty,
      words.states.loadFailed
    ])
    expect(container.querySelector('.state__retry')?.textContent).toBe(words.states.retry)
    expect(container.querySelector('.list-footer')?.textContent).toBe(words.states.noMore)
  })

  it('greets a visitor in it', async () => {
    clearCredential(appStorage)
    const { container } = await renderPage(MinePanel, { route: 'pages/my/my', props: { tab: 5 } })
    expect(container.textContent).toContain(words.mine.notLoggedIn)
    expect(container.querySelector('.profile-head__login')?.textContent).toBe(words.mine.loginOrSignUp)
  })
})

describe('the 语言 / Language switch in 我的', () => {
  const open = async (container: Element) => tap(container.querySelector('.mine__language'))
  const option = (container: Element, key: string) =>
    container.querySelector(`.language-sheet__option[data-locale="${key}"]`)

  it('offers 跟随系统 and the five languages in their own names, and follows the device by default', async () => {
    languages.mockReturnValue(['zh-TW', 'en'])
    localeSetting.apply()
    const { container } = await renderMineTab()
    expect(currentLocale()).toBe('zh-Hant')
    expect(container.querySelector('.language-setting__value')?.textContent).toBe('跟隨系統 ›')
    await open(container)
    expect(texts(container, '.language-sheet__name')).toEqual([
      '跟隨系統',
      '简体中文',
      '繁體中文',
      'English',
      'Français',
      'Español'
    ])
    expect(option(container, 'system')?.getAttribute('aria-selected')).toBe('true')
    expect(container.querySelector('.language-sheet__hint')?.textContent).toBe('繁體中文')
  })

  it('switches the whole shell at once, keeps the choice, and 跟随系统 gives the device’s language back', async () => {
    const { container } = await renderMineTab()
    expect(container.querySelector('.nav-bar__title')?.textContent).toBe('我的')
    await open(container)
    await tap(option(container, 'en'))
    expect(appStorage.get('locale')).toBe('en')
    expect(container.querySelector('.language-sheet')).toBeNull()
    expect(texts(container, '.tab-bar__text')).toEqual(['Home', 'Services', 'Courses', 'Certificates', 'Shop', 'Me'])
    expect(container.querySelector('.nav-bar__title')?.textContent).toBe('Me')
    expect(title).toHaveBeenLastCalledWith({ title: 'Me' })
    expect(container.querySelector('.mine__logout')?.textContent).toBe('Log out')
    expect(container.querySelector('.language-setting__value')?.textContent).toBe('English ›')

    languages.mockReturnValue(['fr-FR'])
    await open(container)
    expect(option(container, 'en')?.getAttribute('aria-selected')).toBe('true')
    await tap(option(container, 'system'))
    expect(appStorage.get('locale')).toBeUndefined()
    expect(container.querySelector('.nav-bar__title')?.textContent).toBe('Moi')
    expect(container.querySelector('.language-setting__value')?.textContent).toBe(`${t('language.followSystem')} ›`)
  })

  it('keeps the choice across a session reset (all storage cleared)', async () => {
    localeSetting.choose('es')
    appStorage.clear()
    expect(appStorage.get('locale')).toBe('es')
    expect(localeSetting.apply()).toBe('es')
    const { container } = await renderMineTab()
    expect(byText(container, '.tab-bar__text', 'Tienda')).not.toBeNull()
  })
})
