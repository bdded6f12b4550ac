import './helpers/native-modules'

import { and, desc, eq } from 'drizzle-orm'

import {
  adminAuditLogs,
  consultServices,
  paymentRefunds,
  payments,
  serviceOrders,
  serviceSlots,
  teachers
} from '../../server/db/schema'
import { addOperator, type AdminClient, ownerClient } from './helpers/admin'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

// A service booking after payment: the user cancels before the cut-off and the money goes back once;
// after it only an operator cancels (refunded too); an operator marks it completed.

let ctx: TestContext
let owner: AdminClient
const serviceOf: Record<string, number> = {}
const teacherOf: Record<string, number> = {}
const HOUR = 3600_000

beforeAll(async () => {
  ctx = await createTestContext()
  for (const s of await ctx.database.db.select().from(consultServices)) serviceOf[s.slug] = s.id
  for (const t of await ctx.database.db.select().from(teachers)) teacherOf[t.slug] = t.id
  owner = await ownerClient(ctx.app, ctx.database.db)
}, 180_000)
afterAll(() => ctx.close())

const api = (method: 'GET' | 'POST', action: string, params: Record<string, unknown> = {}, token?: string) =>
  call(ctx.app, method, `/api/${action}`, params, token)

const operator = (username: string, role: string) => addOperator(ctx.app, owner, username, role)

/** A booking of `who` with 周明远 at a free hour more than 30 hours away (beyond the 24-hour cut-off). */
async function booking(who: { token: string }): Promise<{ orderId: number; outTradeNo: string; amount: number }> {
  const slots = (await api('GET', 'service.slot/lists', { teacher_id: teacherOf['zhou-mingyuan'] })).data.list
  const slot = slots.find(
    (s: { free: boolean; starts_at: string }) => s.free && Date.parse(s.starts_at) > Date.now() + 30 * HOUR
  )
  const added = await api(
    'POST',
    'service.order/add',
    {
      service_id: serviceOf['bazi-reading'],
      teacher_id: teacherOf['zhou-mingyuan'],
      slot_id: slot.slot_id,
      name: '张三',
      mobile: '13800138000'
    },
    who.token
  )
  expect(added.code).toBe(1)
  const start = await api('POST', 'service.order/pay', { order_id: added.data.order_id }, who.token)
  return { orderId: added.data.order_id, outTradeNo: start.data.out_trade_no, amount: added.data.amount }
}

async function paidBooking(who: { token: string }) {
  const b = await booking(who)
  expect((await api('POST', 'pay.sandbox/confirm', { out_trade_no: b.outTradeNo }, who.token)).code).toBe(1)
  return b
}

const orderRow = async (id: number) =>
  (await ctx.database.db.select().from(serviceOrders).where(eq(serviceOrders.id, id)))[0]
const paymentOf = async (outTradeNo: string) =>
  (await ctx.database.db.select().from(payments).where(eq(payments.outTradeNo, outTradeNo)))[0]
const refundsOf = async (outTradeNo: string) =>
  ctx.database.db
    .select({ r: paymentRefunds })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(eq(payments.outTradeNo, outTradeNo))
const auditOf = (action: string, id: number) =>
  ctx.database.db
    .select()
    .from(adminAuditLogs)
    .where(and(eq(adminAuditLogs.action, action), eq(adminAuditLogs.targetId, String(id))))
    .orderBy(desc(adminAuditLogs.id))

