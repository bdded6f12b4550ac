import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type {
  AdminBillDiff,
  AdminBillImportResult,
  AdminBizType,
  AdminReconRow,
  AdminReconSummary
} from '../../../contract/admin'
import { chinaDateTime, chinaToday, DAY_MS } from '../../../contract/china-time'
import { AppError } from '../../core/envelope'
import { multiline, optional } from '../../core/validate'
import type { Db } from '../../db/database'
import { commissions, paymentRefunds, type PaymentRefundStatus, payments, withdrawals } from '../../db/schema'
import { BIZ_TYPE_NAMES } from '../wallet/labels'
import { dayParam } from './audit-routes'
import { chinaDate } from './order-queries'
import { adminRoute } from './route'

// 对账: the money of a period by business type, summed in SQL (one grouped statement per ledger, never rows in
// Node), and our payments and refunds side by side with WeChat Pay's 交易账单 — exported in its columns, and a
// downloaded bill read back and compared line by line.

/** China days and months: China keeps no summer time since 1991, so +8 hours is its clock. */
const periodOf = (column: unknown, period: 'day' | 'month') =>
  sql<string>`to_char((${column} at time zone 'UTC') + interval '8 hours',
    ${period === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM'})`

export interface ReconRange {
  period: 'day' | 'month'
  from: Date
  to: Date
}

/** [start, end) of the China days date_from..date_to, inclusive. */
export function dayRange(dateFrom: string, dateTo: string): [Date, Date] {
  const from = chinaDate(dateFrom)
  const to = new Date(chinaDate(dateTo).getTime() + DAY_MS)
  if (to <= from) throw new AppError('结束日期不能早于开始日期')
  if (to.getTime() - from.getTime() > 800 * DAY_MS) throw new AppError('对账范围最多两年')
  return [from, to]
}

const zero = () => ({
  paid_count: 0,
  gross_fen: 0,
  refund_count: 0,
  refund_fen: 0,
  net_fen: 0,
  commission_fen: 0,
  payout_fen: 0
})

/** Gross, refunds, net and commission per period and business type, and each period's payouts. */
export async function reconSummary(db: Db, { period, from, to }: ReconRange): Promise<AdminReconSummary> {
  const pPeriod = periodOf(payments.paidAt, period)
  const rPeriod = periodOf(paymentRefunds.finishedAt, period)
  const cPeriod = periodOf(commissions.createdAt, period)
  const wPeriod = periodOf(withdrawals.finishedAt, period)
  const int = (v: unknown) => sql<number>`coalesce(${v}, 0)::int`
  const [paid, refunded, earned, paidOut] = await Promise.all([
    // Money that arrived in the period, whether refunded since or not (a closed payment's late money too).
    db
      .select({
        period: pPeriod,
        biz: payments.bizType,
        n: int(sql`count(*)`),
        fen: int(sql`sum(${payments.amountFen})`)
      })
      .from(payments)
      .where(and(gte(payments.paidAt, from), lt(payments.paidAt, to)))
      .groupBy(sql`1`, payments.bizType),
    db
      .select({
        period: rPeriod,
        biz: payments.bizType,
        n: int(sql`count(*)`),
        fen: int(sql`sum(${paymentRefunds.amountFen})`)
      })
      .from(paymentRefunds)
      .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
      .where(
        and(
          eq(paymentRefunds.status, 'succeeded'),
          gte(paymentRefunds.finishedAt, from),
          lt(paymentRefunds.finishedAt, to)
        )
      )
      .groupBy(sql`1`, payments.bizType),
    // Earned on the period's payments; what a refund cancelled or took back is no cost.
    db
      .select({ period: cPeriod, biz: commissions.bizType, fen: int(sql`sum(${commissions.amountFen})`) })
      .from(commissions)
      .where(
        and(
          inArray(commissions.status, ['frozen', 'available']),
          gte(commissions.createdAt, from),
          lt(commissions.createdAt, to)
        )
      )
      .groupBy(sql`1`, commissions.bizType),
    db
      .select({ period: wPeriod, n: int(sql`count(*)`), fen: int(sql`sum(${withdrawals.amountFen})`) })
      .from(withdrawals)
      .where(and(eq(withdrawals.status, 'paid'), gte(withdrawals.finishedAt, from), lt(withdrawals.finishedAt, to)))
      .groupBy(sql`1`)
  ])
  const rows = new Map<string, AdminReconRow>()
  const row = (p: string, biz: AdminBizType | null) => {
    const key = `${p}|${biz ?? ''}`
    let r = rows.get(key)
    if (!r) rows.set(key, (r = { period: p, biz_type: biz, ...zero() }))
    return r
  }
  for (const x of paid) Object.assign(row(x.period, x.biz), { paid_count: x.n, gross_fen: x.fen })
  for (const x of refunded) Object.assign(row(x.period, x.biz), { refund_count: x.n, refund_fen: x.fen })
  for (const x of earned) row(x.period, x.biz).commission_fen = x.fen
  for (const x of paidOut) row(x.period, null).payout_fen = x.fen
  const total = zero()
  const list = [...rows.values()]
  for (const r of list) {
    r.net_fen = r.gross_fen - r.refund_fen
    for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += r[k]
  }
  // Newest period first; within one, business types in their usual order and the payouts row last.
  const order = (b: AdminBizType | null) => (b ? BIZ_ORDER.indexOf(b) : 99)
  list.sort((a, b) => (a.period === b.period ? order(a.biz_type) - order(b.biz_type) : a.period < b.period ? 1 : -1))
  return { rows: list, total }
}

