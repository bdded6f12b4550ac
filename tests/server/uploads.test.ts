import './helpers/native-modules'

import fs from 'node:fs'

import { sql } from 'drizzle-orm'

import { call, createTestContext, login, type TestContext } from './helpers/test-app'
import { PNG, upload as uploadAs } from './helpers/upload'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(() => ctx.close())

const uploadsDir = () => ctx.config.uploadDir
const listUploads = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir(), { recursive: true }) : [])
const countFiles = async () =>
  (
    (await ctx.database.db.execute(sql`select count(*)::int as n from uploaded_files`)) as unknown as {
      rows: { n: number }[]
    }
  ).rows[0].n

const upload = (token: string | undefined, field: string, filename: string, data: Buffer, type?: string) =>
  uploadAs(ctx, token, field, filename, data, type)

test('an image is stored under a random name and served back at its url', async () => {
  const { token } = await login(ctx.app, '上传者')
  const r = await upload(token, 'file', 'my photo.png', PNG)
  expect(r.code).toBe(1)
  expect(r.data.url).toMatch(/^http:\/\/127\.0\.0\.1:3999\/uploads\/\d{6}\/[0-9a-f]{32}\.png$/)
  expect(r.data.file_id).toBeGreaterThan(0)
  const served = await ctx.app.inject({ method: 'GET', url: new URL(r.data.url).pathname })
  expect(served.statusCode).toBe(200)
  expect(served.rawPayload.equals(PNG)).toBe(true)
  expect(served.headers['cache-control']).toContain('immutable')
})

test('content decides, not the name: a text file called .png is refused', async () => {
  const { token } = await login(ctx.app, '伪装者')
  expect(await upload(token, 'file', 'evil.png', Buffer.from('<script>alert(1)</script>'))).toMatchObject({
    code: 0,
    msg: '只能上传 JPG、PNG、GIF 或 WebP 图片'
  })
})

test('more than 5 MB is refused', async () => {
  const { token } = await login(ctx.app, '大文件')
  const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)])
  const r = await upload(token, 'file', 'big.png', big)
  expect(r.code).toBe(0)
  expect(r.msg).toContain('5MB')
})

test('the limit is 5 MB inclusive: exactly 5 MB is stored, one byte more refused and nothing is written', async () => {
  const { token } = await login(ctx.app, '边界')
  const fiveMb = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 - PNG.length)])
  expect(fiveMb.length).toBe(5 * 1024 * 1024)
  const files = listUploads().length
  const rows = await countFiles()
  const over = await upload(token, 'file', 'over.png', Buffer.concat([fiveMb, Buffer.alloc(1)]))
  expect(over.code).toBe(0)
  expect(over.msg).toMatch(/不能超过 5MB/)
  expect(await countFiles()).toBe(rows)
  expect(listUploads().length).toBe(files)
  const exact = await upload(token, 'file', 'exact.png', fiveMb)
  expect(exact.code).toBe(1)
  expect(await countFiles()).toBe(rows + 1)
})

test('JPEG, GIF and WebP are recognised by their bytes whatever the name says', async () => {
  const { token } = await login(ctx.app, '多格式')
  const samples: [Buffer, string][] = [
    [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]), 'jpg'],
    [Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'gif'],
    [Buffer.concat([Buffer.from('RIFF'), Buffer.from([26, 0, 0, 0]), Buffer.from('WEBPVP8 ')]), 'webp']
  ]
  for (const [data, ext] of samples) {
    const r = await upload(token, 'file', 'picture.txt', data, 'text/plain')
    expect(r.code).toBe(1)
    expect(r.data.url.endsWith(`.${ext}`)).toBe(true)
  }
})

test('login is required and the field must be called file', async () => {
  expect(await upload(undefined, 'file', 'a.png', PNG)).toMatchObject({ code: -9999 })
  const { token } = await login(ctx.app, '字段')
  expect(await upload(token, 'image', 'a.png', PNG)).toMatchObject({ code: 0, msg: '请选择要上传的图片' })
  const json = await call(ctx.app, 'POST', '/api/file.upload/image', { file: 'x' }, token)
  expect(json).toMatchObject({ code: 0 })
})

test('only stored uploads are served: a missing name or a way out of the uploads folder is not found', async () => {
  const get = async (url: string) => (await ctx.app.inject({ method: 'GET', url })).statusCode
  const missing = await ctx.app.inject({ method: 'GET', url: `/uploads/202401/${'a'.repeat(32)}.png` })
  expect(missing.statusCode).toBe(404)
  // Not remembered as missing: the name may be stored a moment later.
  expect(missing.headers['cache-control'] ?? '').not.toContain('immutable')
  expect(await get('/uploads/..%2F..%2Fpackage.json')).toBe(404)
  expect(await get('/uploads/%2e%2e/%2e%2e/package.json')).toBe(404)
})