describe('the user cancels', () => {
  test('before the cut-off: cancelled, slot free, the money back once however often asked', async () => {
    const me = await login(ctx.app, '退约人')
    const b = await paidBooking(me)
    const before = (await api('GET', 'service.order/detail', { order_id: b.orderId }, me.token)).data.order
    expect(before).toMatchObject({ status: 'paid', can_cancel: true, refund: null })
    expect(Date.parse(before.cancel_deadline)).toBe(Date.parse(before.starts_at) - 24 * HOUR)

    const answers = await Promise.all(
      [1, 2, 3].map(() => api('POST', 'service.order/cancel', { order_id: b.orderId }, me.token))
    )
    expect(answers.every((a) => a.code === 1 && a.data.status === 'cancelled')).toBe(true)
    const refunds = await refundsOf(b.outTradeNo)
    expect(refunds.map(({ r }) => [r.status, r.amountFen])).toEqual([['succeeded', b.amount]])
    expect((await paymentOf(b.outTradeNo)).status).toBe('refunded')
    const row = await orderRow(b.orderId)
    expect(row).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'user',
      refundStatus: 'refunded',
      refundFen: b.amount
    })
    const [slot] = await ctx.database.db.select().from(serviceSlots).where(eq(serviceSlots.id, row.slotId))
    expect(slot.orderId).toBeNull()

    const shown = (await api('GET', 'service.order/lists', {}, me.token)).data.list[0]
    expect(shown).toMatchObject({
      order_id: b.orderId,
      status: 'cancelled',
      can_cancel: false,
      refund: { status: 'refunded', amount: b.amount }
    })
    expect(shown.refund.refunded_at).not.toBeNull()
    // Asking again later changes nothing.
    expect(await api('POST', 'service.order/cancel', { order_id: b.orderId }, me.token)).toMatchObject({
      code: 1,
      data: { status: 'cancelled', refund_status: 'refunded' }
    })
    expect(await refundsOf(b.outTradeNo)).toHaveLength(1)
  })

  test('after the cut-off the user is refused and nothing changes; someone else cannot cancel mine', async () => {
    const me = await login(ctx.app, '临时变卦')
    const other = await login(ctx.app, '路人')
    const b = await paidBooking(me)
    expect(await api('POST', 'service.order/cancel', { order_id: b.orderId }, other.token)).toMatchObject({
      code: 0,
      msg: '预约订单不存在'
    })
    await ctx.database.db
      .update(serviceOrders)
      .set({ startsAt: new Date(Date.now() + 23 * HOUR) })
      .where(eq(serviceOrders.id, b.orderId))
    expect(await api('POST', 'service.order/cancel', { order_id: b.orderId }, me.token)).toMatchObject({
      code: 0,
      msg: '距预约开始已不足 24 小时，不能自行取消，如需取消请联系客服'
    })
    expect(await orderRow(b.orderId)).toMatchObject({ status: 'paid', refundStatus: 'none' })
    expect(await refundsOf(b.outTradeNo)).toHaveLength(0)
  })

  test('a refund not yet confirmed leaves the booking cancelled with 退款中; asking again finishes it once', async () => {
    const me = await login(ctx.app, '网络不好')
    const b = await paidBooking(me)
    const provider = ctx.app.services.payments.provider
    const refund = provider.refund
    provider.refund = async () => {
      throw new Error('timeout')
    }
    try {
      expect(await api('POST', 'service.order/cancel', { order_id: b.orderId }, me.token)).toMatchObject({
        code: 0,
        msg: '退款请求未得到支付平台确认，请稍后重试'
      })
    } finally {
      provider.refund = refund
    }
    expect((await api('GET', 'service.order/detail', { order_id: b.orderId }, me.token)).data.order).toMatchObject({
      status: 'cancelled',
      refund: { status: 'processing', amount: b.amount }
    })
    expect(await api('POST', 'service.order/cancel', { order_id: b.orderId }, me.token)).toMatchObject({
      code: 1,
      data: { refund_status: 'refunded' }
    })
    expect((await refundsOf(b.outTradeNo)).map(({ r }) => r.status)).toEqual(['succeeded'])
  })

  test('cancelling races the payment notice: the money comes back exactly once whichever lands first', async () => {
    for (let round = 0; round < 3; round++) {
      const me = await login(ctx.app, `抢跑${round}`)
      const b = await booking(me)
      const notice = () =>
        ctx.app.services.payments
          .markPaid(b.outTradeNo, { amountFen: b.amount, providerTxnId: `race-${b.outTradeNo}` })
          .catch((e: Error) => e.message)
      const cancel = () => api('POST', 'service.order/cancel', { order_id: b.orderId }, me.token)
      await Promise.all(round % 2 ? [notice(), cancel(), notice(), cancel()] : [cancel(), notice(), cancel(), notice()])
      // A cancel that saw it unpaid left the money to be returned by the notice; one that saw it paid refunded it.
      await cancel()
      const refunds = await refundsOf(b.outTradeNo)
      expect(refunds.filter(({ r }) => r.status === 'succeeded').reduce((n, { r }) => n + r.amountFen, 0)).toBe(
        b.amount
      )
      expect(refunds).toHaveLength(1)
      expect((await paymentOf(b.outTradeNo)).status).toBe('refunded')
      expect(await orderRow(b.orderId)).toMatchObject({
        status: 'cancelled',
        refundStatus: 'refunded',
        refundFen: b.amount
      })
    }
  })
})

