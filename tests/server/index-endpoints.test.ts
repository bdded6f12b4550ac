import './helpers/native-modules'

import zlib from 'node:zlib'

import { count } from 'drizzle-orm'

import { ROUTES } from '../../contract/routes'
import { articles, homeBanners, homeItems, homeNavs, pageViews } from '../../server/db/schema'
import { sanitizeArticleHtml } from '../../server/modules/article/sanitize'
import { loadDemoData } from '../../server/seed'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(() => ctx.close())

const specRoutes = new Set(ROUTES.map((r) => `/${r.path}`))
function isSpecLink(url: string): boolean {
  return /^https?:\/\//.test(url) || specRoutes.has(url.split('?')[0])
}

describe('index endpoints', () => {
  test('config points the client at the simulator when no WeChat app is configured', async () => {
    const res = await call(ctx.app, 'GET', '/api/index/config')
    expect(res).toEqual({
      code: 1,
      msg: 'success',
      data: {
        wechat_app_id: ctx.config.wechat.appId,
        oauth_authorize_url: 'http://127.0.0.1:3999/api/wechat.simulator/authorize',
        h5_url: 'http://127.0.0.1:3999/',
        map_key: '',
        version: '1.0.0',
        web_view_hosts: []
      }
    })
  })

  test('nav lists the icon grid in order, each link a spec route', async () => {
    const res = await call(ctx.app, 'GET', '/api/index/nav')
    expect(res.code).toBe(1)
    const titles = res.data.list.map((n: { title: string }) => n.title)
    expect(titles.slice(0, 3)).toEqual(['八字排盘', '奇门遁甲', '老黄历'])
    expect(res.data.list.find((n: { title: string }) => n.title === '工具箱').url).toBe('/tools/pages/index/index')
    for (const n of res.data.list) {
      expect(isSpecLink(n.url)).toBe(true)
      expect(n.icon).toMatch(/^http:\/\/127\.0\.0\.1:3999\/static\/demo\/icons\/.+\.png$/)
    }
  })

  test('home has banners, nav and sections whose links are all spec routes', async () => {
    const res = await call(ctx.app, 'GET', '/api/index/index')
    expect(res.code).toBe(1)
    expect(res.data.banners.length).toBeGreaterThanOrEqual(3)
    expect(res.data.nav.length).toBeGreaterThanOrEqual(8)
    // Domains add their own sections after the four of the home seed.
    expect(res.data.sections.map((s: { key: string }) => s.key).slice(0, 4)).toEqual([
      'daily',
      'master_tools',
      'learn',
      'articles'
    ])
    const links = [
      ...res.data.banners.map((b: { url: string }) => b.url),
      ...res.data.sections.flatMap((s: { more_url: string; items: { url: string }[] }) => [
        s.more_url,
        ...s.items.map((i) => i.url)
      ])
    ]
    for (const url of links) expect([url, isSpecLink(url)]).toEqual([url, true])
    const articleItem = res.data.sections[3].items[0]
    const id = Number(new URL(articleItem.url, 'http://x').searchParams.get('article_id'))
    const detail = await call(ctx.app, 'GET', '/api/article.Article/detail', { article_id: id })
    expect(detail.data.detail.title).toBe(articleItem.title)
  })

  test('seeded images are served with a cache header', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/static/demo/banners/bazi.svg' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('image/svg+xml')
    expect(res.body).toContain('<svg')
  })

  // A browser lays out every SVG picture as a document of its own on the page's main thread; the home's
  // demo pictures are PNG (scripts/rasterize-demo.ts) but for the first banner, which index.html draws,
  // and whose text is drawn as outlines: laid out as text, it took a phone's main thread far longer.
  test('every picture the home names is served, only its first banner is SVG, with no text', async () => {
    const res = await call(ctx.app, 'GET', '/api/index/index')
    const first = new URL(res.data.banners[0].image).pathname
    const pictures: string[] = JSON.stringify(res.data).match(/\/static\/demo\/[^"]+/g) ?? []
    expect(pictures.length).toBeGreaterThan(10)
    for (const url of new Set(pictures)) {
      const file = await ctx.app.inject({ method: 'GET', url })
      const type = url === first ? 'image/svg+xml' : 'image/png'
      expect([url, file.statusCode, file.headers['content-type']]).toEqual([url, 200, type])
      if (url === first) expect(file.body).not.toMatch(/<text|font-family/)
    }
    // Its outlines are ~11 KB: a phone that takes brotli is sent ~4 KB.
    const br = await ctx.app.inject({ method: 'GET', url: first, headers: { 'accept-encoding': 'br' } })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.rawPayload.length).toBeLessThan(6000)
  })

  test('loading the demo data again adds nothing', async () => {
    const counts = async () =>
      Promise.all(
        [homeBanners, homeNavs, homeItems, articles].map(
          async (t) => (await ctx.database.db.select({ n: count() }).from(t))[0].n
        )
      )
    const before = await counts()
    expect(await loadDemoData(ctx.database.db)).toBe('already-decided')
    expect(await counts()).toEqual(before)
  })

  test('contract returns the agreement', async () => {
    const res = await call(ctx.app, 'GET', '/api/index/contract')
    expect(res.code).toBe(1)
    expect(res.data.title).toBe('用户服务协议')
    expect(res.data.content).toContain('<h2>')
  })

  test('article detail counts each view', async () => {
    const [row] = await ctx.database.db
      .insert(articles)
      .values({ title: '测试文章', content: '<p>正文</p>' })
      .returning()
    const first = await call(ctx.app, 'GET', '/api/article.Article/detail', { article_id: row.id })
    const second = await call(ctx.app, 'GET', '/api/article.Article/detail', { article_id: String(row.id) })
    expect(first.data.detail.views).toBe(1)
    expect(second.data.detail.views).toBe(2)
    const missing = await call(ctx.app, 'GET', '/api/article.Article/detail', { article_id: 99999 })
    expect(missing).toEqual({ code: 0, msg: '文章不存在或已下架', data: {} })
  })

  test('article HTML keeps formatting and drops scripts, handlers and javascript: links', () => {
    const html = sanitizeArticleHtml(
      '<p onclick="x()">正文<script>alert(1)</script><a href="javascript:alert(1)">链接</a><img src="/a.png" ' +
        'onerror="x()"></p>'
    )
    expect(html).toBe('<p>正文<a>链接</a><img src="/a.png" /></p>')
  })

  test('page views are recorded, with the user when logged in', async () => {
    const { userId, token } = await login(ctx.app, '访客甲')
    const before = (await ctx.database.db.select({ n: count() }).from(pageViews))[0].n
    expect(
      (await call(ctx.app, 'POST', '/api/index/pageView', { path: '/pages/tools/huangli', client: 'h5' })).code
    ).toBe(1)
    expect(
      (await call(ctx.app, 'POST', '/api/index/pageView', { path: '/pages/my/my', client: 'web' }, token)).code
    ).toBe(1)
    const rows = await ctx.database.db.select().from(pageViews)
    expect(rows.length).toBe(before + 2)
    expect(rows.at(-1)).toMatchObject({ path: '/pages/my/my', client: 'web', userId })
    expect(rows.at(-2)).toMatchObject({ path: '/pages/tools/huangli', client: 'h5', userId: null })
  })
})

