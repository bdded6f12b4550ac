import './helpers/native-modules'

import { and, asc, eq, like } from 'drizzle-orm'

import {
  articleCategories,
  certificates,
  consultServices,
  notificationDeliveries,
  operatorNotices,
  payments,
  serviceOrders,
  shopAfterSales,
  shopOrderItems,
  shopOrders,
  teachers,
  wallets
} from '../../server/db/schema'
import { amountText, timeText } from '../../server/modules/notify/values'
import { addOperator, type AdminClient, ownerClient, paidShopOrder } from './helpers/admin'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'
import { uploadPrivate } from './helpers/upload'

// Each event is told from where it happens: the flows run through the app's and the console's API as
// people use them, and what they tell is read back from the 消息中心 and the operators' notices.

let ctx: TestContext
let owner: AdminClient
type User = { userId: number; token: string }
const HOUR = 3600_000
const CHINA_TIME = /^\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}$/

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ownerClient(ctx.app, ctx.database.db)
}, 180_000)
afterAll(() => ctx.close())

const db = () => ctx.database.db
const api = (method: 'GET' | 'POST', action: string, params: Record<string, unknown> = {}, token?: string) =>
  call(ctx.app, method, `/api/${action}`, params, token)

/** The user's 消息中心, newest first, as the app reads it. */
async function inbox(u: User): Promise<{ event: string; title: string; body: string; link: string }[]> {
  const res = await api('GET', 'user.message/lists', { per_page: 50 }, u.token)
  expect(res.code).toBe(1)
  return res.data.list.map((m: Record<string, string>) => ({
    event: m.event,
    title: m.title,
    body: m.body,
    link: m.link
  }))
}

/** The console notices of one occurrence (each occurrence's key is in its dedupe key). */
const notices = (event: string, key: string | number) =>
  db()
    .select()
    .from(operatorNotices)
    .where(eq(operatorNotices.dedupeKey, `${event}:${key}`))

async function oneNotice(event: string, key: string | number) {
  const rows = await notices(event, key)
  expect(rows).toHaveLength(1)
  return rows[0]
}

/** The values a user's event was told with (what a WeChat template would show). */
async function fieldsOf(u: User, event: string): Promise<Record<string, string>[]> {
  const rows = await db()
    .select({ fields: notificationDeliveries.fields })
    .from(notificationDeliveries)
    .where(and(eq(notificationDeliveries.userId, u.userId), eq(notificationDeliveries.event, event)))
  return rows.map((r) => r.fields)
}

test('amounts and times read the way every message writes them', () => {
  expect(amountText(6800)).toBe('¥68.00')
  expect(amountText(5)).toBe('¥0.05')
  // 07:01 UTC is 15:01 in China; a day boundary in UTC is not one in China.
  expect(timeText(new Date('2026-12-01T07:01:00Z'))).toBe('2026年12月1日 15:01')
  expect(timeText(new Date('2026-11-30T16:30:00Z'))).toBe('2026年12月1日 00:30')
})

