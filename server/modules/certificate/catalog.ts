import { and, asc, count, desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { CertificateCategoryResponse, CertificateDetailResponse, CertificateListResponse } from '../../../contract'
import { AppError } from '../../core/envelope'
import { offsetOf, paged, pagingFields } from '../../core/paging'
import { optionalUserId, publicRoute } from '../../core/route'
import { idParam, optional } from '../../core/validate'
import { certificateApplications, certificateCategories, certificates } from '../../db/schema'
import { outputHtml } from '../article/sanitize'
import { certificateSummary } from './serialize'

/** The certificate catalogue: categories, a category's certificates, one certificate. */
export default async function catalogRoutes(app: FastifyInstance): Promise<void> {
  publicRoute(
    app,
    { method: 'GET', path: '/certificate.index/category', input: z.object({}) },
    async (): Promise<CertificateCategoryResponse> => {
      const rows = await app.db
        .select()
        .from(certificateCategories)
        .orderBy(asc(certificateCategories.sort), asc(certificateCategories.id))
      return { list: rows.map((c) => ({ category_id: c.id, name: c.name })) }
    }
  )

  const listInput = z.object({ ...pagingFields, category_id: optional(idParam()) })
  publicRoute(
    app,
    { method: 'GET', path: '/certificate.index/lists', input: listInput },
    async ({ input }): Promise<CertificateListResponse> => {
      const where = and(
        eq(certificates.visible, true),
        input.category_id ? eq(certificates.categoryId, input.category_id) : undefined
      )
      const [rows, [{ total }]] = await Promise.all([
        app.db
          .select()
          .from(certificates)
          .where(where)
          .orderBy(asc(certificates.sort), asc(certificates.id))
          .limit(input.per_page)
          .offset(offsetOf(input.page, input.per_page)),
        app.db.select({ total: count() }).from(certificates).where(where)
      ])
      return paged(
        rows.map((c) => certificateSummary(app.config.publicUrl, c)),
        total,
        input.page,
        input.per_page
      )
    }
  )

  publicRoute(
    app,
    { method: 'GET', path: '/certificate.index/detail', input: z.object({ certificate_id: idParam() }) },
    async ({ input, req }): Promise<CertificateDetailResponse> => {
      const [row] = await app.db
        .select({ c: certificates, category: certificateCategories.name })
        .from(certificates)
        .innerJoin(certificateCategories, eq(certificateCategories.id, certificates.categoryId))
        .where(and(eq(certificates.id, input.certificate_id), eq(certificates.visible, true)))
        .limit(1)
      if (!row) throw new AppError('证书不存在或已下架')
      const userId = await optionalUserId(app, req)
      const [mine] = userId
        ? await app.db
            .select({ id: certificateApplications.id, status: certificateApplications.status })
            .from(certificateApplications)
            .where(and(eq(certificateApplications.certificateId, row.c.id), eq(certificateApplications.userId, userId)))
            .orderBy(desc(certificateApplications.id))
            .limit(1)
        : []
      return {
        detail: {
          ...certificateSummary(app.config.publicUrl, row.c),
          requirements: outputHtml(row.c.requirements),
          category_name: row.category
        },
        my_application: mine ? { application_id: mine.id, status: mine.status } : null
      }
    }
  )
}
