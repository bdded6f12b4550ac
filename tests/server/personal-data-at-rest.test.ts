import './helpers/native-modules'

import { eq, sql } from 'drizzle-orm'

import { sealStoredValues } from '../../server/core/seal-stored'
import { activities, shopOrders, users } from '../../server/db/schema'
import { ownerClient, paidShopOrder } from './helpers/admin'
import { rawRows } from './helpers/raw-rows'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

// Mobiles, receiver names and street addresses are kept sealed (server/core/sealed-columns.ts): the database,
// its WAL and its backups hold none of them in plain text, while the user and the console still see them and
// the console still finds an order by the receiver's whole phone or name.

const MOBILE = '13611112222'
const RECEIVER = '王五'
const STREET = '建国路1号'
const RECEIVER_MOBILE = '13800138000'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext()
}, 180_000)
afterAll(() => ctx.close())

const api = (method: 'GET' | 'POST', action: string, params: Record<string, unknown> = {}, token?: string) =>
  call(ctx.app, method, `/api/${action}`, params, token)

const TABLES = ['users', 'sms_codes', 'shop_addresses', 'shop_orders', 'activity_signups', 'account_merge_requests']

test('after an SMS login, an address, an order and a sign-up, no table holds a number, name or street', async () => {
  const sent = await api('POST', 'sms.index/send', { mobile: MOBILE, scene: 'login' })
  expect(sent.code).toBe(1)
  const logged = await api('POST', 'user.user/mobileLogin', { mobile: MOBILE, sms_code: sent.data.debug_code })
  expect(logged.code).toBe(1)
  const token = logged.data.token as string
  expect((await api('GET', 'user.user/detail', {}, token)).data.user.mobile).toBe('136****2222')

  const order = await paidShopOrder(ctx.app, ctx.database.db, token)
  const [address] = (await api('GET', 'user.address/lists', {}, token)).data.list
  expect(address).toMatchObject({ name: RECEIVER, mobile: RECEIVER_MOBILE, detail: STREET })
  const mine = await api('GET', 'user.order/detail', { order_id: order.order_id }, token)
  expect(mine.data.detail.address).toMatchObject({ name: RECEIVER, mobile: RECEIVER_MOBILE, detail: STREET })

  const [a] = await ctx.database.db
    .insert(activities)
    .values({
      slug: 'sealed-signup',
      title: '封存测试活动',
      city: '杭州',
      address: '西湖边',
      startsAt: new Date(Date.now() + 48 * 3600_000),
      endsAt: new Date(Date.now() + 50 * 3600_000),
      signupDeadline: new Date(Date.now() + 24 * 3600_000),
      capacity: 10,
      feeFen: 0
    })
    .returning()
  const signed = await api(
    'POST',
    'share.activity/signup',
    { activity_id: a.id, name: '李四', mobile: '13900139000' },
    token
  )
  expect(signed.code).toBe(1)

  for (const table of TABLES) {
    const raw = await rawRows(ctx.database.db, table)
    for (const plain of [MOBILE, RECEIVER_MOBILE, '13900139000', RECEIVER, STREET])
      expect([table, raw]).not.toEqual([table, expect.stringContaining(plain)])
  }
  // The region stays readable (it is no more than a city), the rest is sealed.
  const [row] = await ctx.database.db.select().from(shopOrders).where(eq(shopOrders.id, order.order_id))
  expect(row.address).toMatchObject({ province: '北京市', district: '朝阳区' })
  expect(row.receiverName).toMatch(/^v1:/)
  expect(row.receiverMobile).toMatch(/^v1:/)
  expect(row.receiverDetail).toMatch(/^v1:/)

  // The console opens them for its operators and finds the order by the whole phone or the whole name.
  const owner = await ownerClient(ctx.app, ctx.database.db)
  const detail = (await owner.get('/order/detail', { order_id: order.order_id })).data
  expect(detail.address).toMatchObject({ name: RECEIVER, mobile: RECEIVER_MOBILE, detail: STREET })
  for (const keyword of [RECEIVER, RECEIVER_MOBILE]) {
    const found = await owner.get('/order/lists', { keyword })
    expect(found.data.list.map((r: { order_no: string }) => r.order_no)).toContain(order.order_no)
  }
  const byMobile = await owner.get('/user/lists', { keyword: MOBILE })
  expect(byMobile.data.list.map((u: { user_id: number }) => u.user_id)).toEqual([logged.data.user_id])
  // The log never carries them either.
  expect(ctx.logs.join('\n')).not.toContain(MOBILE)
})

test('what an older version stored plain is sealed at start-up and found again; twice changes nothing', async () => {
  const legacy = await login(ctx.app, '旧版本用户')
  await ctx.database.db.execute(
    sql`update users set mobile = '13522223333', mobile_hash = null where id = ${legacy.userId}`
  )
  expect(await rawRows(ctx.database.db, 'users')).toContain('13522223333')

  expect(await sealStoredValues(ctx.database.db, ctx.app.services.dataCipher)).toBe(1)
  expect(await rawRows(ctx.database.db, 'users')).not.toContain('13522223333')
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, legacy.userId))
  expect(row.mobile).toMatch(/^v1:/)
  expect((await api('GET', 'user.user/detail', {}, legacy.token)).data.user.mobile).toBe('135****3333')
  // Logging in with the number finds the same account, not a new one.
  const sent = await api('POST', 'sms.index/send', { mobile: '13522223333', scene: 'login' })
  const again = await api('POST', 'user.user/mobileLogin', { mobile: '13522223333', sms_code: sent.data.debug_code })
  expect(again.data.user_id).toBe(legacy.userId)

  expect(await sealStoredValues(ctx.database.db, ctx.app.services.dataCipher)).toBe(0)
})
