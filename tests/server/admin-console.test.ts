import './helpers/native-modules'

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { and, desc, eq, gt, sql } from 'drizzle-orm'

import {
  adminAuditLogs,
  adminOperators,
  payments,
  shopAfterSales,
  shopOrderItems,
  shopOrders,
  shopSkus,
  wallets,
  withdrawals
} from '../../server/db/schema'
import { LOGIN_LIMITS } from '../../server/modules/admin/login-limits'
import { ensureInitialOwner } from '../../server/modules/admin/operators'
import { passwordParamsFor } from '../../server/modules/admin/passwords'
import { type AdminClient, adminClient, adminLogin, paidShopOrder } from './helpers/admin'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

let ctx: TestContext
let owner: AdminClient
let user: { userId: number; token: string }
const OWNER_PASSWORD = 'Owner-pass-1'

async function operator(username: string, role: string): Promise<AdminClient> {
  expect((await owner.post('/operator/add', { username, password: 'Secret-Pine-123', role })).code).toBe(1)
  return (await adminLogin(ctx.app, username, 'Secret-Pine-123')).client!
}

async function auditRows(action: string) {
  return ctx.database.db
    .select()
    .from(adminAuditLogs)
    .where(eq(adminAuditLogs.action, action))
    .orderBy(desc(adminAuditLogs.id))
}

/** A paid shop order of `user`, bought through the app's API (sandbox payment). */
const paidOrder = () => paidShopOrder(ctx.app, ctx.database.db, user.token)

async function orderRow(id: number) {
  const [o] = await ctx.database.db.select().from(shopOrders).where(eq(shopOrders.id, id))
  return o
}

beforeAll(async () => {
  ctx = await createTestContext()
  expect(await ensureInitialOwner(ctx.database.db, OWNER_PASSWORD)).toEqual({
    password: OWNER_PASSWORD,
    generated: false
  })
  // Only the first start creates it.
  expect(await ensureInitialOwner(ctx.database.db, 'other')).toBeNull()
  owner = (await adminLogin(ctx.app, 'admin', OWNER_PASSWORD)).client!
  user = await login(ctx.app, '后台测试用户')
})

afterAll(() => ctx.close())

