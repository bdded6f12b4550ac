import './helpers/native-modules'

import { eq, sql } from 'drizzle-orm'

import { MSG_TOO_FREQUENT } from '../../server/core/rate-limit'
import type { Database } from '../../server/db/database'
import { pageViews, rateLimits } from '../../server/db/schema'
import { createTestContext, type TestContext } from './helpers/test-app'
import { openTestDatabase } from './helpers/test-db'

// Two server processes on one database, each allowing 5 writes without a login per address and minute.
let database: Database
let one: TestContext
let two: TestContext
beforeAll(async () => {
  database = await openTestDatabase()
  one = await createTestContext({ PUBLIC_WRITE_IP_LIMIT: '5' }, database)
  two = await createTestContext({ PUBLIC_WRITE_IP_LIMIT: '5' }, database)
})
afterAll(async () => {
  await two.close()
  await one.close()
  await database.close()
})

const post = async (ctx: TestContext, url: string, payload: object, ip: string) =>
  (await ctx.app.inject({ method: 'POST', url: `/api/${url}`, payload, remoteAddress: ip })).json()
/** Limits count per clock minute: a test that counts starts with at least 10 s of its minute left. */
async function awayFromMinuteEdge() {
  const left = 60_000 - (Date.now() % 60_000)
  if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 50))
}
const viewsFrom = async (ip: string) => (await database.db.select().from(pageViews).where(eq(pageViews.ip, ip))).length

test('page views past the limit go unrecorded, with no error on the page; another address is unaffected', async () => {
  await awayFromMinuteEdge()
  for (let i = 0; i < 8; i++)
    expect(await post(one, 'index/pageView', { path: `/pages/index/index?i=${i}` }, '10.20.0.1')).toMatchObject({
      code: 1
    })
  expect(await viewsFrom('10.20.0.1')).toBe(5)
  expect(await post(one, 'index/pageView', { path: '/pages/index/index' }, '10.20.0.2')).toMatchObject({ code: 1 })
  expect(await viewsFrom('10.20.0.2')).toBe(1)
})

test('the limit holds across server processes and under a burst of concurrent requests', async () => {
  await awayFromMinuteEdge()
  const burst = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      post(i % 2 ? one : two, 'index/pageView', { path: '/pages/my/my' }, '10.20.0.3')
    )
  )
  expect(burst.every((r) => r.code === 1)).toBe(true)
  expect(await viewsFrom('10.20.0.3')).toBe(5)
})

test('logins without a session (WeChat, simulator, SMS) are refused past the limit with a clear message', async () => {
  await awayFromMinuteEdge()
  const ip = '10.20.0.4'
  // Five attempts of any login kind use up the address's minute, whichever process answers.
  expect(await post(one, 'wechat.index/mpLogin', { code: 'nonsense', client: 'wxapp' }, ip)).toMatchObject({ code: 0 })
  expect(await post(two, 'user.user/mobileLogin', { mobile: '13900001111', sms_code: '123456' }, ip)).toMatchObject({
    code: 0,
    msg: '验证码已失效，请重新获取'
  })
  expect(await post(one, 'wechat.simulator/mpCode', {}, ip)).toMatchObject({ code: 1 })
  expect(await post(two, 'wechat.simulator/mpCode', {}, ip)).toMatchObject({ code: 1 })
  expect(await post(one, 'wechat.index/mpLogin', { code: 'nonsense', client: 'h5' }, ip)).toMatchObject({ code: 0 })
  for (const [ctx, url, payload] of [
    [two, 'wechat.index/mpLogin', { code: 'x', client: 'wxapp' }],
    [one, 'user.user/mobileLogin', { mobile: '13900001111', sms_code: '123456' }],
    [two, 'wechat.simulator/mpCode', {}]
  ] as const) {
    expect(await post(ctx, url, payload, ip)).toEqual({ code: 0, msg: MSG_TOO_FREQUENT, data: expect.anything() })
  }
  const simulator = await one.app.inject({
    method: 'POST',
    url: '/api/wechat.simulator/authorize',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'nickname=test&state=s&redirect_uri=' + encodeURIComponent('http://127.0.0.1:3999/'),
    remoteAddress: ip
  })
  expect(simulator.json()).toMatchObject({ code: 0, msg: MSG_TOO_FREQUENT })
  // Another address logs in as usual.
  expect(await post(two, 'wechat.simulator/mpCode', {}, '10.20.0.5')).toMatchObject({ code: 1 })
})

test('the next minute the address may write again', async () => {
  await database.db.update(rateLimits).set({ windowStart: sql`${rateLimits.windowStart} - interval '1 minute'` })
  expect(await post(two, 'wechat.simulator/mpCode', {}, '10.20.0.4')).toMatchObject({ code: 1 })
  expect(await post(one, 'index/pageView', { path: '/again' }, '10.20.0.1')).toMatchObject({ code: 1 })
  expect(await viewsFrom('10.20.0.1')).toBe(6)
})