const BIZ_ORDER: AdminBizType[] = ['goods', 'course', 'report', 'service', 'activity', 'certificate', 'membership']

// ---- WeChat Pay 交易账单 (ALL) ----

/** The columns of WeChat Pay's ALL trade bill, in its order (pay.weixin.qq.com, 下载交易账单, 交易账单格式说明). */
export const BILL_COLUMNS = [
  '交易时间',
  '公众账号ID',
  '商户号',
  '特约商户号',
  '设备号',
  '微信订单号',
  '商户订单号',
  '用户标识',
  '交易类型',
  '交易状态',
  '付款银行',
  '货币种类',
  '应结订单金额',
  '代金券金额',
  '微信退款单号',
  '商户退款单号',
  '退款金额',
  '充值券退款金额',
  '退款类型',
  '退款状态',
  '商品名称',
  '商户数据包',
  '手续费',
  '费率',
  '订单金额',
  '申请退款金额',
  '费率备注'
] as const
/** Ours, after WeChat's columns: which business, whose, and the business's own number. */
const EXTRA_COLUMNS = ['业务类型', '用户ID', '业务订单号'] as const

/** A refund's state as the bill names it. */
const BILL_REFUND_STATUS: Record<PaymentRefundStatus, string> = {
  pending: 'PROCESSING',
  processing: 'PROCESSING',
  abnormal: 'CHANGE',
  succeeded: 'SUCCESS',
  failed: 'REFUNDCLOSE'
}
const OUR_REFUND_STATUS: Record<string, PaymentRefundStatus> = {
  SUCCESS: 'succeeded',
  PROCESSING: 'processing',
  CHANGE: 'abnormal',
  REFUNDCLOSE: 'failed',
  FAIL: 'failed'
}

/** Refunds the provider accepted (发起成功): what WeChat's bill lists. */
const acceptedRefund = sql`(${paymentRefunds.status} in ('processing', 'succeeded', 'abnormal')
  or (${paymentRefunds.status} = 'failed' and ${paymentRefunds.providerRefundId} is not null))`

const yuanText = (fen: number) => (fen / 100).toFixed(2)

/**
 * A bill line as WeChat writes it: each field after a backquote (so spreadsheets keep long numbers as text),
 * commas inside a field made full-width so the line splits back the same.
 */
const billLine = (fields: (string | number)[]) => fields.map((f) => '`' + String(f).replace(/[,\r\n]/g, '，')).join(',')

export interface BillExportOptions {
  mchId: string
  appId: string
}

