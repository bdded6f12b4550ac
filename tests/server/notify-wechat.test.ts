import './helpers/native-modules'

import { eq } from 'drizzle-orm'

import {
  notificationDeliveries,
  notificationTemplates,
  subscribeGrants,
  users,
  wechatAccounts,
  wechatTokens
} from '../../server/db/schema'
import { fitValue } from '../../server/modules/notify/fields'
import { MAX_ATTEMPTS } from '../../server/modules/notify/outbox'
import { wechatApi } from '../../server/modules/wechat/wechat-api'
import { fakeWechat } from './helpers/fake-wechat'
import { fakeGroupRobot, valueProblem } from './helpers/fake-wechat-messages'
import { call, createTestContext, type TestContext } from './helpers/test-app'

// The notification outbox through the real WeChat drivers (订阅消息 under the mini-program's token, 模板消息 under
// the official account's, the 企业微信群机器人 webhook) against local fakes that check every value as WeChat does.
const fake = fakeWechat()
const robot = fakeGroupRobot()
let ctx: TestContext

beforeAll(async () => {
  ctx = await createTestContext({
    WECHAT_MP_APP_ID: 'wxmp',
    WECHAT_MP_APP_SECRET: 'mpsecret',
    WECHAT_APP_ID: 'wxoa',
    WECHAT_APP_SECRET: 'oasecret',
    WECHAT_API_BASE: await fake.listen(),
    OPERATOR_WEBHOOK_URL: await robot.listen(),
    PAY_PROVIDER: 'sandbox'
  })
}, 120_000)
afterAll(async () => {
  await ctx?.close()
  await fake.close()
  await robot.close()
})

const db = () => ctx.database.db
const notify = () => ctx.app.services.notify
const outbox = () => ctx.app.services.notifyOutbox
const wx = fake.messages

const PAID_KEYS = { character_string1: 'order_no', thing2: 'goods', amount3: 'amount', time4: 'time' }
const SHIPPED_KEYS = {
  character_string1: 'order_no',
  thing2: 'goods',
  thing3: 'carrier',
  character_string4: 'express_no'
}
const paid = (no: string, goods = '罗盘 × 1') => ({
  order_no: no,
  goods,
  amount: '¥68.00',
  time: '2026年12月1日 15:01'
})

beforeAll(async () => {
  // The templates the account added in WeChat's consoles, and the same ids set in 消息设置.
  wx.addTemplate('MP-PAID', 'mp', Object.keys(PAID_KEYS))
  wx.addTemplate('OA-PAID', 'oa', Object.keys(PAID_KEYS))
  wx.addTemplate('MP-SHIPPED', 'mp', Object.keys(SHIPPED_KEYS))
  wx.addTemplate('MP-LIVE', 'mp', ['thing1', 'time2'])
  await db()
    .insert(notificationTemplates)
    .values([
      { event: 'order.paid', channel: 'subscribe', templateId: 'MP-PAID', fields: PAID_KEYS },
      { event: 'order.paid', channel: 'template', templateId: 'OA-PAID', fields: PAID_KEYS },
      // An id mistyped in the console: WeChat does not know it.
      { event: 'order.shipped', channel: 'subscribe', templateId: 'MP-SHIPED', fields: SHIPPED_KEYS },
      {
        event: 'live.starting',
        channel: 'subscribe',
        templateId: 'MP-LIVE',
        fields: { thing1: 'course', time2: 'time' }
      }
    ])
})

let seq = 0
/** A mini-program user who accepted `times` messages of the template (in WeChat and as reported to us). */
async function subscriber(templateId: string, times = 1) {
  const code = `mp-user-notify${++seq}`
  const r = await call(ctx.app, 'POST', '/api/wechat.index/mpLogin', { code, client: 'wxapp' })
  expect(r.code).toBe(1)
  const openid = `o_${code}`
  wx.subscribe(openid, templateId, times)
  await db().insert(subscribeGrants).values({ userId: r.data.user_id, templateId, remaining: times })
  return { userId: r.data.user_id as number, openid }
}

