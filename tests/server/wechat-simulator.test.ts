import './helpers/native-modules'

import { eq } from 'drizzle-orm'

import { users, wechatAccounts, wechatSimCodes } from '../../server/db/schema'
import { bindReferrer } from '../../server/modules/user/referrer'
import { MSG_FOREIGN_REDIRECT } from '../../server/modules/wechat'
import { signJsapi } from '../../server/modules/wechat/jssdk'
import { appendQuery } from '../../server/modules/wechat/redirect'
import { call, createTestContext, login, simulatorOauthCode, type TestContext } from './helpers/test-app'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(() => ctx.close())

describe('WeChat OAuth simulator', () => {
  test('the authorize page lists the test users and a form to create one', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/wechat.simulator/authorize',
      query: {
        appid: 'x',
        redirect_uri: 'http://127.0.0.1:3999/#/pages/my/my',
        response_type: 'code',
        scope: 'snsapi_userinfo',
        state: 'abc'
      }
    })
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.body).toContain('清风明月')
    expect(res.body).toContain('新建测试用户')
    expect(res.body).toContain('value="http://127.0.0.1:3999/#/pages/my/my"')
  })

  test('choosing a user redirects with code and state before the hash, as WeChat does', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/wechat.simulator/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload:
        'openid=sim_o_qingfeng&state=st1&redirect_uri=' +
        encodeURIComponent('http://127.0.0.1:3999/?from=x#/pages/my/my')
    })
    expect(res.statusCode).toBe(302)
    expect(String(res.headers.location)).toMatch(
      /^http:\/\/127\.0\.0\.1:3999\/\?from=x&code=[0-9a-f]{32}&state=st1#\/pages\/my\/my$/
    )
  })

  test.each([
    ['another site', 'https://evil.example.com/#/pages/my/my'],
    ['another port of this host', 'http://127.0.0.1:4000/'],
    ['a look-alike host', 'http://127.0.0.1.evil.example.com:3999/'],
    ['this host over another scheme', 'https://127.0.0.1:3999/']
  ])('the simulator never hands a code to %s', async (_what, target) => {
    const before = (await ctx.database.db.select().from(wechatSimCodes)).length
    const page = await ctx.app.inject({
      method: 'GET',
      url: '/api/wechat.simulator/authorize',
      query: { redirect_uri: target, state: 'abc' }
    })
    expect(page.json()).toMatchObject({ code: 0, msg: MSG_FOREIGN_REDIRECT })
    const chosen = await ctx.app.inject({
      method: 'POST',
      url: '/api/wechat.simulator/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'openid=sim_o_qingfeng&state=st1&redirect_uri=' + encodeURIComponent(target)
    })
    expect(chosen.statusCode).toBe(200)
    expect(chosen.headers.location).toBeUndefined()
    expect(chosen.json()).toMatchObject({ code: 0, msg: MSG_FOREIGN_REDIRECT })
    expect(await ctx.database.db.select().from(wechatSimCodes)).toHaveLength(before)
  })

  test('the address the request itself came to counts as this server', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/wechat.simulator/authorize',
      headers: { host: 'yixue.test:8080', 'content-type': 'application/x-www-form-urlencoded' },
      payload:
        'openid=sim_o_qingfeng&state=st1&redirect_uri=' + encodeURIComponent('http://yixue.test:8080/#/pages/my/my')
    })
    expect(res.statusCode).toBe(302)
    expect(String(res.headers.location)).toMatch(
      /^http:\/\/yixue\.test:8080\/\?code=[0-9a-f]{32}&state=st1#\/pages\/my\/my$/
    )
  })

  test('appendQuery keeps the hash last', () => {
    expect(appendQuery('http://a.cn/p#/x?y=1', { code: 'c', state: 's' })).toBe('http://a.cn/p?code=c&state=s#/x?y=1')
    expect(appendQuery('http://a.cn/p?', { code: 'c' })).toBe('http://a.cn/p?code=c')
  })

  test('an OAuth code logs in once, with the profile; a reused or expired code is refused', async () => {
    const code = await simulatorOauthCode(ctx.app, { openid: 'sim_o_ziwei' })
    const first = await call(ctx.app, 'POST', '/api/wechat.index/mpLogin', { code, client: 'h5' })
    expect(first.code).toBe(1)
    expect(first.data.token).toMatch(/^[0-9a-f]{64}$/)
    const profile = await call(ctx.app, 'GET', '/api/user.user/detail', {}, first.data.token)
    expect(profile.data.user.nickname).toBe('紫微星')
    expect(await call(ctx.app, 'POST', '/api/wechat.index/mpLogin', { code, client: 'h5' })).toMatchObject({ code: 0 })
    const stale = await simulatorOauthCode(ctx.app, { openid: 'sim_o_ziwei' })
    await ctx.database.db
      .update(wechatSimCodes)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(wechatSimCodes.code, stale))
    expect(await call(ctx.app, 'POST', '/api/wechat.index/mpLogin', { code: stale, client: 'h5' })).toMatchObject({
      code: 0
    })
    // An OAuth code is not a mini-program code.
    const oauth = await simulatorOauthCode(ctx.app, { openid: 'sim_o_ziwei' })
    expect(await call(ctx.app, 'POST', '/api/wechat.index/mpLogin', { code: oauth, client: 'wxapp' })).toMatchObject({
      code: 0
    })
  })

  test('one person in mini-program and official account is one account; session_key stays server-side', async () => {
    const h5 = await call(ctx.app, 'POST', '/api/wechat.index/mpLogin', {
      code: await simulatorOauthCode(ctx.app, { openid: 'sim_o_qingnang' }),
      client: 'h5'
    })
    const mpCode = await call(ctx.app, 'POST', '/api/wechat.simulator/mpCode', { openid: 'sim_o_qingnang' })
    const mp = await call(ctx.app, 'POST', '/api/wechat.index/mpLogin', { code: mpCode.data.code, client: 'wxapp' })
    expect(mp.data.user_id).toBe(h5.data.user_id)
    expect(Object.keys(mp.data).sort()).toEqual(['token', 'user_id'])
    const rows = await ctx.database.db.select().from(wechatAccounts).where(eq(wechatAccounts.userId, mp.data.user_id))
    expect(rows.map((r) => r.appId).sort()).toEqual([ctx.config.wechat.appId, ctx.config.wechat.mpAppId].sort())
    expect(rows.find((r) => r.appId === ctx.config.wechat.mpAppId)?.sessionKey).toBeTruthy()
  })

  test('a web client cannot use a WeChat code', async () => {
    const r = await call(ctx.app, 'POST', '/api/wechat.index/mpLogin', { code: 'x', client: 'web' })
    expect(r).toMatchObject({ code: 0, msg: '客户端不正确' })
  })
})

