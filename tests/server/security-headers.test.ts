import './helpers/native-modules'

import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type { Database } from '../../server/db/database'
import { createTestContext, login, type TestContext } from './helpers/test-app'
import { openTestDatabase } from './helpers/test-db'
import { PNG, upload } from './helpers/upload'

// A built app and console of our own (the real builds are not needed to see what the server says about them).
const builds = fs.mkdtempSync(path.join(os.tmpdir(), 'yx-headers-'))
const H5 = path.join(builds, 'h5')
const ADMIN = path.join(builds, 'admin')
fs.mkdirSync(H5)
fs.mkdirSync(ADMIN)
fs.writeFileSync(
  path.join(H5, 'index.html'),
  "<!doctype html><html><head><script>var banner = '__FIRST_BANNER__'</script>" +
    '<script src="/js/app.js"></script></head><body><script>window.go && go()</script></body></html>'
)
fs.writeFileSync(
  path.join(ADMIN, 'index.html'),
  '<!doctype html><title>运营后台</title><script src="/admin/a.js"></script>'
)

let database: Database
let dev: TestContext
let prod: TestContext
beforeAll(async () => {
  database = await openTestDatabase('seeded')
  const dirs = { DIST_DIR: H5, ADMIN_DIST_DIR: ADMIN }
  dev = await createTestContext(dirs, database)
  prod = await createTestContext({ ...dirs, NODE_ENV: 'production', PUBLIC_URL: 'https://yixue.example.com' }, database)
})
afterAll(async () => {
  await prod.close()
  await dev.close()
  await database.close()
  fs.rmSync(builds, { recursive: true, force: true })
})

const get = (ctx: TestContext, url: string) => ctx.app.inject({ method: 'GET', url })
/** The directives of a Content-Security-Policy, by name. */
const csp = (header: unknown) =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources])
  )
const sha256 = (text: string) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`

test("the app page runs its own inline scripts by hash, nothing injected, WeChat's JS-SDK, and no eval", async () => {
  const res = await get(dev, '/')
  expect(res.statusCode).toBe(200)
  const scripts = [...res.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1])
  expect(scripts).toHaveLength(2)
  const policy = csp(res.headers['content-security-policy'])
  for (const body of scripts) expect(policy['script-src']).toContain(sha256(body))
  expect(policy['script-src']).not.toContain(sha256("var banner = '__FIRST_BANNER__'"))
  expect(policy['script-src']).toEqual(
    expect.arrayContaining(["'self'", 'https://res.wx.qq.com', 'https://res2.wx.qq.com'])
  )
  expect(policy['script-src'].join(' ')).not.toMatch(/unsafe-inline|unsafe-eval/)
  expect(policy['object-src']).toEqual(["'none'"])
  expect(policy['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']))
  expect(policy['frame-ancestors']).toEqual(["'self'"])
  expect(res.headers).toMatchObject({
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
    'referrer-policy': 'strict-origin-when-cross-origin'
  })
  // A local trial over http is not pinned to https.
  expect(res.headers['strict-transport-security']).toBeUndefined()
  expect(policy['upgrade-insecure-requests']).toBeUndefined()
})

test('the console may never be framed and sends no referrer; its scripts are its own only', async () => {
  // Written with an escape the router decodes, it is still the console.
  for (const url of ['/admin/', '/admin', '/%61dmin/', '/%61dmin']) {
    const res = await get(dev, url)
    const policy = csp(res.headers['content-security-policy'])
    expect(policy['frame-ancestors']).toEqual(["'none'"])
    expect(policy['script-src']).toEqual(["'self'"])
    expect(res.headers).toMatchObject({
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff'
    })
  }
})

test('API answers, and an unknown address, carry the closed policy and nosniff', async () => {
  for (const url of ['/api/index/config', '/api/no.such/route', '/no-such-page']) {
    const res = await get(dev, url)
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['content-security-policy']).toBeDefined()
  }
  const api = await get(dev, '/api/index/config')
  expect(csp(api.headers['content-security-policy'])).toMatchObject({
    'default-src': ["'none'"],
    'frame-ancestors': ["'none'"]
  })
  expect(api.headers['x-frame-options']).toBe('DENY')
})

test('an uploaded picture is shown, sandboxed and nosniff; anything else stored there only downloads', async () => {
  const { token } = await login(dev.app, '上传者')
  const url: string = (await upload(dev, token, 'file', 'a.png', PNG)).data.url
  const picture = await get(dev, new URL(url).pathname)
  expect(picture.statusCode).toBe(200)
  expect(picture.headers['x-content-type-options']).toBe('nosniff')
  expect(picture.headers['content-disposition']).toBeUndefined()
  expect(csp(picture.headers['content-security-policy'])).toMatchObject({ sandbox: [], 'default-src': ["'none'"] })
  fs.mkdirSync(path.join(dev.config.uploadDir, 'x'), { recursive: true })
  fs.writeFileSync(path.join(dev.config.uploadDir, 'x', 'page.html'), '<script>alert(1)</script>')
  const page = await get(dev, '/uploads/x/page.html')
  expect(page.headers['content-disposition']).toBe('attachment')
  expect(page.headers['x-content-type-options']).toBe('nosniff')
})

test('in production HSTS is sent on everything and insecure requests are upgraded', async () => {
  for (const url of ['/', '/admin/', '/api/index/config']) {
    const res = await get(prod, url)
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000')
  }
  expect(csp((await get(prod, '/')).headers['content-security-policy'])['upgrade-insecure-requests']).toEqual([])
})

test('with Tencent Captcha on, the app (not the console) may load its script and frame its puzzle', async () => {
  const ctx = await createTestContext(
    { DIST_DIR: H5, ADMIN_DIST_DIR: ADMIN, TENCENT_CAPTCHA_APP_ID: '190000001', TENCENT_CAPTCHA_APP_SECRET_KEY: 'k' },
    database
  )
  try {
    const app = csp((await get(ctx, '/')).headers['content-security-policy'])
    expect(app['script-src']).toContain('https://turing.captcha.qcloud.com')
    expect(app['frame-src']).toEqual(expect.arrayContaining(['https://turing.captcha.qcloud.com']))
    const console = csp((await get(ctx, '/admin/')).headers['content-security-policy'])
    expect(console['script-src']).toEqual(["'self'"])
    // Off, the app trusts neither.
    expect(csp((await get(dev, '/')).headers['content-security-policy'])['script-src'].join(' ')).not.toContain(
      'captcha'
    )
  } finally {
    await ctx.close()
  }
})
