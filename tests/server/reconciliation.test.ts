import './helpers/native-modules'

import { eq, inArray } from 'drizzle-orm'

import { chinaToday, DAY_MS } from '../../contract/china-time'
import { commissions, PAYMENT_BIZ_TYPES, type PaymentBizType, paymentRefunds, payments } from '../../server/db/schema'
import { BILL_COLUMNS, parseBill } from '../../server/modules/admin/reconciliation'
import { addOperator, type AdminClient, ownerClient } from './helpers/admin'
import { buyerOfEverything, type Sale } from './helpers/sales'
import { createTestContext, login, type TestContext } from './helpers/test-app'

// 对账: day and month figures per business type after a partial refund, the export in WeChat Pay's 交易账单
// columns, and a downloaded bill compared with our payments and refunds.

let ctx: TestContext
let owner: AdminClient
let finance: AdminClient
let operations: AdminClient
let sales: Record<PaymentBizType, Sale>
const today = chinaToday()

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ownerClient(ctx.app, ctx.database.db)
  finance = await addOperator(ctx.app, owner, 'fin1', 'finance')
  operations = await addOperator(ctx.app, owner, 'ops1', 'operations')
  // The buyer was referred: the shop order earns the referrer commission.
  const referrer = await login(ctx.app, '推荐人')
  const buyer = await buyerOfEverything(ctx, '对账买家', '13912340000', referrer.userId)
  sales = buyer.sales
  const refund = await ctx.app.services.payments.refund(sales.course.paymentId, {
    reason: '部分退款',
    key: 'recon-partial',
    refundFen: 2500
  })
  expect(refund.status).toBe('succeeded')
}, 300_000)
afterAll(() => ctx.close())

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0)

test('day and month: gross, refunds, net and commission per type; refused without finance.view', async () => {
  expect(await operations.get('/finance/summary', { date_from: today, date_to: today })).toMatchObject({
    code: 0,
    msg: '没有权限执行此操作'
  })
  const earned = await ctx.database.db
    .select()
    .from(commissions)
    .where(inArray(commissions.status, ['frozen', 'available']))
  for (const period of ['day', 'month'] as const) {
    const r = await finance.get('/finance/summary', { period, date_from: today, date_to: today })
    expect(r.code).toBe(1)
    const key = period === 'day' ? today : today.slice(0, 7)
    const of = (t: PaymentBizType) => r.data.rows.find((x: { biz_type: string }) => x.biz_type === t)
    for (const t of PAYMENT_BIZ_TYPES) {
      expect(of(t)).toMatchObject({
        period: key,
        paid_count: 1,
        gross_fen: sales[t].amountFen,
        refund_fen: t === 'course' ? 2500 : 0,
        net_fen: sales[t].amountFen - (t === 'course' ? 2500 : 0),
        commission_fen: sum(earned.filter((c) => c.bizType === t).map((c) => c.amountFen))
      })
    }
    expect(of('course').refund_count).toBe(1)
    const gross = sum(PAYMENT_BIZ_TYPES.map((t) => sales[t].amountFen))
    expect(r.data.total).toMatchObject({ gross_fen: gross, refund_fen: 2500, net_fen: gross - 2500, paid_count: 7 })
  }
  expect(sum(earned.map((c) => c.amountFen))).toBeGreaterThan(0)
  const yesterday = chinaToday(Date.now() - DAY_MS)
  const before = await finance.get('/finance/summary', { date_from: yesterday, date_to: yesterday })
  expect(before.data.rows).toEqual([])
  expect((await finance.get('/finance/summary', { date_from: today, date_to: yesterday })).msg).toBe(
    '结束日期不能早于开始日期'
  )
})

test('the export follows WeChat Pay 交易账单 columns, UTF-8 with BOM; one row per payment and per refund', async () => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/admin/finance/export?date_from=${today}&date_to=${today}`,
    headers: { cookie: finance.cookie }
  })
  expect(res.headers['content-type']).toMatch(/text\/csv/)
  const text = res.body
  expect(text.startsWith('\ufeff')).toBe(true)
  const lines = text.slice(1).trim().split('\r\n')
  const header = lines[0].split(',')
  expect(header.slice(0, BILL_COLUMNS.length)).toEqual([...BILL_COLUMNS])
  for (const c of ['交易时间', '公众账号ID', '商户号', '微信订单号', '商户订单号', '用户标识', '交易类型', '交易状态'])
    expect(header).toContain(c)
  for (const c of ['应结订单金额', '微信退款单号', '商户退款单号', '退款金额', '退款状态', '商品名称', '手续费'])
    expect(header).toContain(c)
  const bill = parseBill(text)
  expect(bill.rows.filter((r) => r.tradeStatus === 'SUCCESS')).toHaveLength(7)
  const refundRow = bill.rows.find((r) => r.tradeStatus === 'REFUND')!
  expect(refundRow).toMatchObject({ outTradeNo: sales.course.outTradeNo, refundFen: 2500, refundStatus: 'SUCCESS' })
  const course = bill.rows.find((r) => r.outTradeNo === sales.course.outTradeNo && r.tradeStatus === 'SUCCESS')!
  expect(course.amountFen).toBe(sales.course.amountFen)
  const col = (name: string) => header.indexOf(name)
  const courseLine = lines.find((l) => l.includes(sales.course.outTradeNo) && l.includes('SUCCESS'))!
  const fields = courseLine.slice(1).split(',`')
  expect(fields[col('商品名称')]).toBe('课程：八字命理入门')
  expect(fields[col('应结订单金额')]).toBe((sales.course.amountFen / 100).toFixed(2))
  expect(fields[col('交易时间')]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
  expect(bill.total).toMatchObject({ count: 8, refund_fen: 2500 })
})

