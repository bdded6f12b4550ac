import './helpers/native-modules'

import { eq } from 'drizzle-orm'

import { sealMobile } from '../../server/core/sealed-columns'
import { hashToken } from '../../server/core/tokens'
import { users, userTokens } from '../../server/db/schema'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(() => ctx.close())

describe('authentication', () => {
  test('missing, unknown and expired tokens get -9999', async () => {
    expect(await call(ctx.app, 'GET', '/api/user.user/detail')).toMatchObject({ code: -9999 })
    expect(await call(ctx.app, 'GET', '/api/user.user/detail', {}, 'f'.repeat(64))).toMatchObject({ code: -9999 })
    const { token } = await login(ctx.app, '过期用户')
    await ctx.database.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.tokenHash, hashToken(token)))
    expect(await call(ctx.app, 'GET', '/api/user.user/detail', {}, token)).toMatchObject({ code: -9999 })
  })

  test('the token is accepted as raw header, Bearer header or token param', async () => {
    const { userId, token } = await login(ctx.app, '三种方式')
    const bearer = await ctx.app.inject({
      method: 'GET',
      url: '/api/user.user/detail',
      headers: { authorization: `Bearer ${token}` }
    })
    expect(bearer.json().data.user.user_id).toBe(userId)
    const param = await call(ctx.app, 'GET', '/api/user.user/detail', { token })
    expect(param.data.user.user_id).toBe(userId)
    const body = await call(ctx.app, 'POST', '/api/user.user/checkBindMobile', { token })
    expect(body.code).toBe(1)
  })

  test('banned and deleted accounts get -1 on their tokens', async () => {
    const banned = await login(ctx.app, '被封用户')
    await ctx.database.db.update(users).set({ status: 1 }).where(eq(users.id, banned.userId))
    expect(await call(ctx.app, 'GET', '/api/user.user/detail', {}, banned.token)).toMatchObject({ code: -1 })
    const deleted = await login(ctx.app, '注销用户')
    await ctx.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.userId))
    expect(await call(ctx.app, 'POST', '/api/user.user/updateInfo', { nickname: 'x' }, deleted.token)).toMatchObject({
      code: -1
    })
  })

  test('expiry slides forward on use', async () => {
    const { token } = await login(ctx.app, '续期用户')
    const soon = new Date(Date.now() + 2 * 86_400_000)
    await ctx.database.db
      .update(userTokens)
      .set({ expiresAt: soon })
      .where(eq(userTokens.tokenHash, hashToken(token)))
    await call(ctx.app, 'GET', '/api/user.user/detail', {}, token)
    const [row] = await ctx.database.db
      .select()
      .from(userTokens)
      .where(eq(userTokens.tokenHash, hashToken(token)))
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000)
  })

  test('tokens are stored hashed and never written to the logs', async () => {
    const { token } = await login(ctx.app, '日志用户')
    await call(ctx.app, 'GET', '/api/user.user/detail', { token })
    await call(ctx.app, 'GET', '/api/user.user/detail', {}, token)
    await call(ctx.app, 'POST', '/api/user.user/updateInfo', { token, nickname: '改名' })
    // In the query string however it is spelled: another case, a percent-encoded name, beside other parameters, on a
    // route that does not exist, and in a body that is refused.
    for (const url of [
      `/api/user.user/detail?app_id=10001&token=${token}&client=h5`,
      `/api/user.user/detail?TOKEN=${token}`,
      `/api/user.user/detail?to%6Ben=${token}`,
      `/api/no.such/route?token=${token}#x`,
      `/api/user.user/detail?merge_token=${token}`
    ])
      await ctx.app.inject({ method: 'GET', url })
    await ctx.app.inject({
      method: 'POST',
      url: `/api/user.user/updateInfo?token=${token}`,
      payload: { token, nickname: 'x'.repeat(100) }
    })
    const stored = await ctx.database.db.select({ h: userTokens.tokenHash }).from(userTokens)
    expect(stored.some((r) => r.h === token)).toBe(false)
    expect(ctx.logs.length).toBeGreaterThan(0)
    expect(ctx.logs.join('\n')).not.toContain(token)
  })
})