/** A user of the official account only, who follows it. */
async function follower() {
  const [u] = await db()
    .insert(users)
    .values({ nickname: `关注者${++seq}` })
    .returning()
  const openid = `o_oa-follower${seq}`
  await db().insert(wechatAccounts).values({ userId: u.id, appId: 'wxoa', openid })
  wx.follow(openid)
  return { userId: u.id, openid }
}

async function deliveryOf(userId: number) {
  const rows = await db().select().from(notificationDeliveries).where(eq(notificationDeliveries.userId, userId))
  expect(rows).toHaveLength(1)
  return rows[0]
}
const grantOf = async (userId: number) =>
  (await db().select().from(subscribeGrants).where(eq(subscribeGrants.userId, userId)))[0]?.remaining
/** Makes a waiting retry due now, as time passing would. */
const comeDue = (id: number) =>
  db()
    .update(notificationDeliveries)
    .set({ nextTryAt: new Date(0) })
    .where(eq(notificationDeliveries.id, id))

test('a 订阅消息 goes to WeChat under the mini-program token with every value in its key type', async () => {
  const u = await subscriber('MP-PAID')
  await notify().toUsers(db(), 'order.paid', u.userId, {
    key: 'p1',
    fields: paid('S20261201001'),
    link: 'goods/pages/order/detail?id=1'
  })
  await outbox().deliverDue()
  expect(await deliveryOf(u.userId)).toMatchObject({ channel: 'subscribe', state: 'sent', attempts: 1, lastError: '' })
  expect(wx.received.at(-1)).toEqual({
    app: 'mp',
    body: {
      touser: u.openid,
      template_id: 'MP-PAID',
      page: 'goods/pages/order/detail?id=1',
      miniprogram_state: 'formal',
      lang: 'zh_CN',
      data: {
        character_string1: { value: 'S20261201001' },
        thing2: { value: '罗盘 × 1' },
        amount3: { value: '¥68.00' },
        time4: { value: '2026年12月1日 15:01' }
      }
    }
  })
  expect(wx.subscriptionsLeft(u.openid, 'MP-PAID')).toBe(0)
  expect(await grantOf(u.userId)).toBe(0)
})

test('a 模板消息 goes under the official account token, opening the H5 page, with its client_msg_id', async () => {
  const u = await follower()
  await notify().toUsers(db(), 'order.paid', u.userId, {
    key: 'p2',
    fields: paid('S20261201002'),
    link: 'goods/pages/order/detail?id=2'
  })
  await outbox().deliverDue()
  const row = await deliveryOf(u.userId)
  expect(row).toMatchObject({ channel: 'template', state: 'sent' })
  expect(wx.received.at(-1)).toMatchObject({
    app: 'oa',
    body: {
      touser: u.openid,
      template_id: 'OA-PAID',
      url: `${ctx.config.publicUrl}/#/goods/pages/order/detail?id=2`,
      client_msg_id: `n${row.id}`,
      data: { amount3: { value: '¥68.00' } }
    }
  })
})

test('values longer than their key takes are fitted before sending, and WeChat takes them', async () => {
  const u = await subscriber('MP-PAID')
  const goods = '明代黄铜三合盘罗盘（含檀木底座与说明书）× 1'
  await notify().toUsers(db(), 'order.paid', u.userId, {
    key: 'p3',
    fields: paid('S 2026 1201 003', goods),
    link: ''
  })
  await outbox().deliverDue()
  expect((await deliveryOf(u.userId)).state).toBe('sent')
  const data = wx.received.at(-1)!.body.data
  expect(data.thing2.value).toBe(fitValue('thing', goods))
  expect(Array.from(data.thing2.value as string)).toHaveLength(20)
  expect(data.thing2.value.endsWith('…')).toBe(true)
  expect(data.character_string1.value).toBe('S20261201003')
  // No page: the message opens the mini-program's home.
  expect(wx.received.at(-1)!.body).not.toHaveProperty('page')
})

