import './helpers/native-modules'

import { count, desc, eq } from 'drizzle-orm'

import { MSG_STALE } from '../../server/core/envelope'
import { adminAuditLogs, courseCategories, offlineClasses, offlineSignups } from '../../server/db/schema'
import { ensureInitialOwner } from '../../server/modules/admin/operators'
import { type AdminClient, adminLogin } from './helpers/admin'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

// The context migrates and seeds a database and hashes passwords: slow on a loaded machine.
jest.setTimeout(300_000)

let ctx: TestContext
let owner: AdminClient
let content: AdminClient
let finance: AdminClient
let categoryId: number
const OWNER_PASSWORD = 'Owner-pass-1'

const api = (method: 'GET' | 'POST', action: string, params: Record<string, unknown> = {}, token?: string) =>
  call(ctx.app, method, `/api/${action}`, params, token)
const classRows = async () => (await ctx.database.db.select({ n: count() }).from(offlineClasses))[0].n
const auditOf = (action: string) =>
  ctx.database.db
    .select()
    .from(adminAuditLogs)
    .where(eq(adminAuditLogs.action, action))
    .orderBy(desc(adminAuditLogs.id))
const daysFromNow = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString()

const classFields = (over: Record<string, unknown> = {}) => ({
  title: '上海周末班',
  starts_at: daysFromNow(10),
  ends_at: daysFromNow(11),
  signup_deadline: daysFromNow(8),
  city: '上海',
  address: '上海市黄浦区南京东路 100 号 5 楼',
  latitude: 31.2397,
  longitude: 121.4998,
  seats: 2,
  ...over
})

async function operator(username: string, role: string): Promise<AdminClient> {
  expect((await owner.post('/operator/add', { username, password: 'Secret-Pine-123', role })).code).toBe(1)
  return (await adminLogin(ctx.app, username, 'Secret-Pine-123')).client!
}

async function offlineCourse() {
  const added = await content.post('/course/add', {
    kind: 'offline',
    title: '风水实操线下班',
    subtitle: '',
    cover: '',
    intro: '',
    price_fen: 0,
    teacher: '林老师',
    category_id: categoryId
  })
  expect(added.code).toBe(1)
  return added.data as { course_id: number; version: number }
}

beforeAll(async () => {
  ctx = await createTestContext()
  await ensureInitialOwner(ctx.database.db, OWNER_PASSWORD)
  owner = (await adminLogin(ctx.app, 'admin', OWNER_PASSWORD)).client!
  content = await operator('offline_editor', 'content')
  finance = await operator('offline_finance', 'finance')
  ;[{ id: categoryId }] = await ctx.database.db.select({ id: courseCategories.id }).from(courseCategories).limit(1)
})
afterAll(() => ctx.close())

test('roles: finance and operations may not open classes or see their sign-ups; no session is no session', async () => {
  const course = await offlineCourse()
  const before = await classRows()
  expect(
    (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/course/offlineSave',
        payload: { ...course, ...classFields() }
      })
    ).json().code
  ).toBe(-9999)
  expect(await finance.post('/course/offlineSave', { ...course, ...classFields() })).toMatchObject({
    code: 0,
    msg: '没有权限执行此操作'
  })
  expect(await finance.get('/offline/signups', { class_id: 1 })).toMatchObject({ code: 0, msg: '没有权限执行此操作' })
  expect(await finance.post('/offline/checkin', { signup_id: 1 })).toMatchObject({ code: 0, msg: '没有权限执行此操作' })
  const operations = await operator('offline_ops', 'operations')
  expect((await operations.get('/offline/export', { class_id: 1 })).msg).toBe('没有权限执行此操作')
  expect(await classRows()).toBe(before)
})

