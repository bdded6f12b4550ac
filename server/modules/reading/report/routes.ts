import { and, count, desc, eq, lt, or, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type {
  BaziBirth,
  ReportByRecordResponse,
  ReportContent,
  ReportDetailResponse,
  ReportListResponse,
  ReportNarrative,
  ReportPayResponse,
  ReportPdfLinkResponse,
  ReportPriceResponse,
  ReportSummary
} from '../../../../contract'
import { AppError, ownedBy } from '../../../core/envelope'
import { offsetOf, paged, pagingFields } from '../../../core/paging'
import { publicRoute, userRoute } from '../../../core/route'
import { idParam } from '../../../core/validate'
import { baziReports, payments, toolProducts } from '../../../db/schema'
import { chartOf } from '../../chart/birth'
import { beijingYear } from '../../chart/clock'
import { birthOfRow, ownRecord } from '../../chart/record-store'
import { refuseHiddenFeature } from '../../home/features'
import { startPayment } from '../../payment/start'
import { AI_STALE_MS, aiWriter } from '../ai-writer'
import { composeReport } from './content'
import { servePdf } from './pdf-route'
import { narrativeOf, reportMessages } from './prompt'

export const REPORT_PRODUCT_KEY = 'bazi_report'

type ReportRow = typeof baziReports.$inferSelect

function toSummary(r: ReportRow): ReportSummary {
  return {
    id: r.id,
    record_id: r.recordId,
    name: r.name,
    pillars: r.pillars.split(' '),
    status: r.status,
    price_fen: r.priceFen,
    paid_at: r.paidAt ? r.paidAt.toISOString() : '',
    created_at: r.createdAt.toISOString()
  }
}

/** The detailed report: priced in tool_products, paid through the payment service, kept forever. */
export default async function reportRoutes(app: FastifyInstance): Promise<void> {
  const pay = app.services.payments
  const { ai } = app.config
  const write = ai && aiWriter(app, ai)

  /**
   * Starts the model on a paid report whose prose is queued, or whose writer went quiet (its process
   * died): the conditional update lets one request of one process take it.
   */
  async function startNarrative(row: ReportRow): Promise<ReportRow> {
    if (!write || !row.content) return row
    const stale = new Date(Date.now() - AI_STALE_MS)
    const [taken] = await app.db
      .update(baziReports)
      .set({ narrativeStatus: 'streaming', narrative: '', narrativeError: '', narrativeAt: new Date() })
      .where(
        and(
          eq(baziReports.id, row.id),
          or(
            eq(baziReports.narrativeStatus, 'queued'),
            and(eq(baziReports.narrativeStatus, 'streaming'), lt(baziReports.narrativeAt, stale))
          )
        )
      )
      .returning()
    if (!taken) return row
    const messages = reportMessages(
      chartOf(taken.input as BaziBirth),
      taken.content as ReportContent,
      (taken.content as ReportContent).from_year
    )
    void write('AI report', messages, ({ text, status, error }) =>
      app.db
        .update(baziReports)
        .set({
          narrative: text,
          narrativeAt: new Date(),
          ...(status ? { narrativeStatus: status } : {}),
          ...(error ? { narrativeError: error } : {})
        })
        .where(and(eq(baziReports.id, taken.id), eq(baziReports.narrativeStatus, 'streaming')))
    )
    return taken
  }

  // Runs once, in the transaction that marks the payment paid: the report is written then.
  pay.onPaid('report', async (tx, payment) => {
    const [report] = await tx.select().from(baziReports).where(eq(baziReports.id, payment.bizId)).for('update').limit(1)
    if (!report || report.status === 'paid') return
    const content = composeReport(chartOf(report.input as BaziBirth), report.name, beijingYear())
    await tx
      .update(baziReports)
      .set({
        status: 'paid',
        paidAt: new Date(),
        content,
        outTradeNo: payment.outTradeNo,
        narrativeStatus: ai ? 'queued' : 'none'
      })
      .where(and(eq(baziReports.id, report.id), eq(baziReports.status, 'pending')))
  })

  async function product() {
    const [row] = await app.db.select().from(toolProducts).where(eq(toolProducts.key, REPORT_PRODUCT_KEY)).limit(1)
    if (!row) throw new AppError('详批报告尚未定价，无法购买')
    if (!row.visible) throw new AppError('详批报告暂停销售，请稍后再来')
    return row
  }

  publicRoute(
    app,
    { method: 'GET', path: '/tools.report/price', input: z.object({}) },
    async (): Promise<ReportPriceResponse> => {
      const p = await product()
      return {
        title: p.title,
        description: p.description,
        price_fen: p.priceFen,
        original_price_fen: p.originalPriceFen ?? 0
      }
    }
  )

  userRoute(
    app,
    { method: 'POST', path: '/tools.index/pay', input: z.object({ record_id: idParam() }) },
    async ({ input, userId, req }): Promise<ReportPayResponse> => {
      await refuseHiddenFeature(app, req, 'report')
      const item = await product()
      // The record's row lock makes double clicks wait for each other: one report, one open payment.
      const outcome = await app.db.transaction(async (tx) => {
        const record = await ownRecord(tx, userId, input.record_id, true)
        const [existing] = await tx
          .select()
          .from(baziReports)
          .where(and(eq(baziReports.userId, userId), eq(baziReports.recordId, record.id)))
          .limit(1)
        if (existing?.status === 'paid') return { reportId: existing.id, paid: true as const }
        if (existing?.outTradeNo) {
          const [open] = await tx.select().from(payments).where(eq(payments.outTradeNo, existing.outTradeNo)).limit(1)
          if (open?.status === 'created') return { reportId: existing.id, paid: false as const, payment: open }
        }
        const report =
          existing ??
          (
            await tx
              .insert(baziReports)
              .values({
                userId,
                recordId: record.id,
                name: record.name,
                pillars: record.pillars,
                input: birthOfRow(record),
                priceFen: item.priceFen
              })
              .returning()
          )[0]
        const payment = await pay.createPayment(tx, {
          userId,
          bizType: 'report',
          bizId: report.id,
          amountFen: item.priceFen,
          description: `${item.title}·${record.name}`
        })
        await tx
          .update(baziReports)
          .set({ outTradeNo: payment.outTradeNo, priceFen: item.priceFen })
          .where(eq(baziReports.id, report.id))
        return { reportId: report.id, paid: false as const, payment }
      })
      if (outcome.paid) return { report_id: outcome.reportId, paid: true }
      const start = await startPayment(app, req, outcome.payment)
      return { report_id: outcome.reportId, paid: false, pay: start }
    }
  )

  userRoute(
    app,
    { method: 'GET', path: '/tools.report/lists', input: z.object(pagingFields) },
    async ({ input, userId }): Promise<ReportListResponse> => {
      const mine = and(eq(baziReports.userId, userId), eq(baziReports.status, 'paid'))
      const [rows, [{ n }]] = await Promise.all([
        app.db
          .select()
          .from(baziReports)
          .where(mine)
          .orderBy(desc(baziReports.paidAt), desc(baziReports.id))
          .limit(input.per_page)
          .offset(offsetOf(input.page, input.per_page)),
        app.db.select({ n: count() }).from(baziReports).where(mine)
      ])
      return paged(rows.map(toSummary), n, input.page, input.per_page)
    }
  )

  userRoute(
    app,
    { method: 'GET', path: '/tools.report/detail', input: z.object({ id: idParam() }) },
    async ({ input, userId }): Promise<ReportDetailResponse> => {
      const [found] = await app.db.select().from(baziReports).where(eq(baziReports.id, input.id)).limit(1)
      const row = ownedBy(found, userId, '报告不存在')
      if (row.status !== 'paid' || !row.content) throw new AppError('报告尚未支付')
      const now = await startNarrative(row)
      return {
        ...toSummary(now),
        birth: now.input as BaziBirth,
        content: now.content as ReportContent,
        narrative: narrativeOf(now)
      }
    }
  )

  // The owner's PDF: a signed link the download opens without a token (a mini-program download or a
  // browser tab sends no Authorization header), valid for minutes; the file itself is served below.
  const pdf = servePdf(app)
  userRoute(
    app,
    { method: 'GET', path: '/tools.report/pdfLink', input: z.object({ id: idParam() }) },
    async ({ input, userId }): Promise<ReportPdfLinkResponse> => {
      const [found] = await app.db.select().from(baziReports).where(eq(baziReports.id, input.id)).limit(1)
      const row = ownedBy(found, userId, '报告不存在')
      if (row.status !== 'paid' || !row.content) throw new AppError('报告尚未支付')
      return pdf.linkOf(row)
    }
  )

  // A model that failed (timeout, provider error) may be asked again; the computed report stays meanwhile.
  userRoute(
    app,
    { method: 'POST', path: '/tools.report/rewrite', input: z.object({ id: idParam() }) },
    async ({ input, userId }): Promise<ReportNarrative> => {
      const [found] = await app.db.select().from(baziReports).where(eq(baziReports.id, input.id)).limit(1)
      const row = ownedBy(found, userId, '报告不存在')
      if (row.status !== 'paid') throw new AppError('报告尚未支付')
      if (!write) throw new AppError('AI 撰写未开通')
      const [queued] = await app.db
        .update(baziReports)
        .set({ narrativeStatus: 'queued' })
        .where(and(eq(baziReports.id, row.id), sql`${baziReports.narrativeStatus} in ('failed', 'none')`))
        .returning()
      return narrativeOf(await startNarrative(queued ?? row))
    }
  )

  userRoute(
    app,
    { method: 'GET', path: '/tools.report/byRecord', input: z.object({ record_id: idParam() }) },
    async ({ input, userId }): Promise<ReportByRecordResponse> => {
      const [row] = await app.db
        .select()
        .from(baziReports)
        .where(and(eq(baziReports.userId, userId), eq(baziReports.recordId, input.record_id)))
        .limit(1)
      return { report: row ? toSummary(row) : null }
    }
  )
}
