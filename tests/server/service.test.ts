import './helpers/native-modules'

import { and, eq } from 'drizzle-orm'

import { consultServices, homeItems, payments, serviceOrders, serviceSlots, teachers } from '../../server/db/schema'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

let ctx: TestContext
const serviceOf: Record<string, number> = {}
const teacherOf: Record<string, number> = {}

beforeAll(async () => {
  ctx = await createTestContext()
  for (const s of await ctx.database.db.select().from(consultServices)) serviceOf[s.slug] = s.id
  for (const t of await ctx.database.db.select().from(teachers)) teacherOf[t.slug] = t.id
})
afterAll(() => ctx.close())

const api = (method: 'GET' | 'POST', action: string, params: Record<string, unknown> = {}, token?: string) =>
  call(ctx.app, method, `/api/${action}`, params, token)
const freeSlots = async (teacher: string) =>
  (await api('GET', 'service.slot/lists', { teacher_id: teacherOf[teacher] })).data.list.filter(
    (s: { free: boolean }) => s.free
  )
const booking = (slotId: number, over: Record<string, unknown> = {}) => ({
  service_id: serviceOf['bazi-reading'],
  teacher_id: teacherOf['zhou-mingyuan'],
  slot_id: slotId,
  name: '张三',
  mobile: '13800138000',
  remark: '想了解今年事业',
  ...over
})

describe('catalog', () => {
  test('services by kind; a detail lists its teachers; a bad kind names the field', async () => {
    const all = (await api('GET', 'service.index/lists')).data.list
    expect(all.length).toBeGreaterThanOrEqual(10)
    const plans = (await api('GET', 'service.index/lists', { kind: 'plan' })).data.list
    expect(plans.map((p: { title: string }) => p.title)).toContain('学业与专业方向规划')
    expect(plans.every((p: { kind: string }) => p.kind === 'plan')).toBe(true)
    expect((await api('GET', 'service.index/lists', { kind: 'house' })).data.list[0]).toMatchObject({
      title: '家居风水勘察（户型图）',
      price: 88800,
      duration_min: 90
    })
    expect(await api('GET', 'service.index/lists', { kind: 'vip' })).toMatchObject({ code: 0, msg: '类别不正确' })
    const d = (await api('GET', 'service.index/detail', { service_id: serviceOf['bazi-reading'] })).data.detail
    expect(d.teachers.map((t: { name: string }) => t.name)).toEqual(['周明远', '苏婉清'])
    expect(d.cover).toMatch(/\/static\/demo\/service\/bazi\.png$/)
    for (const x of all) expect((await ctx.app.inject({ url: new URL(x.cover).pathname })).statusCode).toBe(200)
    expect(await api('GET', 'service.index/detail', { service_id: 999999 })).toMatchObject({
      code: 0,
      msg: '服务不存在'
    })
    const [planLink] = await ctx.database.db.select().from(homeItems).where(eq(homeItems.slug, 'major-plan'))
    expect(planLink).toMatchObject({ sectionKey: 'learn', url: '/pages/majorPlan/majorPlan' })
  })

  test('a teacher has 4 hours a day over the next 7 days, all in the future', async () => {
    const list = (await api('GET', 'service.slot/lists', { teacher_id: teacherOf['lin-qinghe'] })).data.list
    expect(list.length).toBe(28)
    expect(
      list.every((s: { starts_at: string; free: boolean }) => Date.parse(s.starts_at) > Date.now() && s.free)
    ).toBe(true)
    // 10:00 China time is 02:00 UTC.
    expect(list[0].starts_at).toMatch(/T02:00:00\.000Z$/)
    // Asking again does not duplicate the hours.
    expect(
      (await api('GET', 'service.slot/lists', { teacher_id: teacherOf['lin-qinghe'] })).data.list.map(
        (s: { slot_id: number }) => s.slot_id
      )
    ).toEqual(list.map((s: { slot_id: number }) => s.slot_id))
    expect(await api('GET', 'service.slot/lists', { teacher_id: 'abc' })).toMatchObject({
      code: 0,
      msg: '老师格式不正确'
    })
  })
})