/** Our payments paid and refunds accepted in [from, to), in the columns and shape of WeChat Pay's ALL bill. */
export async function exportBill(db: Db, from: Date, to: Date, opts: BillExportOptions): Promise<string> {
  const tradeType = (p: { provider: string; payerOpenid: string | null }) =>
    p.provider === 'wechat' ? (p.payerOpenid ? 'JSAPI' : '') : p.provider.toUpperCase()
  const [pays, refunds] = await Promise.all([
    db
      .select({
        paidAt: payments.paidAt,
        payerAppId: payments.payerAppId,
        payerOpenid: payments.payerOpenid,
        provider: payments.provider,
        providerTxnId: payments.providerTxnId,
        outTradeNo: payments.outTradeNo,
        amountFen: payments.amountFen,
        description: payments.description,
        bizType: payments.bizType,
        bizId: payments.bizId,
        userId: payments.userId
      })
      .from(payments)
      .where(and(gte(payments.paidAt, from), lt(payments.paidAt, to)))
      .orderBy(asc(payments.paidAt), asc(payments.id)),
    db
      .select({
        createdAt: paymentRefunds.createdAt,
        outRefundNo: paymentRefunds.outRefundNo,
        providerRefundId: paymentRefunds.providerRefundId,
        amountFen: paymentRefunds.amountFen,
        status: paymentRefunds.status,
        payerAppId: payments.payerAppId,
        payerOpenid: payments.payerOpenid,
        provider: payments.provider,
        providerTxnId: payments.providerTxnId,
        outTradeNo: payments.outTradeNo,
        description: payments.description,
        bizType: payments.bizType,
        userId: payments.userId
      })
      .from(paymentRefunds)
      .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
      .where(and(acceptedRefund, gte(paymentRefunds.createdAt, from), lt(paymentRefunds.createdAt, to)))
      .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id))
  ])
  const lines: string[] = [[...BILL_COLUMNS, ...EXTRA_COLUMNS].join(',')]
  let settled = 0
  let refundTotal = 0
  for (const p of pays) {
    settled += p.amountFen
    lines.push(
      billLine([
        chinaDateTime(p.paidAt!),
        p.payerAppId ?? (p.provider === 'wechat' ? opts.appId : ''),
        p.provider === 'wechat' ? opts.mchId : '',
        '0',
        '',
        p.providerTxnId ?? '',
        p.outTradeNo,
        p.payerOpenid ?? '',
        tradeType(p),
        'SUCCESS',
        '',
        'CNY',
        yuanText(p.amountFen),
        '0.00',
        '0',
        '0',
        '0.00',
        '0.00',
        '',
        '',
        p.description,
        '',
        '',
        '',
        yuanText(p.amountFen),
        '0.00',
        '',
        BIZ_TYPE_NAMES[p.bizType],
        p.userId,
        ''
      ])
    )
  }
  for (const r of refunds) {
    refundTotal += r.amountFen
    lines.push(
      billLine([
        chinaDateTime(r.createdAt),
        r.payerAppId ?? (r.provider === 'wechat' ? opts.appId : ''),
        r.provider === 'wechat' ? opts.mchId : '',
        '0',
        '',
        r.providerTxnId ?? '',
        r.outTradeNo,
        r.payerOpenid ?? '',
        tradeType(r),
        'REFUND',
        '',
        'CNY',
        '0.00',
        '0.00',
        r.providerRefundId ?? '',
        r.outRefundNo,
        yuanText(r.amountFen),
        '0.00',
        'ORIGINAL',
        BILL_REFUND_STATUS[r.status],
        r.description,
        '',
        '',
        '',
        '0.00',
        yuanText(r.amountFen),
        '',
        BIZ_TYPE_NAMES[r.bizType],
        r.userId,
        ''
      ])
    )
  }
  lines.push('总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额')
  lines.push(
    billLine([
      pays.length + refunds.length,
      yuanText(settled),
      yuanText(refundTotal),
      '0.00',
      '0.00',
      yuanText(settled),
      yuanText(refundTotal)
    ])
  )
  return '\ufeff' + lines.join('\r\n') + '\r\n'
}

export interface BillRow {
  line: number
  time: string
  outTradeNo: string
  txnId: string
  tradeStatus: string
  amountFen: number
  outRefundNo: string
  refundFen: number
  refundStatus: string
  feeFen: number | null
}

export interface ParsedBill {
  rows: BillRow[]
  total: AdminBillImportResult['bill_total']
}

/** 元 text ('12.30', '¥12.30', '-0.01') as fen; null for nothing. */
function fenOf(text: string | undefined): number | null {
  const t = (text ?? '').replace(/[¥,\s]/g, '')
  if (!t) return null
  if (!/^-?\d+(\.\d{1,5})?$/.test(t)) throw new AppError(`账单金额格式不正确：${text}`)
  return Math.round(Number(t) * 100)
}

