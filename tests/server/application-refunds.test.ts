import './helpers/native-modules'

import { and, desc, eq } from 'drizzle-orm'

import {
  adminAuditLogs,
  associations,
  certificateApplications,
  certificates,
  membershipApplications,
  paymentRefunds,
  payments
} from '../../server/db/schema'
import { addOperator, type AdminClient, ownerClient } from './helpers/admin'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'
import { PRIVATE_LINK, uploadPrivate } from './helpers/upload'

// Certificate and membership applications reviewed in the console: approval issues the number or the
// member card; rejecting a paid one sends the fee back through the payment service exactly once.

let ctx: TestContext
let owner: AdminClient
let content: AdminClient

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ownerClient(ctx.app, ctx.database.db)
  content = await operator('neirong', 'content')
}, 180_000)
afterAll(() => ctx.close())

const api = (method: 'GET' | 'POST', action: string, params: Record<string, unknown> = {}, token?: string) =>
  call(ctx.app, method, `/api/${action}`, params, token)
const photoOf = async (token: string) => (await uploadPrivate(ctx, token)).data.file_id as number

const operator = (username: string, role: string) => addOperator(ctx.app, owner, username, role)

/** A certificate application of a new user; paid through the sandbox unless `pay` is false. */
async function certificateApplication(nickname: string, pay = true) {
  const me = await login(ctx.app, nickname)
  const [cert] = await ctx.database.db.select().from(certificates).where(eq(certificates.slug, 'mingli-analyst'))
  const form = {
    certificate_id: cert.id,
    name: '王小明',
    id_number: '11010519491231002X',
    mobile: '13700137000',
    education: '本科',
    photo_file_id: await photoOf(me.token)
  }
  const id = (await api('POST', 'certificate.apply/add', form, me.token)).data.application_id as number
  const outTradeNo = (await api('POST', 'certificate.apply/pay', { application_id: id }, me.token)).data
    .out_trade_no as string
  if (pay) expect((await api('POST', 'pay.sandbox/confirm', { out_trade_no: outTradeNo }, me.token)).code).toBe(1)
  return { me, id, outTradeNo, amount: cert.feeFen }
}

/** A full membership application with dues, paid. */
async function paidMembership(nickname: string) {
  const me = await login(ctx.app, nickname)
  const photo = await photoOf(me.token)
  const form = {
    kind: 'full',
    name: '陈静',
    mobile: '13600136000',
    id_number: '11010519491231002X',
    gender: '女',
    education: '硕士',
    specialty: '八字命理',
    intro: '从事命理研究八年，出版过两本入门读物。',
    photo_file_id: photo
  }
  const applied = await api('POST', 'association.apply/add', form, me.token)
  expect(applied.code).toBe(1)
  const id = applied.data.application_id as number
  const outTradeNo = (await api('POST', 'association.apply/pay', { application_id: id }, me.token)).data
    .out_trade_no as string
  expect((await api('POST', 'pay.sandbox/confirm', { out_trade_no: outTradeNo }, me.token)).code).toBe(1)
  return { me, id, outTradeNo, amount: applied.data.amount as number }
}

const refundsOf = (outTradeNo: string) =>
  ctx.database.db
    .select({ status: paymentRefunds.status, amountFen: paymentRefunds.amountFen })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(eq(payments.outTradeNo, outTradeNo))
const paymentStatus = async (outTradeNo: string) =>
  (await ctx.database.db.select().from(payments).where(eq(payments.outTradeNo, outTradeNo)))[0].status
const audits = (action: string, id: number) =>
  ctx.database.db
    .select()
    .from(adminAuditLogs)
    .where(and(eq(adminAuditLogs.action, action), eq(adminAuditLogs.targetId, String(id))))
    .orderBy(desc(adminAuditLogs.id))
const certRow = async (id: number) =>
  (await ctx.database.db.select().from(certificateApplications).where(eq(certificateApplications.id, id)))[0]

