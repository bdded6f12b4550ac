import './helpers/native-modules'

import { count, desc, eq } from 'drizzle-orm'

import { MSG_STALE } from '../../server/core/envelope'
import { activities, activitySignups, adminAuditLogs } from '../../server/db/schema'
import { addOperator, type AdminClient, ownerClient } from './helpers/admin'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

// Activities from the console: time, place, seats, fee, refund rule and the sign-up form's own
// questions, which the app shows and requires; answers reach the console's sign-up list.

jest.setTimeout(300_000)

let ctx: TestContext
let owner: AdminClient
let ops: AdminClient
const DAY = 86_400_000

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ownerClient(ctx.app, ctx.database.db)
  ops = await addOperator(ctx.app, owner, 'act_ops', 'operations')
})
afterAll(() => ctx.close())

const api = (method: 'GET' | 'POST', action: string, params: Record<string, unknown> = {}, token?: string) =>
  call(ctx.app, method, `/api/${action}`, params, token)
const total = async () => (await ctx.database.db.select({ n: count() }).from(activities))[0].n
const auditOf = (action: string) =>
  ctx.database.db
    .select()
    .from(adminAuditLogs)
    .where(eq(adminAuditLogs.action, action))
    .orderBy(desc(adminAuditLogs.id))
const iso = (days: number) => new Date(Date.now() + days * DAY).toISOString()
const fields = (over: Record<string, unknown> = {}) => ({
  title: '春季风水实地考察',
  city: '杭州',
  address: '西湖区灵隐路 1 号',
  starts_at: iso(10),
  ends_at: iso(10.2),
  signup_deadline: iso(9),
  capacity: 2,
  fee_fen: 2000,
  refund_hours: 48,
  content: '<p>带罗盘</p><img src=x onerror="alert(1)">',
  form_fields: [
    { label: '微信号', required: true },
    { label: '同行人数', required: false }
  ],
  ...over
})

test('content and finance are refused; bad input is named and writes nothing', async () => {
  expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/activity/lists' })).json().code).toBe(-9999)
  const before = [await total(), (await auditOf('activity.add')).length]
  for (const role of ['content', 'finance']) {
    const client = await addOperator(ctx.app, owner, `act_${role}`, role)
    expect(await client.post('/activity/add', fields())).toMatchObject({ code: 0, msg: '没有权限执行此操作' })
  }
  expect((await ops.post('/activity/add', fields({ title: '' }))).msg).toBe('活动名称不能为空')
  expect((await ops.post('/activity/add', fields({ ends_at: iso(9.5) }))).msg).toBe('结束时间应晚于开始时间')
  expect((await ops.post('/activity/add', fields({ signup_deadline: iso(11) }))).msg).toBe(
    '报名截止时间不能晚于开始时间'
  )
  expect((await ops.post('/activity/add', fields({ starts_at: '下周六' }))).code).toBe(0)
  expect((await ops.post('/activity/add', fields({ capacity: 0 }))).msg).toMatch(/^名额至少/)
  expect((await ops.post('/activity/add', fields({ form_fields: [{ label: '', required: true }] }))).code).toBe(0)
  expect([await total(), (await auditOf('activity.add')).length]).toEqual(before)
})

test('a console activity: the app asks its questions, the console sees answers; seats, versions hold', async () => {
  const added = await ops.post('/activity/add', fields())
  expect(added.code).toBe(1)
  const id = added.data.id
  expect((await auditOf('activity.add'))[0]).toMatchObject({
    operatorName: 'act_ops',
    targetId: String(id),
    after: { capacity: 2, fee_fen: 2000, refund_hours: 48 }
  })

  const detail = (await api('GET', 'share.activity/detail', { activity_id: id })).data.detail
  expect(detail).toMatchObject({
    title: '春季风水实地考察',
    fee: 2000,
    capacity: 2,
    seats_left: 2,
    form_fields: fields().form_fields
  })
  expect(detail.content).not.toContain('onerror')

  const me = await login(ctx.app, '考察报名人')
  const base = { activity_id: id, name: '赵六', mobile: '13600136000' }
  expect((await api('POST', 'share.activity/signup', base, me.token)).msg).toBe('请填写微信号')
  expect((await api('POST', 'share.activity/signup', { ...base, answers: ['', '2'] }, me.token)).msg).toBe(
    '请填写微信号'
  )
  expect(await ctx.database.db.select().from(activitySignups).where(eq(activitySignups.activityId, id))).toHaveLength(0)
  const signed = await api('POST', 'share.activity/signup', { ...base, answers: ['zhaoliu_wx'] }, me.token)
  expect(signed.data).toMatchObject({ status: 'unpaid', amount: 2000 })

  const list = (await ops.get('/signup/lists', { activity_id: id })).data.list
  expect(list[0].answers).toEqual([
    { label: '微信号', value: 'zhaoliu_wx' },
    { label: '同行人数', value: '' }
  ])

  // Seats cannot drop below those held; a stale form is refused.
  const seen = (await ops.get('/activity/lists')).data.list.find((a: { activity_id: number }) => a.activity_id === id)
  expect(seen).toMatchObject({ taken: 1, capacity: 2 })
  expect(
    (await ops.post('/activity/edit', { ...fields({ capacity: 0 }), activity_id: id, version: seen.version })).msg
  ).toMatch(/^名额至少/)
  const other = await login(ctx.app, '第二位考察者')
  expect(
    (
      await api(
        'POST',
        'share.activity/signup',
        { activity_id: id, name: '钱七', mobile: '13500135000', answers: ['qq'] },
        other.token
      )
    ).code
  ).toBe(1)
  expect(
    (await ops.post('/activity/edit', { ...fields({ capacity: 1 }), activity_id: id, version: seen.version })).msg
  ).toBe('名额不能少于已占用的 2 个')
  const edit = await ops.post('/activity/edit', {
    ...fields({ capacity: 5, fee_fen: 3000 }),
    activity_id: id,
    version: seen.version
  })
  expect(edit.code).toBe(1)
  expect(
    await owner.post('/activity/edit', { ...fields({ title: '别人改的' }), activity_id: id, version: seen.version })
  ).toMatchObject({ code: 0, msg: MSG_STALE })
  expect((await api('GET', 'share.activity/detail', { activity_id: id })).data.detail).toMatchObject({
    fee: 3000,
    seats_left: 3
  })
  // The sign-up made before keeps its amount.
  const [mine] = await ctx.database.db
    .select()
    .from(activitySignups)
    .where(eq(activitySignups.id, signed.data.signup_id))
  expect(mine.amountFen).toBe(2000)
  expect((await auditOf('activity.edit'))[0]).toMatchObject({
    before: { capacity: 2, fee_fen: 2000 },
    after: { capacity: 5, fee_fen: 3000 }
  })
})
