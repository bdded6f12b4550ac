import type { FastifyInstance } from 'fastify'
import { and, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { articles } from '../../db/schema'
import { AppError } from '../../core/envelope'
import { publicRoute } from '../../core/route'
import { idParam } from '../../core/validate'
import { assetUrl } from '../../core/asset-url'
import type { ArticleDetailResponse } from '../../../src/api/contract'

export default async function articleModule(app: FastifyInstance): Promise<void> {
  publicRoute(
    app,
    { method: 'GET', path: '/article.Article/detail', input: z.object({ article_id: idParam() }) },
    async ({ input }): Promise<ArticleDetailResponse> => {
      // One statement counts the view and reads the row, so concurrent readers never lose a count.
      const [row] = await app.db
        .update(articles)
        .set({ views: sql`${articles.views} + 1` })
        .where(and(eq(articles.id, input.article_id), eq(articles.visible, true)))
        .returning()
      if (!row) throw new AppError('文章不存在或已下架')
      return {
        detail: {
          article_id: row.id,
          title: row.title,
          summary: row.summary,
          cover: assetUrl(app.config.publicUrl, row.cover),
          author: row.author,
          content: row.content,
          views: row.views,
          created_at: row.createdAt.toISOString()
        }
      }
    }
  )
}
