import './helpers/native-modules'

import { and, eq, inArray } from 'drizzle-orm'

import { consultServices, payments, serviceOrders, teachers } from '../../server/db/schema'
import { offersHour } from '../../server/modules/service/schedule'
import { type AdminClient, ownerClient } from './helpers/admin'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

// The races of a teacher's booking, run against the real database (PGlite here, PostgreSQL with scripts/pg-test.sh):
// two users on one slot, and an operator taking an hour out of the schedule while it is being booked.

jest.setTimeout(300_000)

let ctx: TestContext
let owner: AdminClient
let teacherId: number
let serviceId: number
const TAKEN = '该时段已被预约，请选择其他时段'
const CLOSED = '老师该时段不接受预约，请选择其他时段'

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ownerClient(ctx.app, ctx.database.db)
  ;[{ id: teacherId }] = await ctx.database.db.select().from(teachers).where(eq(teachers.slug, 'zhou-mingyuan'))
  ;[{ id: serviceId }] = await ctx.database.db
    .select()
    .from(consultServices)
    .where(eq(consultServices.slug, 'bazi-reading'))
})
afterAll(() => ctx.close())

const api = (method: 'GET' | 'POST', action: string, params: Record<string, unknown> = {}, token?: string) =>
  call(ctx.app, method, `/api/${action}`, params, token)

const freeSlots = async (): Promise<{ slot_id: number; starts_at: string }[]> =>
  (await api('GET', 'service.slot/lists', { teacher_id: teacherId })).data.list.filter((s: { free: boolean }) => s.free)

const book = (token: string, slotId: number) =>
  api(
    'POST',
    'service.order/add',
    { service_id: serviceId, teacher_id: teacherId, slot_id: slotId, name: '张三', mobile: '13800138000' },
    token
  )

const liveOrders = () =>
  ctx.database.db
    .select()
    .from(serviceOrders)
    .where(and(eq(serviceOrders.teacherId, teacherId), inArray(serviceOrders.status, ['unpaid', 'paid'])))

/** The console's edit of a teacher as its detail shows it. */
const teacherEdit = ({ course_list, upcoming, updated_at, ...t }: Record<string, unknown>) => t

/** China date 'YYYY-MM-DD' of an instant. */
const chinaDate = (iso: string) => new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 10)

test('two users booking one slot at the same moment: one booking, the other told the slot is taken', async () => {
  const people = await Promise.all(['抢约甲', '抢约乙', '抢约丙', '抢约丁'].map((n) => login(ctx.app, n)))
  const slots = (await freeSlots()).slice(0, 3)
  expect(slots.length).toBe(3)
  for (const slot of slots) {
    const results = await Promise.all(people.map((p) => book(p.token, slot.slot_id)))
    expect(results.filter((r) => r.code === 1)).toHaveLength(1)
    expect(results.filter((r) => r.code === 0).map((r) => r.msg)).toEqual([TAKEN, TAKEN, TAKEN])
    const orders = await ctx.database.db.select().from(serviceOrders).where(eq(serviceOrders.slotId, slot.slot_id))
    expect(orders).toHaveLength(1)
    const winner = results.find((r) => r.code === 1)!
    expect(orders[0].id).toBe(winner.data.order_id)
  }
})

