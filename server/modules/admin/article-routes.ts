import crypto from 'node:crypto'

import { and, asc, count, desc, eq, ilike, isNotNull, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { AdminArticleColumn, AdminArticleDetail, AdminArticleListItem, AdminSaved } from '../../../contract/admin'
import { AppError, MSG_STALE } from '../../core/envelope'
import { paged } from '../../core/paging'
import { idParam, imageAddress, intParam, multiline, optional, text } from '../../core/validate'
import type { Executor, Tx } from '../../db/database'
import { articleCategories, articles } from '../../db/schema'
import { summaryOf } from '../article/rows'
import { outputHtml, sanitizeArticleHtml } from '../article/sanitize'
import { adminPaging, adminRoute, boolParam } from './route'

type Article = typeof articles.$inferSelect

const versionField = intParam(1, 2_147_483_647)
const LABELS: Record<string, string> = {
  article_id: '文章',
  category_id: '栏目',
  category_ids: '栏目顺序',
  version: '记录版本',
  name: '栏目名称',
  title: '标题',
  summary: '摘要',
  cover: '封面',
  author: '作者',
  content: '正文',
  visible: '显示状态',
  pinned: '置顶',
  recommended: '推荐',
  source: '来源',
  keyword: '关键词'
}

const articleFields = {
  title: text(128, 1),
  summary: multiline(512).default(''),
  cover: imageAddress('封面').default(''),
  author: text(32).default(''),
  category_id: idParam(),
  content: multiline(100_000, 1),
  visible: boolParam.default(true),
  pinned: boolParam.default(false),
  recommended: boolParam.default(false)
}
type ArticleInput = z.output<z.ZodObject<typeof articleFields>>

const snapshot = (a: Article) => ({
  title: a.title,
  category_id: a.categoryId,
  author: a.author,
  cover: a.cover,
  visible: a.visible,
  pinned: a.pinned,
  recommended: a.recommended,
  summary: a.summary
})

/** The text of sanitized HTML, for a summary the operator left empty. */
const plainText = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ')

async function columnExists(db: Executor, id: number): Promise<void> {
  const [row] = await db
    .select({ id: articleCategories.id })
    .from(articleCategories)
    .where(eq(articleCategories.id, id))
    .limit(1)
  if (!row) throw new AppError('栏目不存在')
}

function columnsOf(input: ArticleInput) {
  const content = sanitizeArticleHtml(input.content)
  if (!plainText(content).trim() && !/<img\b/.test(content)) throw new AppError('正文不能为空')
  return {
    title: input.title,
    summary: input.summary || summaryOf(plainText(content)),
    cover: input.cover,
    author: input.author,
    categoryId: input.category_id,
    content,
    visible: input.visible,
    pinned: input.pinned,
    recommended: input.recommended
  }
}

/** The article locked for this write, when the operator still saw its current version. */
async function lockArticle(tx: Tx, id: number, version: number): Promise<Article> {
  const [row] = await tx.select().from(articles).where(eq(articles.id, id)).for('update').limit(1)
  if (!row) throw new AppError('文章不存在')
  if (row.version !== version) throw new AppError(MSG_STALE)
  return row
}

function listItem(a: Article, categoryName: string | null): AdminArticleListItem {
  return {
    article_id: a.id,
    title: a.title,
    cover: a.cover,
    author: a.author,
    category_id: a.categoryId,
    category_name: categoryName ?? '',
    source: a.userId === null ? 'operator' : 'user',
    status: a.status as AdminArticleListItem['status'],
    visible: a.visible,
    pinned: a.pinned,
    recommended: a.recommended,
    views: a.views,
    likes: a.likes,
    version: a.version,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString()
  }
}

/** 文章: columns (create, rename, order), the editors' own articles, and pin/recommend/hide on any article. */
export default async function articleRoutes(app: FastifyInstance): Promise<void> {
  const articlesIn = sql<number>`(select count(*)::int from articles a where a.category_id = "article_categories"."id")`

  adminRoute(
    app,
    { method: 'GET', path: '/article/columns', input: z.object({}), permission: 'article.view' },
    async () => {
      const rows = await app.db
        .select({ c: articleCategories, n: articlesIn })
        .from(articleCategories)
        .orderBy(asc(articleCategories.sort), asc(articleCategories.id))
      const list: AdminArticleColumn[] = rows.map(({ c, n }) => ({
        category_id: c.id,
        name: c.name,
        sort: c.sort,
        articles: Number(n),
        version: c.version
      }))
      return { list }
    }
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/article/columnSave',
      input: z.object({ category_id: optional(idParam()), version: optional(versionField), name: text(16, 1) }),
      permission: 'article.edit',
      labels: LABELS
    },
    async ({ input, audit }): Promise<AdminSaved> =>
      app.db.transaction(async (tx) => {
        if (!input.category_id) {
          const [{ last }] = await tx
            .select({ last: sql<number>`coalesce(max(${articleCategories.sort}), 0)::int` })
            .from(articleCategories)
          const [c] = await tx
            .insert(articleCategories)
            .values({
              slug: `column-${crypto.randomBytes(6).toString('hex')}`,
              name: input.name,
              sort: Number(last) + 1
            })
            .returning()
          await audit(
            { action: 'article.column_add', targetType: 'article_column', targetId: c.id, after: { name: c.name } },
            tx
          )
          return { id: c.id, version: c.version }
        }
        const [before] = await tx
          .select()
          .from(articleCategories)
          .where(eq(articleCategories.id, input.category_id))
          .for('update')
          .limit(1)
        if (!before) throw new AppError('栏目不存在')
        if (before.version !== input.version) throw new AppError(MSG_STALE)
        const [c] = await tx
          .update(articleCategories)
          .set({ name: input.name, version: sql`${articleCategories.version} + 1` })
          .where(eq(articleCategories.id, before.id))
          .returning()
        await audit(
          {
            action: 'article.column_rename',
            targetType: 'article_column',
            targetId: c.id,
            before: { name: before.name },
            after: { name: c.name }
          },
          tx
        )
        return { id: c.id, version: c.version }
      })
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/article/columnOrder',
      input: z.object({ category_ids: z.array(idParam()).min(1).max(100) }),
      permission: 'article.edit',
      labels: LABELS
    },
    async ({ input, audit }) =>
      app.db.transaction(async (tx) => {
        // Every column, each once: an order made from a stale list (a column added meanwhile) is refused.
        const all = await tx
          .select()
          .from(articleCategories)
          .orderBy(asc(articleCategories.sort), asc(articleCategories.id))
          .for('update')
        const given = new Set(input.category_ids)
        if (
          given.size !== input.category_ids.length ||
          all.length !== given.size ||
          all.some((c) => !given.has(c.id))
        ) {
          throw new AppError('栏目已变化，请刷新后再排序')
        }
        for (const [i, id] of input.category_ids.entries()) {
          await tx
            .update(articleCategories)
            .set({ sort: i + 1, version: sql`${articleCategories.version} + 1` })
            .where(eq(articleCategories.id, id))
        }
        await audit(
          {
            action: 'article.column_order',
            targetType: 'article_column',
            targetId: '',
            before: all.map((c) => c.id),
            after: input.category_ids
          },
          tx
        )
        return {}
      })
  )

  adminRoute(
    app,
    {
      method: 'GET',
      path: '/article/lists',
      input: z.object({
        ...adminPaging,
        source: optional(z.enum(['operator', 'user'])),
        category_id: optional(idParam()),
        keyword: optional(text(64))
      }),
      permission: 'article.view',
      labels: LABELS
    },
    async ({ input }) => {
      const where = and(
        input.source === 'operator'
          ? isNull(articles.userId)
          : input.source === 'user'
            ? isNotNull(articles.userId)
            : undefined,
        input.category_id ? eq(articles.categoryId, input.category_id) : undefined,
        input.keyword ? ilike(articles.title, `%${input.keyword.replace(/[\\%_]/g, (c) => '\\' + c)}%`) : undefined
      )
      const [rows, [{ n }]] = await Promise.all([
        app.db
          .select({ a: articles, name: articleCategories.name })
          .from(articles)
          .leftJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
          .where(where)
          .orderBy(desc(articles.pinned), desc(articles.createdAt), desc(articles.id))
          .limit(input.per_page)
          .offset((input.page - 1) * input.per_page),
        app.db.select({ n: count() }).from(articles).where(where)
      ])
      return paged(
        rows.map(({ a, name }) => listItem(a, name)),
        n,
        input.page,
        input.per_page
      )
    }
  )

  adminRoute(
    app,
    {
      method: 'GET',
      path: '/article/detail',
      input: z.object({ article_id: idParam() }),
      permission: 'article.view',
      labels: LABELS
    },
    async ({ input }): Promise<AdminArticleDetail> => {
      const [row] = await app.db
        .select({ a: articles, name: articleCategories.name })
        .from(articles)
        .leftJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
        .where(eq(articles.id, input.article_id))
        .limit(1)
      if (!row) throw new AppError('文章不存在')
      return { ...listItem(row.a, row.name), summary: row.a.summary, content: outputHtml(row.a.content) }
    }
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/article/add',
      input: z.object(articleFields),
      permission: 'article.edit',
      labels: LABELS
    },
    async ({ input, audit }): Promise<AdminSaved> => {
      const columns = columnsOf(input)
      return app.db.transaction(async (tx) => {
        await columnExists(tx, input.category_id)
        // The editors' articles are published as saved; users' ones go through review.
        const [a] = await tx
          .insert(articles)
          .values({ ...columns, author: columns.author || '易学编辑部', status: 'published', userId: null })
          .returning()
        await audit({ action: 'article.add', targetType: 'article', targetId: a.id, after: snapshot(a) }, tx)
        return { id: a.id, version: a.version }
      })
    }
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/article/edit',
      input: z.object({ article_id: idParam(), version: versionField, ...articleFields }),
      permission: 'article.edit',
      labels: LABELS
    },
    async ({ input, audit }): Promise<AdminSaved> => {
      const columns = columnsOf(input)
      return app.db.transaction(async (tx) => {
        const before = await lockArticle(tx, input.article_id, input.version)
        if (before.userId !== null) throw new AppError('用户发布的文章不能在后台改写，只能置顶、推荐或隐藏')
        await columnExists(tx, input.category_id)
        const [a] = await tx
          .update(articles)
          .set({
            ...columns,
            author: columns.author || before.author,
            version: sql`${articles.version} + 1`,
            updatedAt: new Date()
          })
          .where(eq(articles.id, before.id))
          .returning()
        await audit(
          {
            action: 'article.edit',
            targetType: 'article',
            targetId: a.id,
            before: snapshot(before),
            after: snapshot(a)
          },
          tx
        )
        return { id: a.id, version: a.version }
      })
    }
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/article/flags',
      input: z.object({
        article_id: idParam(),
        version: versionField,
        pinned: optional(boolParam),
        recommended: optional(boolParam),
        visible: optional(boolParam)
      }),
      permission: 'article.edit',
      labels: LABELS
    },
    async ({ input, audit }): Promise<AdminSaved> =>
      app.db.transaction(async (tx) => {
        const before = await lockArticle(tx, input.article_id, input.version)
        const [a] = await tx
          .update(articles)
          .set({
            pinned: input.pinned,
            recommended: input.recommended,
            visible: input.visible,
            version: sql`${articles.version} + 1`,
            updatedAt: new Date()
          })
          .where(eq(articles.id, before.id))
          .returning()
        await audit(
          {
            action: 'article.flags',
            targetType: 'article',
            targetId: a.id,
            before: snapshot(before),
            after: snapshot(a)
          },
          tx
        )
        return { id: a.id, version: a.version }
      })
  )
}
