import './helpers/native-modules'

import { and, eq } from 'drizzle-orm'

import {
  notificationDeliveries,
  notificationTemplates,
  subscribeGrants,
  userMessages,
  wechatAccounts
} from '../../server/db/schema'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

/** The notification service: events become in-app messages and WeChat deliveries, sent once each. */
let ctx: TestContext
const MP = 'wxsimulator00000002'

beforeAll(async () => {
  ctx = await createTestContext()
}, 120_000)
afterAll(async () => {
  await ctx?.close()
})

const db = () => ctx.database.db
const notify = () => ctx.app.services.notify
const outbox = () => ctx.app.services.notifyOutbox

/** A user who also opened the mini-program (WeChat knows their openid there). */
async function mpUser(name: string) {
  const u = await login(ctx.app, name)
  await db()
    .insert(wechatAccounts)
    .values({ userId: u.userId, appId: MP, openid: `o_${name}` })
  return u
}

const shipped = (no: string) => ({
  order_no: no,
  goods: '罗盘 × 1',
  carrier: '顺丰速运',
  express_no: 'SF123456',
  time: '2026年12月2日 10:00'
})

async function deliveriesOf(userId: number) {
  return db().select().from(notificationDeliveries).where(eq(notificationDeliveries.userId, userId))
}

test('an event becomes one message in the 消息中心, read and unread as the user opens it', async () => {
  const u = await login(ctx.app, 'inbox-reader')
  await db().transaction(async (tx) => {
    await notify().toUsers(tx, 'order.shipped', u.userId, {
      key: 501,
      fields: shipped('S501'),
      link: 'goods/pages/order/detail?id=501'
    })
  })
  // Told again (a retried request, a second operator click): still one message.
  await notify().toUsers(db(), 'order.shipped', u.userId, { key: 501, fields: shipped('S501'), link: '' })
  const lists = await call(ctx.app, 'GET', '/api/user.message/lists', {}, u.token)
  expect(lists.data).toMatchObject({ total: 1, unread: 1 })
  expect(lists.data.list[0]).toMatchObject({
    title: '您的订单已发货',
    body: '罗盘 × 1 已由顺丰速运发出，快递单号 SF123456',
    link: 'goods/pages/order/detail?id=501',
    read: false
  })
  expect((await call(ctx.app, 'GET', '/api/user.message/unread', {}, u.token)).data.count).toBe(1)
  const read = await call(ctx.app, 'POST', '/api/user.message/read', { ids: [lists.data.list[0].id] }, u.token)
  expect(read.data.count).toBe(0)
  expect((await call(ctx.app, 'GET', '/api/user.message/lists', {}, u.token)).data.list[0].read).toBe(true)
})

test("nobody reads another user's messages or marks them read", async () => {
  const a = await login(ctx.app, 'inbox-a')
  const b = await login(ctx.app, 'inbox-b')
  await notify().toUsers(db(), 'withdrawal.paid', a.userId, {
    key: 'w1',
    fields: { amount: '¥10.00', time: '2026年12月2日 10:00' },
    link: 'pages/my/wallet'
  })
  const [mine] = (await call(ctx.app, 'GET', '/api/user.message/lists', {}, a.token)).data.list
  expect((await call(ctx.app, 'GET', '/api/user.message/lists', {}, b.token)).data.total).toBe(0)
  await call(ctx.app, 'POST', '/api/user.message/read', { ids: [mine.id] }, b.token)
  expect((await call(ctx.app, 'GET', '/api/user.message/unread', {}, a.token)).data.count).toBe(1)
})

test('an event whose transaction rolls back tells no one', async () => {
  const u = await mpUser('rolled-back')
  await expect(
    db().transaction(async (tx) => {
      await notify().toUsers(tx, 'order.shipped', u.userId, { key: 777, fields: shipped('S777'), link: '' })
      throw new Error('the shipment failed')
    })
  ).rejects.toThrow('the shipment failed')
  expect(await db().select().from(userMessages).where(eq(userMessages.userId, u.userId))).toEqual([])
  expect(await deliveriesOf(u.userId)).toEqual([])
})

