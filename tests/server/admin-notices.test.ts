import './helpers/native-modules'

import { inArray } from 'drizzle-orm'

import { operatorNotices, teachers } from '../../server/db/schema'
import { addOperator, type AdminClient, adminLogin, ownerClient } from './helpers/admin'
import { createTestContext, type TestContext } from './helpers/test-app'

/** The operators' bell: notices of work waiting, seen by those who may act on it, read up to an id. */
let ctx: TestContext
let owner: AdminClient
let seq = 0
const db = () => ctx.database.db
const notify = () => ctx.app.services.notify

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ownerClient(ctx.app, db())
}, 120_000)
afterAll(async () => {
  await ctx?.close()
})

/** A new order to ship, as the shop files it when an order is paid. */
async function orderPaid(orderId = 90_000 + ++seq): Promise<number> {
  await notify().toOperators(db(), 'op.order.paid', {
    key: orderId,
    fields: { order_no: `NO${orderId}`, goods: '罗盘 × 1', amount: '¥68.00' },
    link: `/orders/${orderId}`
  })
  const [row] = await db()
    .select()
    .from(operatorNotices)
    .where(inArray(operatorNotices.dedupeKey, [`op.order.paid:${orderId}`]))
  return row.id
}

const idsOf = (answer: { latest: { id: number }[] }) => answer.latest.map((n) => n.id)

test('a notice for order.ship reaches owner and operations, not finance-only or content roles', async () => {
  const ops = await addOperator(ctx.app, owner, 'notice_ops', 'operations')
  const finance = await addOperator(ctx.app, owner, 'notice_finance', 'finance')
  const content = await addOperator(ctx.app, owner, 'notice_content', 'content')
  for (const who of [owner, ops, finance, content]) await who.post('/notice/read')

  const id = await orderPaid()
  for (const who of [owner, ops]) {
    const bell = (await who.get('/notice/unread')).data
    expect(bell.count).toBe(1)
    expect(bell.latest[0]).toEqual({
      id,
      event: 'op.order.paid',
      title: '新订单待发货',
      body: expect.stringContaining('罗盘 × 1，实付 ¥68.00'),
      link: expect.stringMatching(/^\/orders\/\d+$/),
      unread: true,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/)
    })
    expect((await who.get('/notice/lists')).data.list[0]).toMatchObject({ id, unread: true })
  }
  for (const who of [finance, content]) {
    const bell = (await who.get('/notice/unread')).data
    expect(bell.count).toBe(0)
    expect(idsOf(bell)).not.toContain(id)
    expect((await who.get('/notice/lists')).data.list.map((n: { id: number }) => n.id)).not.toContain(id)
  }
  // A refund request is finance's (refund.decide), and still not content's.
  await notify().toOperators(db(), 'op.refund.requested', {
    key: `r${++seq}`,
    fields: { order_no: 'NO1', amount: '¥10.00', reason: '不想要了' },
    link: '/refunds'
  })
  expect((await finance.get('/notice/unread')).data.count).toBe(1)
  expect((await content.get('/notice/unread')).data.count).toBe(0)
  // Operations ships but does not decide refunds: still only the order.
  expect((await ops.get('/notice/unread')).data.count).toBe(1)
})

test("a 老师 account sees its own teacher's notices only; the owner sees every teacher's", async () => {
  const [mine, other] = await db().select().from(teachers).limit(2)
  const created = await owner.post('/operator/add', {
    username: 'notice_teacher',
    password: 'Secret-Pine-123',
    role: 'teacher',
    teacher_id: mine.id
  })
  expect(created.code).toBe(1)
  const teacher = (await adminLogin(ctx.app, 'notice_teacher', 'Secret-Pine-123')).client!
  await owner.post('/notice/read')
  const booked = async (teacherId: number, name: string) =>
    notify().toOperators(db(), 'op.consult.booked', {
      key: `b${++seq}`,
      fields: { service: '八字详批', teacher: name, time: '2031年1月1日 10:00' },
      link: '/services',
      teacherId
    })
  await booked(mine.id, mine.name)
  await booked(other.id, other.name)
  // An order to ship carries no teacher: a teacher's account is not told of it.
  await orderPaid()

  const bell = (await teacher.get('/notice/unread')).data
  expect(bell.count).toBe(1)
  expect(bell.latest.map((n: { body: string }) => n.body)).toEqual([`${mine.name} 老师「八字详批」2031年1月1日 10:00`])
  // A teacher works its bookings from its own desk; the owner from 服务预约.
  expect(bell.latest[0].link).toBe('/desk')
  expect((await teacher.get('/notice/lists')).data.list[0].link).toBe('/desk')
  expect((await teacher.get('/notice/lists')).data).toMatchObject({ total: 1 })
  expect((await teacher.get('/notice/pending')).data).toEqual({ pending: {} })
  const all = (await owner.get('/notice/unread')).data
  expect(all.count).toBe(3)
  expect(all.latest.slice(0, 3).map((n: { event: string }) => n.event)).toEqual([
    'op.order.paid',
    'op.consult.booked',
    'op.consult.booked'
  ])
  expect(all.latest[1].link).toBe('/services')
})