describe('shop orders', () => {
  async function goodsOf(orderId: number) {
    const [item] = await db().select().from(shopOrderItems).where(eq(shopOrderItems.orderId, orderId))
    return `${item.name} × ${item.quantity}`
  }
  const orderOf = async (id: number) => (await db().select().from(shopOrders).where(eq(shopOrders.id, id)))[0]

  test('paid: the buyer and the shippers hear once; shipped: the carrier and number, once', async () => {
    const buyer = await login(ctx.app, '通知买家')
    const o = await paidShopOrder(ctx.app, db(), buyer.token)
    const row = await orderOf(o.order_id)
    const goods = await goodsOf(o.order_id)
    const link = `goods/pages/order/detail?order_id=${o.order_id}`
    expect(await inbox(buyer)).toEqual([
      {
        event: 'order.paid',
        title: '订单支付成功',
        body: `${goods}，实付 ${amountText(row.payAmount)}，我们会尽快为您发货`,
        link
      }
    ])
    const [fields] = await fieldsOf(buyer, 'order.paid')
    expect(fields).toMatchObject({ order_no: o.order_no, goods, amount: amountText(row.payAmount) })
    expect(fields.time).toMatch(CHINA_TIME)
    expect(await oneNotice('op.order.paid', o.order_id)).toMatchObject({
      title: '新订单待发货',
      body: `${o.order_no}：${goods}，实付 ${amountText(row.payAmount)}`,
      link: `/orders/${o.order_id}`,
      permission: 'order.ship'
    })

    const version = (await owner.get('/order/detail', { order_id: o.order_id })).data.updated_at
    const ship = () =>
      owner.post('/order/ship', {
        order_id: o.order_id,
        updated_at: version,
        express_company: '顺丰速运',
        express_no: 'SF1234567890'
      })
    expect((await ship()).code).toBe(1)
    // The same click again (a second tab, a retry) is refused and tells no one.
    expect((await ship()).code).toBe(0)
    const [shipped, paid] = await inbox(buyer)
    expect(paid.event).toBe('order.paid')
    expect(shipped).toEqual({
      event: 'order.shipped',
      title: '您的订单已发货',
      body: `${goods} 已由顺丰速运发出，快递单号 SF1234567890`,
      link
    })
  })

  test('a repeated pay notice tells nothing more', async () => {
    const buyer = await login(ctx.app, '重复通知买家')
    const o = await paidShopOrder(ctx.app, db(), buyer.token)
    const [p] = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.bizType, 'goods'), eq(payments.bizId, o.order_id)))
    // WeChat Pay's notice comes again, and the app confirms again: both are acknowledged, nothing more is told.
    expect(
      await ctx.app.services.payments.markPaid(p.outTradeNo, { amountFen: p.amountFen, providerTxnId: 'again' })
    ).toBe('already_paid')
    expect((await api('POST', 'pay.sandbox/confirm', { out_trade_no: p.outTradeNo }, buyer.token)).code).toBe(1)
    expect((await inbox(buyer)).map((m) => m.event)).toEqual(['order.paid'])
    expect(await notices('op.order.paid', o.order_id)).toHaveLength(1)
  })

  test('after-sale: applied (operators), refused with its reply, applied again, approved and paid back', async () => {
    const buyer = await login(ctx.app, '退款买家')
    const o = await paidShopOrder(ctx.app, db(), buyer.token)
    const goods = await goodsOf(o.order_id)
    const link = `goods/pages/order/detail?order_id=${o.order_id}`
    const fin = await addOperator(ctx.app, owner, 'notify_fin', 'finance')
    const ops = await addOperator(ctx.app, owner, 'notify_ops', 'operations')
    const apply = (reason: string) => api('POST', 'user.order/refund', { order_id: o.order_id, reason }, buyer.token)
    const version = async () => (await orderOf(o.order_id)).updatedAt.toISOString()
    const amount = amountText((await orderOf(o.order_id)).payAmount)

    expect((await apply('不想要了')).code).toBe(1)
    const saleIds = async () =>
      (await db().select().from(shopAfterSales).where(eq(shopAfterSales.orderId, o.order_id))).map((a) => a.id).sort()
    const [first] = await saleIds()
    expect(await oneNotice('op.refund.requested', `as:${first}`)).toMatchObject({
      title: '新的退款申请',
      body: `订单 ${o.order_no} 申请退款 ${amount}：不想要了`,
      link: '/refunds',
      permission: 'refund.decide'
    })
    // Applying again while it is open is refused: no second notice.
    expect((await apply('不想要了')).code).toBe(0)
    expect(
      await db()
        .select()
        .from(operatorNotices)
        .where(like(operatorNotices.dedupeKey, `op.refund.requested:as:${first}`))
    ).toHaveLength(1)

    // Refused actions tell no one: no permission, no reply, an old version.
    const v1 = await version()
    expect(
      (await ops.post('/refund/decide', { order_id: o.order_id, updated_at: v1, approve: true, reply: '' })).code
    ).toBe(0)
    expect(
      (await fin.post('/refund/decide', { order_id: o.order_id, updated_at: v1, approve: false, reply: '' })).code
    ).toBe(0)
    expect(
      (
        await fin.post('/refund/decide', {
          order_id: o.order_id,
          updated_at: new Date(0).toISOString(),
          approve: true,
          reply: ''
        })
      ).code
    ).toBe(0)
    expect((await inbox(buyer)).map((m) => m.event)).toEqual(['order.paid'])

    expect(
      (await fin.post('/refund/decide', { order_id: o.order_id, updated_at: v1, approve: false, reply: '商品已打包' }))
        .code
    ).toBe(1)
    expect((await inbox(buyer))[0]).toEqual({
      event: 'refund.decided',
      title: '退款申请未通过',
      body: `订单 ${o.order_no} 的退款申请未通过：商品已打包`,
      link
    })

    // A second application is a new occurrence: the operators hear of it too.
    expect((await apply('还是想退')).code).toBe(1)
    const second = (await saleIds())[1]
    expect(second).toBeGreaterThan(first)
    expect((await oneNotice('op.refund.requested', `as:${second}`)).body).toBe(
      `订单 ${o.order_no} 申请退款 ${amount}：还是想退`
    )
    expect(
      (
        await fin.post('/refund/decide', {
          order_id: o.order_id,
          updated_at: await version(),
          approve: true,
          reply: '已同意'
        })
      ).code
    ).toBe(1)
    // Approved again: refused (已退款), and nothing more is told.
    expect(
      (
        await fin.post('/refund/decide', {
          order_id: o.order_id,
          updated_at: await version(),
          approve: true,
          reply: ''
        })
      ).msg
    ).toBe('该订单已退款')
    const messages = await inbox(buyer)
    expect(messages.slice(0, 2)).toEqual([
      { event: 'refund.paid', title: '退款已到账', body: `${goods}，退款 ${amount} 已原路退回`, link },
      {
        event: 'refund.decided',
        title: '退款申请已通过',
        body: `订单 ${o.order_no} 的退款申请已通过：已同意`,
        link
      }
    ])
    expect(messages.map((m) => m.event)).toEqual(['refund.paid', 'refund.decided', 'refund.decided', 'order.paid'])
    const [paidBack] = await fieldsOf(buyer, 'refund.paid')
    expect(paidBack).toMatchObject({ order_no: o.order_no, item: goods, amount })
    expect(paidBack.time).toMatch(CHINA_TIME)
  })
})

