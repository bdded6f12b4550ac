import './helpers/native-modules'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'
import { PNG, upload as uploadAs } from './helpers/upload'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(() => ctx.close())

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
  expect(await upload(token, 'file', 'evil.png', Buffer.from('<script>alert(1)</script>'))).toMatchObject({ code: 0, msg: '只能上传 JPG、PNG、GIF 或 WebP 图片' })
})

test('more than 5 MB is refused', async () => {
  const { token } = await login(ctx.app, '大文件')
  const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)])
  const r = await upload(token, 'file', 'big.png', big)
  expect(r.code).toBe(0)
  expect(r.msg).toContain('5MB')
})

test('login is required and the field must be called file', async () => {
  expect(await upload(undefined, 'file', 'a.png', PNG)).toMatchObject({ code: -9999 })
  const { token } = await login(ctx.app, '字段')
  expect(await upload(token, 'image', 'a.png', PNG)).toMatchObject({ code: 0, msg: '参数错误: file 不能为空' })
  const json = await call(ctx.app, 'POST', '/api/file.upload/image', { file: 'x' }, token)
  expect(json).toMatchObject({ code: 0 })
})