/** A bill line's fields: after the leading backquote, split where a comma is followed by the next backquote. */
const fieldsOf = (line: string): string[] =>
  line.startsWith('`')
    ? line
        .slice(1)
        .split(',`')
        .map((f) => f.trim())
    : line.split(',').map((f) => f.trim())

/**
 * Reads WeChat Pay's text bill: the header line, detail lines (every field after a backquote), then the summary's
 * header (总交易单数, …) and its one line.
 */
export function parseBill(text: string): ParsedBill {
  const lines = text.replace(/^\ufeff/, '').split(/\r?\n/)
  let header: string[] | null = null
  let summaryHeader: string[] | null = null
  const rows: BillRow[] = []
  let total: ParsedBill['total'] = null
  lines.forEach((raw, i) => {
    const line = raw.trim()
    if (!line) return
    const f = fieldsOf(line)
    if (!line.startsWith('`')) {
      if (f[0] === '总交易单数') summaryHeader = f
      else if (!header) header = f
      return
    }
    if (summaryHeader) {
      const at = (name: string) => f[summaryHeader!.indexOf(name)]
      total = {
        count: Number(at('总交易单数') ?? 0) || 0,
        settled_fen: fenOf(at('应结订单总金额')) ?? 0,
        refund_fen: fenOf(at('退款总金额')) ?? 0,
        fee_fen: fenOf(at('手续费总金额')) ?? 0
      }
      return
    }
    if (!header) throw new AppError('账单缺少表头行，请上传微信支付下载的交易账单')
    const col = (name: string) => {
      const k = header!.indexOf(name)
      return k < 0 ? undefined : f[k]
    }
    const outTradeNo = col('商户订单号') ?? ''
    if (!outTradeNo) throw new AppError(`账单第 ${i + 1} 行缺少商户订单号`)
    rows.push({
      line: i + 1,
      time: col('交易时间') ?? '',
      outTradeNo,
      txnId: col('微信订单号') ?? '',
      tradeStatus: (col('交易状态') ?? '').toUpperCase(),
      // 订单金额 is what the payer was charged before 免充值券; older bills only have 应结订单金额.
      amountFen: fenOf(col('订单金额')) ?? fenOf(col('应结订单金额')) ?? 0,
      outRefundNo: col('商户退款单号') ?? '',
      refundFen: fenOf(col('申请退款金额')) ?? fenOf(col('退款金额')) ?? 0,
      refundStatus: (col('退款状态') ?? '').toUpperCase(),
      feeFen: fenOf(col('手续费'))
    })
  })
  if (!header) throw new AppError('账单缺少表头行，请上传微信支付下载的交易账单')
  const need = ['交易时间', '商户订单号', '交易状态'].filter((n) => !header!.includes(n))
  if (need.length) throw new AppError(`账单表头缺少：${need.join('、')}`)
  return { rows, total }
}

const PAYMENT_STATUS_TEXT: Record<string, string> = {
  created: '待支付',
  paid: '已支付',
  closed: '已关闭',
  refunded: '已退款'
}
const REFUND_STATUS_TEXT: Record<string, string> = {
  pending: '待提交',
  processing: '处理中',
  abnormal: '异常',
  succeeded: '已退回',
  failed: '失败'
}
const DIFF_LIMIT = 2000
const CHUNK = 1000

async function inChunks<T>(keys: string[], load: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = []
  for (let i = 0; i < keys.length; i += CHUNK) out.push(...(await load(keys.slice(i, i + CHUNK))))
  return out
}

/**
 * Compares a bill with our records: each bill line with our payment (by 商户订单号) or refund (by 商户退款单号),
 * and our WeChat payments paid and refunds accepted on the bill's days that the bill lacks.
 */