test('a WeChat bill import flags what is missing on either side, amount and status differences', async () => {
  // As if these had been paid by WeChat Pay: only WeChat payments can be in WeChat's bill.
  const wechat = [sales.goods, sales.course, sales.report, sales.service, sales.activity]
  for (const s of wechat)
    await ctx.database.db
      .update(payments)
      .set({ provider: 'wechat', providerTxnId: `42000000${s.paymentId}` })
      .where(eq(payments.id, s.paymentId))
  const [courseRefund] = await ctx.database.db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.paymentId, sales.course.paymentId))
  // The activity's payment: closed on our side (as if its money had not been seen).
  await ctx.database.db.update(payments).set({ status: 'closed' }).where(eq(payments.id, sales.activity.paymentId))

  const t = `${today} 10:00:00`
  const row = (f: Record<string, string>) =>
    BILL_COLUMNS.map((c) => '`' + (f[c] ?? (/金额|手续费/.test(c) ? '0.00' : ''))).join(',')
  const yuan = (fen: number) => (fen / 100).toFixed(2)
  const pay = (s: Sale, fen = s.amountFen) =>
    row({
      交易时间: t,
      商户订单号: s.outTradeNo,
      微信订单号: `42000000${s.paymentId}`,
      交易状态: 'SUCCESS',
      应结订单金额: yuan(fen),
      订单金额: yuan(fen)
    })
  const csv = [
    BILL_COLUMNS.join(','),
    pay(sales.goods),
    pay(sales.course),
    // The report's amount differs.
    pay(sales.report, sales.report.amountFen + 1),
    pay(sales.activity),
    // A payment we never made.
    row({ 交易时间: t, 商户订单号: 'XX2026UNKNOWN', 交易状态: 'SUCCESS', 应结订单金额: '9.90', 订单金额: '9.90' }),
    // The course's refund: WeChat says it failed, ours succeeded.
    row({
      交易时间: t,
      商户订单号: sales.course.outTradeNo,
      交易状态: 'REFUND',
      商户退款单号: courseRefund.outRefundNo,
      退款金额: '25.00',
      申请退款金额: '25.00',
      退款状态: 'REFUNDCLOSE'
    }),
    '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额',
    '`6,`100.00,`25.00,`0.00,`0.60,`100.00,`25.00'
  ].join('\r\n')
  expect(await operations.post('/finance/importBill', { csv })).toMatchObject({ msg: '没有权限执行此操作' })
  const r = await finance.post('/finance/importBill', { csv })
  expect(r.code).toBe(1)
  expect(r.data).toMatchObject({
    date_from: today,
    date_to: today,
    bill_rows: 6,
    payment_rows: 5,
    refund_rows: 1,
    matched: 2,
    bill_total: { count: 6, settled_fen: 10000, refund_fen: 2500, fee_fen: 60 }
  })
  const kinds = r.data.diffs.map((d: { kind: string; out_trade_no: string; record: string }) => [
    d.kind,
    d.record,
    d.out_trade_no
  ])
  expect(kinds).toEqual(
    expect.arrayContaining([
      ['amount', 'payment', sales.report.outTradeNo],
      ['status', 'payment', sales.activity.outTradeNo],
      ['missing_ours', 'payment', 'XX2026UNKNOWN'],
      ['status', 'refund', sales.course.outTradeNo],
      // Our WeChat payment of the service is not in the bill.
      ['missing_wechat', 'payment', sales.service.outTradeNo]
    ])
  )
  expect(r.data.diff_count).toBe(5)
  // Sandbox payments are never in WeChat's bill, so they are not missing there.
  expect(kinds.map((k: string[]) => k[2])).not.toContain(sales.certificate.outTradeNo)

  expect((await finance.post('/finance/importBill', { csv: '随便一段文字' })).msg).toMatch(/账单/)
  expect((await finance.post('/finance/importBill', { csv: '' })).msg).toMatch(/账单内容/)
})
