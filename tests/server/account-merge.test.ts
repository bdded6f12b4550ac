import './helpers/native-modules'

import { eq, sql } from 'drizzle-orm'

import { mobileLookup, openMobile } from '../../server/core/sealed-columns'
import {
  courseEnrollments,
  courses,
  shopCoupons,
  shopGoods,
  shopSkus,
  users,
  walletLogs,
  wallets,
  withdrawals
} from '../../server/db/schema'
import { MOVED_COLUMNS, MSG_MERGE_USED, MSG_WITHDRAWAL_IN_FLIGHT, NOT_MOVED } from '../../server/modules/user/merge'
import { ownerClient } from './helpers/admin'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

// A user who logged in by SMS on the web and by WeChat in the app binds the web account's number
// in the app: with the code as proof, the two accounts become one.

let ctx: TestContext
let seq = 0
beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(() => ctx.close())

const post = (url: string, params: Record<string, unknown>, token: string) => call(ctx.app, 'POST', url, params, token)
const get = (url: string, params: Record<string, unknown>, token: string) => call(ctx.app, 'GET', url, params, token)

async function smsCode(mobile: string, scene: 'login' | 'bind') {
  // One code a minute per number: the earlier ones are made older, as if the user had waited.
  await ctx.database.db.execute(
    sql`update sms_codes set created_at = created_at - interval '2 minutes'
      where mobile_hash = ${mobileLookup(ctx.app.services.dataCipher, mobile)}`
  )
  const r = await call(ctx.app, 'POST', '/api/sms.index/send', { mobile, scene })
  expect(r).toMatchObject({ code: 1 })
  return r.data.debug_code as string
}

/** A web account: logged in by SMS with `mobile`. */
async function webUser(mobile: string) {
  const r = await call(ctx.app, 'POST', '/api/user.user/mobileLogin', {
    mobile,
    sms_code: await smsCode(mobile, 'login')
  })
  expect(r.code).toBe(1)
  return { userId: r.data.user_id as number, token: r.data.token as string }
}

const bind = async (mobile: string, token: string) =>
  post('/api/user.user/bindMobile', { mobile, sms_code: await smsCode(mobile, 'bind') }, token)

async function giveWallet(userId: number, availableFen: number, frozenFen = 0) {
  await ctx.database.db
    .insert(wallets)
    .values({ userId, availableFen, frozenFen, totalEarnedFen: availableFen + frozenFen })
  await ctx.database.db
    .insert(walletLogs)
    .values({ userId, type: 'commission', amountFen: availableFen + frozenFen, remark: `佣金 ${userId}` })
}