describe('the console', () => {
  test('an operator marks a paid booking completed: audited, once; then it cannot be cancelled', async () => {
    const me = await login(ctx.app, '做完了')
    const b = await paidBooking(me)
    const ops = await operator('yunying1', 'operations')
    const listed = await ops.get('/service/lists', { status: 'paid', keyword: '做完了' })
    expect(listed.data.list.map((o: { order_id: number }) => o.order_id)).toEqual([b.orderId])
    expect(listed.data.list[0]).toMatchObject({
      service_title: '八字详批 · 一对一',
      teacher_name: '周明远',
      nickname: '做完了',
      amount_fen: b.amount,
      refund_status: 'none'
    })
    expect(await ops.post('/service/complete', { order_id: b.orderId })).toMatchObject({ code: 1 })
    expect(await ops.post('/service/complete', { order_id: b.orderId })).toMatchObject({ code: 0, msg: '该预约已完成' })
    expect(await orderRow(b.orderId)).toMatchObject({ status: 'done' })
    expect((await orderRow(b.orderId)).completedAt).not.toBeNull()
    const [audit] = await auditOf('service.complete', b.orderId)
    expect(audit).toMatchObject({
      operatorName: 'yunying1',
      targetType: 'service_order',
      before: { status: 'paid' },
      after: { status: 'done' }
    })
    expect((await auditOf('service.complete', b.orderId)).length).toBe(1)
    expect((await api('GET', 'service.order/detail', { order_id: b.orderId }, me.token)).data.order).toMatchObject({
      status: 'done',
      can_cancel: false
    })
    expect(await api('POST', 'service.order/cancel', { order_id: b.orderId }, me.token)).toMatchObject({
      code: 0,
      msg: '服务已完成，不能取消'
    })
    expect(await ops.post('/service/cancel', { order_id: b.orderId, reason: '误操作' })).toMatchObject({
      code: 0,
      msg: '服务已完成，不能取消'
    })
  })

  test('an operator cancels after the cut-off: refunded once, audited with the reason; repeated, refused', async () => {
    const me = await login(ctx.app, '老师病了')
    const b = await paidBooking(me)
    await ctx.database.db
      .update(serviceOrders)
      .set({ startsAt: new Date(Date.now() + 2 * HOUR) })
      .where(eq(serviceOrders.id, b.orderId))
    const answers = await Promise.all(
      [1, 2].map(() => owner.post('/service/cancel', { order_id: b.orderId, reason: '老师临时有事' }))
    )
    // A repeat that finds the refund still under way asks again (same key) and succeeds; one after it is told.
    expect(answers.every((a) => a.code === 1 || a.msg === '该预约已取消')).toBe(true)
    expect(await owner.post('/service/cancel', { order_id: b.orderId, reason: '老师临时有事' })).toMatchObject({
      code: 0,
      msg: '该预约已取消'
    })
    expect((await refundsOf(b.outTradeNo)).map(({ r }) => [r.status, r.amountFen])).toEqual([['succeeded', b.amount]])
    expect(await orderRow(b.orderId)).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'operator',
      cancelReason: '老师临时有事',
      refundStatus: 'refunded'
    })
    const audits = await auditOf('service.cancel', b.orderId)
    expect(audits).toHaveLength(1)
    expect(audits[0]).toMatchObject({
      operatorName: 'admin',
      before: { status: 'paid' },
      after: { status: 'cancelled', cancel_reason: '老师临时有事' }
    })
    const shown = (await api('GET', 'service.order/detail', { order_id: b.orderId }, me.token)).data.order
    expect(shown).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'operator',
      cancel_reason: '老师临时有事',
      refund: { status: 'refunded', amount: b.amount }
    })
  })

  test('refused: no session, an app token, the wrong role; bad input named in Chinese, nothing written', async () => {
    const me = await login(ctx.app, '看门')
    const b = await paidBooking(me)
    for (const [path, params] of [
      ['/api/admin/service/complete', { order_id: b.orderId }],
      ['/api/admin/service/cancel', { order_id: b.orderId, reason: '测试' }]
    ] as const) {
      expect((await ctx.app.inject({ method: 'POST', url: path, payload: params })).json()).toMatchObject({
        code: -9999
      })
      expect(
        (
          await ctx.app.inject({ method: 'POST', url: path, payload: params, headers: { authorization: me.token } })
        ).json()
      ).toMatchObject({ code: -9999 })
    }
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/admin/service/lists', query: { token: me.token } })).json().code
    ).toBe(-9999)
    const content = await operator('neirong1', 'content')
    const finance = await operator('caiwu1', 'finance')
    expect(await content.get('/service/lists')).toMatchObject({ code: 0, msg: '没有权限执行此操作' })
    expect((await finance.get('/service/lists')).code).toBe(1)
    for (const who of [content, finance]) {
      expect(await who.post('/service/complete', { order_id: b.orderId })).toMatchObject({
        code: 0,
        msg: '没有权限执行此操作'
      })
      expect(await who.post('/service/cancel', { order_id: b.orderId, reason: '测试' })).toMatchObject({
        code: 0,
        msg: '没有权限执行此操作'
      })
    }
    expect(await owner.post('/service/cancel', { order_id: b.orderId, reason: '  ' })).toMatchObject({
      code: 0,
      msg: '取消原因不能为空'
    })
    expect(await owner.post('/service/cancel', { order_id: b.orderId, reason: '长'.repeat(201) })).toMatchObject({
      code: 0,
      msg: '取消原因不能超过 200 个字'
    })
    expect(await owner.post('/service/complete', { order_id: 'abc' })).toMatchObject({ code: 0, msg: '预约格式不正确' })
    expect(await owner.get('/service/lists', { status: 'lost' })).toMatchObject({ code: 0, msg: '状态不正确' })
    expect(await owner.post('/service/complete', { order_id: 99999999 })).toMatchObject({
      code: 0,
      msg: '预约订单不存在'
    })
    expect(await orderRow(b.orderId)).toMatchObject({ status: 'paid', refundStatus: 'none' })
    expect(await auditOf('service.cancel', b.orderId)).toHaveLength(0)
    expect(await auditOf('service.complete', b.orderId)).toHaveLength(0)
  })
})
