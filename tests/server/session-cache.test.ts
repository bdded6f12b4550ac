import './helpers/native-modules'

import { eq } from 'drizzle-orm'

import { SessionCache } from '../../server/core/session-cache'
import type { AuthUser } from '../../server/core/sessions'
import { hashToken } from '../../server/core/tokens'
import { users, userTokens } from '../../server/db/schema'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

const user = (id: number) => ({ id, nickname: `用户${id}` }) as AuthUser

describe('the users of recent reads kept in memory', () => {
  const now = 1_000_000
  let cache: SessionCache
  beforeEach(() => {
    cache = new SessionCache(30_000, 3)
    cache.setListening(true)
  })

  test('an entry lasts its lifetime, never past its token', () => {
    cache.set('a', user(1), now + 60_000, now, cache.mark)
    cache.set('b', user(2), now + 5_000, now, cache.mark)
    expect(cache.get('a', now + 29_999)?.id).toBe(1)
    expect(cache.get('a', now + 30_000)).toBeUndefined()
    expect(cache.get('b', now + 4_999)?.id).toBe(2)
    expect(cache.get('b', now + 5_000)).toBeUndefined()
  })

  test("a notice drops a user's every token, or one token, or all", () => {
    cache.set('a', user(1), now + 60_000, now, cache.mark)
    cache.set('a2', user(1), now + 60_000, now, cache.mark)
    cache.set('b', user(2), now + 60_000, now, cache.mark)
    cache.changed('u:1')
    expect([cache.get('a', now), cache.get('a2', now), cache.get('b', now)?.id]).toEqual([undefined, undefined, 2])
    cache.changed(`t:b`)
    expect(cache.get('b', now)).toBeUndefined()
    cache.set('c', user(3), now + 60_000, now, cache.mark)
    cache.changed(undefined)
    expect(cache.size).toBe(0)
  })

  test('a user read before a notice is not kept after it', () => {
    const mark = cache.mark
    cache.changed('u:9')
    cache.set('a', user(1), now + 60_000, now, mark)
    expect(cache.get('a', now)).toBeUndefined()
  })

  test('nothing is kept or served while notices cannot be heard', () => {
    cache.set('a', user(1), now + 60_000, now, cache.mark)
    cache.setListening(false)
    expect(cache.get('a', now)).toBeUndefined()
    cache.set('a', user(1), now + 60_000, now, cache.mark)
    cache.setListening(true)
    expect(cache.get('a', now)).toBeUndefined()
  })

  test('the oldest entry makes room, and a kept user cannot be changed by a handler', () => {
    for (const id of [1, 2, 3, 4]) cache.set(`t${id}`, user(id), now + 60_000, now, cache.mark)
    expect(cache.size).toBe(3)
    expect(cache.get('t1', now)).toBeUndefined()
    expect(() => {
      cache.get('t4', now)!.nickname = '改'
    }).toThrow(TypeError)
  })
})

describe('reads served from memory see every change at once', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext()
  })
  afterAll(() => ctx.close())

  const detail = (token: string) => call(ctx.app, 'GET', '/api/user.user/detail', {}, token)

  test('a read keeps its user in memory; a write checks the database and keeps nothing', async () => {
    const reader = await login(ctx.app, '缓存用户')
    await detail(reader.token)
    expect(ctx.app.sessions.get(hashToken(reader.token), Date.now())?.nickname).toBe('缓存用户')
    const writer = await login(ctx.app, '只写用户')
    expect((await call(ctx.app, 'POST', '/api/user.user/checkBindMobile', {}, writer.token)).code).toBe(1)
    expect(ctx.app.sessions.get(hashToken(writer.token), Date.now())).toBeUndefined()
  })

  test('a profile changed by any code path shows on the next read', async () => {
    const { userId, token } = await login(ctx.app, '改名前')
    expect((await detail(token)).data.user.nickname).toBe('改名前')
    await ctx.database.db.update(users).set({ nickname: '改名后' }).where(eq(users.id, userId))
    expect((await detail(token)).data.user.nickname).toBe('改名后')
    await ctx.database.executeSql(`update users set nickname = '再改名' where id = $1`, [userId])
    expect((await detail(token)).data.user.nickname).toBe('再改名')
  })

  test('a banned account and a deleted token are refused on the next read', async () => {
    const banned = await login(ctx.app, '缓存封号')
    expect((await detail(banned.token)).code).toBe(1)
    await ctx.database.db.update(users).set({ status: 1 }).where(eq(users.id, banned.userId))
    expect((await detail(banned.token)).code).toBe(-1)

    const out = await login(ctx.app, '缓存退出')
    expect((await detail(out.token)).code).toBe(1)
    await ctx.database.db.delete(userTokens).where(eq(userTokens.tokenHash, hashToken(out.token)))
    expect((await detail(out.token)).code).toBe(-9999)
  })

  test('a token cut short is refused on the next read', async () => {
    const { token } = await login(ctx.app, '缓存过期')
    expect((await detail(token)).code).toBe(1)
    await ctx.database.executeSql(
      `update user_tokens set expires_at = now() - interval '1 second' where token_hash = $1`,
      [hashToken(token)]
    )
    expect((await detail(token)).code).toBe(-9999)
  })
})
