import { CATALOGUES } from '../../../contract/catalogues'
import { localeOfAcceptLanguage, localeOfTag, LOCALES, pickLocale } from '../../../contract/locale'
import { errorMessage } from '../../../src/core/errors'
import { formatCompactFallback, formatWan, relativeTime } from '../../../src/core/format'
import {
  addCatalogue,
  currentLocale,
  messagesRevision,
  routeTitle,
  setLocale,
  subscribeLocale,
  t
} from '../../../src/core/i18n'
import { createLocaleSetting } from '../../../src/core/i18n/locale-setting'
import { createStorage } from '../../../src/core/storage'
import { createMemoryBackend } from './memory-storage'
import { envelope, harness } from './request-harness'

afterEach(() => setLocale('zh-Hans'))

/** What the browser build does at once and the mini-program once the server has answered (src/platform/catalogues). */
const addEveryCatalogue = () => LOCALES.forEach((locale) => addCatalogue(locale, CATALOGUES[locale]))

describe('a device language to a locale', () => {
  it.each([
    ['zh-CN', 'zh-Hans'],
    ['zh_CN', 'zh-Hans'],
    ['zh-SG', 'zh-Hans'],
    ['zh', 'zh-Hans'],
    ['zh-Hans-HK', 'zh-Hans'],
    ['zh-TW', 'zh-Hant'],
    ['zh_HK', 'zh-Hant'],
    ['zh-MO', 'zh-Hant'],
    ['zh-Hant', 'zh-Hant'],
    ['zh-Hant-CN', 'zh-Hant'],
    ['en', 'en'],
    ['en-GB', 'en'],
    ['fr-CA', 'fr'],
    ['es-419', 'es'],
    ['ES_es', 'es']
  ])('%s -> %s', (tag, locale) => {
    expect(localeOfTag(tag)).toBe(locale)
  })

  it('anything else is no locale of ours; a device list takes its first we have, else zh-Hans', () => {
    expect(localeOfTag('de-DE')).toBeUndefined()
    expect(localeOfTag('')).toBeUndefined()
    expect(pickLocale(['de-DE', 'fr-FR', 'en'])).toBe('fr')
    expect(pickLocale(['ja-JP'])).toBe('zh-Hans')
    expect(pickLocale([])).toBe('zh-Hans')
  })

  it('reads Accept-Language by weight', () => {
    expect(localeOfAcceptLanguage(undefined)).toBe('zh-Hans')
    expect(localeOfAcceptLanguage('en')).toBe('en')
    expect(localeOfAcceptLanguage('de;q=1, es;q=0.4, fr;q=0.9')).toBe('fr')
    expect(localeOfAcceptLanguage('fr;q=0, zh-TW')).toBe('zh-Hant')
    expect(localeOfAcceptLanguage('*')).toBe('zh-Hans')
  })
})

describe('the locale setting', () => {
  const setup = (device: string[]) => {
    const storage = createStorage(createMemoryBackend())
    const languages = { device }
    return { storage, languages, setting: createLocaleSetting(storage, () => languages.device) }
  }

  it('is unset by default and follows the device', () => {
    const { setting, storage } = setup(['zh-TW'])
    expect(setting.apply()).toBe('zh-Hant')
    expect(currentLocale()).toBe('zh-Hant')
    expect(setting.chosen()).toBeUndefined()
    expect(storage.get('locale')).toBeUndefined()
  })

  it('keeps a choice over the device, and 跟随系统 removes it', () => {
    const { setting, storage, languages } = setup(['en-US'])
    const seen: string[] = []
    const stop = subscribeLocale(() => seen.push(currentLocale()))
    expect(setting.choose('es')).toBe('es')
    expect(storage.get('locale')).toBe('es')
    languages.device = ['fr-FR']
    expect(setting.apply()).toBe('es')
    expect(setting.choose(undefined)).toBe('fr')
    expect(storage.get('locale')).toBeUndefined()
    stop()
    expect(seen).toEqual(['es', 'fr'])
  })

  it('brings the locale’s catalogue before it switches to it', () => {
    const order: string[] = []
    const stop = subscribeLocale(() => order.push(`switch ${currentLocale()}`))
    const setting = createLocaleSetting(
      createStorage(createMemoryBackend()),
      () => ['es-ES'],
      (locale) => {
        order.push(`load ${locale}`)
      }
    )
    setting.apply()
    stop()
    expect(order).toEqual(['load es', 'switch es'])
  })

  it('survives the session reset that clears all storage', () => {
    const { setting, storage } = setup(['zh-CN'])
    setting.choose('en')
    storage.set('Authorization', { user_id: 1, token: 't' })
    storage.clear()
    expect(storage.get('Authorization')).toBeUndefined()
    expect(storage.get('locale')).toBe('en')
    expect(setting.apply()).toBe('en')
  })
})