describe('sessions', () => {
  test('password stored as scrypt; cookie HttpOnly SameSite=Strict; me lists the role permissions', async () => {
    const [row] = await ctx.database.db.select().from(adminOperators).where(eq(adminOperators.username, 'admin'))
    // This run's cheaper parameters (NODE_ENV=test); any other environment hashes at OWASP's cost.
    const { N, r, p } = passwordParamsFor('test')
    expect(row.passwordHash.startsWith(`scrypt$${N}$${r}$${p}$`)).toBe(true)
    expect(passwordParamsFor('production')).toEqual({ N: 2 ** 15, r: 8, p: 4 })
    expect(passwordParamsFor(undefined)).toEqual(passwordParamsFor('production'))
    expect(row.passwordHash).not.toContain(OWNER_PASSWORD)
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { username: 'admin', password: OWNER_PASSWORD }
    })
    expect(String(res.headers['set-cookie'])).toMatch(/yx_admin=\w+; Path=\/api\/admin; HttpOnly; SameSite=Strict/)
    const me = await owner.get('/auth/me')
    expect(me.data).toMatchObject({ username: 'admin', role: 'owner', role_name: '店主' })
    expect(me.data.permissions).toContain('operator.manage')
  })

  test('no cookie, a made-up cookie or an app user token: refused with -9999', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/order/lists' })).json()).toMatchObject({
      code: -9999,
      msg: '请先登录运营后台'
    })
    const forged = adminClient(ctx.app, 'yx_admin=' + 'a'.repeat(64), 'x')
    expect((await forged.get('/order/lists')).code).toBe(-9999)
    // The app's token, in every place the app sends it, never reaches the console.
    for (const req of [
      { headers: { authorization: user.token } },
      { headers: { cookie: `yx_admin=${user.token}` } },
      { query: { token: user.token } }
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/dashboard/overview', ...req })
      expect(res.json().code).toBe(-9999)
    }
  })

  test('a write without the CSRF token of the session is refused and changes nothing', async () => {
    const res = await owner.post(
      '/operator/add',
      { username: 'csrfless', password: 'Secret-Pine-123', role: 'finance' },
      { csrf: 'wrong'.padEnd(48, '0') }
    )
    expect(res).toMatchObject({ code: 0, msg: '页面已过期，请刷新后重试' })
    const res2 = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/operator/add',
      payload: { username: 'csrfless', password: 'Secret-Pine-123', role: 'finance' },
      headers: { cookie: owner.cookie }
    })
    expect(res2.json().code).toBe(0)
    expect(
      await ctx.database.db.select().from(adminOperators).where(eq(adminOperators.username, 'csrfless'))
    ).toHaveLength(0)
  })

  test('login attempts are limited per name and address, in the database; a good password then waits too', async () => {
    await operator('limited', 'finance')
    for (let i = 0; i < LOGIN_LIMITS.pair.max; i++)
      expect((await adminLogin(ctx.app, 'limited', 'wrong-pass', '10.0.0.1')).msg).toBe('账号或密码错误')
    expect((await adminLogin(ctx.app, 'limited', 'Secret-Pine-123', '10.0.0.1')).msg).toMatch(
      /^登录失败次数过多，请 \d+ 分钟后再试$/
    )
    // Guesses spread over addresses do not lock the account for its owner elsewhere.
    for (let i = 0; i < LOGIN_LIMITS.pair.max; i++)
      expect((await adminLogin(ctx.app, 'limited', 'wrong-pass', `10.0.0.${10 + i}`)).msg).toBe('账号或密码错误')
    expect((await adminLogin(ctx.app, 'limited', 'Secret-Pine-123', '10.0.1.1')).code).toBe(1)
    // An unknown name answers like a wrong password.
    expect((await adminLogin(ctx.app, 'nobody-here', 'x', '10.0.2.1')).msg).toBe('账号或密码错误')
  })

  test('login attempts are limited per IP across usernames', async () => {
    for (let i = 0; i < 20; i++) await adminLogin(ctx.app, `probe${i}`, 'x', '10.9.9.9')
    expect((await adminLogin(ctx.app, 'admin', OWNER_PASSWORD, '10.9.9.9')).msg).toMatch(
      /^登录失败次数过多，请 \d+ 分钟后再试$/
    )
    expect((await adminLogin(ctx.app, 'admin', OWNER_PASSWORD, '10.9.9.10')).code).toBe(1)
  })

  test('password change: old one checked, other sessions end, this one stays; logout ends it', async () => {
    const first = await operator('changer', 'operations')
    const second = (await adminLogin(ctx.app, 'changer', 'Secret-Pine-123')).client!
    expect((await first.post('/auth/password', { old_password: 'bad', new_password: 'Newpass-Oak-456' })).msg).toBe(
      '原密码不正确'
    )
    expect(
      (await first.post('/auth/password', { old_password: 'Secret-Pine-123', new_password: 'short' })).msg
    ).toMatch(/^新密码至少 10 个字/)
    expect(
      (await first.post('/auth/password', { old_password: 'Secret-Pine-123', new_password: 'Newpass-Oak-456' })).code
    ).toBe(1)
    expect((await second.get('/auth/me')).code).toBe(-9999)
    expect((await first.get('/auth/me')).code).toBe(1)
    expect((await adminLogin(ctx.app, 'changer', 'Newpass-Oak-456')).code).toBe(1)
    expect((await auditRows('operator.password'))[0]).toMatchObject({ operatorName: 'changer' })
    expect((await first.post('/auth/logout')).code).toBe(1)
    expect((await first.get('/auth/me')).code).toBe(-9999)
  })
})

