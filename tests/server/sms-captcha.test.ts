import './helpers/native-modules'

import { count, eq } from 'drizzle-orm'

import { mobileLookup } from '../../server/core/sealed-columns'
import { smsCodes } from '../../server/db/schema'
import { MSG_CAPTCHA_FAILED, MSG_CAPTCHA_UNREACHABLE } from '../../server/modules/sms/captcha'
import { listen, tc3Refusal, tencentError } from './helpers/fake-tencent-cloud'
import { createTestContext, login, type TestContext } from './helpers/test-app'

const send = (ctx: TestContext, ip: string, payload: Record<string, unknown>, token?: string) =>
  ctx.app
    .inject({
      method: 'POST',
      url: '/api/sms.index/send',
      payload,
      remoteAddress: ip,
      headers: token ? { authorization: token } : {}
    })
    .then((r) => r.json())

const codesOf = async (ctx: TestContext, mobile: string) =>
  (
    await ctx.database.db
      .select({ n: count() })
      .from(smsCodes)
      .where(eq(smsCodes.mobileHash, mobileLookup(ctx.app.services.dataCipher, mobile)))
  )[0].n

describe('with the simulated check', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext({ SMS_CAPTCHA_AFTER: '2' })
  })
  afterAll(() => ctx.close())

  test('past two codes an hour from one address, the web passes the check first; its ticket then sends', async () => {
    const ip = '203.0.113.7'
    for (const mobile of ['13900000001', '13900000002'])
      expect((await send(ctx, ip, { mobile, scene: 'login' })).data.retry_after).toBe(60)

    const asked = await send(ctx, ip, { mobile: '13900000003', scene: 'login' })
    expect(asked).toEqual({
      code: 1,
      msg: expect.any(String),
      data: { retry_after: 0, captcha: { provider: 'simulator', app_id: 'simulator' } }
    })
    // Nothing was sent, and nothing counts against the number.
    expect(await codesOf(ctx, '13900000003')).toBe(0)

    const forged = { mobile: '13900000003', scene: 'login', captcha_ticket: 'made-up', captcha_randstr: 'x' }
    expect(await send(ctx, ip, forged)).toEqual({ code: 0, msg: MSG_CAPTCHA_FAILED, data: {} })
    expect(await codesOf(ctx, '13900000003')).toBe(0)

    const passed = { ...forged, captcha_ticket: 'simulated:abc123' }
    expect((await send(ctx, ip, passed)).data.retry_after).toBe(60)
    expect(await codesOf(ctx, '13900000003')).toBe(1)

    // Another address starts with its own allowance.
    expect((await send(ctx, '203.0.113.8', { mobile: '13900000004', scene: 'login' })).data.retry_after).toBe(60)
  })

  test('a number that already had two codes today asks for the check from any address', async () => {
    const mobile = '13900000010'
    for (const ip of ['198.51.100.1', '198.51.100.2']) {
      expect((await send(ctx, ip, { mobile, scene: 'login' })).data.retry_after).toBe(60)
      // The minute between two codes of one number, passed.
      await ctx.database.db
        .update(smsCodes)
        .set({ createdAt: new Date(Date.now() - 120_000) })
        .where(eq(smsCodes.mobileHash, mobileLookup(ctx.app.services.dataCipher, mobile)))
    }
    expect((await send(ctx, '198.51.100.3', { mobile, scene: 'login' })).data.captcha).toBeDefined()
  })

  test('a user WeChat logged in needs no check (the mini-program and WeChat’s browser)', async () => {
    const me = await login(ctx.app, '微信用户')
    const ip = '203.0.113.50'
    for (const mobile of ['13900000021', '13900000022', '13900000023', '13900000024'])
      expect((await send(ctx, ip, { mobile, scene: 'bind' }, me.token)).data).toEqual({
        retry_after: 60,
        debug_code: expect.stringMatching(/^\d{6}$/)
      })
  })
})

describe('with Tencent Captcha, against a local stand-in of DescribeCaptchaResult', () => {
  const KEY = { secretId: 'AKIDcaptchaTest01', secretKey: 'captchaCloudKeyForTests01' }
  const APP = { id: '190000001', secret: 'captchaAppSecret01' }
  const seen: Array<Record<string, unknown>> = []
  let fake: Awaited<ReturnType<typeof listen>>
  let down = false
  let ctx: TestContext
  beforeAll(async () => {
    fake = await listen((req, body) => {
      if (down) return { status: 502, json: 'bad gateway' }
      const refused = tc3Refusal(req, body, {
        ...KEY,
        service: 'captcha',
        action: 'DescribeCaptchaResult',
        version: '2019-07-22'
      })
      if (refused) return refused
      const p = JSON.parse(body) as Record<string, unknown>
      seen.push(p)
      if (p.CaptchaAppId !== Number(APP.id) || p.AppSecretKey !== APP.secret)
        return { status: 200, json: { Response: { CaptchaCode: 16, CaptchaMsg: 'appid-ticket mismatch' } } }
      if (p.CaptchaType !== 9 || typeof p.UserIp !== 'string') return tencentError('InvalidParameter', 'params')
      const good = p.Ticket === 'tr0good' && p.Randstr === '@abc'
      return {
        status: 200,
        json: { Response: { CaptchaCode: good ? 1 : 9, CaptchaMsg: good ? 'OK' : 'ticket reused', RequestId: 'r' } }
      }
    })
    ctx = await createTestContext({
      SMS_CAPTCHA_AFTER: '0',
      TENCENT_CAPTCHA_APP_ID: APP.id,
      TENCENT_CAPTCHA_APP_SECRET_KEY: APP.secret,
      TENCENT_CAPTCHA_SECRET_ID: KEY.secretId,
      TENCENT_CAPTCHA_SECRET_KEY: KEY.secretKey,
      TENCENT_CAPTCHA_ENDPOINT: fake.url
    })
  })
  afterAll(async () => {
    await ctx.close()
    await fake.close()
  })

  test('the client is told the app id; a good ticket sends, a reused one is refused, an outage says so', async () => {
    const ip = '192.0.2.9'
    expect((await send(ctx, ip, { mobile: '13700000001', scene: 'login' })).data.captcha).toEqual({
      provider: 'tencent',
      app_id: APP.id
    })
    const good = { mobile: '13700000001', scene: 'login', captcha_ticket: 'tr0good', captcha_randstr: '@abc' }
    expect((await send(ctx, ip, good)).data.retry_after).toBe(60)
    expect(seen.at(-1)).toMatchObject({ UserIp: ip, Ticket: 'tr0good', Randstr: '@abc', CaptchaType: 9 })

    const reused = { ...good, mobile: '13700000002', captcha_ticket: 'tr0old' }
    expect(await send(ctx, ip, reused)).toEqual({ code: 0, msg: MSG_CAPTCHA_FAILED, data: {} })
    expect(await codesOf(ctx, '13700000002')).toBe(0)

    down = true
    expect(await send(ctx, ip, { ...good, mobile: '13700000003' })).toEqual({
      code: 0,
      msg: MSG_CAPTCHA_UNREACHABLE,
      data: {}
    })
    down = false
  })
})