describe('referrer binding', () => {
  test('a first login binds the referrer and keeps its parent; a later login never rebinds', async () => {
    const grand = await login(ctx.app, '祖级')
    const parent = await login(ctx.app, '父级', grand.userId)
    const child = await login(ctx.app, '子级', parent.userId)
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, child.userId))
    expect([row.refereeId, row.refereeParentId]).toEqual([parent.userId, grand.userId])
    const other = await login(ctx.app, '其他人')
    const again = await call(ctx.app, 'POST', '/api/wechat.index/mpLogin', {
      code: await simulatorOauthCode(ctx.app, {
        openid: (await ctx.database.db.select().from(wechatAccounts).where(eq(wechatAccounts.userId, child.userId)))[0]
          .openid
      }),
      client: 'h5',
      referee_id: other.userId
    })
    expect(again.data.user_id).toBe(child.userId)
    const [after] = await ctx.database.db.select().from(users).where(eq(users.id, child.userId))
    expect(after.refereeId).toBe(parent.userId)
  })

  test('never oneself, never a cycle, never a banned or unknown referrer, never rebound', async () => {
    const a = await login(ctx.app, '甲')
    const b = await login(ctx.app, '乙', a.userId)
    const db = ctx.database.db
    expect(await bindReferrer(db, a.userId, a.userId)).toBe(false)
    expect(await bindReferrer(db, a.userId, b.userId)).toBe(false) // b -> a already: a -> b would be a cycle
    expect(await bindReferrer(db, a.userId, 987654)).toBe(false)
    const c = await login(ctx.app, '丙')
    await db.update(users).set({ status: 1 }).where(eq(users.id, c.userId))
    expect(await bindReferrer(db, a.userId, c.userId)).toBe(false)
    const d = await login(ctx.app, '丁')
    expect(await bindReferrer(db, b.userId, d.userId)).toBe(false) // b is bound to a already
    expect(await bindReferrer(db, a.userId, d.userId)).toBe(true)
    const [aRow] = await db.select().from(users).where(eq(users.id, a.userId))
    expect(aRow.refereeId).toBe(d.userId)
  })

  test('a malformed referee_id is ignored rather than blocking login', async () => {
    const r = await call(ctx.app, 'POST', '/api/wechat.index/mpLogin', {
      code: await simulatorOauthCode(ctx.app, { nickname: '乱码推荐' }),
      client: 'h5',
      referee_id: 'abc'
    })
    expect(r.code).toBe(1)
  })
})

describe('JS-SDK signature', () => {
  test('matches the published example of the WeChat JS-SDK documentation (appendix 1)', () => {
    // developers.weixin.qq.com/doc/offiaccount/OA_Web_Apps/JS-SDK.html, 附录1 签名算法 example.
    const ticket = 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg'
    expect(signJsapi(ticket, 'Wm3WZYTPz0wzccnW', 1414587457, 'http://mp.weixin.qq.com?params=value')).toBe(
      '0f9de62fce790f9a083d5c99e95740ceb90c27ed'
    )
    expect(signJsapi(ticket, 'Wm3WZYTPz0wzccnW', 1414587457, 'http://mp.weixin.qq.com?params=value#/pages/x')).toBe(
      '0f9de62fce790f9a083d5c99e95740ceb90c27ed'
    )
  })

  test('wxSign answers the four fields; the url must be http(s)', async () => {
    const r = await call(ctx.app, 'POST', '/api/wechat.index/wxSign', {
      url: 'http://127.0.0.1:3999/?a=1#/pages/my/my'
    })
    expect(r.code).toBe(1)
    expect(r.data.appId).toBe(ctx.config.wechat.appId)
    expect(r.data.nonceStr).toMatch(/^[A-Za-z0-9]{16}$/)
    expect(Math.abs(r.data.timestamp - Date.now() / 1000)).toBeLessThan(5)
    expect(r.data.signature).toMatch(/^[0-9a-f]{40}$/)
    expect(await call(ctx.app, 'POST', '/api/wechat.index/wxSign', { url: 'javascript:alert(1)' })).toMatchObject({
      code: 0,
      msg: '页面地址格式不正确'
    })
  })

  test('without a mini-program there is no mini-program code: the poster falls back to the QR', async () => {
    const inviter = await login(ctx.app, '无小程序')
    expect(await call(ctx.app, 'GET', '/api/user.invite/mpCode', {}, inviter.token)).toEqual({
      code: 1,
      msg: expect.any(String),
      data: { url: null }
    })
  })
})