test('an hour removed by the operator while it is being booked: never a booking in a removed hour', async () => {
  const who = await login(ctx.app, '抢约戊')
  const taken = new Set((await liveOrders()).map((o) => chinaDate(o.startsAt.toISOString())))
  // One day per round, each a day nobody has booked yet: the operator makes it a day off as the user books its hour.
  const days = [...new Set((await freeSlots()).map((s) => chinaDate(s.starts_at)))].filter((d) => !taken.has(d))
  expect(days.length).toBeGreaterThanOrEqual(3)
  const outcomes = new Set<string>()
  for (const day of days.slice(0, 4)) {
    const slot = (await freeSlots()).find((s) => chinaDate(s.starts_at) === day)!
    const t = (await owner.get('/teacher/detail', { teacher_id: teacherId })).data
    const edit = { ...teacherEdit(t), days_off: [...t.days_off, day] }
    const [booked, edited] = await Promise.all([book(who.token, slot.slot_id), owner.post('/teacher/edit', edit)])
    // Exactly one of them happens: the booking (and the operator is told the hour is booked), or the day off.
    if (booked.code === 1) {
      expect(edited.code).toBe(0)
      expect(edited.msg).toMatch(/已有张三的预约，请先在服务预约中取消该预约再调整时段$/)
      outcomes.add('booked')
    } else {
      expect(booked.msg).toBe(CLOSED)
      expect(edited.code).toBe(1)
      outcomes.add('removed')
    }
    const [row] = await ctx.database.db.select().from(teachers).where(eq(teachers.id, teacherId))
    for (const o of await liveOrders()) expect(offersHour(row, o.startsAt)).toBe(true)
  }
  expect(outcomes.size).toBeGreaterThan(0)
})

test('in turn: a booked hour cannot be removed; a removed one cannot be booked', async () => {
  const who = await login(ctx.app, '抢约己')
  const slots = await freeSlots()
  const first = slots[0]
  const booked = new Set((await liveOrders()).map((o) => chinaDate(o.startsAt.toISOString())))
  const second = slots.find((s) => ![...booked, chinaDate(first.starts_at)].includes(chinaDate(s.starts_at)))!
  expect((await book(who.token, first.slot_id)).code).toBe(1)
  const t = (await owner.get('/teacher/detail', { teacher_id: teacherId })).data
  const base = teacherEdit(t)
  const refused = await owner.post('/teacher/edit', { ...base, days_off: [...t.days_off, chinaDate(first.starts_at)] })
  expect(refused.msg).toMatch(/已有张三的预约/)
  expect((await owner.get('/teacher/detail', { teacher_id: teacherId })).data.version).toBe(t.version)
  const saved = await owner.post('/teacher/edit', { ...base, days_off: [...t.days_off, chinaDate(second.starts_at)] })
  expect(saved.code).toBe(1)
  expect((await book(who.token, second.slot_id)).msg).toBe(CLOSED)
})

test('a late payment for a lapsed booking does not take back an hour the operator has removed since', async () => {
  const who = await login(ctx.app, '付款太晚')
  const booked = new Set((await liveOrders()).map((o) => chinaDate(o.startsAt.toISOString())))
  const slot = (await freeSlots()).find((s) => !booked.has(chinaDate(s.starts_at)))!
  const orderId = (await book(who.token, slot.slot_id)).data.order_id
  const tradeNo = (await api('POST', 'service.order/pay', { order_id: orderId }, who.token)).data.out_trade_no
  // Past its pay window the booking lapses and its payment closes; then the operator makes that day a day off.
  await ctx.database.db
    .update(serviceOrders)
    .set({ createdAt: new Date(Date.now() - 60 * 60_000) })
    .where(eq(serviceOrders.id, orderId))
  await api('GET', 'service.order/lists', {}, who.token)
  const t = (await owner.get('/teacher/detail', { teacher_id: teacherId })).data
  expect(
    (await owner.post('/teacher/edit', { ...teacherEdit(t), days_off: [...t.days_off, chinaDate(slot.starts_at)] }))
      .code
  ).toBe(1)
  // The notice lands as if it had raced the cancel: the money goes back, no booking in the removed hour.
  await ctx.database.db.update(payments).set({ status: 'created' }).where(eq(payments.outTradeNo, tradeNo))
  const [order] = await ctx.database.db.select().from(serviceOrders).where(eq(serviceOrders.id, orderId))
  expect(
    await ctx.app.services.payments.markPaid(tradeNo, { amountFen: order.amountFen, providerTxnId: 'late-removed' })
  ).toBe('returned')
  expect((await ctx.database.db.select().from(serviceOrders).where(eq(serviceOrders.id, orderId)))[0].status).toBe(
    'cancelled'
  )
  expect((await ctx.database.db.select().from(payments).where(eq(payments.outTradeNo, tradeNo)))[0].status).toBe(
    'refunded'
  )
})