describe('consultations', () => {
  async function booking(who: User) {
    const [service] = await db().select().from(consultServices).where(eq(consultServices.slug, 'bazi-reading'))
    const [teacher] = await db().select().from(teachers).where(eq(teachers.slug, 'zhou-mingyuan'))
    const slots = (await api('GET', 'service.slot/lists', { teacher_id: teacher.id })).data.list
    const taken = new Set((await db().select({ slot: serviceOrders.slotId }).from(serviceOrders)).map((r) => r.slot))
    const slot = slots.find(
      (s: { free: boolean; starts_at: string; slot_id: number }) =>
        s.free && !taken.has(s.slot_id) && Date.parse(s.starts_at) > Date.now() + 30 * HOUR
    )
    const added = await api(
      'POST',
      'service.order/add',
      { service_id: service.id, teacher_id: teacher.id, slot_id: slot.slot_id, name: '张三', mobile: '13800138000' },
      who.token
    )
    expect(added.code).toBe(1)
    const start = await api('POST', 'service.order/pay', { order_id: added.data.order_id }, who.token)
    for (let i = 0; i < 2; i++)
      expect(
        (await api('POST', 'pay.sandbox/confirm', { out_trade_no: start.data.out_trade_no }, who.token)).code
      ).toBe(1)
    return {
      orderId: added.data.order_id as number,
      service,
      teacher,
      time: timeText(new Date(slot.starts_at)),
      outTradeNo: start.data.out_trade_no as string
    }
  }

  test('paid: the client, operators and the teacher hear once; an operator cancels with a reason', async () => {
    const client = await login(ctx.app, '预约通知人')
    const b = await booking(client)
    expect(await inbox(client)).toEqual([
      {
        event: 'consult.booked',
        title: '预约成功',
        body: `已为您预约 ${b.teacher.name} 老师的「${b.service.title}」，时间 ${b.time}`,
        link: 'pages/my/service'
      }
    ])
    expect(await oneNotice('op.consult.booked', b.orderId)).toMatchObject({
      title: '新的咨询预约',
      body: `${b.teacher.name} 老师「${b.service.title}」${b.time}`,
      link: '/services',
      permission: 'service.manage',
      teacherId: b.teacher.id
    })

    const cancel = () => owner.post('/service/cancel', { order_id: b.orderId, reason: '老师临时有事' })
    expect((await cancel()).code).toBe(1)
    expect((await cancel()).msg).toBe('该预约已取消')
    const [refunded, cancelled, booked] = await inbox(client)
    expect(booked.event).toBe('consult.booked')
    expect(cancelled).toEqual({
      event: 'consult.cancelled',
      title: '预约已取消',
      body: `「${b.service.title}」${b.time} 的预约已取消：老师临时有事，费用将原路退回`,
      link: 'pages/my/service'
    })
    expect(refunded).toEqual({
      event: 'refund.paid',
      title: '退款已到账',
      body: `服务预约：${b.service.title}，退款 ${amountText(b.service.priceFen)} 已原路退回`,
      link: 'pages/my/service'
    })
    expect((await fieldsOf(client, 'refund.paid'))[0]).toMatchObject({ order_no: b.outTradeNo })
  })

  test('cancelled by the client: told without a reason of their own; asking again tells nothing more', async () => {
    const client = await login(ctx.app, '自己退约人')
    const b = await booking(client)
    for (let i = 0; i < 2; i++)
      expect((await api('POST', 'service.order/cancel', { order_id: b.orderId }, client.token)).code).toBe(1)
    const messages = await inbox(client)
    expect(messages.map((m) => m.event)).toEqual(['refund.paid', 'consult.cancelled', 'consult.booked'])
    expect(messages[1].body).toBe(`「${b.service.title}」${b.time} 的预约已取消，费用将原路退回`)
  })
})

