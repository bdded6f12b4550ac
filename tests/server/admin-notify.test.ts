import './helpers/native-modules'

import { and, eq, sql } from 'drizzle-orm'

import type { AdminNotifyEvent, AdminNotifyEvents } from '../../contract/admin-notify'
import { adminAuditLogs, notificationDeliveries, subscribeGrants, wechatAccounts } from '../../server/db/schema'
import { sampleFields } from '../../server/modules/admin/notify-routes'
import { EVENT_KEYS, EVENTS } from '../../server/modules/notify/events'
import { fitValue } from '../../server/modules/notify/fields'
import { addOperator, type AdminClient, ownerClient } from './helpers/admin'
import { fakeGroupRobot, valueProblem } from './helpers/fake-wechat-messages'
import { createTestContext, login, type TestContext } from './helpers/test-app'

/** 消息设置 in the console: templates per event, the group robot, the 发送记录 and a test send (WeChat simulated). */
const robot = fakeGroupRobot()
let robotUrl: string
let ctx: TestContext
let owner: AdminClient
let operations: AdminClient
const MP = 'wxsimulator00000002'

beforeAll(async () => {
  robotUrl = await robot.listen()
  ctx = await createTestContext({ OPERATOR_WEBHOOK_URL: robotUrl })
  owner = await ownerClient(ctx.app, ctx.database.db)
  operations = await addOperator(ctx.app, owner, 'notify_ops', 'operations')
}, 120_000)
afterAll(async () => {
  await ctx?.close()
  await robot.close()
})

const db = () => ctx.database.db
const eventOf = async (event: string): Promise<AdminNotifyEvent> =>
  (await owner.get<AdminNotifyEvents>('/notify/events')).data.events.find((e) => e.event === event)!

const PAID_KEYS = { character_string1: 'order_no', thing2: 'goods', amount3: 'amount', time4: 'time' }

test('only the owner opens 消息设置: operations is refused every call', async () => {
  for (const r of [
    await operations.get('/notify/events'),
    await operations.get('/notify/deliveries'),
    await operations.post('/notify/save', { event: 'order.paid', channel: 'subscribe', enabled: false }),
    await operations.post('/notify/test', { event: 'op.order.paid', channel: 'robot' })
  ])
    expect(r).toMatchObject({ code: 0, msg: '没有权限执行此操作' })
})

test('the catalogue: every event with its fields, the key types each fits, and its channels', async () => {
  const r = await owner.get<AdminNotifyEvents>('/notify/events')
  expect(r.code).toBe(1)
  expect(r.data.events.map((e) => e.event)).toEqual(EVENT_KEYS)
  expect(r.data.robot_configured).toBe(true)
  // The webhook's address is its key: never shown.
  expect(JSON.stringify(r.data)).not.toContain(new URL(robotUrl).searchParams.get('key'))
  expect(r.data.wechat).toEqual({ provider: 'simulator', mini_program: true, official_account: true })
  expect(r.data.kinds).toContainEqual({ kind: 'thing', label: '事物', max: 20 })
  const paid = r.data.events.find((e) => e.event === 'order.paid')!
  expect(paid).toMatchObject({ label: '订单支付成功', audience: 'user', channels: ['subscribe', 'template'] })
  expect(paid.fields.find((f) => f.name === 'amount')).toEqual({
    name: 'amount',
    label: '实付金额',
    kind: 'amount',
    kind_label: '金额',
    fits: ['thing', 'amount']
  })
  expect(paid.fields.find((f) => f.name === 'goods')!.fits).toEqual(['thing'])
  expect(r.data.events.find((e) => e.event === 'op.order.paid')).toMatchObject({
    audience: 'operator',
    channels: ['robot'],
    settings: {}
  })
})

