import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply } from 'fastify'

import type { BaziBirth, ReportContent, ReportPdfLinkResponse } from '../../../../contract'
import { withNarrative } from '../../../../contract/report'
import { linkHolds, linkSignature, loadLinkSecret } from '../../../core/signed-link'
import { baziReports } from '../../../db/schema'
import { chartOf } from '../../chart/birth'
import { reportPdf } from './pdf'
import { narrativeOf } from './prompt'

type ReportRow = typeof baziReports.$inferSelect

export const REPORT_PDF_PATH = '/tools.report/pdf'
/** How long a handed-out PDF link opens: it is used at once, by the tap that asked for it. */
const LINK_SEC = 600
// Expiries are rounded up to this step, so taps within it get the same link.
const EXP_STEP_SEC = 60
/** Generated PDFs kept per process (~150-300 KB each): a report downloaded again is not drawn again. */
const CACHE_SIZE = 32
const UINT = /^[1-9]\d{0,14}$/

/**
 * What the PDF shows changes only when the model's sections are written (or rewritten): the rules text
 * stays what it was at payment. So a report's version is the moment its narrative was finished, if it was.
 */
const versionOf = (row: ReportRow): string =>
  row.narrativeStatus === 'done' ? `ai${row.narrativeAt?.getTime() ?? 0}` : 'rules'

const subjectOf = (id: number) => `report-pdf:${id}`

/** The report as its page reads it, drawn as a PDF. */
function drawPdf(row: ReportRow): Promise<Buffer> {
  const birth = row.input as BaziBirth
  return reportPdf({
    id: row.id,
    name: row.name,
    birth,
    content: withNarrative(row.content as ReportContent, narrativeOf(row)),
    chart: chartOf(birth),
    paidAt: row.paidAt ?? row.createdAt
  })
}

function refuse(reply: FastifyReply): FastifyReply {
  return reply.code(403).type('text/plain; charset=utf-8').send('报告下载链接无效或已过期，请回到报告页重新下载')
}

/**
 * The report's PDF: `linkOf` signs a link for a row its owner may read (the routes check that), and
 * `GET /api/tools.report/pdf` streams the file for a valid link, drawn once per report version.
 */
export function servePdf(app: FastifyInstance) {
  const secret = loadLinkSecret(app.config)
  const cache = new Map<string, Promise<Buffer>>()

  function pdfOf(row: ReportRow): Promise<Buffer> {
    const key = `${row.id}:${versionOf(row)}`
    const hit = cache.get(key)
    if (hit) {
      // most recently used last: the oldest entry is the first to go
      cache.delete(key)
      cache.set(key, hit)
      return hit
    }
    // the promise itself is kept, so concurrent downloads of one report draw it once
    const drawing = drawPdf(row)
    cache.set(key, drawing)
    drawing.catch(() => cache.delete(key))
    while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!)
    return drawing
  }

  app.get(REPORT_PDF_PATH, async (req, reply) => {
    const { id, exp, sig } = (req.query ?? {}) as Record<string, unknown>
    if (typeof id !== 'string' || typeof exp !== 'string' || typeof sig !== 'string') return refuse(reply)
    if (!UINT.test(id) || !UINT.test(exp) || !linkHolds(secret, subjectOf(Number(id)), Number(exp), sig))
      return refuse(reply)
    const [row] = await app.db
      .select()
      .from(baziReports)
      .where(eq(baziReports.id, Number(id)))
      .limit(1)
    if (!row || row.status !== 'paid' || !row.content) return refuse(reply)
    const started = performance.now()
    const file = await pdfOf(row)
    req.log.debug({ report: row.id, ms: Math.round(performance.now() - started), bytes: file.length }, 'report pdf')
    const name = `${row.name}的八字详批报告.pdf`
    return reply
      .type('application/pdf')
      .header(
        'content-disposition',
        `inline; filename="report-${row.id}.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`
      )
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file)
  })

  return {
    pdfOf,
    linkOf(row: ReportRow): ReportPdfLinkResponse {
      const exp = Math.ceil((Date.now() / 1000 + LINK_SEC) / EXP_STEP_SEC) * EXP_STEP_SEC
      const sig = linkSignature(secret, subjectOf(row.id), exp)
      return {
        url: `${app.config.publicUrl}/api${REPORT_PDF_PATH}?id=${row.id}&exp=${exp}&sig=${sig}`,
        file_name: `${row.name}的八字详批报告.pdf`,
        expires_at: new Date(exp * 1000).toISOString()
      }
    }
  }
}
