import './helpers/native-modules'

import { and, count, desc, eq } from 'drizzle-orm'

import { MSG_STALE } from '../../server/core/envelope'
import { adminAuditLogs, consultServices, serviceOrders, teachers } from '../../server/db/schema'
import { addOperator, type AdminClient, adminLogin, ownerClient } from './helpers/admin'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

// Teachers and services from the console: profiles, bookable hours as a weekly template with days off
// and extra hours, which the app's booking follows; a 老师 account sees and completes only its own bookings.

jest.setTimeout(300_000)

let ctx: TestContext
let owner: AdminClient
let ops: AdminClient
const DAY = 86_400_000

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ownerClient(ctx.app, ctx.database.db)
  ops = await addOperator(ctx.app, owner, 'ops_t', 'operations')
})
afterAll(() => ctx.close())

const api = (method: 'GET' | 'POST', action: string, params: Record<string, unknown> = {}, token?: string) =>
  call(ctx.app, method, `/api/${action}`, params, token)
const rows = async (table: typeof teachers | typeof consultServices) =>
  (await ctx.database.db.select({ n: count() }).from(table))[0].n
const auditOf = (action: string) =>
  ctx.database.db
    .select()
    .from(adminAuditLogs)
    .where(eq(adminAuditLogs.action, action))
    .orderBy(desc(adminAuditLogs.id))
