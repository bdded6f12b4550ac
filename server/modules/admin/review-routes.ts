import { and, asc, count, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { AdminReviewItem, AdminReviewType } from '../../../contract/admin'
import { assetUrl } from '../../core/asset-url'
import { AppError } from '../../core/envelope'
import { paged } from '../../core/paging'
import { idParam, multiline } from '../../core/validate'
import { articles, users } from '../../db/schema'
import { reviewArticle } from '../article/review'
import { adminPaging, adminRoute, boolParam } from './route'

// Certificate and membership applications have their own queues (application-routes.ts), which refund a
// paid fee on rejection; this queue is users' articles only, so an application has one door.
const TYPES = ['article'] as const satisfies readonly AdminReviewType[]
const type = z.enum(TYPES).default('article')

/** Users' articles waiting for a reviewer. */
export default async function reviewRoutes(app: FastifyInstance): Promise<void> {
  const url = (u: string) => (u ? assetUrl(app.config.publicUrl, u) : '')

  async function pending(page: number, perPage: number): Promise<{ list: AdminReviewItem[]; total: number }> {
    const where = and(eq(articles.status, 'pending'), eq(articles.visible, true))
    const rows = await app.db
      .select({ a: articles, nickname: users.nickname })
      .from(articles)
      .leftJoin(users, eq(users.id, articles.userId))
      .where(where)
      .orderBy(asc(articles.createdAt))
      .limit(perPage)
      .offset((page - 1) * perPage)
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

  adminRoute(
    app,
    {
      method: 'GET',
      path: '/review/lists',
      input: z.object({ ...adminPaging, type }),
      permission: 'review.view',
      labels: { type: '审核类型' }
    },
    async ({ input }) => {
      const { list, total } = await pending(input.page, input.per_page)
      return paged(list, total, input.page, input.per_page)
    }
  )

  // The same decisions the app's review tools make; each one once (a second decision is refused).
  adminRoute(
    app,
    {
      method: 'POST',
      path: '/review/decide',
      input: z.object({ type, id: idParam(), approve: boolParam, reason: multiline(128) }),
      permission: 'review.decide',
      labels: { type: '审核类型', id: '编号', approve: '审核结果', reason: '驳回原因' }
    },
    async ({ input, audit }) => {
      if (!input.approve && !input.reason) throw new AppError('驳回时请填写原因')
      const row = await reviewArticle(
        app.db,
        app.services.notify,
        input.id,
        input.approve ? { approve: true } : { approve: false, reason: input.reason }
      ).catch(() => {
        throw new AppError('该文章不存在或不在审核中')
      })
      const after = { status: row.status }
      await audit({
        action: input.approve ? 'review.approve' : 'review.reject',
        targetType: input.type,
        targetId: input.id,
        before: { status: 'pending' },
        after
      })
      return { type_name: '文章' }
    }
  )
}
