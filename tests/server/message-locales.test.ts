import './helpers/native-modules'

import { CATALOGUES } from '../../contract/catalogues'
import { type Locale, LOCALES } from '../../contract/locale'
import { MSG_BUSY, MSG_LOGIN_REQUIRED, MSG_NOT_FOUND, MSG_NOT_OWNER } from '../../server/core/envelope'
import { GENERIC_MESSAGES, localizeMessage } from '../../server/core/i18n'
import { toZhHant } from '../../server/core/zh-hant'
import { createTestContext, type TestContext } from './helpers/test-app'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(() => ctx.close())

async function ask(locale: Locale | undefined, url: string, payload?: object) {
  const headers = locale ? { 'accept-language': locale } : undefined
  const res = payload
    ? await ctx.app.inject({ method: 'POST', url, payload, headers })
    : await ctx.app.inject({ method: 'GET', url, headers })
  expect(res.statusCode).toBe(200)
  return res.json() as { code: number; msg: string }
}

const HAN = /[\u3400-\u9fff]/

describe('the envelope speaks the request’s language', () => {
  const expected = (zh: string, locale: Locale): string =>
    locale === 'zh-Hans' ? zh : locale === 'zh-Hant' ? toZhHant(zh) : GENERIC_MESSAGES[zh][locale]

  it.each(LOCALES)('a generic message in %s', async (locale) => {
    const missing = await ask(locale, '/api/no.such/endpoint')
    expect(missing).toMatchObject({ code: 0, msg: expected(MSG_NOT_FOUND, locale) })
    const visitor = await ask(locale, '/api/user.user/detail')
    expect(visitor).toMatchObject({ code: -9999, msg: expected(MSG_LOGIN_REQUIRED, locale) })
    if (locale === 'en' || locale === 'fr' || locale === 'es') expect(visitor.msg).not.toMatch(HAN)
  })

  it('zh-Hant is OpenCC’s Traditional with our glossary, and differs from the Simplified', async () => {
    const visitor = await ask('zh-Hant', '/api/user.user/detail')
    expect(visitor.msg).toBe('請先登入')
    expect(toZhHant(MSG_BUSY)).toBe('服務器繁忙，請稍後再試')
  })

  it.each([
    ['zh-Hans', '手机号码不能为空', '手机号码格式不正确'],
    ['zh-Hant', '手機號碼不能為空', '手機號碼格式不正確'],
    ['en', 'Please fill in: mobile number', 'Mobile number is not in a valid format'],
    ['fr', 'Le champ « numéro de mobile » est obligatoire', 'Le format du champ « numéro de mobile » est incorrect'],
    ['es', 'El campo «número de móvil» es obligatorio', 'El formato del campo «número de móvil» no es válido']
  ] as const)('a refused field is named in %s', async (locale, missing, malformed) => {
    expect(await ask(locale, '/api/sms.index/send', { scene: 'login' })).toMatchObject({ code: 0, msg: missing })
    expect(await ask(locale, '/api/sms.index/send', { mobile: '12', scene: 'login' })).toMatchObject({
      code: 0,
      msg: malformed
    })
  })

  it('a length bound keeps its number and a unit in the language', async () => {
    const res = await ask('en', '/api/sms.index/send', {
      mobile: '13800000000',
      scene: 'login',
      captcha_randstr: 'x'.repeat(129)
    })
    expect(res.msg).toBe('Security check string can be at most 128 characters')
  })

  it('no header, or a language we do not have, answers in Chinese; weights are honoured', async () => {
    expect((await ask(undefined, '/api/no.such/endpoint')).msg).toBe(MSG_NOT_FOUND)
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/no.such/endpoint',
      headers: { 'accept-language': 'de-DE,fr;q=0.5,en;q=0.8' }
    })
    expect(res.json().msg).toBe(GENERIC_MESSAGES[MSG_NOT_FOUND].en)
  })

  it('the operator console stays Chinese whatever its browser asks', async () => {
    const res = await ask('en', '/api/admin/auth/me')
    expect(res.msg).toMatch(HAN)
  })

  it('a message with no translation falls back to Chinese; zh-Hant always converts', () => {
    expect(localizeMessage('这句话还没有译文', 'en')).toBe('这句话还没有译文')
    expect(localizeMessage('这句话还没有译文', 'zh-Hant')).toBe('這句話還沒有譯文')
    expect(localizeMessage('success', 'zh-Hant')).toBe('success')
  })

  it('says MSG_NOT_OWNER as the app’s catalogue does, since the app compares it', () => {
    for (const locale of ['en', 'fr', 'es'] as const)
      expect(GENERIC_MESSAGES[MSG_NOT_OWNER][locale]).toBe(CATALOGUES[locale].states.notOwner)
    expect(toZhHant(MSG_NOT_OWNER)).toBe(CATALOGUES['zh-Hant'].states.notOwner)
    expect(CATALOGUES['zh-Hans'].states.notOwner).toBe(MSG_NOT_OWNER)
  })

  it('has no Han character in any en, fr or es generic message', () => {
    for (const [zh, words] of Object.entries(GENERIC_MESSAGES)) {
      expect(zh).toMatch(HAN)
      for (const text of Object.values(words)) expect(text).not.toMatch(HAN)
    }
  })
})

describe('the app’s catalogues (the mini-program ships zh-Hans alone and asks for the others)', () => {
  it.each(LOCALES)('GET /api/index/catalogue?locale=%s answers that locale’s catalogue', async (locale) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/index/catalogue?locale=${locale}` })
    expect(res.json()).toEqual({ code: 1, msg: 'success', data: CATALOGUES[locale] })
  })

  it('refuses a language we do not have, naming the field in the request’s language', async () => {
    expect(await ask(undefined, '/api/index/catalogue?locale=de')).toMatchObject({
      code: 0,
      msg: expect.stringMatching(/^语言/)
    })
    expect(await ask('en', '/api/index/catalogue')).toMatchObject({ code: 0, msg: expect.stringMatching(/language/i) })
  })
})