describe('saving an event’s template', () => {
  const save = (body: Record<string, unknown>) =>
    owner.post('/notify/save', { enabled: true, template_id: 'TPL-PAID', updated_at: '', ...body })

  test('a key that does not take the field is refused naming both; nothing is saved', async () => {
    const r = await save({ event: 'order.paid', channel: 'subscribe', fields: { ...PAID_KEYS, amount3: 'goods' } })
    expect(r).toMatchObject({ code: 0, msg: '模板字段「amount3」是金额类型，不能填写「商品」（事物）' })
    expect((await save({ event: 'order.paid', channel: 'subscribe', fields: { keyword1: 'goods' } })).msg).toContain(
      '模板字段「keyword1」不是微信的字段名'
    )
    expect((await save({ event: 'order.paid', channel: 'subscribe', fields: { thing1: 'nickname' } })).msg).toBe(
      '模板字段「thing1」选择的内容「nickname」不是此事件提供的字段'
    )
    expect((await save({ event: 'order.paid', channel: 'subscribe', fields: {} })).msg).toBe(
      '请至少为模板的一个字段选择要填写的内容'
    )
    expect((await save({ event: 'order.paid', channel: 'subscribe', template_id: '', fields: PAID_KEYS })).msg).toBe(
      '请填写微信的模板 ID'
    )
    expect((await save({ event: 'order.paid', channel: 'subscribe', template_id: 'a b', fields: PAID_KEYS })).msg).toBe(
      '模板 ID 只能包含字母、数字、- 和 _'
    )
    expect((await eventOf('order.paid')).settings).toEqual({})
  })

  test('each audience keeps to its channels', async () => {
    expect((await save({ event: 'order.paid', channel: 'robot', fields: {} })).msg).toBe(
      '「订单支付成功」是发给用户的通知，不能发到运营群机器人'
    )
    expect((await save({ event: 'op.order.paid', channel: 'template', fields: { thing1: 'goods' } })).msg).toBe(
      '「新订单待发货」是给运营的通知，只能发到群机器人，不能设置微信模板'
    )
    expect((await save({ event: 'no.such', channel: 'subscribe', fields: PAID_KEYS })).msg).toBe('事件不正确')
  })

  test('a good mapping is saved, audited, and a second save needs the version just read', async () => {
    const r = await save({ event: 'order.paid', channel: 'subscribe', fields: PAID_KEYS })
    expect(r.code).toBe(1)
    expect(r.data).toMatchObject({ enabled: true, template_id: 'TPL-PAID', fields: PAID_KEYS })
    expect((await eventOf('order.paid')).settings.subscribe).toEqual(r.data)
    // Saved again from a screen opened before the first save: refused.
    expect((await save({ event: 'order.paid', channel: 'subscribe', fields: PAID_KEYS })).msg).toBe(
      '该记录已被他人修改，请刷新后再编辑'
    )
    const off = await save({
      event: 'order.paid',
      channel: 'subscribe',
      enabled: false,
      fields: PAID_KEYS,
      updated_at: r.data.updated_at
    })
    expect(off.data.enabled).toBe(false)
    const [log] = await db()
      .select()
      .from(adminAuditLogs)
      .where(and(eq(adminAuditLogs.action, 'notify.save'), eq(adminAuditLogs.targetId, 'order.paid:subscribe')))
      .orderBy(adminAuditLogs.id)
      .limit(1)
    expect(log).toMatchObject({ targetType: 'notification_template', before: null, after: expect.anything() })
  })

  test('the robot takes only on/off for operator events', async () => {
    const r = await save({
      event: 'op.refund.requested',
      channel: 'robot',
      enabled: false,
      template_id: 'IGNORED',
      fields: { thing1: 'reason' }
    })
    expect(r.data).toMatchObject({ enabled: false, template_id: '', fields: {} })
    expect((await eventOf('op.refund.requested')).settings.robot?.enabled).toBe(false)
  })
})