export async function compareBill(db: Db, bill: ParsedBill, days?: [string, string]): Promise<AdminBillImportResult> {
  const billDays = bill.rows.map((r) => r.time.slice(0, 10)).filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))
  billDays.sort()
  const dateFrom = days?.[0] ?? billDays[0]
  const dateTo = days?.[1] ?? billDays[billDays.length - 1]
  if (!dateFrom || !dateTo) throw new AppError('账单中没有明细行，请选择账单日期')
  const [from, to] = dayRange(dateFrom, dateTo)
  const payRows = bill.rows.filter((r) => r.tradeStatus !== 'REFUND')
  const refundRows = bill.rows.filter((r) => r.tradeStatus === 'REFUND')

  const ours = await inChunks([...new Set(payRows.map((r) => r.outTradeNo))], (chunk) =>
    db
      .select({ outTradeNo: payments.outTradeNo, amountFen: payments.amountFen, status: payments.status })
      .from(payments)
      .where(inArray(payments.outTradeNo, chunk))
  )
  const oursRefunds = await inChunks([...new Set(refundRows.map((r) => r.outRefundNo).filter(Boolean))], (chunk) =>
    db
      .select({
        outRefundNo: paymentRefunds.outRefundNo,
        amountFen: paymentRefunds.amountFen,
        status: paymentRefunds.status
      })
      .from(paymentRefunds)
      .where(inArray(paymentRefunds.outRefundNo, chunk))
  )
  const payBy = new Map(ours.map((p) => [p.outTradeNo, p]))
  const refundBy = new Map(oursRefunds.map((r) => [r.outRefundNo, r]))
  const diffs: AdminBillDiff[] = []
  let matched = 0
  const blank = { out_refund_no: '', wechat_fen: null, wechat_status: '', ours_fen: null, ours_status: '' }

  for (const r of payRows) {
    const p = payBy.get(r.outTradeNo)
    const base = {
      ...blank,
      record: 'payment' as const,
      out_trade_no: r.outTradeNo,
      wechat_fen: r.amountFen,
      wechat_status: r.tradeStatus
    }
    if (!p) {
      diffs.push({ ...base, kind: 'missing_ours', note: `第 ${r.line} 行：微信有此支付，我方无此订单` })
      continue
    }
    const mine = { ours_fen: p.amountFen, ours_status: PAYMENT_STATUS_TEXT[p.status] ?? p.status }
    let same = true
    if (p.amountFen !== r.amountFen) {
      same = false
      diffs.push({
        ...base,
        ...mine,
        kind: 'amount',
        note: `第 ${r.line} 行：金额不一致，微信 ¥${yuanText(r.amountFen)}，我方 ¥${yuanText(p.amountFen)}`
      })
    }
    if (r.tradeStatus === 'SUCCESS' && p.status !== 'paid' && p.status !== 'refunded') {
      same = false
      diffs.push({ ...base, ...mine, kind: 'status', note: `第 ${r.line} 行：微信已支付，我方为${mine.ours_status}` })
    }
    if (same) matched++
  }

  for (const r of refundRows) {
    const x = refundBy.get(r.outRefundNo)
    const base = {
      ...blank,
      record: 'refund' as const,
      out_trade_no: r.outTradeNo,
      out_refund_no: r.outRefundNo,
      wechat_fen: r.refundFen,
      wechat_status: r.refundStatus
    }
    if (!x) {
      diffs.push({ ...base, kind: 'missing_ours', note: `第 ${r.line} 行：微信有此退款，我方无此退款单` })
      continue
    }
    const mine = { ours_fen: x.amountFen, ours_status: REFUND_STATUS_TEXT[x.status] ?? x.status }
    let same = true
    if (x.amountFen !== r.refundFen) {
      same = false
      diffs.push({
        ...base,
        ...mine,
        kind: 'amount',
        note: `第 ${r.line} 行：退款金额不一致，微信 ¥${yuanText(r.refundFen)}，我方 ¥${yuanText(x.amountFen)}`
      })
    }
    // The bill keeps the state a refund had when it was written (WeChat never updates it): a refund still
    // processing there may have finished since; only a settled state that contradicts ours is a difference.
    const theirs = OUR_REFUND_STATUS[r.refundStatus]
    if (theirs && theirs !== 'processing' && theirs !== x.status && !(theirs === 'abnormal' && x.status !== 'failed')) {
      same = false
      diffs.push({
        ...base,
        ...mine,
        kind: 'status',
        note: `第 ${r.line} 行：微信退款状态 ${r.refundStatus}，我方为${mine.ours_status}`
      })
    }
    if (same) matched++
  }

  // What we hold for those days that WeChat's bill does not: only WeChat payments can be in it.
  const inBill = new Set(payRows.map((r) => r.outTradeNo))
  const refundsInBill = new Set(refundRows.map((r) => r.outRefundNo))
  const [ourPays, ourRefunds] = await Promise.all([
    db
      .select({ outTradeNo: payments.outTradeNo, amountFen: payments.amountFen, status: payments.status })
      .from(payments)
      .where(and(eq(payments.provider, 'wechat'), gte(payments.paidAt, from), lt(payments.paidAt, to)))
      .orderBy(asc(payments.paidAt)),
    db
      .select({
        outRefundNo: paymentRefunds.outRefundNo,
        outTradeNo: payments.outTradeNo,
        amountFen: paymentRefunds.amountFen,
        status: paymentRefunds.status
      })
      .from(paymentRefunds)
      .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
      .where(
        and(
          eq(payments.provider, 'wechat'),
          acceptedRefund,
          gte(paymentRefunds.createdAt, from),
          lt(paymentRefunds.createdAt, to)
        )
      )
      .orderBy(asc(paymentRefunds.createdAt))
  ])
  for (const p of ourPays)
    if (!inBill.has(p.outTradeNo))
      diffs.push({
        ...blank,
        kind: 'missing_wechat',
        record: 'payment',
        out_trade_no: p.outTradeNo,
        ours_fen: p.amountFen,
        ours_status: PAYMENT_STATUS_TEXT[p.status] ?? p.status,
        note: '我方已支付，微信账单中没有'
      })
  for (const r of ourRefunds)
    if (!refundsInBill.has(r.outRefundNo))
      diffs.push({
        ...blank,
        kind: 'missing_wechat',
        record: 'refund',
        out_trade_no: r.outTradeNo,
        out_refund_no: r.outRefundNo,
        ours_fen: r.amountFen,
        ours_status: REFUND_STATUS_TEXT[r.status] ?? r.status,
        note: '我方已退款，微信账单中没有'
      })

  return {
    date_from: dateFrom,
    date_to: dateTo,
    bill_rows: bill.rows.length,
    payment_rows: payRows.length,
    refund_rows: refundRows.length,
    matched,
    bill_total: bill.total,
    diff_count: diffs.length,
    diffs: diffs.slice(0, DIFF_LIMIT)
  }
}

