import { and, eq } from 'drizzle-orm'

import { notificationTemplates, subscribeGrants, userMessages } from '../../server/db/schema'
import { MiniProgram } from './harness'
import { api } from './harness/api'
import { startTestServer, type TestServer } from './harness/server'

/**
 * 订阅消息 and 消息中心 in the headless runtime: the ask at the tap that pays (the runtime refuses it anywhere but in a
 * tap's own call stack, as WeChat does), the answer reported to the server, and the paid order's in-app message
 * shown in 消息中心 and on the 我的 badge, opened and read.
 */
let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
  // What the console's 消息设置 would hold: the mini-program templates of the shop's events.
  await server.app.db.insert(notificationTemplates).values([
    { event: 'order.paid', channel: 'subscribe', templateId: 'TPL-ORDER-PAID', enabled: true },
    { event: 'order.shipped', channel: 'subscribe', templateId: 'TPL-ORDER-SHIPPED', enabled: true }
  ])
}, 120000)
afterAll(async () => {
  await server?.close()
})

test('paying asks for the subscriptions at the tap; the paid order’s message is in 消息中心, opened and read', async () => {
  const mp = await MiniProgram.launch({ server: server.url, user: { nickname: '订阅用户' } })
  try {
    const { token, user_id: userId } = mp.storage('Authorization') as { token: string; user_id: number }
    await api(
      server.url,
      'POST',
      '/api/user.address/add',
      {
        name: '赵六',
        mobile: '13800138001',
        province_code: '110000',
        city_code: '110100',
        district_code: '110101',
        detail: '东直门南大街 12 号',
        is_default: true
      },
      token
    )
    await mp.tap('商城', -1)
    await mp.tap('手串佩饰')
    await mp.tap('绿檀手串')
    await mp.tap('加入购物车', -1)
    await mp.tap('加入购物车', -1)
    await mp.tap('购物车')
    await mp.tap(/结算\(1\)/)
    expect(mp.top?.route).toBe('goods/pages/order/confirm')
    // The user keeps the shipping message and declines the receipt.
    mp.subscribeAnswers.push('reject', 'accept')
    await mp.tap('提交订单')
    const asks = mp.log.filter((e) => e.kind === 'requestSubscribeMessage')
    expect(asks).toEqual([{ kind: 'requestSubscribeMessage', detail: ['TPL-ORDER-PAID', 'TPL-ORDER-SHIPPED'] }])
    // The sandbox cashier (a confirm step) paid after the ask was answered.
    expect(mp.top?.route).toBe('goods/pages/order/pay-success')
    const grants = await server.app.db
      .select({ templateId: subscribeGrants.templateId, remaining: subscribeGrants.remaining })
      .from(subscribeGrants)
      .where(eq(subscribeGrants.userId, userId))
    expect(grants).toEqual([{ templateId: 'TPL-ORDER-SHIPPED', remaining: 1 }])

    // The paid order told the buyer in the app: 我的 shows it on its badge and its 消息中心 cell.
    await mp.reLaunch('/pages/v2index/index')
    await mp.tap('我的', -1)
    expect(mp.text()).toContain('1 消息中心')
    expect(mp.text()).toMatch(/商城 1 我的$/)
    await mp.tap('消息中心')
    expect(mp.top?.route).toBe('pages/my/message')
    expect(mp.text()).toContain('1 条未读')
    expect(mp.text()).toContain('订单支付成功')
    expect(mp.text()).toContain('刚刚')
    const [message] = await server.app.db
      .select()
      .from(userMessages)
      .where(and(eq(userMessages.userId, userId), eq(userMessages.event, 'order.paid')))
    await mp.tap('订单支付成功')
    expect(mp.top?.route).toBe('goods/pages/order/detail')
    expect(`goods/pages/order/detail?order_id=${mp.top?.query.order_id}`).toBe(message.link)
    expect(mp.text()).toContain('待发货')
    const [after] = await server.app.db.select().from(userMessages).where(eq(userMessages.id, message.id))
    expect(after.readAt).not.toBeNull()
    await mp.back()
    expect(mp.text()).not.toContain('条未读')
    expect(mp.text()).toContain('订单支付成功')
    // Back on 我的: the badge is gone.
    await mp.back()
    expect(mp.text()).toContain('0 消息中心')
    expect(mp.text()).toMatch(/商城 我的$/)

    expect(mp.errors).toEqual([])
    expect(mp.unimplemented).toEqual([])
    expect(mp.ruleBreaches()).toEqual([])
  } finally {
    mp.close()
  }
})