describe('booking', () => {
  test('a slot is booked once under concurrent requests; the others are refused with nothing written', async () => {
    const people = await Promise.all(['甲', '乙', '丙', '丁', '戊'].map((n) => login(ctx.app, `抢约${n}`)))
    const [slot] = await freeSlots('zhou-mingyuan')
    const results = await Promise.all(
      people.map((p) => api('POST', 'service.order/add', booking(slot.slot_id), p.token))
    )
    expect(results.filter((r) => r.code === 1)).toHaveLength(1)
    expect(results.filter((r) => r.code === 0).every((r) => r.msg === '该时段已被预约，请选择其他时段')).toBe(true)
    const orders = await ctx.database.db.select().from(serviceOrders).where(eq(serviceOrders.slotId, slot.slot_id))
    expect(orders).toHaveLength(1)
    const [row] = await ctx.database.db.select().from(serviceSlots).where(eq(serviceSlots.id, slot.slot_id))
    expect(row.orderId).toBe(orders[0].id)
    expect((await freeSlots('zhou-mingyuan')).map((s: { slot_id: number }) => s.slot_id)).not.toContain(slot.slot_id)
  })

  test('book, pay in the sandbox: paid once however often confirmed; my orders show it', async () => {
    const me = await login(ctx.app, '预约人')
    const [slot] = await freeSlots('chen-jingshan')
    const added = await api(
      'POST',
      'service.order/add',
      booking(slot.slot_id, { service_id: serviceOf['house-fengshui'], teacher_id: teacherOf['chen-jingshan'] }),
      me.token
    )
    expect(added).toMatchObject({ code: 1, data: { amount: 88800 } })
    // The slot is held 15 minutes for payment; the server says until when.
    expect(Math.abs(new Date(added.data.pay_deadline).getTime() - (Date.now() + 15 * 60_000))).toBeLessThan(60_000)
    const orderId = added.data.order_id
    const waiting = (await api('GET', 'service.order/detail', { order_id: orderId }, me.token)).data.order
    expect(waiting.pay_deadline).toBe(added.data.pay_deadline)
    const starts = await Promise.all(
      [1, 2].map(() => api('POST', 'service.order/pay', { order_id: orderId }, me.token))
    )
    expect(starts.every((r) => r.code === 1 && r.data.provider === 'sandbox' && r.data.amount_fen === 88800)).toBe(true)
    expect(starts[0].data.out_trade_no).toBe(starts[1].data.out_trade_no)
    const confirms = await Promise.all(
      [1, 2, 3].map(() => api('POST', 'pay.sandbox/confirm', { out_trade_no: starts[0].data.out_trade_no }, me.token))
    )
    expect(confirms.every((r) => r.code === 1)).toBe(true)
    const paid = await ctx.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.bizType, 'service'), eq(payments.bizId, orderId)))
    expect(paid.map((p) => p.status)).toEqual(['paid'])
    const order = (await api('GET', 'service.order/detail', { order_id: orderId }, me.token)).data.order
    expect(order).toMatchObject({
      status: 'paid',
      amount: 88800,
      name: '张三',
      service: { title: '家居风水勘察（户型图）' },
      teacher: { name: '陈景山' }
    })
    expect(order.paid_at).not.toBeNull()
    expect(order.pay_deadline).toBeNull()
    expect(await api('POST', 'service.order/pay', { order_id: orderId }, me.token)).toMatchObject({
      code: 0,
      msg: '订单已支付'
    })
    // Within SERVICE_CANCEL_HOURS of the start only customer service can cancel (the refund rules are in
    // service-refunds.test.ts).
    await ctx.database.db
      .update(serviceOrders)
      .set({ startsAt: new Date(Date.now() + 3 * 3600_000) })
      .where(eq(serviceOrders.id, orderId))
    expect(await api('POST', 'service.order/cancel', { order_id: orderId }, me.token)).toMatchObject({
      code: 0,
      msg: '距预约开始已不足 24 小时，不能自行取消，如需取消请联系客服'
    })
    expect((await api('GET', 'service.order/detail', { order_id: orderId }, me.token)).data.order).toMatchObject({
      status: 'paid',
      can_cancel: false,
      refund: null
    })
    const mine = (await api('GET', 'service.order/lists', {}, me.token)).data
    expect(mine.total).toBe(1)
    expect(mine.list[0]).toMatchObject({ order_id: orderId, status: 'paid' })
  })

  test('cancelling an unpaid booking closes its payment and frees the slot for someone else', async () => {
    const me = await login(ctx.app, '改期人')
    const other = await login(ctx.app, '接手人')
    const [slot] = await freeSlots('su-wanqing')
    const orderId = (
      await api(
        'POST',
        'service.order/add',
        booking(slot.slot_id, { service_id: serviceOf['naming'], teacher_id: teacherOf['su-wanqing'] }),
        me.token
      )
    ).data.order_id
    const tradeNo = (await api('POST', 'service.order/pay', { order_id: orderId }, me.token)).data.out_trade_no
    expect(await api('POST', 'service.order/cancel', { order_id: orderId }, me.token)).toMatchObject({
      code: 1,
      data: { status: 'cancelled' }
    })
    expect((await api('POST', 'pay.sandbox/confirm', { out_trade_no: tradeNo }, me.token)).msg).toBe('支付单已关闭')
    expect(await api('POST', 'service.order/pay', { order_id: orderId }, me.token)).toMatchObject({
      code: 0,
      msg: '订单已取消，请重新预约'
    })
    const again = await api(
      'POST',
      'service.order/add',
      booking(slot.slot_id, { service_id: serviceOf['naming'], teacher_id: teacherOf['su-wanqing'] }),
      other.token
    )
    expect(again.code).toBe(1)
  })

  test('bad input names the field and writes nothing; a teacher must offer the service; own orders only', async () => {
    const me = await login(ctx.app, '填错人')
    const other = await login(ctx.app, '旁人')
    const [slot] = await freeSlots('zhao-xuanji')
    const before = (await ctx.database.db.select().from(serviceOrders)).length
    const bad: [Record<string, unknown>, string][] = [
      [{ name: '' }, '姓名至少 2 个字'],
      [{ mobile: '12345' }, '手机号码格式不正确'],
      [{ slot_id: 0 }, '预约时段不正确'],
      [{ remark: 'x'.repeat(301) }, '备注不能超过 300 个字'],
      [{ teacher_id: teacherOf['zhao-xuanji'] }, '该老师不提供此服务'],
      [
        { service_id: serviceOf['date-selection'], teacher_id: teacherOf['zhao-xuanji'], slot_id: 999999 },
        '预约时段不存在'
      ],
      [{ service_id: 999999 }, '服务不存在']
    ]
    for (const [over, msg] of bad)
      expect(await api('POST', 'service.order/add', booking(slot.slot_id, over), me.token)).toMatchObject({
        code: 0,
        msg
      })
    // Another teacher's slot is not this teacher's.
    expect(await api('POST', 'service.order/add', booking(slot.slot_id), me.token)).toMatchObject({
      code: 0,
      msg: '预约时段不存在'
    })
    // A slot too close to now is closed.
    await ctx.database.db
      .update(serviceSlots)
      .set({ startsAt: new Date(Date.now() + 3600_000) })
      .where(eq(serviceSlots.id, slot.slot_id))
    expect(
      await api(
        'POST',
        'service.order/add',
        booking(slot.slot_id, { service_id: serviceOf['date-selection'], teacher_id: teacherOf['zhao-xuanji'] }),
        me.token
      )
    ).toMatchObject({
      code: 0,
      msg: '该时段已截止预约，请选择其他时段'
    })
    expect((await ctx.database.db.select().from(serviceOrders)).length).toBe(before)
    expect((await api('POST', 'service.order/add', booking(slot.slot_id))).code).toBe(-9999)

    const [mySlot] = await freeSlots('zhao-xuanji')
    const orderId = (
      await api(
        'POST',
        'service.order/add',
        booking(mySlot.slot_id, { service_id: serviceOf['date-selection'], teacher_id: teacherOf['zhao-xuanji'] }),
        me.token
      )
    ).data.order_id
    for (const [method, action] of [
      ['GET', 'service.order/detail'],
      ['POST', 'service.order/pay'],
      ['POST', 'service.order/cancel']
    ] as const)
      expect(await api(method, action, { order_id: orderId }, other.token)).toMatchObject({
        code: 0,
        msg: '预约订单不存在'
      })
    expect((await api('GET', 'service.order/lists', {}, other.token)).data.total).toBe(0)
    expect(
      await ctx.database.db
        .select()
        .from(payments)
        .where(and(eq(payments.bizType, 'service'), eq(payments.bizId, orderId)))
    ).toHaveLength(0)
    expect((await api('GET', 'service.order/detail', { order_id: orderId }, me.token)).data.order.status).toBe('unpaid')
  })
})

