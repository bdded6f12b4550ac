import './helpers/native-modules'

import { eq } from 'drizzle-orm'

import { adminSessions } from '../../server/db/schema'
import { SESSION_HOURS, SESSION_MAX_HOURS } from '../../server/modules/admin/sessions'
import { ownerClient } from './helpers/admin'
import { createTestContext, type TestContext } from './helpers/test-app'

const HOUR = 3_600_000
let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(() => ctx.close())

/** The one session of the test's owner, and a way to age it. */
async function session() {
  const [row] = await ctx.database.db.select().from(adminSessions)
  return row
}
const age = (set: Partial<typeof adminSessions.$inferInsert>) => ctx.database.db.update(adminSessions).set(set)

async function bell(cookie: string, background: boolean) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/admin/notice/unread',
    headers: { cookie, ...(background ? { 'x-background': '1' } : {}) }
  })
  return res.json()
}

test(`a console left open with only the bell polling ends ${SESSION_HOURS} h after the last action`, async () => {
  await ctx.database.db.delete(adminSessions)
  const owner = await ownerClient(ctx.app, ctx.database.db)
  // Eleven and a half hours idle: half an hour left.
  await age({ expiresAt: new Date(Date.now() + HOUR / 2) })
  const left = (await session()).expiresAt.getTime()

  expect((await bell(owner.cookie, true)).code).toBe(1)
  expect((await session()).expiresAt.getTime()).toBe(left)

  // When the half hour has passed, the poll finds the session over, as the operator will.
  await age({ expiresAt: new Date(Date.now() - 1000) })
  expect((await bell(owner.cookie, true)).code).toBe(-9999)
})

test('what the operator does slides the session; the same read without the header counts as activity', async () => {
  await ctx.database.db.delete(adminSessions)
  const owner = await ownerClient(ctx.app, ctx.database.db)
  await age({ expiresAt: new Date(Date.now() + HOUR / 2) })
  expect((await bell(owner.cookie, false)).code).toBe(1)
  const expires = (await session()).expiresAt.getTime()
  expect(expires).toBeGreaterThan(Date.now() + (SESSION_HOURS - 0.1) * HOUR)
})

test(`however busy, a console session ends ${SESSION_MAX_HOURS} hours after login`, async () => {
  await ctx.database.db.delete(adminSessions)
  const owner = await ownerClient(ctx.app, ctx.database.db)
  const row = await session()
  const loggedIn = Date.now() - (SESSION_MAX_HOURS - 2) * HOUR
  await ctx.database.db
    .update(adminSessions)
    .set({ createdAt: new Date(loggedIn), expiresAt: new Date(Date.now() + HOUR / 4) })
    .where(eq(adminSessions.id, row.id))
  expect((await owner.get('/auth/me')).code).toBe(1)
  expect((await session()).expiresAt.getTime()).toBe(loggedIn + SESSION_MAX_HOURS * HOUR)
})
