import './helpers/native-modules'

import { count, desc, eq } from 'drizzle-orm'

import { MSG_STALE } from '../../server/core/envelope'
import { adminAuditLogs, articleCategories, articles } from '../../server/db/schema'
import { addOperator, type AdminClient, ownerClient } from './helpers/admin'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

// Articles from the console: columns created, renamed and ordered; operators' own rich-text articles,
// sanitized when saved and when read; pin, recommend and hide on any article, as the app shows them.

jest.setTimeout(300_000)

let ctx: TestContext
let owner: AdminClient
let editor: AdminClient

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ownerClient(ctx.app, ctx.database.db)
  editor = await addOperator(ctx.app, owner, 'editor_a', 'content')
})
afterAll(() => ctx.close())

const api = (method: 'GET' | 'POST', action: string, params: Record<string, unknown> = {}, token?: string) =>
  call(ctx.app, method, `/api/${action}`, params, token)
const rows = async (table: typeof articles | typeof articleCategories) =>
  (await ctx.database.db.select({ n: count() }).from(table))[0].n
const auditOf = (action: string) =>
  ctx.database.db
    .select()
    .from(adminAuditLogs)
    .where(eq(adminAuditLogs.action, action))
    .orderBy(desc(adminAuditLogs.id))
const appList = async (params: Record<string, unknown> = {}) =>
  (await api('GET', 'article.Article/lists', { per_page: 50, ...params })).data.list as {
    article_id: number
    pinned: boolean
    recommended: boolean
  }[]

async function newColumn(name: string): Promise<number> {
  const saved = await editor.post('/article/columnSave', { name })
  expect(saved.code).toBe(1)
  return saved.data.id
}

const fields = (categoryId: number, over: Record<string, unknown> = {}) => ({
  title: '立春说节气',
  author: '易学编辑部',
  category_id: categoryId,
  content:
    '<h2>立春</h2><p onclick="steal()">东风解冻。</p><script>alert(1)</script><img src="javascript:alert(2)"><a ' +
    'href="javascript:alert(3)">链接</a>',
  ...over
})

describe('who may edit articles', () => {
  test('no session is asked to log in; operations and finance are refused and nothing is written', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/article/lists' })).json().code).toBe(-9999)
    const before = [await rows(articles), await rows(articleCategories)]
    for (const role of ['operations', 'finance']) {
      const client = await addOperator(ctx.app, owner, `art_${role}`, role)
      expect(await client.get('/article/lists')).toMatchObject({ code: 0, msg: '没有权限执行此操作' })
      expect(await client.post('/article/columnSave', { name: '越权栏目' })).toMatchObject({
        code: 0,
        msg: '没有权限执行此操作'
      })
      expect(await client.post('/article/add', fields(1))).toMatchObject({ code: 0, msg: '没有权限执行此操作' })
    }
    expect([await rows(articles), await rows(articleCategories)]).toEqual(before)
  })
})

describe('columns', () => {
  test('created, renamed with the version seen, ordered; the app lists them in that order', async () => {
    const a = await newColumn('节气')
    const b = await newColumn('风水杂谈')
    expect((await auditOf('article.column_add'))[0]).toMatchObject({
      operatorName: 'editor_a',
      targetId: String(b),
      after: { name: '风水杂谈' }
    })
    expect((await editor.post('/article/columnSave', { name: '' })).msg).toBe('栏目名称不能为空')

    const column = (await editor.get('/article/columns')).data.list.find(
      (c: { category_id: number }) => c.category_id === a
    )
    expect(
      (await editor.post('/article/columnSave', { category_id: a, version: column.version, name: '二十四节气' })).code
    ).toBe(1)
    expect(
      await owner.post('/article/columnSave', { category_id: a, version: column.version, name: '别的名字' })
    ).toMatchObject({ code: 0, msg: MSG_STALE })

    const ids: number[] = (await editor.get('/article/columns')).data.list.map(
      (c: { category_id: number }) => c.category_id
    )
    const reordered = [b, a, ...ids.filter((id) => id !== a && id !== b)]
    expect((await editor.post('/article/columnOrder', { category_ids: reordered.slice(1) })).msg).toBe(
      '栏目已变化，请刷新后再排序'
    )
    expect((await editor.post('/article/columnOrder', { category_ids: reordered })).code).toBe(1)
    const inApp = (await api('GET', 'article.category/lists')).data.list
    expect(inApp.slice(0, 2)).toEqual([
      { category_id: b, name: '风水杂谈' },
      { category_id: a, name: '二十四节气' }
    ])
    expect((await auditOf('article.column_order'))[0].after).toEqual(reordered)
  })
})

