import { and, desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type {
  MembershipApplication,
  MembershipApplyResponse,
  MembershipPayResponse,
  MyMembershipResponse
} from '../../../contract'
import type { DataCipher } from '../../core/data-key'
import { AppError } from '../../core/envelope'
import { userRoute } from '../../core/route'
import { openMobile, sealMobile } from '../../core/sealed-columns'
import { idParam, mobileSchema, multiline, optional, text } from '../../core/validate'
import type { Tx } from '../../db/database'
import { membershipApplications, payments } from '../../db/schema'
import { sealIdNumber } from '../certificate/id-number-store'
import { educationSchema, idNumberSchema } from '../certificate/validate'
import { ownUploads } from '../file/own-upload'
import { viewableUrl } from '../file/private'
import { recordRefundsOn, refundView } from '../payment/biz-refund'
import { startPayment } from '../payment/start'
import { MY_MEMBERSHIP, tellApplied } from './notices'
import { mainAssociation } from './profile'

const YEAR_MS = 365 * 24 * 3_600_000

const common = { name: text(16, 2), mobile: mobileSchema }
// The quick application asks only who and how to reach them; the full one the member's profile, an
// ID photo and optional documents, and pays the dues when the association charges them.
const applyInput = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('easy'), ...common, specialty: optional(text(64)) }),
    z.object({
      kind: z.literal('full'),
      ...common,
      id_number: idNumberSchema,
      gender: z.enum(['男', '女']),
      education: educationSchema,
      work_unit: optional(text(64)),
      specialty: text(64, 2),
      intro: multiline(500, 10),
      photo_file_id: idParam(),
      attachment_file_ids: z.array(idParam()).max(6).default([])
    })
  ],
  { error: '不正确' }
)

type Row = typeof membershipApplications.$inferSelect

function applicationView(a: Row, associationName: string, photo: string, cipher: DataCipher): MembershipApplication {
  const since = a.reviewedAt ?? a.createdAt
  return {
    application_id: a.id,
    kind: a.kind,
    status: a.status,
    name: a.name,
    mobile: openMobile(cipher, a.mobile),
    amount: a.amountFen,
    review_note: a.reviewNote,
    refund: refundView(a),
    created_at: a.createdAt.toISOString(),
    card:
      a.status === 'approved'
        ? {
            member_no: a.memberNo,
            name: a.name,
            association: associationName,
            photo,
            since: since.toISOString(),
            valid_until: new Date(since.getTime() + YEAR_MS).toISOString()
          }
        : null
  }
}

/** Applying for membership (full or quick), paying dues, and the application or member card. */
export default async function applyRoutes(app: FastifyInstance): Promise<void> {
  const { payments: payService, notify } = app.services

  // Runs once, in the transaction that marks the dues paid: the application goes to review.
  payService.onPaid('membership', async (tx: Tx, payment) => {
    const [reviewing] = await tx
      .update(membershipApplications)
      .set({ status: 'reviewing', paidAt: new Date() })
      .where(
        and(
          eq(membershipApplications.id, payment.bizId),
          eq(membershipApplications.userId, payment.userId),
          eq(membershipApplications.status, 'unpaid')
        )
      )
      .returning()
    if (reviewing) await tellApplied(tx, notify, reviewing)
  })

  recordRefundsOn(payService, 'membership', membershipApplications, { notify, link: MY_MEMBERSHIP })

  /** One live application or membership per user (a partial unique index); after a rejection a new one may follow. */
  userRoute(
    app,
    { method: 'POST', path: '/association.apply/add', input: applyInput },
    async ({ input, userId }): Promise<MembershipApplyResponse> =>
      app.db.transaction(async (tx) => {
        const association = await mainAssociation(tx)
        const values =
          input.kind === 'full'
            ? await (async () => {
                const [photoUrl] = await ownUploads(tx, userId, [input.photo_file_id], '照片')
                const attachments = await ownUploads(tx, userId, input.attachment_file_ids, '附件')
                const dues = association.duesFen
                return {
                  kind: input.kind,
                  name: input.name,
                  ...sealMobile(app.services.dataCipher, input.mobile),
                  ...sealIdNumber(app.services.dataCipher, input.id_number),
                  gender: input.gender,
                  education: input.education,
                  workUnit: input.work_unit ?? '',
                  specialty: input.specialty,
                  intro: input.intro,
                  photoUrl,
                  attachments,
                  amountFen: dues,
                  status: dues > 0 ? ('unpaid' as const) : ('reviewing' as const)
                }
              })()
            : {
                kind: input.kind,
                name: input.name,
                ...sealMobile(app.services.dataCipher, input.mobile),
                specialty: input.specialty ?? '',
                amountFen: 0,
                status: 'reviewing' as const
              }
        const [added] = await tx
          .insert(membershipApplications)
          .values({ ...values, associationId: association.id, userId })
          .onConflictDoNothing()
          .returning()
        if (!added) throw new AppError('您已提交入会申请，请勿重复提交')
        if (added.status === 'reviewing') await tellApplied(tx, notify, added)
        return {
          application_id: added.id,
          status: added.status,
          amount: added.status === 'unpaid' ? added.amountFen : 0
        }
      })
  )

  userRoute(
    app,
    { method: 'POST', path: '/association.apply/pay', input: z.object({ application_id: idParam() }) },
    async ({ input, userId, req }): Promise<MembershipPayResponse> => {
      const payment = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(membershipApplications)
          .where(and(eq(membershipApplications.id, input.application_id), eq(membershipApplications.userId, userId)))
          .limit(1)
          .for('update')
        if (!row) throw new AppError('入会申请不存在')
        if (row.status !== 'unpaid') throw new AppError('会费已缴纳或无需缴纳')
        // The application row is locked: one open payment per application, so dues are paid once.
        const [open] = await tx
          .select()
          .from(payments)
          .where(and(eq(payments.bizType, 'membership'), eq(payments.bizId, row.id), eq(payments.status, 'created')))
          .limit(1)
        if (open) return open
        return payService.createPayment(tx, {
          userId,
          bizType: 'membership',
          bizId: row.id,
          amountFen: row.amountFen,
          description: '协会年度会费'
        })
      })
      return startPayment(app, req, payment)
    }
  )

  userRoute(
    app,
    { method: 'GET', path: '/association.apply/mine', input: z.object({}) },
    async ({ userId }): Promise<MyMembershipResponse> => {
      const association = await mainAssociation(app.db)
      const [row] = await app.db
        .select()
        .from(membershipApplications)
        .where(and(eq(membershipApplications.associationId, association.id), eq(membershipApplications.userId, userId)))
        .orderBy(desc(membershipApplications.id))
        .limit(1)
      if (!row) return { application: null }
      // The member card's photo goes only to its member, as a link that expires.
      const photo = row.status === 'approved' ? await viewableUrl(app, row.photoUrl) : ''
      return { application: applicationView(row, association.name, photo, app.services.dataCipher) }
    }
  )
}
