import './helpers/native-modules'

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'

import { eq } from 'drizzle-orm'

import { homeBanners } from '../../server/db/schema'
import { forgetHome } from '../../server/modules/home'
import { createTestContext, type TestContext } from './helpers/test-app'

// Where index.html takes the home's first banner (src/index.html).
const MARKER = "'__FIRST_BANNER__'"

let ctx: TestContext
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'yx-dist-'))
beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'js'))
  fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><title>易学</title><script>show(${MARKER})</script>`)
  fs.writeFileSync(path.join(dist, 'js', 'app.3f2a1b9c.js'), 'console.log(1)')
  fs.writeFileSync(
    path.join(dist, 'js', 'vendors.5e6f7a8b.js'),
    `/* vendors */\n${'export const 易 = "学";\n'.repeat(400)}`
  )
  ctx = await createTestContext({ DIST_DIR: dist })
})
afterAll(async () => {
  await ctx.close()
  fs.rmSync(dist, { recursive: true, force: true })
})

test('index.html is never cached, hashed assets are cached forever, the API still answers', async () => {
  const index = await ctx.app.inject({ method: 'GET', url: '/' })
  expect(index.statusCode).toBe(200)
  expect(index.body).toContain('易学')
  expect(index.headers['cache-control']).toBe('no-cache')
  const asset = await ctx.app.inject({ method: 'GET', url: '/js/app.3f2a1b9c.js' })
  expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  expect((await ctx.app.inject({ method: 'GET', url: '/api/index/nav' })).json().code).toBe(1)
  expect((await ctx.app.inject({ method: 'GET', url: '/api/none' })).json()).toEqual({
    code: 0,
    msg: '接口不存在',
    data: {}
  })
})

test("the app's scripts go out compressed to browsers that accept it, with the same caching", async () => {
  const raw = fs.readFileSync(path.join(dist, 'js', 'vendors.5e6f7a8b.js'))
  for (const [encoding, decode] of [
    ['br', zlib.brotliDecompressSync],
    ['gzip', zlib.gunzipSync]
  ] as const) {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/js/vendors.5e6f7a8b.js',
      headers: { 'accept-encoding': encoding }
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe(encoding)
    expect(res.headers['content-type']).toContain('javascript')
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.rawPayload.length).toBeLessThan(raw.length / 5)
    expect(decode(res.rawPayload).equals(raw)).toBe(true)
  }
  const plain = await ctx.app.inject({ method: 'GET', url: '/js/vendors.5e6f7a8b.js' })
  expect(plain.headers['content-encoding']).toBeUndefined()
  expect(plain.rawPayload.equals(raw)).toBe(true)
})

describe("the home's first banner written into index.html", () => {
  const shown = (body: string) => JSON.parse(/show\(("[^)]*")\)/.exec(body)![1]) as string
  const firstBanner = async () => {
    const home = await ctx.app.inject({ method: 'GET', url: '/api/index/index' })
    return home.json().data.banners[0]
  }

  test('the page names the banner the home shows first, at / and /index.html, compressed as asked', async () => {
    const banner = await firstBanner()
    expect(banner.image).toMatch(/^http/)
    const page = await ctx.app.inject({ method: 'GET', url: '/' })
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(shown(page.body)).toBe(banner.image)
    expect(page.body).not.toContain(MARKER)
    const named = await ctx.app.inject({ method: 'GET', url: '/index.html', headers: { 'accept-encoding': 'br' } })
    expect(named.headers['content-encoding']).toBe('br')
    expect(zlib.brotliDecompressSync(named.rawPayload).toString()).toBe(page.body)
    const zipped = await ctx.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } })
    expect(zlib.gunzipSync(zipped.rawPayload).toString()).toBe(page.body)
    // A client that weighs brotli at 0 refuses it: it gets gzip, or the page plain when it refuses both.
    const noBrotli = await ctx.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br;q=0, gzip' } })
    expect(noBrotli.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(noBrotli.rawPayload).toString()).toBe(page.body)
    const neither = await ctx.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'br;q=0, gzip;q=0' }
    })
    expect(neither.headers['content-encoding']).toBeUndefined()
    expect(neither.body).toBe(page.body)
  })

  test("a browser holding the same page gets 304; an operator's new first banner changes the page", async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/' })
    const again = await ctx.app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': first.headers.etag } })
    expect(again.statusCode).toBe(304)
    // An address that would close the script if written as is.
    const [row] = await ctx.database.db
      .insert(homeBanners)
      .values({ slug: 'early-test', title: '测试', image: '/static/a</script><b>.png', sort: -100 })
      .returning()
    try {
      forgetHome(ctx.database.db)
      const etag = first.headers.etag
      const changed = await ctx.app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': etag } })
      expect(changed.statusCode).toBe(200)
      expect(changed.body).not.toContain('</script><b>')
      expect(shown(changed.body)).toBe((await firstBanner()).image)
      expect(shown(changed.body)).toMatch(/\/static\/a<\/script><b>\.png$/)
    } finally {
      await ctx.database.db.delete(homeBanners).where(eq(homeBanners.id, row.id))
      forgetHome(ctx.database.db)
    }
  })

  test('while a rebuild has taken index.html away, the page read last is served; then the new one', async () => {
    const file = path.join(dist, 'index.html')
    const before = fs.readFileSync(file, 'utf8')
    const served = (await ctx.app.inject({ method: 'GET', url: '/' })).body
    fs.rmSync(file)
    try {
      const during = await ctx.app.inject({ method: 'GET', url: '/' })
      expect(during.statusCode).toBe(200)
      expect(during.body).toBe(served)
    } finally {
      fs.writeFileSync(file, before.replace('<title>易学</title>', '<title>易学 新版</title>'))
      // A different modification time than the file it replaces, on file systems with coarse times too.
      fs.utimesSync(file, new Date(), new Date(Date.now() + 5_000))
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/' })).body).toContain('易学 新版')
  })

  test('with no banner to show, the page names none', async () => {
    await ctx.database.db.update(homeBanners).set({ visible: false })
    try {
      forgetHome(ctx.database.db)
      expect(shown((await ctx.app.inject({ method: 'GET', url: '/' })).body)).toBe('')
    } finally {
      await ctx.database.db.update(homeBanners).set({ visible: true })
      forgetHome(ctx.database.db)
    }
  })
})