test('a 订阅消息 goes out only within what the user accepted, and a refusal says why', async () => {
  const u = await mpUser('subscriber')
  const before = await call(ctx.app, 'GET', '/api/user.message/templates', { scene: 'pay' }, u.token)
  expect(before.data.template_ids).toEqual([])
  // Without a template set in the console, the delivery is refused naming the event.
  await notify().toUsers(db(), 'order.shipped', u.userId, { key: 601, fields: shipped('S601'), link: '' })
  await outbox().deliverDue()
  expect(await deliveriesOf(u.userId)).toEqual([
    expect.objectContaining({ channel: 'subscribe', state: 'refused', lastError: '未设置「订单已发货」的订阅消息模板' })
  ])

  await db()
    .insert(notificationTemplates)
    .values({
      event: 'order.shipped',
      channel: 'subscribe',
      templateId: 'TPL-SHIPPED',
      fields: { character_string1: 'order_no', thing2: 'goods', thing3: 'carrier', character_string4: 'express_no' }
    })
  expect(
    (await call(ctx.app, 'GET', '/api/user.message/templates', { scene: 'pay' }, u.token)).data.template_ids
  ).toEqual(['TPL-SHIPPED'])
  // The app reports wx.requestSubscribeMessage's answer; a template id the console never set is not counted.
  const answer = await call(
    ctx.app,
    'POST',
    '/api/user.message/subscribe',
    { results: { 'TPL-SHIPPED': 'accept', 'TPL-MADE-UP': 'accept', errMsg: 'requestSubscribeMessage:ok' } },
    u.token
  )
  expect(answer.data.accepted).toBe(1)

  await notify().toUsers(db(), 'order.shipped', u.userId, { key: 602, fields: shipped('S602'), link: '' })
  await notify().toUsers(db(), 'order.shipped', u.userId, { key: 603, fields: shipped('S603'), link: '' })
  await outbox().deliverDue()
  const rows = (await deliveriesOf(u.userId)).sort((x, y) => x.id - y.id)
  expect(rows.map((r) => [r.fields.order_no, r.state])).toEqual([
    ['S601', 'refused'],
    ['S602', 'sent'],
    ['S603', 'refused']
  ])
  expect(rows[2].lastError).toBe('用户未订阅此消息或订阅次数已用完')
  const [grant] = await db()
    .select()
    .from(subscribeGrants)
    .where(and(eq(subscribeGrants.userId, u.userId), eq(subscribeGrants.templateId, 'TPL-SHIPPED')))
  expect(grant.remaining).toBe(0)
  // Everyone still has the in-app message.
  expect((await call(ctx.app, 'GET', '/api/user.message/unread', {}, u.token)).data.count).toBe(3)
})

test('one event to many people: one message each, one delivery per WeChat account, all sent once', async () => {
  const users = await Promise.all(Array.from({ length: 12 }, (_, i) => mpUser(`live-learner-${i}`)))
  await db()
    .insert(notificationTemplates)
    .values({
      event: 'live.starting',
      channel: 'subscribe',
      templateId: 'TPL-LIVE',
      fields: { thing1: 'course', time2: 'time' }
    })
  await db()
    .insert(subscribeGrants)
    .values(users.map((u) => ({ userId: u.userId, templateId: 'TPL-LIVE', remaining: 2 })))
  const ids = users.map((u) => u.userId)
  const notice = {
    key: 'session-9',
    fields: { course: '六爻入门直播课', session: '第一讲', time: '今天 20:00' },
    link: ''
  }
  await notify().toUsers(db(), 'live.starting', ids, notice)
  await notify().toUsers(db(), 'live.starting', ids, notice)
  await Promise.all([outbox().deliverDue(), outbox().deliverDue()])
  const rows = await db().select().from(notificationDeliveries).where(eq(notificationDeliveries.event, 'live.starting'))
  expect(rows).toHaveLength(12)
  expect(rows.every((r) => r.state === 'sent' && r.attempts === 1)).toBe(true)
  const grants = await db().select().from(subscribeGrants).where(eq(subscribeGrants.templateId, 'TPL-LIVE'))
  expect(grants.map((g) => g.remaining)).toEqual(Array(12).fill(1))
})