describe('compression', () => {
  test('the home goes out compressed to a client that takes it, whole; a small answer goes out plain', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/api/index/index' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/index/index',
        headers: { 'accept-encoding': encoding }
      })
      expect(res.headers['content-encoding']).toBe(encoding)
      const body = encoding === 'br' ? zlib.brotliDecompressSync(res.rawPayload) : zlib.gunzipSync(res.rawPayload)
      expect(res.rawPayload.length).toBeLessThan(body.length / 2)
      expect(JSON.parse(body.toString())).toEqual(JSON.parse(plain.body))
    }
    const small = await ctx.app.inject({
      method: 'GET',
      url: '/api/index/config',
      headers: { 'accept-encoding': 'br, gzip' }
    })
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(small.body).code).toBe(1)
  })
})

describe('envelope', () => {
  test('an unknown api path answers code 0 接口不存在 with HTTP 200', async () => {
    for (const url of ['/api/nope', '/api/user.user/nope', '/api']) {
      const res = await ctx.app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ code: 0, msg: '接口不存在', data: {} })
    }
  })

  test('a malformed JSON body is a code 0 message, not a 500', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/index/pageView',
      headers: { 'content-type': 'application/json' },
      payload: '{"path":'
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ code: 0, msg: '参数错误: 请求体不是有效的 JSON', data: {} })
  })

  test('an unexpected error is logged with the request id and hidden from the client', async () => {
    const { token } = await login(ctx.app, '访客乙')
    jest.spyOn(ctx.app.services.payments, 'find').mockRejectedValueOnce(new Error('select secret from somewhere'))
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/pay.index/status?out_trade_no=20240101000000123',
      headers: { authorization: token }
    })
    expect(res.json()).toEqual({ code: 0, msg: '服务器繁忙，请稍后再试', data: {} })
    expect(res.body).not.toContain('secret')
    const reqId = res.headers['x-request-id']
    const line = ctx.logs.find((l) => l.includes('select secret'))
    expect(line && JSON.parse(line).reqId).toBe(reqId)
  })

  test('without a built app, / says how to build it', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/' })
    expect(res.body).toContain('npm start')
  })
})