describe('refused for good, with the reason kept', () => {
  test('43101: WeChat holds no subscription of the user (declined since)', async () => {
    const u = await subscriber('MP-PAID')
    wx.subscribe(u.openid, 'MP-PAID', -1)
    await notify().toUsers(db(), 'order.paid', u.userId, { key: 'r1', fields: paid('S1'), link: '' })
    await outbox().deliverDue()
    expect(await deliveryOf(u.userId)).toMatchObject({
      state: 'refused',
      attempts: 1,
      lastError: '用户未订阅或已拒收此消息（错误码 43101）',
      nextTryAt: null
    })
    expect(wx.refusals.at(-1)!.answer.errcode).toBe(43101)
  })

  test('40037: a template id WeChat does not know', async () => {
    const u = await subscriber('MP-SHIPED')
    await notify().toUsers(db(), 'order.shipped', u.userId, {
      key: 'r2',
      fields: { order_no: 'S2', goods: '罗盘', carrier: '顺丰速运', express_no: 'SF1', time: '2026年12月2日 10:00' },
      link: ''
    })
    await outbox().deliverDue()
    expect(await deliveryOf(u.userId)).toMatchObject({ state: 'refused', lastError: '模板 ID 无效（错误码 40037）' })
  })

  test('47003: a value that is not of its key type (a time WeChat cannot read)', async () => {
    const u = await subscriber('MP-LIVE')
    await notify().toUsers(db(), 'live.starting', u.userId, {
      key: 'r3',
      fields: { course: '六爻入门直播课', session: '第一讲', time: '今晚八点' },
      link: ''
    })
    await outbox().deliverDue()
    expect(await deliveryOf(u.userId)).toMatchObject({
      state: 'refused',
      lastError: '模板字段的内容不符合微信的格式（错误码 47003）'
    })
    expect(wx.refusals.at(-1)!.answer.errmsg).toContain('data.time2.value is not a time')
  })

  test('43004: the user no longer follows the official account', async () => {
    const [u] = await db().insert(users).values({ nickname: '取关者' }).returning()
    await db().insert(wechatAccounts).values({ userId: u.id, appId: 'wxoa', openid: 'o_oa-left' })
    await notify().toUsers(db(), 'order.paid', u.id, { key: 'r4', fields: paid('S4'), link: '' })
    await outbox().deliverDue()
    expect(await deliveryOf(u.id)).toMatchObject({ state: 'refused', lastError: '用户未关注公众号（错误码 43004）' })
  })
})

test('45009 is retried with doubling backoff, the subscription kept, and given up after MAX_ATTEMPTS', async () => {
  const u = await subscriber('MP-PAID')
  const busy = { errcode: 45009, errmsg: 'reach max api daily quota limit rid: fake' }
  wx.answers.push(...Array.from({ length: MAX_ATTEMPTS }, () => ({ ...busy })))
  await notify().toUsers(db(), 'order.paid', u.userId, { key: 'q1', fields: paid('S5'), link: '' })
  const waits: number[] = []
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    await outbox().deliverDue()
    const row = await deliveryOf(u.userId)
    expect(row.attempts).toBe(attempt)
    expect(row.lastError).toBe('reach max api daily quota limit（错误码 45009）')
    // One acceptance allows one message: a send that did not happen gives it back.
    expect(await grantOf(u.userId)).toBe(1)
    if (attempt < MAX_ATTEMPTS) {
      expect(row.state).toBe('pending')
      waits.push(Math.round((row.nextTryAt!.getTime() - row.updatedAt.getTime()) / 1000))
      // Not due yet: a round now leaves it alone.
      await outbox().deliverDue()
      expect((await deliveryOf(u.userId)).attempts).toBe(attempt)
      await comeDue(row.id)
    } else expect(row).toMatchObject({ state: 'failed', nextTryAt: null })
  }
  expect(waits).toEqual([30, 60, 120, 240, 480])
  expect(wx.answers).toHaveLength(0)
  expect(wx.subscriptionsLeft(u.openid, 'MP-PAID')).toBe(1)
})

