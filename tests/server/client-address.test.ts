import './helpers/native-modules'

import { ConfigError, loadConfig } from '../../server/config'
import { ensureInitialOwner } from '../../server/modules/admin/operators'
import { adminLogin } from './helpers/admin'
import { createTestContext, type TestContext } from './helpers/test-app'

// One nginx in front (TRUST_PROXY=1): the server must see the address nginx appended, whatever the client wrote
// before it in X-Forwarded-For.
let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext({ TRUST_PROXY: '1', SMS_IP_HOURLY_LIMIT: '3' })
  await ensureInitialOwner(ctx.database.db, 'Owner-pass-1')
})
afterAll(() => ctx.close())

/** A request as nginx passes it on: from the loopback, with the client's own X-Forwarded-For and nginx's entry. */
const throughProxy = (url: string, payload: object, forwardedFor: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': forwardedFor }
  })

let forged = 0
/** A different made-up address on every call, as an attacker rotating the left of the header would write. */
const forgedLeft = () => `6.6.${Math.floor(++forged / 250)}.${forged % 250}`

test('TRUST_PROXY is a hop count or a list of proxies; trusting every entry is refused with a clear message', () => {
  expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1)
  expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false)
  expect(loadConfig({}).trustProxy).toBe(false)
  expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toEqual([
    '127.0.0.1',
    '10.0.0.0/8',
    '::1'
  ])
  for (const bad of ['true', 'on', 'maybe', '10.0.0.0/40', '300.1.1.1', '127.0.0.1,']) {
    let error: unknown
    try {
      loadConfig({ TRUST_PROXY: bad })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).problems).toEqual([expect.stringMatching(/^TRUST_PROXY: 必须是反向代理的层数/)])
  }
})

test('the SMS per-address limit counts the client nginx saw, however the forged left part rotates', async () => {
  const send = (mobile: string, forwardedFor: string) =>
    throughProxy('/api/sms.index/send', { mobile, scene: 'login' }, forwardedFor).then((r) => r.json())
  for (let i = 0; i < 3; i++)
    expect(await send(`1390000010${i}`, `${forgedLeft()}, 1.2.3.4`)).toMatchObject({ code: 1 })
  expect(await send('13900000103', `${forgedLeft()}, 1.2.3.4`)).toMatchObject({
    code: 0,
    msg: '获取验证码过于频繁，请稍后再试'
  })
  expect(await send('13900000104', `${forgedLeft()}, ${forgedLeft()}, 1.2.3.4`)).toMatchObject({ code: 0 })
  // Another client behind the same nginx has its own count.
  expect(await send('13900000105', `${forgedLeft()}, 1.2.3.5`)).toMatchObject({ code: 1 })
})

test('the console login limit counts the client nginx saw, however the forged left part rotates', async () => {
  const attempt = (forwardedFor: string) =>
    throughProxy('/api/admin/auth/login', { username: 'admin', password: 'wrong-pass-1' }, forwardedFor).then((r) =>
      r.json()
    )
  for (let i = 0; i < 5; i++) expect((await attempt(`${forgedLeft()}, 5.6.7.8`)).msg).toBe('账号或密码错误')
  expect((await attempt(`${forgedLeft()}, 5.6.7.8`)).msg).toMatch(/^登录失败次数过多，请 \d+ 分钟后再试$/)
  // The owner, behind the same nginx from their own address, is not locked out.
  const owner = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/auth/login',
    payload: { username: 'admin', password: 'Owner-pass-1' },
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': `5.6.7.8, 5.6.7.9` }
  })
  expect(owner.json().code).toBe(1)
})

test('without TRUST_PROXY the header is ignored: the socket is the client', async () => {
  const direct = await createTestContext({ SMS_IP_HOURLY_LIMIT: '1' }, ctx.database)
  try {
    const send = (mobile: string, forwardedFor: string) =>
      direct.app
        .inject({
          method: 'POST',
          url: '/api/sms.index/send',
          payload: { mobile, scene: 'login' },
          remoteAddress: '10.30.0.1',
          headers: { 'x-forwarded-for': forwardedFor }
        })
        .then((r) => r.json())
    expect(await send('13900000201', '9.9.9.1')).toMatchObject({ code: 1 })
    expect(await send('13900000202', '9.9.9.2')).toMatchObject({ code: 0, msg: '获取验证码过于频繁，请稍后再试' })
  } finally {
    await direct.close()
  }
})

test('a request without X-Forwarded-For comes from the socket, behind TRUST_PROXY too', async () => {
  for (let i = 0; i < 5; i++) await adminLogin(ctx.app, 'admin', 'wrong-pass-1', '10.40.0.1')
  expect((await adminLogin(ctx.app, 'admin', 'Owner-pass-1', '10.40.0.1')).msg).toMatch(/^登录失败次数过多/)
  expect((await adminLogin(ctx.app, 'admin', 'Owner-pass-1', '10.40.0.2')).code).toBe(1)
})