describe('test send', () => {
  test('to a mini-program user holding a subscription: sent through the outbox with sample values', async () => {
    const u = await login(ctx.app, 'notify-test-sub')
    await db().insert(wechatAccounts).values({ userId: u.userId, appId: MP, openid: 'o_notify_test' })
    const ev = await eventOf('order.paid')
    const set = await owner.post('/notify/save', {
      event: 'order.paid',
      channel: 'subscribe',
      enabled: true,
      template_id: 'TPL-PAID',
      fields: PAID_KEYS,
      updated_at: ev.settings.subscribe?.updated_at ?? ''
    })
    expect(set.code).toBe(1)
    await db().insert(subscribeGrants).values({ userId: u.userId, templateId: 'TPL-PAID', remaining: 1 })
    const sent = await owner.post('/notify/test', { event: 'order.paid', channel: 'subscribe', user_id: u.userId })
    expect(sent.code).toBe(1)
    expect(sent.data.delivery).toMatchObject({
      event: 'order.paid',
      event_label: '订单支付成功',
      channel: 'subscribe',
      user_id: u.userId,
      state: 'sent',
      attempts: 1,
      last_error: '',
      test: true
    })
    expect(sent.data.delivery.fields.amount).toBe('¥0.01')
    // The one acceptance is used: a second test is refused, saying why.
    const again = await owner.post('/notify/test', { event: 'order.paid', channel: 'subscribe', user_id: u.userId })
    expect(again.data.delivery).toMatchObject({ state: 'refused', last_error: '用户未订阅此消息或订阅次数已用完' })
  })

  test('refusals: a channel without its template, a user without the app, a missing user', async () => {
    const u = await login(ctx.app, 'notify-test-none')
    const noTemplate = await owner.post('/notify/test', {
      event: 'refund.paid',
      channel: 'template',
      user_id: u.userId
    })
    expect(noTemplate.data.delivery).toMatchObject({
      state: 'refused',
      last_error: '未设置「退款到账」的公众号模板消息模板'
    })
    const noAccount = await owner.post('/notify/test', { event: 'order.paid', channel: 'subscribe', user_id: u.userId })
    expect(noAccount.data.delivery).toMatchObject({ state: 'refused', last_error: '用户没有此渠道的微信账号' })
    expect((await owner.post('/notify/test', { event: 'order.paid', channel: 'subscribe' })).msg).toBe(
      '请填写接收测试消息的用户 ID'
    )
    expect(
      (await owner.post('/notify/test', { event: 'order.paid', channel: 'subscribe', user_id: 99_999_999 })).msg
    ).toBe('用户 99999999 不存在')
  })

  test('to the group robot: the operator event with sample values', async () => {
    const r = await owner.post('/notify/test', { event: 'op.withdrawal.requested', channel: 'robot' })
    expect(r.data.delivery).toMatchObject({ channel: 'robot', user_id: null, state: 'sent', test: true })
    expect(robot.received.at(-1)).toEqual({
      msgtype: 'markdown',
      markdown: { content: '**新的提现申请**\n> 测试用户 申请提现 ¥0.01' }
    })
  })

  test('every sample value is one WeChat takes in every key type its field fits', async () => {
    const { events } = (await owner.get<AdminNotifyEvents>('/notify/events')).data
    for (const event of EVENT_KEYS) {
      const values = sampleFields(event)
      expect(Object.keys(values)).toEqual(Object.keys(EVENTS[event].fields))
      for (const f of events.find((e) => e.event === event)!.fields)
        for (const kind of f.fits)
          expect([event, f.name, kind, valueProblem(kind, fitValue(kind as never, values[f.name]))]).toEqual([
            event,
            f.name,
            kind,
            undefined
          ])
    }
  })
})

