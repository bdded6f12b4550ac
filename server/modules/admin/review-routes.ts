import type { FastifyInstance } from 'fastify'
import { and, asc, count, eq } from 'drizzle-orm'
import { z } from 'zod'
import { articles, associations, certificateApplications, certificates, membershipApplications, users } from '../../db/schema'
import { AppError } from '../../core/envelope'
import { paged } from '../../core/paging'
import { assetUrl } from '../../core/asset-url'
import { idParam, text } from '../../core/validate'
import { maskedIdNumber } from '../certificate/id-number-store'
import type { AdminReviewItem, AdminReviewType } from '../../../src/api/contracts/admin'
import { reviewArticle } from '../article/review'
import { reviewMembershipApplication } from '../association/review'
import { reviewCertificateApplication } from '../certificate/review'
import { adminPaging, adminRoute, boolParam } from './route'

const TYPES = ['article', 'certificate', 'membership'] as const satisfies readonly AdminReviewType[]
const TYPE_NAMES: Record<AdminReviewType, string> = { article: '文章', certificate: '证书报名', membership: '入会申请' }
const KIND_NAMES: Record<string, string> = { full: '会员申请', easy: '快捷申请' }

/** What users submitted and waits for a reviewer: their articles, certificate and membership applications. */
export default async function reviewRoutes(app: FastifyInstance): Promise<void> {
  const url = (u: string) => (u ? assetUrl(app.config.publicUrl, u) : '')

  async function pending(type: AdminReviewType, page: number, perPage: number): Promise<{ list: AdminReviewItem[]; total: number }> {
    const offset = (page - 1) * perPage
    if (type === 'article') {
      const where = and(eq(articles.status, 'pending'), eq(articles.visible, true))
      const rows = await app.db.select({ a: articles, nickname: users.nickname }).from(articles).leftJoin(users, eq(users.id, articles.userId)).where(where).orderBy(asc(articles.createdAt)).limit(perPage).offset(offset)
      const [{ n }] = await app.db.select({ n: count() }).from(articles).where(where)
      return {
        total: n,
        list: rows.map(({ a, nickname }) => ({
          id: a.id,
          user_id: a.userId ?? 0,
          nickname: nickname ?? a.author,
          title: a.title,
          details: [a.summary],
          images: [a.cover, ...a.images].filter(Boolean).map(url),
          content_html: a.content,
          created_at: a.createdAt.toISOString()
        }))
      }
    }
    if (type === 'certificate') {
      const where = eq(certificateApplications.status, 'reviewing')
      const rows = await app.db
        .select({ a: certificateApplications, title: certificates.title, nickname: users.nickname })
        .from(certificateApplications)
        .innerJoin(certificates, eq(certificates.id, certificateApplications.certificateId))
        .innerJoin(users, eq(users.id, certificateApplications.userId))
        .where(where)
        .orderBy(asc(certificateApplications.createdAt))
        .limit(perPage)
        .offset(offset)
      const [{ n }] = await app.db.select({ n: count() }).from(certificateApplications).where(where)
      return {
        total: n,
        list: rows.map(({ a, title, nickname }) => ({
          id: a.id,
          user_id: a.userId,
          nickname,
          title: `${title} · ${a.name}`,
          details: [`身份证 ${maskedIdNumber(app.services.dataCipher, a.idNumber)}`, `手机 ${a.mobile}`, `学历 ${a.education}`, a.workUnit && `单位 ${a.workUnit}`, `报名费 ¥${(a.amountFen / 100).toFixed(2)}`].filter(Boolean),
          images: [url(a.photoUrl)].filter(Boolean),
          content_html: '',
          created_at: a.createdAt.toISOString()
        }))
      }
    }
    const where = eq(membershipApplications.status, 'reviewing')
    const rows = await app.db
      .select({ a: membershipApplications, association: associations.name, nickname: users.nickname })
      .from(membershipApplications)
      .innerJoin(associations, eq(associations.id, membershipApplications.associationId))
      .innerJoin(users, eq(users.id, membershipApplications.userId))
      .where(where)
      .orderBy(asc(membershipApplications.createdAt))
      .limit(perPage)
      .offset(offset)
    const [{ n }] = await app.db.select({ n: count() }).from(membershipApplications).where(where)
    return {
      total: n,
      list: rows.map(({ a, association, nickname }) => ({
        id: a.id,
        user_id: a.userId,
        nickname,
        title: `${association} · ${KIND_NAMES[a.kind] ?? a.kind} · ${a.name}`,
        details: [
          a.idNumber && `身份证 ${maskedIdNumber(app.services.dataCipher, a.idNumber)}`,
          `手机 ${a.mobile}`,
          a.gender && `性别 ${a.gender}`,
          a.education && `学历 ${a.education}`,
          a.workUnit && `单位 ${a.workUnit}`,
          a.specialty && `专长 ${a.specialty}`,
          a.intro && `简介 ${a.intro}`,
          a.amountFen ? `会费 ¥${(a.amountFen / 100).toFixed(2)}` : ''
        ].filter(Boolean),
        images: [a.photoUrl, ...a.attachments].filter(Boolean).map(url),
        content_html: '',
        created_at: a.createdAt.toISOString()
      }))
    }
  }

  adminRoute(
    app,
    { method: 'GET', path: '/review/lists', input: z.object({ ...adminPaging, type: z.enum(TYPES) }), permission: 'review.view', labels: { type: '审核类型' } },
    async ({ input }) => {
      const { list, total } = await pending(input.type, input.page, input.per_page)
      return paged(list, total, input.page, input.per_page)
    }
  )

  // The same decisions the app's review tools make; each one once (a second decision is refused).
  adminRoute(
    app,
    {
      method: 'POST',
      path: '/review/decide',
      input: z.object({ type: z.enum(TYPES), id: idParam(), approve: boolParam, reason: text(128) }),
      permission: 'review.decide',
      labels: { type: '审核类型', id: '编号', approve: '审核结果', reason: '驳回原因' }
    },
    async ({ input, audit }) => {
      if (!input.approve && !input.reason) throw new AppError('驳回时请填写原因')
      let after: Record<string, unknown>
      if (input.type === 'article') {
        const row = await reviewArticle(app.db, input.id, input.approve ? { approve: true } : { approve: false, reason: input.reason }).catch(() => {
          throw new AppError('该文章不存在或不在审核中')
        })
        after = { status: row.status }
      } else if (input.type === 'certificate') {
        const row = await reviewCertificateApplication(app.db, app.services.payments, input.id, input.approve ? { approve: true } : { approve: false, note: input.reason })
        after = { status: row.status, certificate_no: row.certificateNo, review_note: row.reviewNote }
      } else {
        const row = await reviewMembershipApplication(app.db, app.services.payments, input.id, input.approve ? { approve: true } : { approve: false, note: input.reason })
        after = { status: row.status, member_no: row.memberNo, review_note: row.reviewNote }
      }
      await audit({ action: input.approve ? 'review.approve' : 'review.reject', targetType: input.type, targetId: input.id, before: { status: 'pending' }, after })
      return { type_name: TYPE_NAMES[input.type] }
    }
  )
}
