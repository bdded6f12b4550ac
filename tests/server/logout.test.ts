import './helpers/native-modules'

import { eq } from 'drizzle-orm'

import { issueToken, SESSION_MAX_DAYS } from '../../server/core/sessions'
import { hashToken } from '../../server/core/tokens'
import type { Database } from '../../server/db/database'
import { userTokens } from '../../server/db/schema'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'
import { openTestDatabase } from './helpers/test-db'

const DAY = 86_400_000

// Two server processes on one database, each keeping the users of recent reads in memory (session-cache.ts).
let database: Database
let one: TestContext
let two: TestContext
beforeAll(async () => {
  database = await openTestDatabase('seeded')
  one = await createTestContext({}, database)
  two = await createTestContext({}, database)
})
afterAll(async () => {
  await two.close()
  await one.close()
  await database.close()
})

const detail = (ctx: TestContext, token: string) => call(ctx.app, 'GET', '/api/user.user/detail', {}, token)
const tokenRow = async (token: string) =>
  (
    await database.db
      .select()
      .from(userTokens)
      .where(eq(userTokens.tokenHash, hashToken(token)))
  )[0]
/** Notices reach the other process a turn or two of the event loop later. */
async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 50 && !(await check()); i++) await new Promise((r) => setTimeout(r, 20))
}

test('after logout the token is refused on a logged-in read, in this process and in the other one', async () => {
  const me = await login(one.app, '退出用户')
  // Both processes have this user in memory now.
  expect((await detail(one, me.token)).code).toBe(1)
  expect((await detail(two, me.token)).code).toBe(1)
  expect(two.app.sessions.get(hashToken(me.token), Date.now())).toBeDefined()

  expect(await call(one.app, 'POST', '/api/user.user/logout', {}, me.token)).toEqual({
    code: 1,
    msg: 'success',
    data: {}
  })
  expect(await tokenRow(me.token)).toBeUndefined()
  expect((await detail(one, me.token)).code).toBe(-9999)
  await eventually(async () => two.app.sessions.get(hashToken(me.token), Date.now()) === undefined)
  expect((await detail(two, me.token)).code).toBe(-9999)
  // Logging out again, or with a token that never was, is already done.
  expect((await call(two.app, 'POST', '/api/user.user/logout', {}, me.token)).code).toBe(1)
  expect((await call(two.app, 'POST', '/api/user.user/logout', {})).code).toBe(1)
})

test('logout ends only its own login: the same user on another phone stays logged in', async () => {
  const first = await login(one.app, '两部手机')
  const second = await issueToken(database.db, first.userId, 30)
  // The token may come as the spec's parameter too.
  expect((await call(two.app, 'POST', '/api/user.user/logout', { token: first.token })).code).toBe(1)
  expect((await detail(one, first.token)).code).toBe(-9999)
  expect((await detail(two, second.token)).code).toBe(1)
})

test(`a login older than ${SESSION_MAX_DAYS} days is refused even if it was used every day`, async () => {
  const me = await login(one.app, '长期用户')
  // Made 91 days ago and used yesterday: the sliding expiry is still weeks away.
  await database.db
    .update(userTokens)
    .set({ createdAt: new Date(Date.now() - (SESSION_MAX_DAYS + 1) * DAY), expiresAt: new Date(Date.now() + 29 * DAY) })
    .where(eq(userTokens.tokenHash, hashToken(me.token)))
  expect((await detail(one, me.token)).code).toBe(-9999)
  expect((await call(two.app, 'POST', '/api/user.user/updateInfo', { nickname: '还在吗' }, me.token)).code).toBe(-9999)
})

test('using a login slides its expiry, but never past its maximum age', async () => {
  const me = await login(one.app, '快到期')
  const createdAt = new Date(Date.now() - (SESSION_MAX_DAYS - 2) * DAY)
  await database.db
    .update(userTokens)
    .set({ createdAt, expiresAt: new Date(Date.now() + DAY / 2) })
    .where(eq(userTokens.tokenHash, hashToken(me.token)))
  expect((await call(one.app, 'POST', '/api/user.user/checkBindMobile', {}, me.token)).code).toBe(1)
  const row = await tokenRow(me.token)
  expect(row.expiresAt.getTime()).toBe(createdAt.getTime() + SESSION_MAX_DAYS * DAY)
})