describe("an operator's article", () => {
  test('bad input is named in Chinese and writes nothing', async () => {
    const col = await newColumn('校验')
    const before = [await rows(articles), (await auditOf('article.add')).length]
    expect((await editor.post('/article/add', fields(col, { title: '' }))).msg).toBe('标题不能为空')
    expect((await editor.post('/article/add', fields(999_999))).msg).toBe('栏目不存在')
    expect((await editor.post('/article/add', fields(col, { content: '<script>alert(1)</script>' }))).msg).toBe(
      '正文不能为空'
    )
    expect((await editor.post('/article/add', fields(col, { cover: 'javascript:alert(1)' }))).msg).toBe(
      '封面应为上传后的图片地址'
    )
    expect([await rows(articles), (await auditOf('article.add')).length]).toEqual(before)
  })

  test('published: sanitized, pinned first, recommended in the app; hidden: gone; a stale edit: refused', async () => {
    const col = await newColumn('编辑部')
    const added = await editor.post('/article/add', fields(col))
    expect(added.code).toBe(1)
    const id = added.data.id
    const [stored] = await ctx.database.db.select().from(articles).where(eq(articles.id, id))
    expect(stored).toMatchObject({ status: 'published', userId: null, summary: '立春 东风解冻。 链接' })
    expect(stored.content).toContain('<h2>立春</h2>')
    expect(stored.content).not.toMatch(/script|onclick|javascript/)
    expect((await auditOf('article.add'))[0]).toMatchObject({ targetId: String(id), after: { title: '立春说节气' } })

    // The app: in the column's list and readable, cleaned.
    expect((await appList({ category_id: col })).map((a) => a.article_id)).toEqual([id])
    const detail = (await api('GET', 'article.Article/detail', { article_id: id })).data.detail
    expect(detail).toMatchObject({ title: '立春说节气', author: '易学编辑部', pinned: false })
    expect(detail.content).not.toMatch(/script|onclick|javascript/)

    // Stored HTML that escaped the save rules is cleaned again on the way out, in the app and the console.
    await ctx.database.db
      .update(articles)
      .set({ content: '<p>旧文</p><img src=x onerror="alert(1)">' })
      .where(eq(articles.id, id))
    expect((await api('GET', 'article.Article/detail', { article_id: id })).data.detail.content).not.toContain(
      'onerror'
    )
    const seen = (await editor.get('/article/detail', { article_id: id })).data
    expect(seen.content).not.toContain('onerror')

    // An edit with the version seen; the same version again is stale and changes nothing.
    const edit = await editor.post('/article/edit', {
      ...fields(col, { title: '立春说节气（修订）', content: '<p>修订版</p>' }),
      article_id: id,
      version: seen.version
    })
    expect(edit.code).toBe(1)
    expect(
      await owner.post('/article/edit', {
        ...fields(col, { title: '别人的标题' }),
        article_id: id,
        version: seen.version
      })
    ).toMatchObject({ code: 0, msg: MSG_STALE })
    expect((await api('GET', 'article.Article/detail', { article_id: id })).data.detail.title).toBe(
      '立春说节气（修订）'
    )

    // Pinned and recommended: first in the app's list, and in the recommended one.
    const older = (await editor.post('/article/add', fields(col, { title: '较新的一篇' }))).data.id
    expect((await appList({ category_id: col })).map((a) => a.article_id)).toEqual([older, id])
    const flagged = await editor.post('/article/flags', {
      article_id: id,
      version: edit.data.version,
      pinned: true,
      recommended: true
    })
    expect(flagged.code).toBe(1)
    const list = await appList({ category_id: col })
    expect(list.map((a) => a.article_id)).toEqual([id, older])
    expect(list[0]).toMatchObject({ pinned: true, recommended: true })
    expect((await appList({ recommended: 1 })).map((a) => a.article_id)).toContain(id)
    expect((await appList({ recommended: 1 })).map((a) => a.article_id)).not.toContain(older)
    expect((await auditOf('article.flags'))[0]).toMatchObject({
      before: { pinned: false },
      after: { pinned: true, recommended: true }
    })

    // Hidden: gone from the app.
    expect(
      (await editor.post('/article/flags', { article_id: id, version: flagged.data.version, visible: false })).code
    ).toBe(1)
    expect((await appList({ category_id: col })).map((a) => a.article_id)).toEqual([older])
    expect((await api('GET', 'article.Article/detail', { article_id: id })).msg).toBe('文章不存在或已下架')
  })

  test("a user's article is not rewritten in the console, but may be pinned or hidden", async () => {
    const col = await newColumn('用户投稿')
    const user = await login(ctx.app, '投稿用户')
    const published = await api(
      'POST',
      'article.Article/publish',
      { title: '我的读书笔记', content: '读《滴天髓》的一些体会。', category_id: col },
      user.token
    )
    expect(published.code).toBe(1)
    const id = published.data.article_id
    const seen = (await editor.get('/article/lists', { source: 'user', category_id: col })).data.list[0]
    expect(seen).toMatchObject({ article_id: id, source: 'user', status: 'pending' })
    expect((await editor.post('/article/edit', { ...fields(col), article_id: id, version: seen.version })).msg).toBe(
      '用户发布的文章不能在后台改写，只能置顶、推荐或隐藏'
    )
    expect((await editor.post('/article/flags', { article_id: id, version: seen.version, visible: false })).code).toBe(
      1
    )
    const [row] = await ctx.database.db.select().from(articles).where(eq(articles.id, id))
    expect(row).toMatchObject({ title: '我的读书笔记', visible: false })
  })
})