describe('the pay window', () => {
  const backdate = (orderId: number, minutes: number) =>
    ctx.database.db
      .update(serviceOrders)
      .set({ createdAt: new Date(Date.now() - minutes * 60_000) })
      .where(eq(serviceOrders.id, orderId))
  const orderRow = async (orderId: number) =>
    (await ctx.database.db.select().from(serviceOrders).where(eq(serviceOrders.id, orderId)))[0]
  const slotRow = async (slotId: number) =>
    (await ctx.database.db.select().from(serviceSlots).where(eq(serviceSlots.id, slotId)))[0]
  const forZhou = (slotId: number) => booking(slotId)

  test('an unpaid booking past 15 minutes is cancelled and its slot goes to the next user', async () => {
    const slow = await login(ctx.app, '迟迟未付')
    const next = await login(ctx.app, '候补者')
    const [slot] = await freeSlots('zhou-mingyuan')
    const orderId = (await api('POST', 'service.order/add', forZhou(slot.slot_id), slow.token)).data.order_id
    const tradeNo = (await api('POST', 'service.order/pay', { order_id: orderId }, slow.token)).data.out_trade_no
    await backdate(orderId, 14)
    expect(await api('POST', 'service.order/add', forZhou(slot.slot_id), next.token)).toMatchObject({
      code: 0,
      msg: '该时段已被预约，请选择其他时段'
    })

    await backdate(orderId, 16)
    // The slot list already shows it free again.
    expect((await freeSlots('zhou-mingyuan')).map((s: { slot_id: number }) => s.slot_id)).toContain(slot.slot_id)
    expect(await orderRow(orderId)).toMatchObject({ status: 'cancelled' })
    const taken = await api('POST', 'service.order/add', forZhou(slot.slot_id), next.token)
    expect(taken.code).toBe(1)
    expect((await slotRow(slot.slot_id)).orderId).toBe(taken.data.order_id)

    // The old payment was closed; a retry says the booking expired; my list shows it cancelled.
    expect((await api('POST', 'pay.sandbox/confirm', { out_trade_no: tradeNo }, slow.token)).msg).toBe('支付单已关闭')
    expect(await api('POST', 'service.order/pay', { order_id: orderId }, slow.token)).toMatchObject({
      code: 0,
      msg: '预约已超时未支付，时段已释放，请重新预约'
    })
    expect((await api('GET', 'service.order/lists', {}, slow.token)).data.list[0]).toMatchObject({
      order_id: orderId,
      status: 'cancelled'
    })
  })

  test('retrying payment after the window cancels at once; listing my bookings closes overdue ones', async () => {
    const me = await login(ctx.app, '再试一次')
    const [a, b] = await freeSlots('zhou-mingyuan')
    const first = (await api('POST', 'service.order/add', forZhou(a.slot_id), me.token)).data.order_id
    const second = (await api('POST', 'service.order/add', forZhou(b.slot_id), me.token)).data.order_id
    await backdate(first, 15)
    expect(await api('POST', 'service.order/pay', { order_id: first }, me.token)).toMatchObject({
      code: 0,
      msg: '预约已超时未支付，时段已释放，请重新预约'
    })
    expect((await slotRow(a.slot_id)).orderId).toBeNull()
    await backdate(second, 30)
    expect((await api('GET', 'service.order/detail', { order_id: second }, me.token)).data.order.status).toBe(
      'cancelled'
    )
    expect((await slotRow(b.slot_id)).orderId).toBeNull()
    expect(
      (await api('GET', 'service.order/lists', {}, me.token)).data.list.map((o: { status: string }) => o.status)
    ).toEqual(['cancelled', 'cancelled'])
  })

  test('a paid booking never times out; a payment after the window but before the cancel keeps the slot', async () => {
    const me = await login(ctx.app, '准时者')
    const [a, b] = await freeSlots('zhou-mingyuan')
    const paidId = (await api('POST', 'service.order/add', forZhou(a.slot_id), me.token)).data.order_id
    const paidNo = (await api('POST', 'service.order/pay', { order_id: paidId }, me.token)).data.out_trade_no
    expect((await api('POST', 'pay.sandbox/confirm', { out_trade_no: paidNo }, me.token)).code).toBe(1)
    await backdate(paidId, 60)
    const lateId = (await api('POST', 'service.order/add', forZhou(b.slot_id), me.token)).data.order_id
    const lateNo = (await api('POST', 'service.order/pay', { order_id: lateId }, me.token)).data.out_trade_no
    await backdate(lateId, 16)
    expect(
      await ctx.app.services.payments.markPaid(lateNo, {
        amountFen: (await orderRow(lateId)).amountFen,
        providerTxnId: 'late-s1'
      })
    ).toBe('paid')
    const list = (await api('GET', 'service.order/lists', {}, me.token)).data.list
    expect(list.map((o: { order_id: number; status: string }) => [o.order_id, o.status])).toEqual([
      [lateId, 'paid'],
      [paidId, 'paid']
    ])
    expect((await slotRow(a.slot_id)).orderId).toBe(paidId)
    expect((await slotRow(b.slot_id)).orderId).toBe(lateId)
  })

  test('a payment for a cancelled booking retakes the slot if free, else goes straight back to the payer', async () => {
    const me = await login(ctx.app, '付款晚到')
    const other = await login(ctx.app, '抢先者')
    const [a, b] = await freeSlots('zhou-mingyuan')
    const reopenId = (await api('POST', 'service.order/add', forZhou(a.slot_id), me.token)).data.order_id
    const reopenNo = (await api('POST', 'service.order/pay', { order_id: reopenId }, me.token)).data.out_trade_no
    const lostId = (await api('POST', 'service.order/add', forZhou(b.slot_id), me.token)).data.order_id
    const lostNo = (await api('POST', 'service.order/pay', { order_id: lostId }, me.token)).data.out_trade_no
    await backdate(reopenId, 20)
    await backdate(lostId, 20)
    await api('GET', 'service.order/lists', {}, me.token)
    expect((await orderRow(reopenId)).status).toBe('cancelled')
    expect((await api('POST', 'service.order/add', forZhou(b.slot_id), other.token)).code).toBe(1)
    // Simulates a notice racing the cancel: the closed payments are open again when it lands.
    for (const no of [reopenNo, lostNo])
      await ctx.database.db.update(payments).set({ status: 'created' }).where(eq(payments.outTradeNo, no))
    const amount = (await orderRow(reopenId)).amountFen
    expect(await ctx.app.services.payments.markPaid(reopenNo, { amountFen: amount, providerTxnId: 'late-s2' })).toBe(
      'paid'
    )
    expect(await orderRow(reopenId)).toMatchObject({ status: 'paid' })
    expect((await slotRow(a.slot_id)).orderId).toBe(reopenId)
    expect(await ctx.app.services.payments.markPaid(lostNo, { amountFen: amount, providerTxnId: 'late-s3' })).toBe(
      'returned'
    )
    expect((await ctx.database.db.select().from(payments).where(eq(payments.outTradeNo, lostNo)))[0].status).toBe(
      'refunded'
    )
    expect(await orderRow(lostId)).toMatchObject({ status: 'cancelled' })
  })
})