describe('operators (owner)', () => {
  test('create, change role with version, stale version refused, disable ends sessions, reset password', async () => {
    const staff = await operator('staff1', 'operations')
    const list = (await owner.get('/operator/lists')).data.list
    const row = list.find((o: any) => o.username === 'staff1')
    expect(row).toMatchObject({ role: 'operations', disabled: false, version: 1 })
    expect(
      (await owner.post('/operator/add', { username: 'staff1', password: 'Secret-Pine-123', role: 'finance' })).msg
    ).toBe('用户名 staff1 已存在')
    expect(
      (await owner.post('/operator/add', { username: 'x', password: 'Secret-Pine-123', role: 'finance' })).msg
    ).toBe('用户名须为 3-32 位字母、数字或下划线')
    expect(
      (await owner.post('/operator/add', { username: 'okname', password: 'Secret-Pine-123', role: 'boss' })).msg
    ).toBe('角色不正确')

    expect(
      (await owner.post('/operator/edit', { operator_id: row.operator_id, version: 1, role: 'finance' })).data
    ).toMatchObject({ role: 'finance', version: 2 })
    // A second operator's save made from the old page.
    expect(
      (await owner.post('/operator/edit', { operator_id: row.operator_id, version: 1, role: 'content' })).msg
    ).toBe('该记录已被他人修改，请刷新后再编辑')
    const [audit] = await auditRows('operator.edit')
    expect(audit).toMatchObject({ operatorName: 'admin', targetType: 'operator', targetId: String(row.operator_id) })
    expect(audit.before).toMatchObject({ role: 'operations' })
    expect(audit.after).toMatchObject({ role: 'finance' })

    expect((await staff.get('/auth/me')).data.role).toBe('finance')
    expect(
      (await owner.post('/operator/edit', { operator_id: row.operator_id, version: 2, disabled: true })).code
    ).toBe(1)
    expect((await staff.get('/auth/me')).code).toBe(-9999)
    expect((await adminLogin(ctx.app, 'staff1', 'Secret-Pine-123')).msg).toBe('该账号已停用，请联系店主')
    await owner.post('/operator/edit', { operator_id: row.operator_id, version: 3, disabled: false })
    const reset = await owner.post('/operator/resetPassword', { operator_id: row.operator_id, version: 4 })
    expect(reset.data.password).toHaveLength(16)
    expect((await adminLogin(ctx.app, 'staff1', reset.data.password)).code).toBe(1)
  })

  test('the last owner cannot be disabled or demoted; other roles cannot manage operators', async () => {
    const me = (await owner.get('/auth/me')).data
    const [self] = await ctx.database.db.select().from(adminOperators).where(eq(adminOperators.id, me.operator_id))
    expect(
      (await owner.post('/operator/edit', { operator_id: self.id, version: self.version, disabled: true })).msg
    ).toBe('不能停用自己或取消自己的店主角色')
    const finance = await operator('fin_ops', 'finance')
    for (const [url, params] of [
      ['/operator/add', { username: 'sneaky', password: 'Secret-Pine-123', role: 'owner' }],
      ['/operator/edit', { operator_id: self.id, version: self.version, disabled: true }]
    ] as const) {
      expect(await finance.post(url, params)).toMatchObject({ code: 0, msg: '没有权限执行此操作' })
    }
    expect((await finance.get('/operator/lists')).msg).toBe('没有权限执行此操作')
    expect((await finance.get('/audit/lists')).msg).toBe('没有权限执行此操作')
  })
})

