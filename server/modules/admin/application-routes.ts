import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type {
  AdminCertificateApplication,
  AdminMembershipApplication,
  AdminReviewResult
} from '../../../contract/admin'
import type { DataCipher } from '../../core/data-key'
import { AppError } from '../../core/envelope'
import { paged } from '../../core/paging'
import { mobileMatch, openMobile } from '../../core/sealed-columns'
import { idParam, multiline, optional, text } from '../../core/validate'
import type { Tx } from '../../db/database'
import { certificateApplications, certificates, membershipApplications, users } from '../../db/schema'
import { reviewMembershipApplication } from '../association/review'
import { maskedIdNumber } from '../certificate/id-number-store'
import { reviewCertificateApplication } from '../certificate/review'
import { viewableUrl } from '../file/private'
import type { ApplicationDecision } from '../payment/biz-refund'
import type { Permission } from './permissions'
import { type AdminContext, adminPaging, adminRoute, boolParam } from './route'

const STATUSES = ['unpaid', 'reviewing', 'approved', 'rejected'] as const
const listInput = z.object({
  ...adminPaging,
  status: z.enum(STATUSES).default('reviewing'),
  keyword: optional(text(32))
})
const reviewInput = z.object({ application_id: idParam(), approve: boolParam, reason: multiline(200) })
const LABELS = { status: '状态', keyword: '关键词', application_id: '申请', approve: '审核结果', reason: '驳回原因' }

interface Shared {
  id: number
  userId: number
  name: string
  mobile: string
  idNumber: string
  education: string
  workUnit: string
  photoUrl: string
  amountFen: number
  status: (typeof STATUSES)[number]
  reviewNote: string
  createdAt: Date
  paidAt: Date | null
  reviewedAt: Date | null
  refundStatus: 'none' | 'processing' | 'refunded'
  refundFen: number
  refundedAt: Date | null
}

function sharedView(cipher: DataCipher, a: Shared, nickname: string, photo: string) {
  return {
    application_id: a.id,
    user_id: a.userId,
    nickname,
    name: a.name,
    mobile: openMobile(cipher, a.mobile),
    // Stored encrypted: opened only to be masked.
    id_number: maskedIdNumber(cipher, a.idNumber),
    education: a.education,
    work_unit: a.workUnit,
    photo,
    amount_fen: a.amountFen,
    status: a.status,
    review_note: a.reviewNote,
    created_at: a.createdAt.toISOString(),
    paid_at: a.paidAt?.toISOString() ?? null,
    reviewed_at: a.reviewedAt?.toISOString() ?? null,
    refund_status: a.refundStatus,
    refund_fen: a.refundFen,
    refunded_at: a.refundedAt?.toISOString() ?? null
  }
}

const snapshot = (a: Shared & { certificateNo?: string; memberNo?: string }) => ({
  status: a.status,
  review_note: a.reviewNote,
  refund_status: a.refundStatus,
  ...(a.certificateNo !== undefined ? { certificate_no: a.certificateNo } : { member_no: a.memberNo })
})

function keywordOf(
  cipher: DataCipher,
  raw: string | undefined,
  cols: { name: PgColumn; mobileHash: PgColumn; userId: PgColumn }
): SQL | undefined {
  const t = raw?.trim()
  if (!t) return undefined
  if (/^\d{1,9}$/.test(t)) return eq(cols.userId, Number(t))
  const like = `%${t.replace(/[\\%_]/g, (c) => '\\' + c)}%`
  return or(ilike(cols.name, like), mobileMatch(cipher, t, cols.mobileHash), ilike(users.nickname, like))
}