test('WeChat out of reach is retried, and the message goes once it answers again', async () => {
  const u = await subscriber('MP-PAID')
  wx.down = true
  try {
    await notify().toUsers(db(), 'order.paid', u.userId, { key: 'n1', fields: paid('S6'), link: '' })
    await outbox().deliverDue()
  } finally {
    wx.down = false
  }
  const waiting = await deliveryOf(u.userId)
  expect(waiting).toMatchObject({ state: 'pending', attempts: 1, lastError: '微信服务暂时不可用，请稍后再试' })
  expect(waiting.nextTryAt!.getTime()).toBeGreaterThan(Date.now() + 20_000)
  expect(await grantOf(u.userId)).toBe(1)
  await comeDue(waiting.id)
  await outbox().deliverDue()
  expect(await deliveryOf(u.userId)).toMatchObject({ state: 'sent', attempts: 2, lastError: '' })
  expect(wx.received.filter((m) => m.body.touser === u.openid)).toHaveLength(1)
})

test('a 模板消息 whose answer was lost is sent again with the same client_msg_id: the user gets one', async () => {
  const u = await follower()
  wx.dropAfterTaking = 1
  await notify().toUsers(db(), 'order.paid', u.userId, { key: 'n2', fields: paid('S7'), link: '' })
  await outbox().deliverDue()
  const row = await deliveryOf(u.userId)
  expect(row.state).toBe('pending')
  await comeDue(row.id)
  await outbox().deliverDue()
  expect((await deliveryOf(u.userId)).state).toBe('sent')
  expect(wx.received.filter((m) => m.body.touser === u.openid)).toHaveLength(1)
})