describe('certificates and memberships', () => {
  const photoOf = async (token: string) => (await uploadPrivate(ctx, token)).data.file_id as number
  const certBySlug = async (slug: string) =>
    (await db().select().from(certificates).where(eq(certificates.slug, slug)))[0]
  const form = {
    name: '王小明',
    id_number: '11010519491231002X',
    mobile: '13700137000',
    education: '本科',
    work_unit: '某院'
  }

  async function paidApplication(who: User, slug: string) {
    const cert = await certBySlug(slug)
    const applied = await api(
      'POST',
      'certificate.apply/add',
      { certificate_id: cert.id, ...form, photo_file_id: await photoOf(who.token) },
      who.token
    )
    expect(applied.data.status).toBe('unpaid')
    const id = applied.data.application_id as number
    // Not under review before the fee is paid: nobody to tell yet.
    expect(await notices('op.certificate.applied', id)).toHaveLength(0)
    const start = await api('POST', 'certificate.apply/pay', { application_id: id }, who.token)
    for (let i = 0; i < 2; i++)
      expect(
        (await api('POST', 'pay.sandbox/confirm', { out_trade_no: start.data.out_trade_no }, who.token)).code
      ).toBe(1)
    return { id, cert }
  }

  test('certificate: paid goes to the reviewers; approved or rejected (the fee back) told once', async () => {
    const a = await login(ctx.app, '证书通过人')
    const b = await login(ctx.app, '证书驳回人')
    const pass = await paidApplication(a, 'mingli-analyst')
    const fail = await paidApplication(b, 'mingli-analyst')
    expect(await oneNotice('op.certificate.applied', pass.id)).toMatchObject({
      title: '证书申请待审核',
      body: `王小明 申请「${pass.cert.title}」`,
      link: '/certificates',
      permission: 'certificate.review'
    })
    const review = (id: number, approve: boolean, reason = '') =>
      owner.post('/certificate/review', { application_id: id, approve, reason })
    expect((await review(pass.id, true)).code).toBe(1)
    expect((await review(pass.id, false, '重复')).code).toBe(0)
    expect(await inbox(a)).toEqual([
      {
        event: 'certificate.decided',
        title: '证书申请已通过',
        body: `您的「${pass.cert.title}」申请已通过`,
        link: 'pages/my/certificate'
      }
    ])
    expect((await review(fail.id, false)).code).toBe(0)
    expect(await inbox(b)).toEqual([])
    expect((await review(fail.id, false, '照片不清晰')).code).toBe(1)
    expect(await inbox(b)).toEqual([
      {
        event: 'refund.paid',
        title: '退款已到账',
        body: `证书报名：${fail.cert.title}，退款 ${amountText(fail.cert.feeFen)} 已原路退回`,
        link: 'pages/my/certificate'
      },
      {
        event: 'certificate.decided',
        title: '证书申请未通过',
        body: `您的「${fail.cert.title}」申请未通过：照片不清晰`,
        link: 'pages/my/certificate'
      }
    ])
  })

  test('membership: the quick application waits for review at once, the full one once its dues are paid', async () => {
    const quick = await login(ctx.app, '快速入会人')
    const easy = await api(
      'POST',
      'association.apply/add',
      { kind: 'easy', name: '李四', mobile: '13600136001' },
      quick.token
    )
    expect(easy.data.status).toBe('reviewing')
    const association = (await api('GET', 'association.index/detail')).data.name
    expect(await oneNotice('op.membership.applied', easy.data.application_id)).toMatchObject({
      title: '入会申请待审核',
      body: `李四 申请加入「${association}」`,
      link: '/memberships',
      permission: 'membership.review'
    })
    expect(
      (
        await owner.post('/membership/review', {
          application_id: easy.data.application_id,
          approve: false,
          reason: '信息不全'
        })
      ).code
    ).toBe(1)
    expect(await inbox(quick)).toEqual([
      {
        event: 'membership.decided',
        title: '入会申请未通过',
        body: `您加入「${association}」的申请未通过：信息不全`,
        link: 'pages/my/easyApply'
      }
    ])

    const member = await login(ctx.app, '正式入会人')
    const applied = await api(
      'POST',
      'association.apply/add',
      {
        kind: 'full',
        name: '陈静',
        mobile: '13600136000',
        id_number: '11010519491231002X',
        gender: '女',
        education: '硕士',
        specialty: '八字命理',
        intro: '从事命理研究八年，出版过两本入门读物。',
        photo_file_id: await photoOf(member.token)
      },
      member.token
    )
    const id = applied.data.application_id
    expect(await notices('op.membership.applied', id)).toHaveLength(0)
    const start = await api('POST', 'association.apply/pay', { application_id: id }, member.token)
    expect(
      (await api('POST', 'pay.sandbox/confirm', { out_trade_no: start.data.out_trade_no }, member.token)).code
    ).toBe(1)
    expect((await oneNotice('op.membership.applied', id)).body).toBe(`陈静 申请加入「${association}」`)
    expect((await owner.post('/membership/review', { application_id: id, approve: true, reason: '' })).code).toBe(1)
    expect(await inbox(member)).toEqual([
      {
        event: 'membership.decided',
        title: '入会申请已通过',
        body: `您加入「${association}」的申请已通过`,
        link: 'pages/my/union'
      }
    ])
  })
})