describe('orders', () => {
  test('list filters by status, order no, user and date; detail shows items, address and payment', async () => {
    const o = await paidOrder()
    const byNo = await owner.get('/order/lists', { order_no: o.order_no })
    expect(byNo.data.total).toBe(1)
    expect(byNo.data.list[0]).toMatchObject({
      order_no: o.order_no,
      status: 'to_ship',
      user_id: user.userId,
      nickname: '后台测试用户',
      receiver: '王五 13800138000'
    })
    const byUser = await owner.get('/order/lists', { user: String(user.userId), status: 'to_ship' })
    expect(byUser.data.list.map((r: any) => r.order_no)).toContain(o.order_no)
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10)
    expect(
      (await owner.get('/order/lists', { order_no: o.order_no, date_from: today, date_to: today })).data.total
    ).toBe(1)
    expect((await owner.get('/order/lists', { order_no: o.order_no, date_to: '2000-01-01' })).data.total).toBe(0)
    // What a customer quotes: the receiver's whole name, the receiver's whole phone, a goods name.
    const [item] = await ctx.database.db.select().from(shopOrderItems).where(eq(shopOrderItems.orderId, o.order_id))
    for (const keyword of ['王五', '13800138000', item.name.slice(0, 3)]) {
      const found = await owner.get('/order/lists', { keyword })
      expect(found.data.list.map((r: any) => r.order_no)).toContain(o.order_no)
    }
    expect((await owner.get('/order/lists', { keyword: '不存在的收货人' })).data.total).toBe(0)
    // A % typed by the operator is a character, not "anything".
    expect((await owner.get('/order/lists', { keyword: '%' })).data.total).toBe(0)
    expect((await owner.get('/order/lists', { status: 'shipped' })).msg).toBe('状态不正确')
    expect((await owner.get('/order/lists', { date_from: '2024/01/01' })).msg).toBe('日期格式应为 YYYY-MM-DD')
    const [count] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(shopOrders)
      .where(eq(shopOrders.status, 'to_ship'))
    expect((await owner.get('/order/lists', { status: 'to_ship' })).data.total).toBe(count.n)

    const detail = (await owner.get('/order/detail', { order_id: o.order_id })).data
    expect(detail.items).toHaveLength(1)
    expect(detail.address).toMatchObject({ name: '王五', detail: '建国路1号' })
    expect(detail.payments[0]).toMatchObject({ status: 'paid', provider: 'sandbox', amount_fen: detail.pay_amount })
    expect(detail.events.map((e: any) => e.title)).toContain('支付成功')
  })

  test('ship: role checked; bad express, stale version refused unchanged; audit row in one transaction', async () => {
    const o = await paidOrder()
    const version = (await owner.get('/order/detail', { order_id: o.order_id })).data.updated_at
    const content = await operator('content1', 'content')
    const finance = await operator('finance1', 'finance')
    expect((await content.get('/order/lists')).msg).toBe('没有权限执行此操作')
    expect(
      (
        await finance.post('/order/ship', {
          order_id: o.order_id,
          updated_at: version,
          express_company: '顺丰速运',
          express_no: 'SF1234567890'
        })
      ).msg
    ).toBe('没有权限执行此操作')
    expect(
      (
        await owner.post('/order/ship', {
          order_id: o.order_id,
          updated_at: version,
          express_company: '顺丰速运',
          express_no: '单号'
        })
      ).msg
    ).toBe('快递单号应为 4-40 位字母或数字')
    expect(
      (
        await owner.post('/order/ship', {
          order_id: o.order_id,
          updated_at: version,
          express_company: '',
          express_no: 'SF1234567890'
        })
      ).msg
    ).toBe('快递公司不能为空')
    expect((await orderRow(o.order_id)).status).toBe('to_ship')

    const ops = await operator('ops1', 'operations')
    expect(
      (
        await ops.post('/order/ship', {
          order_id: o.order_id,
          updated_at: version,
          express_company: '顺丰速运',
          express_no: 'SF1234567890'
        })
      ).code
    ).toBe(1)
    const shipped = await orderRow(o.order_id)
    expect(shipped).toMatchObject({ status: 'to_receive', expressCompany: '顺丰速运', expressNo: 'SF1234567890' })
    // The second operator still has the old page open.
    expect(
      (
        await owner.post('/order/ship', {
          order_id: o.order_id,
          updated_at: version,
          express_company: '中通快递',
          express_no: 'ZT0000000001'
        })
      ).msg
    ).toBe('该记录已被他人修改，请刷新后再编辑')
    const [audit] = await auditRows('order.ship')
    expect(audit).toMatchObject({ operatorName: 'ops1', targetType: 'order', targetId: o.order_no })
    expect(audit.before).toMatchObject({ status: 'to_ship', express_no: '' })
    expect(audit.after).toMatchObject({ status: 'to_receive', express_no: 'SF1234567890' })
    // The user sees it in the app.
    const mine = await call(ctx.app, 'GET', '/api/user.order/detail', { order_id: o.order_id }, user.token)
    expect(mine.data.detail).toMatchObject({ status: 'to_receive', express_no: 'SF1234567890' })
  })

  test('batch ship from CSV: good lines ship, bad lines are reported by line', async () => {
    const a = await paidOrder()
    const b = await paidOrder()
    const csv = `订单号,快递公司,快递单号\n${a.order_no},中通快递,ZT1000000001\n${b.order_no},中通快递,坏\nNO-SUCH,中通快递,ZT1000000003\n`
    const res = await owner.post('/order/batchShip', { csv })
    expect(res.data.shipped).toBe(1)
    expect(res.data.failed).toEqual([
      { line: 3, order_no: b.order_no, reason: '快递单号应为 4-40 位字母或数字' },
      { line: 4, order_no: 'NO-SUCH', reason: '订单不存在: NO-SUCH' }
    ])
    expect((await orderRow(a.order_id)).expressNo).toBe('ZT1000000001')
    expect((await orderRow(b.order_id)).status).toBe('to_ship')
    expect((await owner.post('/order/batchShip', { csv: '订单号,快递公司,快递单号\n' })).msg).toBe(
      '没有可发货的行：每行应为 订单号,快递公司,快递单号'
    )
  })

  test('close an unpaid order: stock comes back; a paid one cannot be closed', async () => {
    const [sku] = await ctx.database.db.select().from(shopSkus).where(gt(shopSkus.stock, 5)).limit(1)
    const address = await call(
      ctx.app,
      'POST',
      '/api/user.address/add',
      {
        name: '王五',
        mobile: '13800138000',
        province_code: '110000',
        city_code: '110100',
        district_code: '110105',
        detail: '建国路2号'
      },
      user.token
    )
    const buy = await call(
      ctx.app,
      'POST',
      '/api/order.order/buy',
      {
        mode: 'buy_now',
        sku_id: sku.id,
        quantity: 2,
        address_id: address.data.detail.address_id,
        request_id: `close-${Date.now()}`,
        user_coupon_id: 0
      },
      user.token
    )
    const before = await orderRow(buy.data.order_id)
    expect(
      (await owner.post('/order/close', { order_id: before.id, updated_at: before.updatedAt.toISOString() })).code
    ).toBe(1)
    expect((await orderRow(before.id)).status).toBe('cancelled')
    const [after] = await ctx.database.db.select().from(shopSkus).where(eq(shopSkus.id, sku.id))
    expect(after.stock).toBe(sku.stock)
    const [p] = await ctx.database.db.select().from(payments).where(eq(payments.bizId, before.id))
    expect(p.status).toBe('closed')
    const paid = await orderRow((await paidOrder()).order_id)
    expect(
      (await owner.post('/order/close', { order_id: paid.id, updated_at: paid.updatedAt.toISOString() })).msg
    ).toBe('只能关闭待付款的订单')
    expect((await auditRows('order.close'))[0]).toMatchObject({ targetId: before.orderNo })
  })

  test('export CSV with the filter, formulas neutralised', async () => {
    const o = await paidOrder()
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/order/export',
      query: { order_no: o.order_no },
      headers: { cookie: owner.cookie }
    })
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe('订单号,下单时间,用户ID,昵称,手机号,商品,件数,实付(元),状态,售后,收货人,快递公司,快递单号')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(o.order_no)
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/order/export' })).json().code).toBe(-9999)
  })
})