/** The China date `days` from today. */
const chinaDate = (days: number) => new Date(Date.now() + 8 * 3600_000 + days * DAY).toISOString().slice(0, 10)
/** A China date and hour as the instant the app shows. */
const at = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+08:00`).toISOString()

const EVERY_DAY_NINE = Array.from({ length: 7 }, () => ['09:00'])
const teacherFields = (over: Record<string, unknown> = {}) => ({
  name: '孙青云',
  title: '六爻讲师',
  avatar: '/static/demo/teacher/zhou-mingyuan.svg',
  city: '苏州',
  years: 12,
  specialties: ['六爻', '择日'],
  intro: '专研六爻十余年。',
  service_ids: [],
  weekly_slots: EVERY_DAY_NINE,
  days_off: [],
  extra_slots: [],
  ...over
})
const serviceFields = (over: Record<string, unknown> = {}) => ({
  kind: 'consult',
  title: '六爻问事',
  summary: '一事一占',
  content: '详细解读卦象。',
  price_fen: 19900,
  duration_min: 45,
  ...over
})

async function slotsOf(teacherId: number): Promise<{ slot_id: number; starts_at: string; free: boolean }[]> {
  const res = await api('GET', 'service.slot/lists', { teacher_id: teacherId })
  expect(res.code).toBe(1)
  return res.data.list
}

async function paidBooking(
  serviceId: number,
  teacherId: number,
  who: { token: string },
  slotId?: number
): Promise<number> {
  const slot = slotId ?? (await slotsOf(teacherId)).find((s) => s.free)!.slot_id
  const added = await api(
    'POST',
    'service.order/add',
    { service_id: serviceId, teacher_id: teacherId, slot_id: slot, name: '张三', mobile: '13800138000' },
    who.token
  )
  expect(added.code).toBe(1)
  const start = await api('POST', 'service.order/pay', { order_id: added.data.order_id }, who.token)
  expect((await api('POST', 'pay.sandbox/confirm', { out_trade_no: start.data.out_trade_no }, who.token)).code).toBe(1)
  return added.data.order_id
}

describe('who may edit teachers and services', () => {
  test('no session is asked to log in; finance is refused; content may look but not save', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/teacher/lists' })).json().code).toBe(-9999)
    const finance = await addOperator(ctx.app, owner, 'fin_t', 'finance')
    const content = await addOperator(ctx.app, owner, 'con_t', 'content')
    const before = [await rows(teachers), await rows(consultServices)]
    expect(await finance.get('/teacher/lists')).toMatchObject({ code: 0, msg: '没有权限执行此操作' })
    expect(await finance.post('/teacher/add', teacherFields())).toMatchObject({ code: 0, msg: '没有权限执行此操作' })
    expect((await content.get('/teacher/lists')).code).toBe(1)
    expect((await content.get('/consult/lists')).code).toBe(1)
    expect(await content.post('/teacher/add', teacherFields())).toMatchObject({ code: 0, msg: '没有权限执行此操作' })
    expect(await content.post('/consult/add', serviceFields())).toMatchObject({ code: 0, msg: '没有权限执行此操作' })
    expect([await rows(teachers), await rows(consultServices)]).toEqual(before)
  })

  test('bad input is named in Chinese and writes nothing', async () => {
    const before = [await rows(teachers), await rows(consultServices), (await auditOf('teacher.add')).length]
    expect((await ops.post('/teacher/add', teacherFields({ name: '' }))).msg).toBe('老师姓名不能为空')
    expect((await ops.post('/teacher/add', teacherFields({ avatar: 'javascript:alert(1)' }))).msg).toBe(
      '照片应为上传后的图片地址'
    )
    expect(
      (await ops.post('/teacher/add', teacherFields({ weekly_slots: [['25:00'], [], [], [], [], [], []] }))).msg
    ).toBe('每周可约时段的时间应为 HH:MM，如 14:00')
    expect((await ops.post('/teacher/add', teacherFields({ weekly_slots: [['09:00']] }))).msg).toBe(
      '每周可约时段至少 7 个'
    )
    expect((await ops.post('/teacher/add', teacherFields({ days_off: ['明天'] }))).msg).toBe(
      '休息日期应为 YYYY-MM-DD，如 2026-01-31'
    )
    expect((await ops.post('/teacher/add', teacherFields({ extra_slots: ['2030-01-01'] }))).msg).toBe(
      '加开时段应为 YYYY-MM-DD HH:MM，如 2026-01-31 14:00'
    )
    expect((await ops.post('/teacher/add', teacherFields({ service_ids: [999_999] }))).msg).toBe('所选服务不存在')
    expect((await ops.post('/consult/add', serviceFields({ price_fen: 0 }))).msg).toMatch(/^价格至少/)
    expect((await ops.post('/consult/add', serviceFields({ duration_min: 1 }))).msg).toMatch(/^时长至少/)
    expect([await rows(teachers), await rows(consultServices), (await auditOf('teacher.add')).length]).toEqual(before)
  })
})

describe('a teacher and a service built in the console', () => {
  test('the app lists them and offers exactly the hours of the template, days off and extra hours', async () => {
    const service = await ops.post('/consult/add', serviceFields())
    expect(service.code).toBe(1)
    const serviceId = service.data.id
    expect((await auditOf('consult.add'))[0]).toMatchObject({
      operatorName: 'ops_t',
      targetId: String(serviceId),
      after: { title: '六爻问事', price_fen: 19900 }
    })

    const off = chinaDate(2)
    const extraDay = chinaDate(3)
    const added = await ops.post(
      '/teacher/add',
      teacherFields({ service_ids: [serviceId], days_off: [off], extra_slots: [`${extraDay} 21:00`] })
    )
    expect(added.code).toBe(1)
    const teacherId = added.data.id
    expect((await auditOf('teacher.add'))[0]).toMatchObject({
      targetId: String(teacherId),
      after: { name: '孙青云', service_ids: [serviceId] }
    })

    // The app: the teacher's profile with the service, and the service with the teacher.
    const profile = (await api('GET', 'teacher.index/detail', { teacher_id: teacherId })).data.detail
    expect(profile).toMatchObject({ name: '孙青云', city: '苏州', specialties: ['六爻', '择日'] })
    expect(profile.services.map((s: { service_id: number }) => s.service_id)).toEqual([serviceId])
    const detail = (await api('GET', 'service.index/detail', { service_id: serviceId })).data.detail
    expect(detail).toMatchObject({ title: '六爻问事', price: 19900, duration_min: 45 })
    expect(detail.teachers.map((t: { teacher_id: number }) => t.teacher_id)).toEqual([teacherId])

    // Nine o'clock on each of the next seven days but the day off, and the extra hour.
    const expected = [1, 3, 4, 5, 6, 7].map((d) => at(chinaDate(d), '09:00'))
    expected.push(at(extraDay, '21:00'))
    expect((await slotsOf(teacherId)).map((s) => s.starts_at)).toEqual(expected.sort())
    const console = (await ops.get('/teacher/detail', { teacher_id: teacherId })).data
    expect(console.upcoming.map((u: { starts_at: string }) => u.starts_at)).toEqual(expected)

    // A booked hour shows as taken in the app and in the console; a second booking of it is refused.
    const buyer = await login(ctx.app, '预约孙老师')
    const slots = await slotsOf(teacherId)
    const first = slots[0]
    const orderId = await paidBooking(serviceId, teacherId, buyer, first.slot_id)
    expect((await slotsOf(teacherId))[0]).toMatchObject({ slot_id: first.slot_id, free: false })
    expect((await ops.get('/teacher/detail', { teacher_id: teacherId })).data.upcoming[0].taken).toBe(true)
    const other = await login(ctx.app, '抢同一时段')
    const again = await api(
      'POST',
      'service.order/add',
      { service_id: serviceId, teacher_id: teacherId, slot_id: first.slot_id, name: '李四', mobile: '13900139000' },
      other.token
    )
    expect(again).toMatchObject({ code: 0, msg: '该时段已被预约，请选择其他时段' })

    // The operator takes the extra hour away: a slot row the app listed earlier can no longer be booked.
    const extraSlot = slots.find((s) => s.starts_at === at(extraDay, '21:00'))!
    const version = console.version
    const edit = await ops.post('/teacher/edit', {
      ...teacherFields({ service_ids: [serviceId], days_off: [off] }),
      teacher_id: teacherId,
      version
    })
    expect(edit.code).toBe(1)
    expect(edit.data.version).toBe(version + 1)
    const late = await api(
      'POST',
      'service.order/add',
      { service_id: serviceId, teacher_id: teacherId, slot_id: extraSlot.slot_id, name: '李四', mobile: '13900139000' },
      other.token
    )
    expect(late).toMatchObject({ code: 0, msg: '老师该时段不接受预约，请选择其他时段' })
    expect((await slotsOf(teacherId)).map((s) => s.starts_at)).not.toContain(at(extraDay, '21:00'))
    // The existing booking keeps its hour.
    expect((await ctx.database.db.select().from(serviceOrders).where(eq(serviceOrders.id, orderId)))[0].status).toBe(
      'paid'
    )

    // A save from a form opened before that edit is refused and changes nothing.
    expect(
      await owner.post('/teacher/edit', { ...teacherFields({ name: '别人改的' }), teacher_id: teacherId, version })
    ).toMatchObject({ code: 0, msg: MSG_STALE })
    expect((await ops.get('/teacher/detail', { teacher_id: teacherId })).data.name).toBe('孙青云')
    const [audit] = await auditOf('teacher.edit')
    expect(audit.before).toMatchObject({ extra_slots: [`${extraDay} 21:00`] })
    expect(audit.after).toMatchObject({ extra_slots: [] })

    // The service off the shelf: gone from the app's list, and no new booking.
    const listed = (await ops.get('/consult/lists')).data.list.find(
      (s: { service_id: number }) => s.service_id === serviceId
    )
    expect(listed.teachers).toEqual([{ teacher_id: teacherId, name: '孙青云' }])
    expect(
      (
        await ops.post('/consult/edit', {
          ...serviceFields({ visible: false }),
          service_id: serviceId,
          version: listed.version
        })
      ).code
    ).toBe(1)
    expect(
      await ops.post('/consult/edit', {
        ...serviceFields({ price_fen: 1 }),
        service_id: serviceId,
        version: listed.version
      })
    ).toMatchObject({ code: 0, msg: MSG_STALE })
    const appList = (await api('GET', 'service.index/lists', { kind: 'consult' })).data.list
    expect(appList.map((s: { service_id: number }) => s.service_id)).not.toContain(serviceId)
    const free = (await slotsOf(teacherId)).find((s) => s.free)!
    expect(
      (
        await api(
          'POST',
          'service.order/add',
          { service_id: serviceId, teacher_id: teacherId, slot_id: free.slot_id, name: '李四', mobile: '13900139000' },
          other.token
        )
      ).msg
    ).toBe('服务不存在')
    expect((await auditOf('consult.edit'))[0]).toMatchObject({ before: { visible: true }, after: { visible: false } })
  })
})

describe('a 老师 account', () => {
  test("sees only its own teacher's bookings and completes only those", async () => {
    const [zhou] = await ctx.database.db.select().from(teachers).where(eq(teachers.slug, 'zhou-mingyuan'))
    const [lin] = await ctx.database.db.select().from(teachers).where(eq(teachers.slug, 'lin-qinghe'))
    const serviceOf = async (teacherId: number) =>
      (await api('GET', 'teacher.index/detail', { teacher_id: teacherId })).data.detail.services[0].service_id

    expect(
      (await owner.post('/operator/add', { username: 'teacher_x', password: 'Secret-Pine-123', role: 'teacher' })).msg
    ).toBe('老师账号须关联一位老师')
    expect(
      (
        await owner.post('/operator/add', {
          username: 'teacher_x',
          password: 'Secret-Pine-123',
          role: 'teacher',
          teacher_id: 999_999
        })
      ).msg
    ).toBe('老师不存在')
    const created = await owner.post('/operator/add', {
      username: 'teacher_zhou',
      password: 'Secret-Pine-123',
      role: 'teacher',
      teacher_id: zhou.id
    })
    expect(created.data).toMatchObject({ role: 'teacher', teacher_id: zhou.id, teacher_name: zhou.name })
    const mine = (await adminLogin(ctx.app, 'teacher_zhou', 'Secret-Pine-123')).client!
    expect((await mine.get('/auth/me')).data.permissions).toEqual(['consult.own'])

    const buyer = await login(ctx.app, '两位老师的学员')
    const zhouOrder = await paidBooking(await serviceOf(zhou.id), zhou.id, buyer)
    const linOrder = await paidBooking(await serviceOf(lin.id), lin.id, buyer)

    const desk = (await mine.get('/desk/lists', { status: 'paid' })).data
    const ids = desk.list.map((b: { order_id: number }) => b.order_id)
    expect(ids).toContain(zhouOrder)
    expect(ids).not.toContain(linOrder)
    expect(desk.list.every((b: { teacher_name: string }) => b.teacher_name === zhou.name)).toBe(true)

    // Another teacher's booking: not there, and unchanged; the console's own lists are not for this role.
    expect(await mine.post('/desk/complete', { order_id: linOrder })).toMatchObject({ code: 0, msg: '预约订单不存在' })
    const status = async (id: number) =>
      (await ctx.database.db.select().from(serviceOrders).where(eq(serviceOrders.id, id)))[0].status
    expect(await status(linOrder)).toBe('paid')
    expect(await mine.get('/service/lists')).toMatchObject({ code: 0, msg: '没有权限执行此操作' })
    expect(await mine.post('/service/complete', { order_id: linOrder })).toMatchObject({
      code: 0,
      msg: '没有权限执行此操作'
    })
    expect(await mine.post('/teacher/edit', { ...teacherFields(), teacher_id: zhou.id, version: 1 })).toMatchObject({
      code: 0,
      msg: '没有权限执行此操作'
    })
    expect(await mine.post('/desk/complete', { order_id: 'abc' })).toMatchObject({ code: 0 })

    // Its own: completed once, with the audit row naming the teacher's account.
    expect((await mine.post('/desk/complete', { order_id: zhouOrder })).code).toBe(1)
    expect(await status(zhouOrder)).toBe('done')
    expect((await mine.post('/desk/complete', { order_id: zhouOrder })).msg).toBe('该预约已完成')
    const [audit] = await ctx.database.db
      .select()
      .from(adminAuditLogs)
      .where(and(eq(adminAuditLogs.action, 'service.complete'), eq(adminAuditLogs.targetId, String(zhouOrder))))
    expect(audit).toMatchObject({ operatorName: 'teacher_zhou', before: { status: 'paid' }, after: { status: 'done' } })
    expect(
      (await mine.get('/desk/lists', { status: 'done' })).data.list.map((b: { order_id: number }) => b.order_id)
    ).toEqual([zhouOrder])
    // The user sees it completed.
    expect((await api('GET', 'service.order/detail', { order_id: zhouOrder }, buyer.token)).data.order.status).toBe(
      'done'
    )
  })
})