test("binding the web account's number offers the merge with what it holds; confirming moves all, once", async () => {
  const mobile = '13700000001'
  const web = await webUser(mobile)
  const app = await login(ctx.app, '微信里的我')

  // The web account: an address, an order, a coupon, a course, a wallet with its log, a friend it referred.
  const address = await post(
    '/api/user.address/add',
    {
      name: '张三',
      mobile: '13800138000',
      province_code: '110000',
      city_code: '110100',
      district_code: '110105',
      detail: '建国路88号院3号楼'
    },
    web.token
  )
  expect(address.code).toBe(1)
  const [sku] = await ctx.database.db
    .select({ id: shopSkus.id })
    .from(shopSkus)
    .innerJoin(shopGoods, eq(shopGoods.id, shopSkus.goodsId))
    .where(sql`${shopSkus.stock} > 0 and ${shopGoods.onShelf} and ${shopSkus.onShelf}`)
    .limit(1)
  const order = await post(
    '/api/order.order/buy',
    {
      mode: 'buy_now',
      sku_id: sku.id,
      quantity: 1,
      address_id: address.data.detail.address_id,
      request_id: 'merge-req-1',
      user_coupon_id: 0
    },
    web.token
  )
  expect(order.code).toBe(1)
  const [coupon] = await ctx.database.db
    .insert(shopCoupons)
    .values({
      slug: `merge-coupon-${++seq}`,
      name: '合并测试券',
      type: 'amount',
      amount: 500,
      minSpend: 0,
      startAt: new Date(Date.now() - 3600_000),
      endAt: new Date(Date.now() + 86400_000),
      total: 10,
      perUserLimit: 1
    })
    .returning()
  expect((await post('/api/user.coupon/receive', { coupon_id: coupon.id }, web.token)).code).toBe(1)
  const [course] = await ctx.database.db.select({ id: courses.id }).from(courses).limit(1)
  await ctx.database.db.insert(courseEnrollments).values({ userId: web.userId, courseId: course.id, source: 'order' })
  await giveWallet(web.userId, 1234, 100)
  await giveWallet(app.userId, 500)
  const friend = await login(ctx.app, '网页推荐的朋友', web.userId)

  const offer = await bind(mobile, app.token)
  expect(offer.code).toBe(1)
  expect(offer.data).toMatchObject({
    bound: false,
    merge: { summary: { orders: 1, coupons: 1, addresses: 1, courses: 1, certificates: 0, wallet_fen: 1334 } }
  })
  // Nothing moved before the user confirms; the web account still works.
  expect((await get('/api/user.user/detail', {}, web.token)).code).toBe(1)

  // A double tap: one merge, the other told clearly.
  const token = offer.data.merge.merge_token
  const [one, two] = await Promise.all([
    post('/api/user.user/mergeAccount', { merge_token: token }, app.token),
    post('/api/user.user/mergeAccount', { merge_token: token }, app.token)
  ])
  const results = [one, two].sort((x, y) => y.code - x.code)
  expect(results[0]).toMatchObject({ code: 1, data: { bound: true, mobile: '137****0001' } })
  expect(results[1]).toMatchObject({ code: 0, msg: MSG_MERGE_USED })

  // Everything is on the kept account.
  expect((await get('/api/user.order/lists', {}, app.token)).data.list.map((o: any) => o.order_id)).toContain(
    order.data.order_id
  )
  expect((await get('/api/user.address/lists', {}, app.token)).data.list).toHaveLength(1)
  expect(
    (await get('/api/user.coupon/lists', { status: 'unused' }, app.token)).data.list.map((c: any) => c.name)
  ).toContain('合并测试券')
  const wallet = (await get('/api/user.wallet/detail', {}, app.token)).data
  expect(wallet).toMatchObject({ available_fen: 1734, frozen_fen: 100, total_earned_fen: 1834 })
  const log = (await get('/api/user.wallet/lists', {}, app.token)).data.list
  expect(log.map((l: any) => l.amount_fen).sort()).toEqual([1334, 500])
  expect(
    await ctx.database.db.select().from(courseEnrollments).where(eq(courseEnrollments.userId, app.userId))
  ).toHaveLength(1)
  const [friendRow] = await ctx.database.db.select().from(users).where(eq(users.id, friend.userId))
  expect(friendRow.refereeId).toBe(app.userId)

  // The web account is disabled, says where it went, its sessions are over and its number logs into the kept one.
  const [gone] = await ctx.database.db.select().from(users).where(eq(users.id, web.userId))
  expect(gone).toMatchObject({ status: 1, mergedInto: app.userId, mobile: null, mobileHash: null })
  expect((await get('/api/user.user/detail', {}, web.token)).code).toBe(-9999)
  const again = await call(ctx.app, 'POST', '/api/user.user/mobileLogin', {
    mobile,
    sms_code: await smsCode(mobile, 'login')
  })
  expect(again.data.user_id).toBe(app.userId)
  expect((await post('/api/user.user/checkBindMobile', {}, app.token)).data).toEqual({
    bound: true,
    mobile: '137****0001'
  })

  // The console shows where it went, and an operator cannot bring back an empty twin.
  const owner = await ownerClient(ctx.app, ctx.database.db)
  const seen = await owner.get('/user/detail', { user_id: web.userId })
  expect(seen.data).toMatchObject({ disabled: true, merged_into: app.userId })
  const enable = await owner.post('/user/disable', {
    user_id: web.userId,
    updated_at: seen.data.updated_at,
    disabled: false,
    reason: ''
  })
  expect(enable).toMatchObject({ code: 0, msg: `该账号已合并到用户 ${app.userId}，无法操作` })
})