describe('after-sale', () => {
  test('approve refunds through the payment service; reject needs a reply; finance only', async () => {
    const a = await paidOrder()
    const b = await paidOrder()
    for (const o of [a, b])
      expect(
        (
          await call(
            ctx.app,
            'POST',
            '/api/user.order/refund',
            { order_id: o.order_id, reason: '不想要了' },
            user.token
          )
        ).code
      ).toBe(1)
    const pending = (await owner.get('/refund/lists')).data.list.map((r: any) => r.order_no)
    expect(pending).toEqual(expect.arrayContaining([a.order_no, b.order_no]))
    const ops = await operator('ops_refund', 'operations')
    const fin = await operator('fin_refund', 'finance')
    const va = (await orderRow(a.order_id)).updatedAt.toISOString()
    const vb = (await orderRow(b.order_id)).updatedAt.toISOString()
    expect(
      (await ops.post('/refund/decide', { order_id: a.order_id, updated_at: va, approve: true, reply: '' })).msg
    ).toBe('没有权限执行此操作')
    expect(
      (await fin.post('/refund/decide', { order_id: b.order_id, updated_at: vb, approve: false, reply: '' })).msg
    ).toBe('拒绝售后时请填写回复')

    expect(
      (await fin.post('/refund/decide', { order_id: a.order_id, updated_at: va, approve: true, reply: '已同意' })).code
    ).toBe(1)
    expect(await orderRow(a.order_id)).toMatchObject({ status: 'refunded', refundStatus: 'refunded' })
    const [pay] = await ctx.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.bizType, 'goods'), eq(payments.bizId, a.order_id)))
    expect(pay.status).toBe('refunded')
    expect(
      (
        await fin.post('/refund/decide', {
          order_id: a.order_id,
          updated_at: (await orderRow(a.order_id)).updatedAt.toISOString(),
          approve: true,
          reply: ''
        })
      ).msg
    ).toBe('该订单已退款')

    expect(
      (await fin.post('/refund/decide', { order_id: b.order_id, updated_at: vb, approve: false, reply: '商品已签收' }))
        .code
    ).toBe(1)
    expect(await orderRow(b.order_id)).toMatchObject({
      status: 'to_ship',
      refundStatus: 'rejected',
      refundReply: '商品已签收'
    })
    expect((await auditRows('after_sale.approve'))[0]).toMatchObject({
      operatorName: 'fin_refund',
      targetType: 'after_sale',
      targetId: (await ctx.database.db.select().from(shopAfterSales).where(eq(shopAfterSales.orderId, a.order_id)))[0]
        .afterSaleNo
    })
    expect((await auditRows('after_sale.reject'))[0].after).toMatchObject({ status: 'rejected', reply: '商品已签收' })
  })
})

