import './helpers/native-modules'

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'

import { createTestContext, type TestContext } from './helpers/test-app'

let ctx: TestContext
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'yx-dist-'))
beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'js'))
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>易学</title>')
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
