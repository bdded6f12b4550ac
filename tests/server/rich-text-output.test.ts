import './helpers/native-modules'

import { asc, eq } from 'drizzle-orm'

import { activities, articles, associations, certificates, courses, shopGoods, sitePages } from '../../server/db/schema'
import { sanitizeArticleHtml } from '../../server/modules/article/sanitize'
import { call, createTestContext, type TestContext } from './helpers/test-app'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(() => ctx.close())

// What a hand edit in the database, an older import or a future console bug could leave in stored rich text.
const HOSTILE =
  '<p>正文</p><script>alert(1)</script>' +
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+" onerror="alert(1)">' +
  '<a href="javascript:alert(1)">甲</a><a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;">乙</a>' +
  '<p style="background:url(x)" onclick="alert(1)">丙</p><img src="https://cdn.example.com/a.png" alt="图">'

function expectSafe(html: string) {
  expect(html).toContain('<p>正文</p>')
  expect(html).toContain('<img src="https://cdn.example.com/a.png" alt="图" />')
  for (const bad of ['<script', 'onerror', 'onclick', 'javascript:', 'data:', 'style='])
    expect([bad, html.includes(bad)]).toEqual([bad, false])
}

test('data: URIs never survive sanitizing, in images or links', () => {
  const clean = sanitizeArticleHtml(
    '<img src="data:image/png;base64,iVBORw0KGgo="><a href="data:text/html,x">链接</a><img ' +
      'src="https://a.example.com/b.png">'
  )
  expect(clean).not.toContain('data:')
  expect(clean).toContain('<img src="https://a.example.com/b.png" />')
  expect(clean).toContain('<a>链接</a>')
})

test('every place that returns stored HTML sanitizes it on the way out', async () => {
  const db = ctx.database.db
  const first = async <T extends { id: number }>(rows: Promise<T[]>) => (await rows)[0].id
  const articleId = await first(
    db
      .select({ id: articles.id })
      .from(articles)
      .where(eq(articles.status, 'published'))
      .orderBy(asc(articles.id))
      .limit(1)
  )
  await db.update(articles).set({ content: HOSTILE }).where(eq(articles.id, articleId))
  await db.update(sitePages).set({ content: HOSTILE }).where(eq(sitePages.key, 'contract'))
  const certificateId = await first(
    db.select({ id: certificates.id }).from(certificates).orderBy(asc(certificates.id)).limit(1)
  )
  await db.update(certificates).set({ requirements: HOSTILE }).where(eq(certificates.id, certificateId))
  await db.update(associations).set({ intro: HOSTILE }).where(eq(associations.slug, 'main'))
  const courseId = await first(db.select({ id: courses.id }).from(courses).orderBy(asc(courses.id)).limit(1))
  await db.update(courses).set({ intro: HOSTILE }).where(eq(courses.id, courseId))
  const activityId = await first(db.select({ id: activities.id }).from(activities).orderBy(asc(activities.id)).limit(1))
  await db.update(activities).set({ content: HOSTILE }).where(eq(activities.id, activityId))
  const goodsId = await first(db.select({ id: shopGoods.id }).from(shopGoods).orderBy(asc(shopGoods.id)).limit(1))
  await db.update(shopGoods).set({ content: HOSTILE }).where(eq(shopGoods.id, goodsId))

  const get = async (url: string, params: Record<string, unknown>) => {
    const r = await call(ctx.app, 'GET', `/api/${url}`, params)
    expect([url, r.code]).toEqual([url, 1])
    return r.data
  }
  expectSafe((await get('article.Article/detail', { article_id: articleId })).detail.content)
  expectSafe((await get('index/contract', {})).content)
  expectSafe((await get('index/text', { key: 'contract' })).content)
  expectSafe((await get('certificate.index/detail', { certificate_id: certificateId })).detail.requirements)
  expectSafe((await get('association.index/detail', {})).intro)
  expectSafe((await get('course.index/getDetail', { course_id: courseId })).detail.intro)
  expectSafe((await get('share.activity/detail', { activity_id: activityId })).detail.content)
  expectSafe((await get('product.product/detail', { goods_id: goodsId })).detail.content)
})