describe('证书申请', () => {
  test('the queue lists paid applications; approval issues the number, audited; second decision refused', async () => {
    const a = await certificateApplication('持证人')
    const queue = await content.get('/certificate/lists', { keyword: '持证人' })
    expect(queue.data.list).toHaveLength(1)
    expect(queue.data.list[0]).toMatchObject({
      application_id: a.id,
      certificate_title: '命理分析师',
      id_number: '110105********002X',
      status: 'reviewing',
      amount_fen: a.amount,
      refund_status: 'none'
    })
    expect(queue.data.list[0].photo).toMatch(PRIVATE_LINK)
    expect(
      await content.post('/certificate/review', { application_id: a.id, approve: true, reason: '' })
    ).toMatchObject({ code: 1, data: { status: 'approved', refund_status: 'none' } })
    const row = await certRow(a.id)
    expect(row.certificateNo).toBe(`YX${new Date().getFullYear()}${String(a.id).padStart(6, '0')}`)
    expect(
      await content.post('/certificate/review', { application_id: a.id, approve: false, reason: '资料不全' })
    ).toMatchObject({ code: 0, msg: '该申请已审核，不能重复处理' })
    const [audit] = await audits('certificate.approve', a.id)
    expect(audit).toMatchObject({
      operatorName: 'neirong',
      targetType: 'certificate_application',
      before: { status: 'reviewing' },
      after: { status: 'approved', certificate_no: row.certificateNo }
    })
    expect(
      (await api('GET', 'certificate.apply/detail', { application_id: a.id }, a.me.token)).data.application
    ).toMatchObject({ status: 'approved', certificate_no: row.certificateNo, refund: null })
  })

  test('rejecting a paid application refunds the fee once however often asked; user sees reason and 已退款', async () => {
    const a = await certificateApplication('被退费')
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        content.post('/certificate/review', { application_id: a.id, approve: false, reason: '证件照不清晰' })
      )
    )
    // A repeat that finds the refund still under way asks again (same key) and succeeds; one after it is told.
    expect(answers.every((r) => r.code === 1 || r.msg === '该申请已审核，不能重复处理')).toBe(true)
    expect(
      await content.post('/certificate/review', { application_id: a.id, approve: false, reason: '证件照不清晰' })
    ).toMatchObject({ code: 0, msg: '该申请已审核，不能重复处理' })
    expect(await refundsOf(a.outTradeNo)).toEqual([{ status: 'succeeded', amountFen: a.amount }])
    expect(await paymentStatus(a.outTradeNo)).toBe('refunded')
    expect(await certRow(a.id)).toMatchObject({
      status: 'rejected',
      reviewNote: '证件照不清晰',
      refundStatus: 'refunded',
      refundFen: a.amount
    })
    expect(await audits('certificate.reject', a.id)).toHaveLength(1)
    const shown = (await api('GET', 'certificate.apply/lists', {}, a.me.token)).data.list[0]
    expect(shown).toMatchObject({
      status: 'rejected',
      review_note: '证件照不清晰',
      refund: { status: 'refunded', amount: a.amount }
    })
    expect(
      (await content.get('/certificate/lists', { status: 'rejected', keyword: '被退费' })).data.list[0]
    ).toMatchObject({ refund_status: 'refunded', refund_fen: a.amount })
  })

  test('a refund the platform does not confirm stays 退款中; rejecting again asks again under the same key', async () => {
    const a = await certificateApplication('退款卡住')
    const provider = ctx.app.services.payments.provider
    const refund = provider.refund
    provider.refund = async () => {
      throw new Error('timeout')
    }
    try {
      expect(
        await content.post('/certificate/review', { application_id: a.id, approve: false, reason: '报考条件不符' })
      ).toMatchObject({ code: 0, msg: '退款请求未得到支付平台确认，请稍后重试' })
    } finally {
      provider.refund = refund
    }
    expect(
      (await api('GET', 'certificate.apply/detail', { application_id: a.id }, a.me.token)).data.application
    ).toMatchObject({ status: 'rejected', refund: { status: 'processing', amount: a.amount } })
    expect(
      await content.post('/certificate/review', { application_id: a.id, approve: false, reason: '报考条件不符' })
    ).toMatchObject({ code: 1, data: { refund_status: 'refunded' } })
    expect(await refundsOf(a.outTradeNo)).toEqual([{ status: 'succeeded', amountFen: a.amount }])
    // One decision, one audit row.
    expect(await audits('certificate.reject', a.id)).toHaveLength(1)
  })

  test('the rejection races repeated payment notices: the fee goes back once', async () => {
    for (let round = 0; round < 3; round++) {
      const a = await certificateApplication(`通知重发${round}`)
      const notice = () =>
        ctx.app.services.payments.markPaid(a.outTradeNo, { amountFen: a.amount, providerTxnId: `again-${round}` })
      const reject = () =>
        owner.post('/certificate/review', { application_id: a.id, approve: false, reason: '名额已满' })
      const outcomes = await Promise.all([notice(), reject(), notice(), reject()])
      expect(outcomes.filter((o) => o === 'already_paid')).toHaveLength(2)
      expect(await refundsOf(a.outTradeNo)).toEqual([{ status: 'succeeded', amountFen: a.amount }])
      expect(await certRow(a.id)).toMatchObject({ status: 'rejected', refundStatus: 'refunded' })
    }
  })

  test('refused: no session, an app token, operations and finance; bad input in Chinese, nothing written', async () => {
    const a = await certificateApplication('守门', false)
    const unpaid = a.id
    const paid = await certificateApplication('守门二')
    const body = { application_id: paid.id, approve: false, reason: '测试' }
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/admin/certificate/review', payload: body })).json().code
    ).toBe(-9999)
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/admin/certificate/review',
          payload: body,
          headers: { authorization: paid.me.token }
        })
      ).json().code
    ).toBe(-9999)
    expect(
      (
        await ctx.app.inject({ method: 'GET', url: '/api/admin/membership/lists', query: { token: paid.me.token } })
      ).json().code
    ).toBe(-9999)
    for (const who of [await operator('yunying', 'operations'), await operator('caiwu', 'finance')]) {
      expect(await who.post('/certificate/review', body)).toMatchObject({ code: 0, msg: '没有权限执行此操作' })
      expect(await who.post('/membership/review', body)).toMatchObject({ code: 0, msg: '没有权限执行此操作' })
      expect(await who.get('/certificate/lists')).toMatchObject({ code: 0, msg: '没有权限执行此操作' })
    }
    expect(await content.post('/certificate/review', { ...body, reason: ' ' })).toMatchObject({
      code: 0,
      msg: '请填写驳回原因'
    })
    expect(await content.post('/certificate/review', { ...body, reason: '长'.repeat(201) })).toMatchObject({
      code: 0,
      msg: '驳回原因不能超过 200 个字'
    })
    expect(await content.post('/certificate/review', { ...body, application_id: 'x' })).toMatchObject({
      code: 0,
      msg: '申请格式不正确'
    })
    expect(await content.post('/certificate/review', { ...body, approve: 'maybe' })).toMatchObject({
      code: 0,
      msg: '审核结果格式不正确'
    })
    expect(await content.post('/certificate/review', { ...body, application_id: 99999999 })).toMatchObject({
      code: 0,
      msg: '该报名不存在'
    })
    expect(await content.post('/certificate/review', { ...body, application_id: unpaid })).toMatchObject({
      code: 0,
      msg: '该申请尚未缴费，不能审核'
    })
    expect(await content.get('/certificate/lists', { status: 'lost' })).toMatchObject({ code: 0, msg: '状态不正确' })
    expect(await certRow(paid.id)).toMatchObject({ status: 'reviewing', refundStatus: 'none', reviewNote: '' })
    expect(await refundsOf(paid.outTradeNo)).toEqual([])
    expect(await audits('certificate.reject', paid.id)).toHaveLength(0)
  })
})