test('bad input is named in Chinese and writes nothing', async () => {
  const course = await offlineCourse()
  const before = [await classRows(), (await auditOf('course.offline_add')).length]
  expect((await content.post('/course/offlineSave', { ...course, ...classFields({ address: '' }) })).msg).toBe(
    '上课地址不能为空'
  )
  expect((await content.post('/course/offlineSave', { ...course, ...classFields({ seats: 0 }) })).msg).toMatch(
    /^名额至少/
  )
  expect((await content.post('/course/offlineSave', { ...course, ...classFields({ latitude: 200 }) })).msg).toMatch(
    /^纬度/
  )
  expect(
    (await content.post('/course/offlineSave', { ...course, ...classFields({ signup_deadline: '下周' }) })).msg
  ).toMatch(/^报名截止时间/)
  expect(
    (await content.post('/course/offlineSave', { ...course, ...classFields({ ends_at: daysFromNow(9) }) })).msg
  ).toBe('结束时间应晚于开始时间')
  expect(
    (await content.post('/course/offlineSave', { ...course, ...classFields({ signup_deadline: daysFromNow(12) }) })).msg
  ).toBe('报名截止时间不能晚于结束时间')
  expect([await classRows(), (await auditOf('course.offline_add')).length]).toEqual(before)
})

test('a console-opened class takes sign-ups up to its seats, lists and exports them, checks them in once', async () => {
  const created = await offlineCourse()
  const { course_id } = created
  let { version } = created
  expect((await content.post('/course/shelf', { course_id, version, visible: true })).msg).toBe(
    '线下课还没有开班，不能上架'
  )
  const opened = await content.post('/course/offlineSave', { course_id, version, ...classFields() })
  expect(opened.code).toBe(1)
  const classId = opened.data.id
  expect((await auditOf('course.offline_add'))[0]).toMatchObject({
    operatorName: 'offline_editor',
    targetType: 'offline_class',
    targetId: String(classId)
  })
  expect(
    (await content.post('/course/offlineSave', { course_id, version, ...classFields({ title: '旧版本' }) })).msg
  ).toBe(MSG_STALE)
  const shelf = await content.post('/course/shelf', { course_id, version: opened.data.version, visible: true })
  expect(shelf.code).toBe(1)
  version = shelf.data.version

  // The app shows it with its map point; two seats, three users at once: two get in.
  const listed = (await api('GET', 'course.offline/lists', { per_page: 50 })).data.list.find(
    (k: { class_id: number }) => k.class_id === classId
  )
  expect(listed).toMatchObject({
    title: '上海周末班',
    seats: 2,
    seats_left: 2,
    open: true,
    latitude: 31.2397,
    longitude: 121.4998
  })
  const users = await Promise.all(['甲', '乙', '丙'].map((n) => login(ctx.app, `线下学员${n}`)))
  const results = await Promise.all(
    users.map((u, i) =>
      api('POST', 'course.offline/signup', { class_id: classId, name: `学员${i}`, mobile: `1380013800${i}` }, u.token)
    )
  )
  expect(results.filter((r) => r.code === 1)).toHaveLength(2)
  expect(results.filter((r) => r.code === 0).map((r) => r.msg)).toEqual(['名额已满'])

  // Fewer seats than those taken is refused; more seats reopen the class.
  expect(
    (await content.post('/course/offlineSave', { course_id, version, class_id: classId, ...classFields({ seats: 1 }) }))
      .msg
  ).toBe('名额不能少于已报名的 2 人')
  const more = await content.post('/course/offlineSave', {
    course_id,
    version,
    class_id: classId,
    ...classFields({ seats: 3 })
  })
  expect(more.code).toBe(1)
  version = more.data.version
  const late = users[results.findIndex((r) => r.code === 0)]
  expect(
    (await api('POST', 'course.offline/signup', { class_id: classId, name: '补报', mobile: '13800138009' }, late.token))
      .data
  ).toEqual({ seats_left: 0 })
  // A class with sign-ups cannot be deleted.
  expect((await content.post('/course/offlineDelete', { course_id, version, class_id: classId })).msg).toBe(
    '该班已有学员报名，不能删除'
  )

  const list = (await content.get('/offline/signups', { class_id: classId })).data
  expect(list.total).toBe(3)
  expect(list.list[0]).toMatchObject({ checked_in_at: null })
  const first = list.list[0]

  // Two operators check the same person in: one succeeds, the other is told; one audit row.
  const both = await Promise.all([
    content.post('/offline/checkin', { signup_id: first.signup_id }),
    owner.post('/offline/checkin', { signup_id: first.signup_id })
  ])
  expect(both.map((r) => r.code).sort()).toEqual([0, 1])
  expect(both.find((r) => r.code === 0)!.msg).toBe('该学员已签到')
  expect((await auditOf('offline.checkin')).filter((a) => a.targetId === String(first.signup_id))).toHaveLength(1)
  expect((await content.post('/offline/checkin', { signup_id: 999_999 })).msg).toBe('报名不存在')
  expect((await content.get('/course/offlineClasses', { course_id })).data[0]).toMatchObject({
    seats: 3,
    seats_taken: 3,
    checked_in: 1
  })

  const csv = await ctx.app.inject({
    method: 'GET',
    url: `/api/admin/offline/export?class_id=${classId}`,
    headers: { cookie: content.cookie }
  })
  expect(csv.headers['content-type']).toContain('text/csv')
  const lines = csv.body
    .replace(/^\ufeff/, '')
    .trim()
    .split('\r\n')
  expect(lines[0]).toBe('序号,姓名,手机号,用户ID,昵称,报名时间,签到时间')
  expect(lines).toHaveLength(4)
  expect(lines[1]).toContain(first.name)
  expect(lines[1]).not.toContain('未签到')
  expect(lines[2]).toContain('未签到')
  const checked = await ctx.database.db
    .select({ n: count() })
    .from(offlineSignups)
    .where(eq(offlineSignups.classId, classId))
  expect(checked[0].n).toBe(3)
})