describe('withdrawals', () => {
  test('finance approves (paid by transfer) or rejects; operations cannot; the rejected amount returns', async () => {
    await ctx.database.db.insert(wallets).values({ userId: user.userId, availableFen: 5000, totalEarnedFen: 5000 })
    const w1 = await call(ctx.app, 'POST', '/api/user.cash/apply', { amount_fen: 1000, real_name: '王五' }, user.token)
    const w2 = await call(ctx.app, 'POST', '/api/user.cash/apply', { amount_fen: 2000, real_name: '王五' }, user.token)
    const fin = await operator('fin_wd', 'finance')
    const ops = await operator('ops_wd', 'operations')
    expect((await ops.get('/withdrawal/lists')).msg).toBe('没有权限执行此操作')
    const list = (await fin.get('/withdrawal/lists')).data.list
    expect(list.map((r: any) => r.id)).toEqual(expect.arrayContaining([w1.data.withdrawal.id, w2.data.withdrawal.id]))
    expect(
      (await fin.post('/withdrawal/decide', { id: w1.data.withdrawal.id, approve: true, reason: '' })).data
    ).toEqual({ status: 'wait_confirm', fail_reason: '' })
    expect((await fin.post('/withdrawal/decide', { id: w2.data.withdrawal.id, approve: false, reason: '' })).msg).toBe(
      '驳回提现时请填写原因'
    )
    expect(
      (await fin.post('/withdrawal/decide', { id: w2.data.withdrawal.id, approve: false, reason: '实名不符' })).code
    ).toBe(1)
    expect(
      (await fin.post('/withdrawal/decide', { id: w2.data.withdrawal.id, approve: true, reason: '' })).msg
    ).toMatch(/已处理/)
    const [wallet] = await ctx.database.db.select().from(wallets).where(eq(wallets.userId, user.userId))
    expect(wallet).toMatchObject({ availableFen: 4000, withdrawnFen: 1000 })
    const rows = await ctx.database.db.select().from(withdrawals).where(eq(withdrawals.userId, user.userId))
    expect(rows.map((r) => r.status).sort()).toEqual(['rejected', 'wait_confirm'])
    expect((await auditRows('withdrawal.reject'))[0]).toMatchObject({
      targetId: String(w2.data.withdrawal.id),
      before: { status: 'pending' }
    })
  })
})