describe('articles', () => {
  test("a user's article waits for a reviewer; the author hears the result and its reason once", async () => {
    const author = await login(ctx.app, '投稿作者')
    const [category] = await db().select().from(articleCategories).orderBy(asc(articleCategories.id)).limit(1)
    const publish = async (title: string) => {
      const res = await api(
        'POST',
        'article.Article/publish',
        { title, content: '今天学习了八字排盘的基本方法。', category_id: category.id },
        author.token
      )
      expect(res.data.status).toBe('pending')
      return res.data.article_id as number
    }
    const good = await publish('排盘心得一则')
    const bad = await publish('重复投稿一则')
    expect(await oneNotice('op.article.submitted', good)).toMatchObject({
      title: '文章待审核',
      body: '投稿作者 投稿「排盘心得一则」',
      link: '/reviews',
      permission: 'review.decide'
    })
    const decide = (id: number, approve: boolean, reason = '') =>
      owner.post('/review/decide', { type: 'article', id, approve, reason })
    expect((await decide(good, true)).code).toBe(1)
    expect((await decide(good, false, '重复')).code).toBe(0)
    expect((await decide(bad, false, '与已发表文章重复')).code).toBe(1)
    expect(await inbox(author)).toEqual([
      {
        event: 'article.reviewed',
        title: '文章审核未通过',
        body: '您的文章「重复投稿一则」审核未通过：与已发表文章重复',
        link: `pages/article/detail?article_id=${bad}`
      },
      {
        event: 'article.reviewed',
        title: '文章审核已通过',
        body: '您的文章「排盘心得一则」审核已通过',
        link: `pages/article/detail?article_id=${good}`
      }
    ])
  })
})