test('past its deadline a console class refuses sign-ups; an empty class can be deleted', async () => {
  const { course_id, version } = await offlineCourse()
  const opened = await content.post('/course/offlineSave', {
    course_id,
    version,
    ...classFields({ signup_deadline: daysFromNow(-1) })
  })
  expect(opened.code).toBe(1)
  const shelf = await content.post('/course/shelf', { course_id, version: opened.data.version, visible: true })
  const user = await login(ctx.app, '迟到学员')
  expect(
    (
      await api(
        'POST',
        'course.offline/signup',
        { class_id: opened.data.id, name: '迟到', mobile: '13800138111' },
        user.token
      )
    ).msg
  ).toBe('报名已截止')
  const removed = await content.post('/course/offlineDelete', {
    course_id,
    version: shelf.data.version,
    class_id: opened.data.id
  })
  expect(removed.code).toBe(1)
  expect((await auditOf('course.offline_delete'))[0]).toMatchObject({ targetId: String(opened.data.id) })
})

test('a paid offline course is bought first; then its class takes the sign-up', async () => {
  const added = await content.post('/course/add', {
    kind: 'offline',
    title: '风水实操付费班',
    subtitle: '',
    cover: '',
    intro: '',
    price_fen: 50000,
    teacher: '林老师',
    category_id: categoryId
  })
  const opened = await content.post('/course/offlineSave', { ...added.data, ...classFields({ seats: 5 }) })
  await content.post('/course/shelf', { course_id: added.data.course_id, version: opened.data.version, visible: true })
  const me = await login(ctx.app, '付费线下学员')
  const form = { class_id: opened.data.id, name: '付费', mobile: '13800138222' }
  expect((await api('POST', 'course.offline/signup', form, me.token)).msg).toBe('请先购买课程，再选择班次报名')
  const order = await api('POST', 'course.order/add', { course_id: added.data.course_id }, me.token)
  expect(order.code).toBe(1)
  const pay = await api('POST', 'course.order/pay', { order_id: order.data.order_id }, me.token)
  expect(pay.data.amount_fen).toBe(50000)
  expect((await api('POST', 'pay.sandbox/confirm', { out_trade_no: pay.data.out_trade_no }, me.token)).code).toBe(1)
  expect((await api('POST', 'course.offline/signup', form, me.token)).data).toEqual({ seats_left: 4 })
})