const LABELS = {
  period: '统计方式',
  date_from: '开始日期',
  date_to: '结束日期',
  csv: '账单内容'
}
/** A month's bill of a busy merchant: tens of thousands of lines of ~300 characters. */
const BILL_MAX_CHARS = 20_000_000

export default async function reconciliationRoutes(app: FastifyInstance): Promise<void> {
  adminRoute(
    app,
    {
      method: 'GET',
      path: '/finance/summary',
      input: z.object({ period: z.enum(['day', 'month']).default('day'), date_from: dayParam, date_to: dayParam }),
      permission: 'finance.view',
      labels: LABELS
    },
    async ({ input }) => {
      const [from, to] = dayRange(input.date_from, input.date_to)
      return reconSummary(app.db, { period: input.period, from, to })
    }
  )

  adminRoute(
    app,
    {
      method: 'GET',
      path: '/finance/export',
      input: z.object({ date_from: dayParam, date_to: dayParam }),
      permission: 'finance.view',
      labels: LABELS
    },
    async ({ input, reply }) => {
      const [from, to] = dayRange(input.date_from, input.date_to)
      const { mchId, appId } = app.config.pay.wechat
      const csv = await exportBill(app.db, from, to, { mchId, appId })
      const name = input.date_from === input.date_to ? input.date_from : `${input.date_from}_${input.date_to}`
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="bill-${name || chinaToday()}.csv"`)
        .send(csv)
    }
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/finance/importBill',
      input: z.object({
        csv: multiline(BILL_MAX_CHARS, 1),
        date_from: optional(dayParam),
        date_to: optional(dayParam)
      }),
      permission: 'finance.view',
      labels: LABELS,
      bodyLimit: BILL_MAX_CHARS * 3 + 1024
    },
    async ({ input }) => {
      const bill = parseBill(input.csv)
      const days: [string, string] | undefined =
        input.date_from && input.date_to ? [input.date_from, input.date_to] : undefined
      return compareBill(app.db, bill, days)
    }
  )
}