describe('profile', () => {
  test('detail shows the own profile with a masked mobile', async () => {
    const { userId, token } = await login(ctx.app, '资料用户')
    await ctx.database.db
      .update(users)
      .set(sealMobile(ctx.app.services.dataCipher, '13812345678'))
      .where(eq(users.id, userId))
    const res = await call(ctx.app, 'GET', '/api/user.user/detail', { user_id: 1 }, token)
    expect(res.data.user).toMatchObject({
      user_id: userId,
      nickname: '资料用户',
      mobile: '138****5678',
      gender: 0,
      birthday: '',
      level: 0,
      referee_id: 0
    })
  })

  test('updateInfo changes only the given fields and validates them', async () => {
    const { token } = await login(ctx.app, '修改前')
    const res = await call(
      ctx.app,
      'POST',
      '/api/user.user/updateInfo',
      { nickname: '  修改后 ', gender: 2, birthday: '1990-05-17' },
      token
    )
    expect(res.data.user).toMatchObject({ nickname: '修改后', gender: 2, birthday: '1990-05-17' })
    const avatar = `${ctx.config.publicUrl}/uploads/202501/a.png`
    const again = await call(ctx.app, 'POST', '/api/user.user/updateInfo', { avatar }, token)
    expect(again.data.user).toMatchObject({ nickname: '修改后', avatar })
    const bad = [
      [{ gender: 5 }, '性别'],
      [{ birthday: '1990-13-01' }, '生日'],
      [{ birthday: '2999-01-01' }, '生日'],
      [{ nickname: '长'.repeat(33) }, '昵称'],
      [{ avatar: 'javascript:alert(1)' }, '头像'],
      [{ avatar: 'https://img.example.com/a.png' }, '头像须为上传到本站的图片'],
      [{}, '没有需要修改的内容']
    ] as const
    for (const [params, word] of bad) {
      const r = await call(ctx.app, 'POST', '/api/user.user/updateInfo', params, token)
      expect(r.code).toBe(0)
      expect(r.msg).toContain(word)
    }
  })

  test('user A can never read or change user B', async () => {
    const a = await login(ctx.app, '用户A')
    const b = await login(ctx.app, '用户B')
    const readAsA = await call(ctx.app, 'GET', '/api/user.user/detail', { user_id: b.userId }, a.token)
    expect(readAsA.data.user.user_id).toBe(a.userId)
    await call(ctx.app, 'POST', '/api/user.user/updateInfo', { user_id: b.userId, nickname: '被篡改' }, a.token)
    const bNow = await call(ctx.app, 'GET', '/api/user.user/detail', {}, b.token)
    expect(bNow.data.user.nickname).toBe('用户B')
  })

  test('getFriends pages the users I referred, newest first', async () => {
    const me = await login(ctx.app, '推荐人')
    const names = ['好友1', '好友2', '好友3']
    for (const n of names) await login(ctx.app, n, me.userId)
    await login(ctx.app, '无关用户')
    const page1 = await call(ctx.app, 'GET', '/api/user.user/getFriends', { page: 1, per_page: 2 }, me.token)
    expect(page1.data).toMatchObject({ total: 3, page: 1, per_page: 2, last_page: 2 })
    expect(page1.data.list.map((f: { nickname: string }) => f.nickname)).toEqual(['好友3', '好友2'])
    const page2 = await call(ctx.app, 'GET', '/api/user.user/getFriends', { page: '2', per_page: '2' }, me.token)
    expect(page2.data.list.map((f: { nickname: string }) => f.nickname)).toEqual(['好友1'])
    expect(page2.data.list[0].joined_at).toMatch(/^\d{4}-\d\d-\d\dT/)
    const tooMany = await call(ctx.app, 'GET', '/api/user.user/getFriends', { per_page: 51 }, me.token)
    expect(tooMany).toMatchObject({ code: 0, msg: '每页条数最多 50 条' })
  })
})
