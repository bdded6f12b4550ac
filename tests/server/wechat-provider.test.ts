import './helpers/native-modules'

import { eq } from 'drizzle-orm'

import { wechatTokens } from '../../server/db/schema'
import { signJsapi } from '../../server/modules/wechat/jssdk'
import { SharedToken } from '../../server/modules/wechat/shared-token'
import { wechatApi } from '../../server/modules/wechat/wechat-api'
import { fakeWechat, fakeWechatConstants } from './helpers/fake-wechat'
import { call, createTestContext, type TestContext } from './helpers/test-app'

const fake = fakeWechat()
const { hits, codeRequests } = fake
const { TICKET, CODE_IMAGE } = fakeWechatConstants

let ctx: TestContext
beforeAll(async () => {
  const base = await fake.listen()
  ctx = await createTestContext({
    WECHAT_APP_ID: 'wxoa',
    WECHAT_APP_SECRET: 'oasecret',
    WECHAT_MP_APP_ID: 'wxmp',
    WECHAT_MP_APP_SECRET: 'mpsecret',
    WECHAT_API_BASE: base,
    // Real WeChat makes WeChat Pay the default; this file is about login, so the sandbox is chosen.
    PAY_PROVIDER: 'sandbox'
  })
})
afterAll(async () => {
  await ctx.close()
  await fake.close()
})

test('with an app configured the provider is WeChat and the simulator is gone', async () => {
  const cfg = await call(ctx.app, 'GET', '/api/index/config')
  expect(cfg.data.oauth_authorize_url).toBe('https://open.weixin.qq.com/connect/oauth2/authorize')
  expect(cfg.data.wechat_app_id).toBe('wxoa')
  expect(await call(ctx.app, 'POST', '/api/wechat.simulator/mpCode', {})).toMatchObject({ code: 0, msg: '接口不存在' })
})

test('an official-account code becomes an account with the WeChat profile', async () => {
  const r = await call(ctx.app, 'POST', '/api/wechat.index/mpLogin', { code: 'oa-good', client: 'h5' })
  expect(r.code).toBe(1)
  const me = await call(ctx.app, 'GET', '/api/user.user/detail', {}, r.data.token)
  expect(me.data.user).toMatchObject({ nickname: '微信真名', avatar: 'https://thirdwx.qlogo.cn/a/132', gender: 1 })
})

test('a mini-program code is exchanged as jscode2session and lands on the same unionid account', async () => {
  const h5 = await call(ctx.app, 'POST', '/api/wechat.index/mpLogin', { code: 'oa-good', client: 'h5' })
  const mp = await call(ctx.app, 'POST', '/api/wechat.index/mpLogin', { code: 'mp-good', client: 'wxapp' })
  expect(mp.code).toBe(1)
  expect(mp.data.user_id).toBe(h5.data.user_id)
  expect(JSON.stringify(mp)).not.toContain('SESSIONKEY')
})

test('a bad code is a clear message', async () => {
  expect(await call(ctx.app, 'POST', '/api/wechat.index/mpLogin', { code: 'nope', client: 'wxapp' })).toEqual({
    code: 0,
    msg: '微信登录凭证无效或已使用，请重新登录',
    data: {}
  })
})

test('wxSign uses the real ticket, fetched once and cached', async () => {
  const before = hits.filter((h) => h.startsWith('/cgi-bin')).length
  const url = 'http://h5.example.com/?a=1#/pages/my/my'
  const one = await call(ctx.app, 'POST', '/api/wechat.index/wxSign', { url })
  const two = await call(ctx.app, 'POST', '/api/wechat.index/wxSign', { url })
  for (const r of [one, two]) {
    expect(r.data.appId).toBe('wxoa')
    expect(r.data.signature).toBe(signJsapi(TICKET, r.data.nonceStr, r.data.timestamp, 'http://h5.example.com/?a=1'))
  }
  expect(hits.filter((h) => h.startsWith('/cgi-bin')).length - before).toBe(2)
})

