import crypto from 'node:crypto'

import { asc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { AdminCertificateType, AdminSaved } from '../../../contract/admin'
import { AppError, MSG_STALE } from '../../core/envelope'
import { idParam, imageAddress, intParam } from '../../core/validate'
import type { Executor } from '../../db/database'
import { CERTIFICATE_OPTIONAL_FIELDS, certificateCategories, certificates } from '../../db/schema'
import { sanitizeArticleHtml } from '../article/sanitize'
import { adminRoute, boolParam } from './route'

type Certificate = typeof certificates.$inferSelect

/** 100,000 yuan: far above any fee, low enough that a typo of extra zeros is caught. */
const MAX_FEE_FEN = 10_000_000
const LABELS: Record<string, string> = {
  certificate_id: '证书',
  category_id: '证书分类',
  version: '记录版本',
  title: '证书名称',
  summary: '简介',
  cover: '封面',
  issuer: '颁发机构',
  level: '级别',
  requirements: '报名要求',
  fee_fen: '报名费',
  required_fields: '必填项',
  sort: '排序',
  visible: '上架状态'
}

const fields = {
  title: z.string().trim().min(1).max(64),
  category_id: idParam(),
  summary: z.string().trim().max(128).default(''),
  cover: imageAddress('封面').default(''),
  issuer: z.string().trim().min(1).max(64),
  level: z.string().trim().max(16).default(''),
  requirements: z.string().max(50_000).default(''),
  fee_fen: intParam(0, MAX_FEE_FEN),
  required_fields: z
    .array(z.enum(CERTIFICATE_OPTIONAL_FIELDS))
    .refine((l) => l.length === new Set(l).size, '必填项不能重复')
    .default([]),
  sort: intParam(0, 9999).default(0),
  visible: boolParam.default(true)
}
type Input = z.output<z.ZodObject<typeof fields>>

function columnsOf(input: Input) {
  return {
    title: input.title,
    categoryId: input.category_id,
    summary: input.summary,
    cover: input.cover,
    issuer: input.issuer,
    level: input.level,
    requirements: sanitizeArticleHtml(input.requirements),
    feeFen: input.fee_fen,
    requiredFields: input.required_fields,
    sort: input.sort,
    visible: input.visible
  }
}

const snapshot = (c: Certificate) => ({
  title: c.title,
  fee_fen: c.feeFen,
  required_fields: c.requiredFields,
  visible: c.visible,
  category_id: c.categoryId,
  issuer: c.issuer
})

function view(c: Certificate, categoryName: string): AdminCertificateType {
  return {
    certificate_id: c.id,
    title: c.title,
    category_id: c.categoryId,
    category_name: categoryName,
    summary: c.summary,
    cover: c.cover,
    issuer: c.issuer,
    level: c.level,
    requirements: c.requirements,
    fee_fen: c.feeFen,
    required_fields: c.requiredFields,
    sort: c.sort,
    visible: c.visible,
    applicants: c.applicants,
    version: c.version
  }
}

async function categoryExists(db: Executor, id: number): Promise<void> {
  const [row] = await db
    .select({ id: certificateCategories.id })
    .from(certificateCategories)
    .where(eq(certificateCategories.id, id))
    .limit(1)
  if (!row) throw new AppError('证书分类不存在')
}

/** 证书类型: the certificates users register for — name, fee, what the form requires, on or off the shelf. */
export default async function certificateTypeRoutes(app: FastifyInstance): Promise<void> {
  adminRoute(
    app,
    { method: 'GET', path: '/certificate-type/lists', input: z.object({}), permission: 'certificate.type' },
    async () => {
      const [rows, categories] = await Promise.all([
        app.db
          .select({ c: certificates, name: certificateCategories.name })
          .from(certificates)
          .innerJoin(certificateCategories, eq(certificateCategories.id, certificates.categoryId))
          .orderBy(asc(certificateCategories.sort), asc(certificates.sort), asc(certificates.id)),
        app.db
          .select()
          .from(certificateCategories)
          .orderBy(asc(certificateCategories.sort), asc(certificateCategories.id))
      ])
      return {
        list: rows.map(({ c, name }) => view(c, name)),
        categories: categories.map((c) => ({ category_id: c.id, name: c.name }))
      }
    }
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/certificate-type/add',
      input: z.object(fields),
      permission: 'certificate.type',
      labels: LABELS
    },
    async ({ input, audit }): Promise<AdminSaved> =>
      app.db.transaction(async (tx) => {
        await categoryExists(tx, input.category_id)
        const [c] = await tx
          .insert(certificates)
          .values({ slug: `cert-${crypto.randomBytes(8).toString('hex')}`, ...columnsOf(input) })
          .returning()
        await audit(
          { action: 'certificate_type.add', targetType: 'certificate_type', targetId: c.id, after: snapshot(c) },
          tx
        )
        return { id: c.id, version: c.version }
      })
  )

  // A new fee applies to new applications; one already made keeps the amount it was made with.
  adminRoute(
    app,
    {
      method: 'POST',
      path: '/certificate-type/edit',
      input: z.object({ certificate_id: idParam(), version: intParam(1, 2_147_483_647), ...fields }),
      permission: 'certificate.type',
      labels: LABELS
    },
    async ({ input, audit }): Promise<AdminSaved> =>
      app.db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(certificates)
          .where(eq(certificates.id, input.certificate_id))
          .for('update')
          .limit(1)
        if (!before) throw new AppError('证书不存在')
        if (before.version !== input.version) throw new AppError(MSG_STALE)
        await categoryExists(tx, input.category_id)
        const [c] = await tx
          .update(certificates)
          .set({ ...columnsOf(input), version: sql`${certificates.version} + 1` })
          .where(eq(certificates.id, before.id))
          .returning()
        await audit(
          {
            action: 'certificate_type.edit',
            targetType: 'certificate_type',
            targetId: c.id,
            before: snapshot(before),
            after: snapshot(c)
          },
          tx
        )
        return { id: c.id, version: c.version }
      })
  )
}