describe('access tokens', () => {
  const tokenHits = () => fake.hits.filter((h) => h === '/cgi-bin/token').length

  test.each([
    ['subscribe', 'wxmp'],
    ['template', 'wxoa']
  ])('a %s token WeChat refuses is renewed once and the message still goes', async (channel, appId) => {
    const u = channel === 'subscribe' ? await subscriber('MP-PAID') : await follower()
    await db()
      .insert(wechatTokens)
      .values({
        name: `access_token:${appId}`,
        value: 'replaced-elsewhere',
        expiresAt: new Date(Date.now() + 3600_000)
      })
      .onConflictDoUpdate({
        target: wechatTokens.name,
        set: { value: 'replaced-elsewhere', expiresAt: new Date(Date.now() + 3600_000) }
      })
    // Another process (a fresh provider) reads the stale token from the database.
    const api = wechatApi({ ...ctx.config.wechat }, db()).messages!
    const before = tokenHits()
    const data = {
      character_string1: { value: 'S8' },
      thing2: { value: '罗盘' },
      amount3: { value: '68.00元' },
      time4: { value: '15:01' }
    }
    const answer =
      channel === 'subscribe'
        ? await api.sendSubscribe({ touser: u.openid, template_id: 'MP-PAID', data })
        : await api.sendTemplate({ touser: u.openid, template_id: 'OA-PAID', data })
    expect(answer.errcode).toBe(0)
    expect(tokenHits() - before).toBe(1)
    const [row] = await db()
      .select()
      .from(wechatTokens)
      .where(eq(wechatTokens.name, `access_token:${appId}`))
    expect(row.value).toBe(channel === 'subscribe' ? 'mp-at' : 'app-at')
  })

  test('a token refused again after its renewal is the answer, not an error: the outbox retries it', async () => {
    const u = await subscriber('MP-PAID')
    const refused = { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' }
    wx.answers.push({ ...refused }, { ...refused })
    const before = tokenHits()
    await notify().toUsers(db(), 'order.paid', u.userId, { key: 't1', fields: paid('S9'), link: '' })
    await outbox().deliverDue()
    expect(await deliveryOf(u.userId)).toMatchObject({
      state: 'pending',
      lastError: '微信不认可访问令牌（已重新获取一次）（错误码 40001）'
    })
    expect(tokenHits() - before).toBe(1)
    expect(await grantOf(u.userId)).toBe(1)
  })

  test('with only the mini-program configured, a 模板消息 is answered without asking WeChat', async () => {
    const api = wechatApi({ ...ctx.config.wechat, appSecret: '' }, db()).messages!
    const hits = fake.hits.length
    const answer = await api.sendTemplate({ touser: 'o_x', template_id: 'OA-PAID', data: {} })
    expect(answer).toEqual({ errcode: -100, errmsg: '未配置公众号（WECHAT_APP_SECRET），无法发送' })
    expect(fake.hits.length).toBe(hits)
  })
})

describe('the operators’ group robot', () => {
  const robotRows = (event: string) =>
    db().select().from(notificationDeliveries).where(eq(notificationDeliveries.event, event))

  test('a new paid order is told to the group in markdown: title and one line', async () => {
    await notify().toOperators(db(), 'op.order.paid', {
      key: 901,
      fields: { order_no: 'S901', goods: '罗盘 × 1', amount: '¥68.00' },
      link: '/orders/901'
    })
    await outbox().deliverDue()
    const [row] = await robotRows('op.order.paid')
    expect(row).toMatchObject({ channel: 'robot', userId: null, state: 'sent' })
    expect(robot.received.at(-1)).toEqual({
      msgtype: 'markdown',
      markdown: { content: '**新订单待发货**\n> S901：罗盘 × 1，实付 ¥68.00' }
    })
  })

  test('the robot over its rate limit is retried and the message goes on the next round', async () => {
    robot.answers.push({ errcode: 45009, errmsg: 'api freq out of limit' })
    await notify().toOperators(db(), 'op.withdrawal.requested', {
      key: 902,
      fields: { user: '张三', amount: '¥100.00' },
      link: '/withdrawals'
    })
    await outbox().deliverDue()
    const [waiting] = await robotRows('op.withdrawal.requested')
    expect(waiting).toMatchObject({ state: 'pending', lastError: 'api freq out of limit（错误码 45009）' })
    await comeDue(waiting.id)
    await outbox().deliverDue()
    expect((await robotRows('op.withdrawal.requested'))[0].state).toBe('sent')
    expect(robot.received.at(-1)!.markdown.content).toBe('**新的提现申请**\n> 张三 申请提现 ¥100.00')
  })

  test('the fake robot refuses what the real one does', async () => {
    const post = async (body: object, key = 'robot-key-for-tests') => {
      const base = new URL(String(ctx.config.operatorWebhookUrl))
      base.searchParams.set('key', key)
      return (await fetch(base, { method: 'POST', body: JSON.stringify(body) })).json()
    }
    expect((await post({ msgtype: 'text', text: { content: 'x' } }, 'wrong')).errcode).toBe(93000)
    expect((await post({ msgtype: 'image', image: {} })).errcode).toBe(40008)
    expect((await post({ msgtype: 'markdown', markdown: { content: '字'.repeat(1366) } })).errcode).toBe(40058)
    expect((await post({ msgtype: 'text', text: { content: '字'.repeat(1365) } })).errcode).toBe(0)
  })
})

test('the fake checks values as WeChat documents them', () => {
  const ok = (type: string, v: string) => expect([type, v, valueProblem(type, v)]).toEqual([type, v, undefined])
  const bad = (type: string, v: string) => expect(valueProblem(type, v)).toBeDefined()
  ok('thing', '二十个字'.repeat(5))
  bad('thing', '二十个字'.repeat(5) + '多')
  ok('character_string', 'SF1234567890-A_01')
  bad('character_string', 'S 1')
  bad('character_string', '订单1')
  ok('phrase', '已通过')
  bad('phrase', '审核已经通过了')
  bad('phrase', 'OK')
  ok('amount', '¥68.00')
  ok('amount', '68.00元')
  bad('amount', '六十八元')
  ok('time', '2026年12月1日 15:01')
  ok('time', '15:01~16:30')
  bad('time', '今天 20:00')
  ok('date', '2026年12月1日')
  bad('date', '15:01')
  ok('name', '王老师')
  bad('name', '欧阳司马上官东方西门豹')
  ok('number', '12.5')
  bad('number', '12元')
})