/** The approve/reject endpoint of one kind of application, audited in the deciding transaction. */
function reviewRoute<Row extends Shared>(
  app: FastifyInstance,
  kind: 'certificate' | 'membership',
  permission: Permission,
  review: (id: number, d: ApplicationDecision, inTx: (tx: Tx, before: Row, after: Row) => Promise<void>) => Promise<Row>
) {
  adminRoute(
    app,
    { method: 'POST', path: `/${kind}/review`, input: reviewInput, permission, labels: LABELS },
    async ({ input, audit }: AdminContext<z.output<typeof reviewInput>>): Promise<AdminReviewResult> => {
      if (!input.approve && !input.reason) throw new AppError('请填写驳回原因')
      const decision: ApplicationDecision = input.approve ? { approve: true } : { approve: false, note: input.reason }
      const after = await review(input.application_id, decision, (tx, before, row) =>
        audit(
          {
            action: `${kind}.${input.approve ? 'approve' : 'reject'}`,
            targetType: `${kind}_application`,
            targetId: before.id,
            before: snapshot(before),
            after: snapshot(row)
          },
          tx
        )
      )
      return { status: after.status, refund_status: after.refundStatus }
    }
  )
}

/** 证书申请 and 入会申请: the review queues, approving (number or member card) and rejecting (a paid fee goes back). */
export default async function applicationRoutes(app: FastifyInstance): Promise<void> {
  const pay = app.services.payments
  const order = (status: string, created: PgColumn, id: PgColumn) =>
    status === 'reviewing' ? [asc(created), asc(id)] : [desc(id)]

  adminRoute(
    app,
    { method: 'GET', path: '/certificate/lists', input: listInput, permission: 'certificate.review', labels: LABELS },
    async ({ input }) => {
      const t = certificateApplications
      const where = and(eq(t.status, input.status), keywordOf(app.services.dataCipher, input.keyword, t))
      const [rows, [{ n }]] = await Promise.all([
        app.db
          .select({ a: t, title: certificates.title, nickname: users.nickname })
          .from(t)
          .innerJoin(certificates, eq(certificates.id, t.certificateId))
          .innerJoin(users, eq(users.id, t.userId))
          .where(where)
          .orderBy(...order(input.status, t.createdAt, t.id))
          .limit(input.per_page)
          .offset((input.page - 1) * input.per_page),
        app.db.select({ n: count() }).from(t).innerJoin(users, eq(users.id, t.userId)).where(where)
      ])
      const list: AdminCertificateApplication[] = await Promise.all(
        rows.map(async ({ a, title, nickname }) => ({
          ...sharedView(app.services.dataCipher, a, nickname, await viewableUrl(app, a.photoUrl)),
          certificate_title: title,
          certificate_no: a.certificateNo
        }))
      )
      return paged(list, n, input.page, input.per_page)
    }
  )

  adminRoute(
    app,
    { method: 'GET', path: '/membership/lists', input: listInput, permission: 'membership.review', labels: LABELS },
    async ({ input }) => {
      const t = membershipApplications
      const where = and(eq(t.status, input.status), keywordOf(app.services.dataCipher, input.keyword, t))
      const [rows, [{ n }]] = await Promise.all([
        app.db
          .select({ a: t, nickname: users.nickname })
          .from(t)
          .innerJoin(users, eq(users.id, t.userId))
          .where(where)
          .orderBy(...order(input.status, t.createdAt, t.id))
          .limit(input.per_page)
          .offset((input.page - 1) * input.per_page),
        app.db.select({ n: count() }).from(t).innerJoin(users, eq(users.id, t.userId)).where(where)
      ])
      const list: AdminMembershipApplication[] = await Promise.all(
        rows.map(async ({ a, nickname }) => ({
          ...sharedView(app.services.dataCipher, a, nickname, await viewableUrl(app, a.photoUrl)),
          kind: a.kind,
          gender: a.gender,
          specialty: a.specialty,
          intro: a.intro,
          attachments: await Promise.all(a.attachments.map((u) => viewableUrl(app, u))),
          member_no: a.memberNo
        }))
      )
      return paged(list, n, input.page, input.per_page)
    }
  )

  reviewRoute(app, 'certificate', 'certificate.review', (id, d, inTx) =>
    reviewCertificateApplication(app.db, pay, app.services.notify, id, d, inTx)
  )
  reviewRoute(app, 'membership', 'membership.review', (id, d, inTx) =>
    reviewMembershipApplication(app.db, pay, app.services.notify, id, d, inTx)
  )
}