describe('dashboard and audit log', () => {
  test('dashboard figures equal the database', async () => {
    const d = (await owner.get('/dashboard/overview')).data
    const today = new Date(Math.floor((Date.now() + 8 * 3600_000) / 86_400_000) * 86_400_000 - 8 * 3600_000)
    const [paid] = await ctx.database.db
      .select({
        n: sql<number>`count(*)::int`,
        fen: sql<number>`coalesce(sum(amount_fen),0)::int`,
        payers: sql<number>`count(distinct user_id)::int`
      })
      .from(payments)
      .where(sql`status in ('paid','refunded') and paid_at >= ${today.toISOString()}`)
    expect(paid.n).toBeGreaterThan(0)
    expect(d.today).toMatchObject({ orders: paid.n, revenue_fen: paid.fen, paying_users: paid.payers })
    expect(d.today.refunds).toBeGreaterThan(0)
    const [toShip] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(shopOrders)
      .where(sql`status = 'to_ship' and refund_status <> 'applied'`)
    expect(d.pending.to_ship).toBe(toShip.n)
    expect(d.revenue_by_day).toHaveLength(30)
    expect(d.revenue_by_day[29].revenue_fen).toBe(paid.fen)
    expect(
      (await adminLogin(ctx.app, 'content1', 'Secret-Pine-123')).client!.get('/dashboard/overview')
    ).resolves.toMatchObject({ msg: '没有权限执行此操作' })
  })

  test('audit list filters by operator, action, target and date', async () => {
    const all = await owner.get('/audit/lists', { per_page: 50 })
    expect(all.data.total).toBeGreaterThan(5)
    const ships = await owner.get('/audit/lists', { action: 'order.ship' })
    expect(ships.data.list.every((r: any) => r.action === 'order.ship')).toBe(true)
    const one = ships.data.list[0]
    expect(
      (await owner.get('/audit/lists', { target_type: 'order', target_id: one.target_id })).data.list.map(
        (r: any) => r.id
      )
    ).toContain(one.id)
    expect(
      (await owner.get('/audit/lists', { operator_id: one.operator_id })).data.list.every(
        (r: any) => r.operator_id === one.operator_id
      )
    ).toBe(true)
    expect((await owner.get('/audit/lists', { date_to: '2000-01-01' })).data.total).toBe(0)
  })
})

describe('the console app', () => {
  test('served at /admin/ from ADMIN_DIST_DIR, /admin redirects; a note when it is not built', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/admin/' })).body).toContain('运营后台尚未构建')
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yx-admin-dist-'))
    fs.mkdirSync(path.join(dir, 'assets'))
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>易学 · 运营后台</title>')
    fs.writeFileSync(path.join(dir, 'assets', 'index-1a2b3c4d.js'), 'console.log(1)')
    const served = await createTestContext({ ADMIN_DIST_DIR: dir }, ctx.database)
    try {
      const index = await served.app.inject({ method: 'GET', url: '/admin/' })
      expect(index.body).toContain('运营后台')
      expect(index.headers['cache-control']).toBe('no-cache')
      const asset = await served.app.inject({ method: 'GET', url: '/admin/assets/index-1a2b3c4d.js' })
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      const bare = await served.app.inject({ method: 'GET', url: '/admin' })
      expect([bare.statusCode, bare.headers.location]).toEqual([302, '/admin/'])
    } finally {
      await served.close()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
