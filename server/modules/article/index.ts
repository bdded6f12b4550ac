import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type {
  ArticleCategoriesResponse,
  ArticleDetailResponse,
  ArticleLikeResponse,
  ArticleListResponse,
  ArticlePublishResponse,
  ArticleStatus,
  MyArticlesResponse
} from '../../../contract'
import { assetUrl } from '../../core/asset-url'
import { AppError } from '../../core/envelope'
import { offsetOf, paged, pagingFields } from '../../core/paging'
import { optionalUserId, publicRoute, userRoute } from '../../core/route'
import { idParam, intParam, multiline, optional, text } from '../../core/validate'
import { articleCategories, articleLikes, articles, uploadedFiles, users } from '../../db/schema'
import { tellSubmitted } from './notices'
import { summaryOf, toSummary, userArticleHtml } from './rows'
import { outputHtml, sanitizeArticleHtml } from './sanitize'

const visiblePublished = and(eq(articles.visible, true), eq(articles.status, 'published'))

export default async function articleModule(app: FastifyInstance): Promise<void> {
  publicRoute(
    app,
    { method: 'GET', path: '/article.category/lists', input: z.object({}) },
    async (): Promise<ArticleCategoriesResponse> => {
      const rows = await app.db
        .select()
        .from(articleCategories)
        .orderBy(asc(articleCategories.sort), asc(articleCategories.id))
      return { list: rows.map((row) => ({ category_id: row.id, name: row.name })) }
    }
  )

  publicRoute(
    app,
    {
      method: 'GET',
      path: '/article.Article/lists',
      input: z.object({
        ...pagingFields,
        category_id: optional(intParam(0, 2_147_483_647)),
        recommended: optional(intParam(0, 1))
      })
    },
    async ({ input }): Promise<ArticleListResponse> => {
      const where = and(
        visiblePublished,
        input.category_id ? eq(articles.categoryId, input.category_id) : undefined,
        input.recommended ? eq(articles.recommended, true) : undefined
      )
      const [{ total }] = await app.db.select({ total: count() }).from(articles).where(where)
      const rows = await app.db
        .select()
        .from(articles)
        .where(where)
        .orderBy(desc(articles.pinned), desc(articles.createdAt), desc(articles.id))
        .limit(input.per_page)
        .offset(offsetOf(input.page, input.per_page))
      return paged(
        rows.map((row) => toSummary(row, app.config.publicUrl)),
        total,
        input.page,
        input.per_page
      )
    }
  )

  publicRoute(
    app,
    { method: 'GET', path: '/article.Article/detail', input: z.object({ article_id: idParam() }) },
    async ({ input, req }): Promise<ArticleDetailResponse> => {
      const userId = await optionalUserId(app, req)
      // One statement counts the view and reads the row, so concurrent readers never lose a count.
      // Authors may read their own article before it is approved.
      const [row] = await app.db
        .update(articles)
        .set({ views: sql`${articles.views} + 1` })
        .where(
          and(
            eq(articles.id, input.article_id),
            eq(articles.visible, true),
            userId
              ? sql`(${articles.status} = 'published' or ${articles.userId} = ${userId})`
              : eq(articles.status, 'published')
          )
        )
        .returning()
      if (!row) throw new AppError('文章不存在或已下架')
      const liked = userId
        ? (
            await app.db
              .select()
              .from(articleLikes)
              .where(and(eq(articleLikes.articleId, row.id), eq(articleLikes.userId, userId)))
          ).length > 0
        : false
      return {
        detail: {
          ...toSummary(row, app.config.publicUrl),
          content: outputHtml(row.content),
          images: row.images.map((url) => assetUrl(app.config.publicUrl, url)),
          liked
        }
      }
    }
  )

  userRoute(
    app,
    { method: 'POST', path: '/article.Article/like', input: z.object({ article_id: idParam() }) },
    async ({ input, userId }): Promise<ArticleLikeResponse> =>
      app.db.transaction(async (tx) => {
        const [article] = await tx
          .select({ id: articles.id })
          .from(articles)
          .where(and(eq(articles.id, input.article_id), visiblePublished))
          .for('update')
        if (!article) throw new AppError('文章不存在或已下架')
        const removed = await tx
          .delete(articleLikes)
          .where(and(eq(articleLikes.articleId, article.id), eq(articleLikes.userId, userId)))
          .returning()
        if (!removed.length)
          await tx.insert(articleLikes).values({ articleId: article.id, userId }).onConflictDoNothing()
        // The count is recomputed from the likes themselves, so it can never drift.
        const [{ likes }] = await tx
          .select({ likes: count() })
          .from(articleLikes)
          .where(eq(articleLikes.articleId, article.id))
        await tx.update(articles).set({ likes }).where(eq(articles.id, article.id))
        return { liked: !removed.length, likes }
      })
  )

  userRoute(
    app,
    {
      method: 'POST',
      path: '/article.Article/publish',
      input: z.object({
        title: text(40, 4),
        content: multiline(5000, 10),
        category_id: idParam(),
        images: z.array(z.string().trim().max(512)).max(9).default([])
      })
    },
    async ({ input, userId }): Promise<ArticlePublishResponse> => {
      const [category] = await app.db
        .select()
        .from(articleCategories)
        .where(eq(articleCategories.id, input.category_id))
      if (!category) throw new AppError('所选栏目不存在')
      // Only pictures this user uploaded to us may appear in the article.
      if (input.images.length) {
        const own = await app.db
          .select({ url: uploadedFiles.url })
          .from(uploadedFiles)
          .where(and(eq(uploadedFiles.userId, userId), inArray(uploadedFiles.url, input.images)))
        const known = new Set(own.map((f) => f.url))
        if (input.images.some((url) => !known.has(url))) throw new AppError('图片只能使用您上传的图片')
      }
      const guard = app.services.contentGuard
      await guard.checkText(userId, 3, '内容', { title: input.title, content: input.content })
      const pendingImages = await guard.submitImages(userId, 3, input.images)
      const [author] = await app.db.select({ nickname: users.nickname }).from(users).where(eq(users.id, userId))
      return app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(articles)
          .values({
            title: input.title,
            summary: summaryOf(input.content),
            cover: input.images[0] ?? '',
            author: author?.nickname || '易学用户',
            content: sanitizeArticleHtml(userArticleHtml(input.content, input.images)),
            images: input.images,
            categoryId: category.id,
            userId,
            status: 'pending'
          })
          .returning()
        await guard.recordImages(tx, userId, pendingImages, { kind: 'article', id: row.id })
        await tellSubmitted(tx, app.services.notify, row)
        return { article_id: row.id, status: row.status as ArticleStatus }
      })
    }
  )

  userRoute(
    app,
    { method: 'GET', path: '/article.Article/mine', input: z.object(pagingFields) },
    async ({ input, userId }): Promise<MyArticlesResponse> => {
      const where = and(eq(articles.userId, userId), eq(articles.visible, true))
      const [{ total }] = await app.db.select({ total: count() }).from(articles).where(where)
      const rows = await app.db
        .select()
        .from(articles)
        .where(where)
        .orderBy(desc(articles.createdAt), desc(articles.id))
        .limit(input.per_page)
        .offset(offsetOf(input.page, input.per_page))
      const list = rows.map((row) => ({
        ...toSummary(row, app.config.publicUrl),
        status: row.status as ArticleStatus,
        reject_reason: row.rejectReason
      }))
      return paged(list, total, input.page, input.per_page)
    }
  )
}