describe('a catalogue the app does not ship (the mini-program’s other locales)', () => {
  it('shows the source’s strings, never a key, until it arrives, then draws once again in the locale', () => {
    setLocale('en')
    expect(t('mine.logout')).toBe('退出登录')
    expect(routeTitle({ path: 'pages/my/my', title: '我的' })).toBe('我的')
    const drawn: number[] = []
    const stop = subscribeLocale(() => drawn.push(messagesRevision()))
    const before = messagesRevision()
    // Another locale's arrival changes nothing on screen.
    addCatalogue('fr', CATALOGUES.fr)
    addCatalogue('en', CATALOGUES.en)
    stop()
    expect(drawn).toEqual([before + 1])
    expect(t('mine.logout')).toBe('Log out')
    expect(routeTitle({ path: 'pages/my/my', title: '我的' })).toBe('Me')
  })
})

describe('the translator', () => {
  beforeAll(addEveryCatalogue)

  it('gives each locale its string and fills placeholders', () => {
    for (const locale of LOCALES) expect(t('mine.logout', undefined, locale)).toBeTruthy()
    setLocale('en')
    expect(t('mine.member', { level: 3 })).toBe('Member Lv.3')
    expect(routeTitle({ path: 'pages/my/my', title: '我的' })).toBe('Me')
    // A route the catalogue has not taken yet keeps the route table's title.
    expect(routeTitle({ path: 'pages/bazi/bazi', title: '八字排盘' })).toBe('八字排盘')
  })

  it('words the request layer’s failures and the generic fallback in the app’s language', async () => {
    setLocale('fr')
    expect(errorMessage(undefined)).toBe('Une erreur est survenue. Réessayez plus tard')
    const h = harness(() => Promise.reject({ errMsg: 'request:fail timeout' }))
    await expect(h.request({ url: '/api/index/nav' })).rejects.toMatchObject({
      message: 'La requête a expiré. Réessayez plus tard'
    })
    expect(h.events[0]).toBe('show:Chargement:false')
  })
})

describe('Accept-Language on every call', () => {
  it('sends the app’s language on requests and uploads', async () => {
    let language = 'zh-Hant'
    const h = harness(() => envelope(1, {}), { language: () => language })
    await h.request({ url: '/api/index/nav' })
    language = 'en'
    await h.upload({ url: '/api/file/upload', filePath: 'x.png' })
    expect(h.sent[0].header['Accept-Language']).toBe('zh-Hant')
    expect(h.uploads[0].header['Accept-Language']).toBe('en')
  })
})

describe('counts in the locale’s short form', () => {
  beforeAll(addEveryCatalogue)

  it('keeps 万 in Chinese (萬 in Traditional) and the spec’s decimals', () => {
    expect(formatWan(12345, 'zh-Hans')).toBe('1.23万')
    expect(formatWan(123456, 'zh-Hant')).toBe('12.3萬')
    expect(formatWan('x', 'zh-Hant')).toBe('0萬')
  })

  it('writes English, French and Spanish compactly', () => {
    expect(formatWan(12345, 'en')).toBe('12K')
    expect(formatWan(1234567, 'en')).toBe('1.2M')
    expect(formatWan(12345, 'fr')).toBe('12\u00a0k')
    expect(formatWan(12345, 'es')).toBe('12\u00a0mil')
    expect(formatWan(999, 'en')).toBe('999')
    expect(formatWan('abc', 'en')).toBe('0')
    expect(formatWan(-12345, 'en')).toBe('-12K')
  })

  // WeChat's engines do not all have Intl's compact notation: the fallback must write what Intl writes.
  it.each(['en', 'fr', 'es'] as const)('the fallback without Intl writes what Intl writes in %s', (locale) => {
    const format = new Intl.NumberFormat(locale, { notation: 'compact' })
    const counts = [0, 5, 999, 1000, 1049, 1050, 1234, 9949, 9950, 12345, 99499, 99500, 123456, 999499, 999950]
    const more = [1234567, 12345678, 123456789, 1234567890, 12345678901, 123456789012, 1234567890123, -12345]
    for (const n of [...counts, ...more]) expect([n, formatCompactFallback(n, locale)]).toEqual([n, format.format(n)])
  })

  it('says relative time in the app’s language', () => {
    setLocale('es')
    const now = Date.parse('2026-05-01T12:00:00Z')
    expect(relativeTime(now - 60 * 1000, now)).toBe('ahora mismo')
    expect(relativeTime(now - 3 * 60 * 60 * 1000, now)).toBe('hace 3 h')
  })
})