describe('withdrawals', () => {
  test('requested (operators), paid into the change, failed or rejected (with why): each told once', async () => {
    const u = await login(ctx.app, '提现通知人')
    await db().insert(wallets).values({ userId: u.userId, availableFen: 10_000, totalEarnedFen: 10_000 })
    const fin = await addOperator(ctx.app, owner, 'notify_fin_wd', 'finance')
    const apply = async (amount: number) => {
      const res = await api('POST', 'user.cash/apply', { amount_fen: amount, real_name: '王五' }, u.token)
      expect(res.code).toBe(1)
      return res.data.withdrawal.id as number
    }
    const paid = await apply(1000)
    const declined = await apply(2000)
    const rejected = await apply(3000)
    expect(await oneNotice('op.withdrawal.requested', paid)).toMatchObject({
      title: '新的提现申请',
      body: '王五 申请提现 ¥10.00',
      link: '/withdrawals',
      permission: 'withdrawal.decide'
    })
    const decide = (id: number, approve: boolean, reason = '') =>
      fin.post('/withdrawal/decide', { id, approve, reason })
    expect((await decide(paid, true)).data.status).toBe('wait_confirm')
    expect((await decide(declined, true)).data.status).toBe('wait_confirm')
    // Waiting for the user to accept is not the end: nothing yet.
    expect(await inbox(u)).toEqual([])
    expect((await api('POST', 'pay.sandbox/receiveTransfer', { id: paid }, u.token)).data.status).toBe('paid')
    expect((await api('POST', 'pay.sandbox/receiveTransfer', { id: paid }, u.token)).code).toBe(0)
    expect((await api('POST', 'pay.sandbox/declineTransfer', { id: declined }, u.token)).data.status).toBe('failed')
    expect((await decide(rejected, false)).code).toBe(0)
    expect((await decide(rejected, false, '姓名与微信实名不符')).code).toBe(1)
    expect((await decide(rejected, true)).code).toBe(0)
    expect(await inbox(u)).toEqual([
      {
        event: 'withdrawal.failed',
        title: '提现未成功',
        body: '提现 ¥30.00 未成功：姓名与微信实名不符，金额已退回钱包',
        link: 'pages/my/wallet'
      },
      {
        event: 'withdrawal.failed',
        title: '提现未成功',
        body: '提现 ¥20.00 未成功：超过 24 小时未确认收款，转账已撤销，金额已退回钱包',
        link: 'pages/my/wallet'
      },
      { event: 'withdrawal.paid', title: '提现已到账', body: '提现 ¥10.00 已转入您的微信零钱', link: 'pages/my/wallet' }
    ])
  })
})
