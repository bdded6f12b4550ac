import './helpers/native-modules'

import { reviewArticle } from '../../server/modules/article/review'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'
import { PNG, upload } from './helpers/upload'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(() => ctx.close())

const categories = async () =>
  (await call(ctx.app, 'GET', '/api/article.category/lists')).data.list as { category_id: number; name: string }[]

test('lists published articles by column, newest first, paged', async () => {
  const cats = await categories()
  expect(cats.map((c) => c.name)).toEqual(['命理', '风水', '周易', '民俗', '学员分享'])
  const all = await call(ctx.app, 'GET', '/api/article.Article/lists', { page: 1, per_page: 4 })
  expect(all.code).toBe(1)
  expect(all.data).toMatchObject({ total: 6, page: 1, per_page: 4, last_page: 2 })
  expect(all.data.list).toHaveLength(4)
  const mingli = await call(ctx.app, 'GET', '/api/article.Article/lists', { category_id: cats[0].category_id })
  expect(mingli.data.list.map((a: any) => a.title)).toEqual(expect.arrayContaining(['八字入门：四柱是怎样排出来的']))
  expect(mingli.data.list.every((a: any) => a.category_id === cats[0].category_id)).toBe(true)
  expect((await call(ctx.app, 'GET', '/api/article.Article/lists', { per_page: 51 })).msg).toBe('每页条数最多 50 条')
})

test('a like counts once per user, a second tap takes it back, and concurrent taps never double count', async () => {
  const a = await login(ctx.app, '点赞甲')
  const b = await login(ctx.app, '点赞乙')
  const id = (await call(ctx.app, 'GET', '/api/article.Article/lists')).data.list[0].article_id
  expect((await call(ctx.app, 'POST', '/api/article.Article/like', { article_id: id }, a.token)).data).toEqual({
    liked: true,
    likes: 1
  })
  expect((await call(ctx.app, 'POST', '/api/article.Article/like', { article_id: id }, b.token)).data).toEqual({
    liked: true,
    likes: 2
  })
  expect(
    (await call(ctx.app, 'GET', '/api/article.Article/detail', { article_id: id }, a.token)).data.detail
  ).toMatchObject({ likes: 2, liked: true })
  expect((await call(ctx.app, 'GET', '/api/article.Article/detail', { article_id: id })).data.detail.liked).toBe(false)
  expect((await call(ctx.app, 'POST', '/api/article.Article/like', { article_id: id }, a.token)).data).toEqual({
    liked: false,
    likes: 1
  })
  const taps = await Promise.all(
    Array.from({ length: 6 }, () => call(ctx.app, 'POST', '/api/article.Article/like', { article_id: id }, a.token))
  )
  expect(taps.every((t) => t.code === 1)).toBe(true)
  // Six toggles from "not liked" end where they began; the count is what the likes table says.
  expect(
    (await call(ctx.app, 'GET', '/api/article.Article/detail', { article_id: id }, a.token)).data.detail
  ).toMatchObject({ likes: 1, liked: false })
  expect((await call(ctx.app, 'POST', '/api/article.Article/like', { article_id: id })).code).toBe(-9999)
})

test('what a user publishes is sanitized, waits for review, and is shown once approved', async () => {
  const author = await login(ctx.app, '作者丙')
  const other = await login(ctx.app, '读者丁')
  const [cat] = await categories()
  const pic = (await upload(ctx, author.token, 'file', 'p.png', PNG)).data.url
  const published = await call(
    ctx.app,
    'POST',
    '/api/article.Article/publish',
    {
      title: '我的第一次排盘心得',
      content: '第一段<script>alert(1)</script>\n第二段 <img src=x onerror=alert(1)>',
      category_id: cat.category_id,
      images: [pic]
    },
    author.token
  )
  expect(published.data.status).toBe('pending')
  const id = published.data.article_id
  // Not listed and not readable by others before review; the author sees it with its status.
  const listed = await call(ctx.app, 'GET', '/api/article.Article/lists', { per_page: 50 })
  expect(listed.data.list.some((a: any) => a.article_id === id)).toBe(false)
  expect((await call(ctx.app, 'GET', '/api/article.Article/detail', { article_id: id }, other.token)).code).toBe(0)
  const own = await call(ctx.app, 'GET', '/api/article.Article/detail', { article_id: id }, author.token)
  expect(own.data.detail.content).toBe(
    `<p>第一段&lt;script&gt;alert(1)&lt;/script&gt;</p><p>第二段 &lt;img src=x onerror=alert(1)&gt;</p><img ` +
      `src="${pic}" alt="" />`
  )
  expect((await call(ctx.app, 'GET', '/api/article.Article/mine', {}, author.token)).data.list[0]).toMatchObject({
    article_id: id,
    status: 'pending'
  })
  expect((await call(ctx.app, 'GET', '/api/article.Article/mine', {}, other.token)).data.list).toHaveLength(0)

  await reviewArticle(ctx.database.db, ctx.app.services.notify, id, { approve: true })
  const after = await call(ctx.app, 'GET', '/api/article.Article/lists', { per_page: 50 })
  expect(after.data.list[0]).toMatchObject({ article_id: id, author: '作者丙', cover: pic })
  await expect(
    reviewArticle(ctx.database.db, ctx.app.services.notify, id, { approve: false, reason: '重复' })
  ).rejects.toThrow('not waiting')
})

test('publishing refuses bad fields by name, and pictures that are not the user’s own', async () => {
  const author = await login(ctx.app, '作者戊')
  const other = await login(ctx.app, '作者己')
  const [cat] = await categories()
  const foreign = (await upload(ctx, other.token, 'file', 'o.png', PNG)).data.url
  const base = { title: '一篇正常的标题', content: '这是一段足够长的正文内容。', category_id: cat.category_id }
  const publish = (over: object) =>
    call(ctx.app, 'POST', '/api/article.Article/publish', { ...base, ...over }, author.token)
  expect((await publish({ title: '短' })).msg).toContain('标题')
  expect((await publish({ content: '' })).msg).toContain('正文')
  expect((await publish({ category_id: 999999 })).msg).toBe('所选栏目不存在')
  expect((await publish({ images: [foreign] })).msg).toBe('图片只能使用您上传的图片')
  expect((await publish({ images: Array(10).fill(foreign) })).msg).toBe('图片最多 9 张')
  expect((await call(ctx.app, 'GET', '/api/article.Article/mine', {}, author.token)).data.total).toBe(0)
})