describe('tokens shared by every server process (kept in the database)', () => {
  /** Another server process: its own provider object, the same database. */
  const process2 = () => wechatApi({ ...ctx.config.wechat }, ctx.database.db)
  const count = (path: string) => hits.filter((h) => h === path).length

  test('processes asking at once fetch one access token and one ticket between them', async () => {
    await ctx.database.db.delete(wechatTokens)
    const [tokens, tickets] = [count('/cgi-bin/token'), count('/cgi-bin/ticket/getticket')]
    const got = await Promise.all(
      [process2(), process2(), process2()].flatMap((p) => [p.jsapiTicket(), p.jsapiTicket()])
    )
    expect(new Set(got)).toEqual(new Set([TICKET]))
    expect(count('/cgi-bin/token') - tokens).toBe(1)
    expect(count('/cgi-bin/ticket/getticket') - tickets).toBe(1)
  })

  test('a process that read the row before another stored a fresh value takes no lease to fetch one more', async () => {
    const name = 'access_token:race'
    await ctx.database.db.delete(wechatTokens).where(eq(wechatTokens.name, name))
    let fetched = 0
    const processWith = (value: string) =>
      new SharedToken(ctx.database.db, name, async () => {
        fetched++
        return { value, ttlSeconds: 7200 }
      })
    expect(await processWith('first').get()).toBe('first')
    // The step the other process takes next, having found the row still empty a moment before: it
    // must not fetch, as a new access token invalidates the one just stored ...
    const late = processWith('second') as unknown as { takeLease(bad?: string): Promise<boolean> }
    expect(await late.takeLease(undefined)).toBe(false)
    // ... while a value WeChat refused may still be replaced.
    expect(await late.takeLease('first')).toBe(true)
    expect(fetched).toBe(1)
  })

  test('a token WeChat refuses (replaced elsewhere) is fetched anew once and the call retried', async () => {
    await ctx.database.db
      .update(wechatTokens)
      .set({ value: 'replaced-at' })
      .where(eq(wechatTokens.name, 'access_token:wxoa'))
    await ctx.database.db.delete(wechatTokens).where(eq(wechatTokens.name, 'jsapi_ticket:wxoa'))
    const [tokens, tickets] = [count('/cgi-bin/token'), count('/cgi-bin/ticket/getticket')]
    expect(await process2().jsapiTicket()).toBe(TICKET)
    expect(count('/cgi-bin/token') - tokens).toBe(1)
    expect(count('/cgi-bin/ticket/getticket') - tickets).toBe(2)
    const [row] = await ctx.database.db.select().from(wechatTokens).where(eq(wechatTokens.name, 'access_token:wxoa'))
    expect(row.value).toBe('app-at')
    expect(row.leaseUntil).toBeNull()
  })
})

/** A mini-program user (each code its own openid); the test has no simulator to log in through. */
async function mpUser(code: string): Promise<{ userId: number; token: string }> {
  const r = await call(ctx.app, 'POST', '/api/wechat.index/mpLogin', { code, client: 'wxapp' })
  expect(r.code).toBe(1)
  return { userId: r.data.user_id, token: r.data.token }
}

test('the invitation poster gets a mini-program code carrying the user as referrer, asked of WeChat once', async () => {
  const inviter = await mpUser('mp-user-inviter')
  const first = await call(ctx.app, 'GET', '/api/user.invite/mpCode', {}, inviter.token)
  expect(first.code).toBe(1)
  expect(first.data.url).toMatch(/\/uploads\/wxacode\/.+\.png$/)
  expect(codeRequests.at(-1)).toMatchObject({
    scene: `referee_id=${inviter.userId}`,
    page: 'pages/v2index/index',
    env_version: 'release',
    check_path: true
  })

  const image = await ctx.app.inject({ method: 'GET', url: new URL(first.data.url).pathname })
  expect(image.statusCode).toBe(200)
  expect(image.rawPayload.equals(CODE_IMAGE)).toBe(true)

  const asked = codeRequests.length
  const again = await call(ctx.app, 'GET', '/api/user.invite/mpCode', {}, inviter.token)
  expect(again.data.url).toBe(first.data.url)
  expect(codeRequests.length).toBe(asked)
})

test('a revoked mini-program access token is fetched anew and the code still comes back', async () => {
  const inviter = await mpUser('mp-user-revoked')
  fake.revokeNextMpToken = true
  const r = await call(ctx.app, 'GET', '/api/user.invite/mpCode', {}, inviter.token)
  expect(r.code).toBe(1)
  expect(r.data.url).toMatch(/wxacode/)
})

test('the mini-program code needs login', async () => {
  expect((await call(ctx.app, 'GET', '/api/user.invite/mpCode', {})).code).toBe(-9999)
})