test('a withdrawal still being paid stops the merge with a clear message, before and after the offer', async () => {
  const mobile = '13700000002'
  const web = await webUser(mobile)
  const app = await login(ctx.app, '提现中的我')
  await giveWallet(web.userId, 3000)
  const [w] = await ctx.database.db
    .insert(withdrawals)
    .values({ userId: web.userId, amountFen: 1000, realName: '张三', status: 'transferring' })
    .returning()
  expect(await bind(mobile, app.token)).toMatchObject({ code: 0, msg: MSG_WITHDRAWAL_IN_FLIGHT })

  // Paid out: the merge may be offered; a new one started before the confirmation stops it again.
  await ctx.database.db.update(withdrawals).set({ status: 'paid' }).where(eq(withdrawals.id, w.id))
  const offer = await bind(mobile, app.token)
  expect(offer.data.merge.summary.wallet_fen).toBe(3000)
  await ctx.database.db
    .insert(withdrawals)
    .values({ userId: web.userId, amountFen: 500, realName: '张三', status: 'pending' })
  expect(
    await post('/api/user.user/mergeAccount', { merge_token: offer.data.merge.merge_token }, app.token)
  ).toMatchObject({ code: 0, msg: MSG_WITHDRAWAL_IN_FLIGHT })
  const [still] = await ctx.database.db.select().from(users).where(eq(users.id, web.userId))
  expect(still).toMatchObject({
    status: 0,
    mobileHash: mobileLookup(ctx.app.services.dataCipher, mobile),
    mergedInto: null
  })
  expect(openMobile(ctx.app.services.dataCipher, still.mobile)).toBe(mobile)
  expect((await get('/api/user.user/detail', {}, web.token)).code).toBe(1)
})

test('an account with a number of its own is not merged, and a wrong code offers nothing', async () => {
  const web = await webUser('13700000003')
  const other = await webUser('13700000004')
  expect(await bind('13700000003', other.token)).toMatchObject({ code: 0, msg: '该手机号已绑定其他账号' })
  const app = await login(ctx.app, '猜验证码的人')
  await smsCode('13700000003', 'bind')
  const guess = await post('/api/user.user/bindMobile', { mobile: '13700000003', sms_code: '000000' }, app.token)
  expect(guess.code).toBe(0)
  expect(guess.data.merge).toBeUndefined()
  expect(await post('/api/user.user/mergeAccount', { merge_token: 'forged' }, app.token)).toMatchObject({
    code: 0,
    msg: '合并确认已过期，请重新获取验证码绑定'
  })
  expect((await get('/api/user.user/detail', {}, web.token)).code).toBe(1)
})

test('every column of the schema that points at a user is moved by the merge or deliberately left', async () => {
  const { rows } = (await ctx.database.db.execute(sql`
    select cl.relname || '.' || a.attname as col
    from pg_attribute a join pg_class cl on cl.oid = a.attrelid join pg_namespace n on n.oid = cl.relnamespace
    where n.nspname = 'public' and cl.relkind = 'r' and a.attnum > 0 and not a.attisdropped and cl.relname <> 'users'
      and (a.attname in ('user_id', 'from_user_id', 'other_user_id')
        or exists (select 1 from pg_constraint con where con.conrelid = cl.oid and con.contype = 'f'
          and con.confrelid = 'users'::regclass and a.attnum = any(con.conkey)))`)) as unknown as {
    rows: { col: string }[]
  }
  expect(rows.length).toBeGreaterThan(20)
  const handled = new Set([...MOVED_COLUMNS, ...NOT_MOVED])
  expect(rows.map((r) => r.col).filter((c) => !handled.has(c))).toEqual([])
})