describe('入会申请', () => {
  test('approval issues the member card and counts the member; audited', async () => {
    const before = (await ctx.database.db.select().from(associations))[0].members
    const m = await paidMembership('新会员')
    expect((await content.get('/membership/lists', { keyword: '新会员' })).data.list[0]).toMatchObject({
      application_id: m.id,
      kind: 'full',
      specialty: '八字命理',
      amount_fen: m.amount
    })
    expect(await content.post('/membership/review', { application_id: m.id, approve: true, reason: '' })).toMatchObject(
      { code: 1, data: { status: 'approved' } }
    )
    expect((await ctx.database.db.select().from(associations))[0].members).toBe(before + 1)
    const card = (await api('GET', 'association.apply/mine', {}, m.me.token)).data.application.card
    expect(card.member_no).toBe(`HY${new Date().getFullYear()}${String(m.id).padStart(6, '0')}`)
    expect((await audits('membership.approve', m.id))[0]).toMatchObject({
      targetType: 'membership_application',
      after: { status: 'approved', member_no: card.member_no }
    })
  })

  test('rejecting paid dues refunds once; user sees reason and 已退款; a free quick application: no refund', async () => {
    const m = await paidMembership('退会费')
    await Promise.all(
      [1, 2].map(() =>
        owner.post('/membership/review', { application_id: m.id, approve: false, reason: '从业经历不足' })
      )
    )
    expect(await refundsOf(m.outTradeNo)).toEqual([{ status: 'succeeded', amountFen: m.amount }])
    const [row] = await ctx.database.db.select().from(membershipApplications).where(eq(membershipApplications.id, m.id))
    expect(row).toMatchObject({ status: 'rejected', refundStatus: 'refunded', refundFen: m.amount })
    expect((await api('GET', 'association.apply/mine', {}, m.me.token)).data.application).toMatchObject({
      status: 'rejected',
      review_note: '从业经历不足',
      refund: { status: 'refunded', amount: m.amount },
      card: null
    })

    const quick = await login(ctx.app, '快捷申请人')
    const id = (
      await api('POST', 'association.apply/add', { kind: 'easy', name: '钱七', mobile: '13500135031' }, quick.token)
    ).data.application_id
    expect(
      await content.post('/membership/review', { application_id: id, approve: false, reason: '信息不全' })
    ).toMatchObject({ code: 1, data: { status: 'rejected', refund_status: 'none' } })
    expect((await api('GET', 'association.apply/mine', {}, quick.token)).data.application).toMatchObject({
      status: 'rejected',
      refund: null
    })
  })
})