describe('发送记录', () => {
  const ids: Record<string, number> = {}
  beforeAll(async () => {
    const a = await login(ctx.app, 'notify-log-a')
    const b = await login(ctx.app, 'notify-log-b')
    ids.a = a.userId
    ids.b = b.userId
    const at = (day: string) => new Date(`${day}T12:00:00+08:00`)
    const row = (n: number, extra: Partial<typeof notificationDeliveries.$inferInsert>) => ({
      dedupeKey: `log-test:${n}`,
      event: 'order.shipped',
      channel: 'subscribe' as const,
      userId: a.userId,
      fields: { order_no: `L${n}` },
      ...extra
    })
    await db()
      .insert(notificationDeliveries)
      .values([
        row(1, { state: 'sent', attempts: 1, sentAt: at('2026-03-01'), createdAt: at('2026-03-01') }),
        row(2, {
          state: 'refused',
          attempts: 1,
          lastError: '模板 ID 无效（错误码 40037）',
          createdAt: at('2026-03-02')
        }),
        row(3, {
          state: 'pending',
          attempts: 2,
          lastError: '微信服务暂时不可用，请稍后再试',
          nextTryAt: new Date(Date.now() + 3600_000),
          createdAt: at('2026-03-03'),
          userId: b.userId,
          channel: 'template'
        }),
        row(4, {
          state: 'failed',
          attempts: 6,
          lastError: 'system error（错误码 -1）',
          event: 'refund.paid',
          createdAt: at('2026-03-04'),
          userId: b.userId
        })
      ])
  })
  const list = (q: Record<string, unknown>) =>
    owner.get('/notify/deliveries', { date_from: '2026-03-01', date_to: '2026-03-04', ...q })
  const orderNos = (r: any) => r.data.list.map((d: any) => d.fields.order_no)

  test('newest first, each with its state, attempts and error', async () => {
    const r = await list({})
    expect(r.data.total).toBe(4)
    expect(orderNos(r)).toEqual(['L4', 'L3', 'L2', 'L1'])
    expect(r.data.list[0]).toMatchObject({
      event_label: '退款到账',
      state: 'failed',
      attempts: 6,
      last_error: 'system error（错误码 -1）',
      user_nickname: 'notify-log-b',
      test: false
    })
    expect(r.data.list[1].next_try_at).not.toBeNull()
  })

  test('filters by event, channel, state, user and days, and pages', async () => {
    expect(orderNos(await list({ event: 'refund.paid' }))).toEqual(['L4'])
    expect(orderNos(await list({ channel: 'template' }))).toEqual(['L3'])
    expect(orderNos(await list({ state: 'refused' }))).toEqual(['L2'])
    expect(orderNos(await list({ user_id: ids.a }))).toEqual(['L2', 'L1'])
    expect(orderNos(await list({ date_from: '2026-03-02', date_to: '2026-03-03' }))).toEqual(['L3', 'L2'])
    expect(orderNos(await list({ user_id: ids.b, state: 'pending' }))).toEqual(['L3'])
    const page2 = await list({ per_page: 3, page: 2 })
    expect(page2.data).toMatchObject({ total: 4, last_page: 2, page: 2 })
    expect(orderNos(page2)).toEqual(['L1'])
    expect((await list({ per_page: 2 })).data).toMatchObject({ total: 4, last_page: 2, more: false })
    expect((await list({ per_page: 2, page: 5 })).data).toMatchObject({ total: 4, list: [] })
    expect((await list({ state: 'lost' })).msg).toBe('状态不正确')
    expect((await list({ date_from: '3月1日' })).msg).toBe('日期格式应为 YYYY-MM-DD')
  })

  test('a long history is counted up to 10,000 rows and then said to be more', async () => {
    await db().execute(sql`
      insert into notification_deliveries (dedupe_key, event, channel, fields, state, attempts, created_at)
      select 'log-many:' || g, 'op.order.paid', 'robot', '{}'::jsonb, 'sent', 1, '2026-02-01T12:00:00+08:00'
      from generate_series(1, 10001) g`)
    const day = { date_from: '2026-02-01', date_to: '2026-02-01' }
    expect((await list({ ...day, per_page: 50 })).data).toMatchObject({ total: 10000, more: true, last_page: 200 })
    expect((await list({ ...day, per_page: 50, state: 'failed' })).data).toMatchObject({ total: 0, more: false })
  })
})