test('reading: up to a notice, or all of them; never back, never ahead of the newest notice', async () => {
  const reader = await addOperator(ctx.app, owner, 'notice_reader', 'operations')
  await reader.post('/notice/read')
  expect((await reader.get('/notice/unread')).data.count).toBe(0)
  const [a, b, c] = [await orderPaid(), await orderPaid(), await orderPaid()]

  const afterB = (await reader.post('/notice/read', { id: b })).data
  expect(afterB.count).toBe(1)
  expect(afterB.latest.slice(0, 3).map((n: { id: number; unread: boolean }) => [n.id, n.unread])).toEqual([
    [c, true],
    [b, false],
    [a, false]
  ])
  // Opening an older one does not make the newer ones unread again.
  expect((await reader.post('/notice/read', { id: a })).data.count).toBe(1)
  // Another operator's reading is their own.
  expect((await owner.get('/notice/unread')).data.count).toBeGreaterThanOrEqual(3)

  // An id beyond the newest marks what exists, not notices still to come.
  expect((await reader.post('/notice/read', { id: 2_000_000_000 })).data.count).toBe(0)
  const d = await orderPaid()
  const fresh = (await reader.get('/notice/unread')).data
  expect(fresh.count).toBe(1)
  expect(fresh.latest[0]).toMatchObject({ id: d, unread: true })
  expect(fresh.latest[1]).toMatchObject({ unread: false })
  expect((await reader.post('/notice/read', {})).data.count).toBe(0)
  expect((await reader.post('/notice/read', { id: 'x' })).code).toBe(0)
  // A write without the session's CSRF token is refused.
  expect((await reader.post('/notice/read', {}, { csrf: 'nope' })).code).toBe(0)
})

test('the poll: the unread count (up to 100) and the newest 8; the list pages newest first', async () => {
  const poller = await addOperator(ctx.app, owner, 'notice_poller', 'operations')
  await poller.post('/notice/read')
  const first = await orderPaid()
  await db()
    .insert(operatorNotices)
    .values(
      Array.from({ length: 120 }, (_, i) => ({
        event: 'op.order.paid',
        title: '新订单待发货',
        body: `NO-bulk-${i}`,
        link: `/orders/${i + 1}`,
        permission: 'order.ship',
        dedupeKey: `op.order.paid:bulk-${++seq}`
      }))
    )
  const bell = (await poller.get('/notice/unread')).data
  expect(Object.keys(bell).sort()).toEqual(['count', 'latest'])
  expect(bell.count).toBe(100)
  expect(bell.latest).toHaveLength(8)
  const ids = idsOf(bell)
  expect([...ids].sort((x, y) => y - x)).toEqual(ids)
  expect(bell.latest[0].body).toBe('NO-bulk-119')

  const page1 = (await poller.get('/notice/lists', { page: 1, per_page: 50 })).data
  const page3 = (await poller.get('/notice/lists', { page: 3, per_page: 50 })).data
  expect(page1).toMatchObject({ page: 1, per_page: 50 })
  expect(page1.total).toBeGreaterThanOrEqual(121)
  expect(page1.list[0].body).toBe('NO-bulk-119')
  expect(page3.list.map((n: { id: number }) => n.id)).toContain(first)
  expect(page1.list.every((n: { unread: boolean }) => n.unread)).toBe(true)
  await poller.post('/notice/read')
  expect(
    (await poller.get('/notice/lists', { per_page: 5 })).data.list.some((n: { unread: boolean }) => n.unread)
  ).toBe(false)
})

test('the work waiting now: the figures of what each role may act on, the same as the dashboard', async () => {
  const dashboard = (await owner.get('/dashboard/overview')).data.pending
  expect((await owner.get('/notice/pending')).data.pending).toEqual(dashboard)
  const finance = (await adminLogin(ctx.app, 'notice_finance', 'Secret-Pine-123')).client!
  const content = (await adminLogin(ctx.app, 'notice_content', 'Secret-Pine-123')).client!
  const ops = (await adminLogin(ctx.app, 'notice_ops', 'Secret-Pine-123')).client!
  expect((await finance.get('/notice/pending')).data.pending).toEqual({
    refunds: dashboard.refunds,
    withdrawals: dashboard.withdrawals
  })
  expect((await content.get('/notice/pending')).data.pending).toEqual({
    articles: dashboard.articles,
    certificates: dashboard.certificates,
    memberships: dashboard.memberships
  })
  expect((await ops.get('/notice/pending')).data.pending).toEqual({ to_ship: dashboard.to_ship })
})

test('the bell needs a console session', async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/notice/unread' })
  expect(res.json().code).toBe(-9999)
})
