import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type {
  CertificateApplication,
  CertificateApplicationResponse,
  CertificateApplyResponse,
  CertificatePayResponse,
  MyCertificateListResponse
} from '../../../contract'
import { AppError } from '../../core/envelope'
import { offsetOf, paged, pagingQuery } from '../../core/paging'
import { userRoute } from '../../core/route'
import { sealMobile } from '../../core/sealed-columns'
import { idParam, mobileSchema, optional, text } from '../../core/validate'
import type { Tx } from '../../db/database'
import { certificateApplications, certificates, payments } from '../../db/schema'
import { ownUploads } from '../file/own-upload'
import { viewableUrl } from '../file/private'
import { recordRefundsOn } from '../payment/biz-refund'
import { startPayment } from '../payment/start'
import { sealIdNumber } from './id-number-store'
import { MY_CERTIFICATES, tellApplied } from './notices'
import { applicationView } from './serialize'
import { educationSchema, idNumberSchema } from './validate'

const applyInput = z.object({
  certificate_id: idParam(),
  name: text(16, 2),
  id_number: idNumberSchema,
  mobile: mobileSchema,
  // Whether these two are required is the certificate's choice (required_fields).
  education: optional(educationSchema),
  work_unit: optional(text(64)),
  photo_file_id: idParam()
})

/** Registering for a certificate: the form and ID photo, the fee, and following the review. */
export default async function applyRoutes(app: FastifyInstance): Promise<void> {
  const { payments: payService, notify } = app.services

  // Runs once, in the transaction that marks the payment paid: the application goes to review.
  payService.onPaid('certificate', async (tx: Tx, payment) => {
    const [reviewing] = await tx
      .update(certificateApplications)
      .set({ status: 'reviewing', paidAt: new Date() })
      .where(
        and(
          eq(certificateApplications.id, payment.bizId),
          eq(certificateApplications.userId, payment.userId),
          eq(certificateApplications.status, 'unpaid')
        )
      )
      .returning()
    if (reviewing) await tellApplied(tx, notify, reviewing)
  })

  recordRefundsOn(payService, 'certificate', certificateApplications, { notify, link: MY_CERTIFICATES })

  // The applicant's own view: the ID photo as a link that expires.
  const view = async (
    a: typeof certificateApplications.$inferSelect,
    c: typeof certificates.$inferSelect
  ): Promise<CertificateApplication> =>
    applicationView(app.config.publicUrl, app.services.dataCipher, a, c, await viewableUrl(app, a.photoUrl))

  /**
   * One live application per user and certificate (a partial unique index). Sending the form again
   * while it still waits for payment corrects the details; once paid it is under review and fixed.
   */
  userRoute(
    app,
    { method: 'POST', path: '/certificate.apply/add', input: applyInput },
    async ({ input, userId }): Promise<CertificateApplyResponse> =>
      app.db.transaction(async (tx) => {
        const [cert] = await tx
          .select()
          .from(certificates)
          .where(and(eq(certificates.id, input.certificate_id), eq(certificates.visible, true)))
          .limit(1)
        if (!cert) throw new AppError('证书不存在或已下架')
        if (cert.requiredFields.includes('education') && !input.education) throw new AppError('请选择学历')
        if (cert.requiredFields.includes('work_unit') && !input.work_unit) throw new AppError('请填写工作单位')
        const [photoUrl] = await ownUploads(tx, userId, [input.photo_file_id], '照片')
        const details = {
          name: input.name,
          ...sealIdNumber(app.services.dataCipher, input.id_number),
          ...sealMobile(app.services.dataCipher, input.mobile),
          education: input.education ?? '',
          workUnit: input.work_unit ?? '',
          photoUrl
        }
        const status = cert.feeFen > 0 ? 'unpaid' : 'reviewing'
        const [added] = await tx
          .insert(certificateApplications)
          .values({
            ...details,
            certificateId: cert.id,
            userId,
            amountFen: cert.feeFen,
            status,
            paidAt: status === 'reviewing' ? new Date() : null
          })
          .onConflictDoNothing()
          .returning()
        if (added) {
          await tx
            .update(certificates)
            .set({ applicants: sql`${certificates.applicants} + 1` })
            .where(eq(certificates.id, cert.id))
          if (status === 'reviewing') await tellApplied(tx, notify, added)
          return { application_id: added.id, status, amount: status === 'unpaid' ? cert.feeFen : 0 }
        }
        const [corrected] = await tx
          .update(certificateApplications)
          .set(details)
          .where(
            and(
              eq(certificateApplications.certificateId, cert.id),
              eq(certificateApplications.userId, userId),
              eq(certificateApplications.status, 'unpaid')
            )
          )
          .returning()
        if (!corrected) throw new AppError('您已报名该证书，请在“我的证书报名”中查看进度')
        return { application_id: corrected.id, status: 'unpaid', amount: corrected.amountFen }
      })
  )

  userRoute(
    app,
    { method: 'POST', path: '/certificate.apply/pay', input: z.object({ application_id: idParam() }) },
    async ({ input, userId, req }): Promise<CertificatePayResponse> => {
      const payment = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(certificateApplications)
          .where(and(eq(certificateApplications.id, input.application_id), eq(certificateApplications.userId, userId)))
          .limit(1)
          .for('update')
        if (!row) throw new AppError('报名记录不存在')
        if (row.status !== 'unpaid') throw new AppError('该报名已缴费')
        // The application row is locked: one open payment per application, so the fee is paid once.
        const [open] = await tx
          .select()
          .from(payments)
          .where(and(eq(payments.bizType, 'certificate'), eq(payments.bizId, row.id), eq(payments.status, 'created')))
          .limit(1)
        if (open) return open
        const [cert] = await tx
          .select({ title: certificates.title })
          .from(certificates)
          .where(eq(certificates.id, row.certificateId))
          .limit(1)
        return payService.createPayment(tx, {
          userId,
          bizType: 'certificate',
          bizId: row.id,
          amountFen: row.amountFen,
          description: `证书报名：${cert.title}`
        })
      })
      return startPayment(app, req, payment)
    }
  )

  userRoute(
    app,
    { method: 'GET', path: '/certificate.apply/lists', input: pagingQuery },
    async ({ input, userId }): Promise<MyCertificateListResponse> => {
      const mine = eq(certificateApplications.userId, userId)
      const [rows, [{ total }]] = await Promise.all([
        app.db
          .select({ a: certificateApplications, c: certificates })
          .from(certificateApplications)
          .innerJoin(certificates, eq(certificates.id, certificateApplications.certificateId))
          .where(mine)
          .orderBy(desc(certificateApplications.createdAt), desc(certificateApplications.id))
          .limit(input.per_page)
          .offset(offsetOf(input.page, input.per_page)),
        app.db.select({ total: count() }).from(certificateApplications).where(mine)
      ])
      return paged(await Promise.all(rows.map(({ a, c }) => view(a, c))), total, input.page, input.per_page)
    }
  )

  userRoute(
    app,
    { method: 'GET', path: '/certificate.apply/detail', input: z.object({ application_id: idParam() }) },
    async ({ input, userId }): Promise<CertificateApplicationResponse> => {
      const [row] = await app.db
        .select({ a: certificateApplications, c: certificates })
        .from(certificateApplications)
        .innerJoin(certificates, eq(certificates.id, certificateApplications.certificateId))
        .where(and(eq(certificateApplications.id, input.application_id), eq(certificateApplications.userId, userId)))
        .limit(1)
      if (!row) throw new AppError('报名记录不存在')
      return { application: await view(row.a, row.c) }
    }
  )
}
