import './helpers/native-modules'

import fs from 'node:fs'
import path from 'node:path'

import { loadConfig } from '../../server/config'
import { linkSignature, loadLinkSecret } from '../../server/core/signed-link'
import { courses } from '../../server/db/schema'
import { MEDIA_DIR } from '../../server/modules/course/media'
import { copyLocalFilesToBucket } from '../../server/storage/migrate'
import { s3Storage } from '../../server/storage/s3'
import { type LocalS3, S3_BUCKET, startLocalS3 } from './helpers/s3'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'
import { PNG, upload, uploadPrivate } from './helpers/upload'

/** The S3 driver against a local S3-compatible server: the same calls production makes to COS, OSS or MinIO. */
let s3: LocalS3
let ctx: TestContext
beforeAll(async () => {
  s3 = await startLocalS3()
  ctx = await createTestContext(s3.env)
}, 60_000)
afterAll(async () => {
  await ctx?.close()
  await s3?.close()
})

const bucket = () => s3Storage(ctx.config.storage.s3)

test('an uploaded image goes to the bucket and is read from its public address', async () => {
  const { token } = await login(ctx.app, '桶上传')
  const r = await upload(ctx, token, 'file', 'a.png', PNG)
  expect(r.code).toBe(1)
  expect(r.data.url).toMatch(new RegExp(`^${s3.endpoint}/${S3_BUCKET}/uploads/\\d{6}/[0-9a-f]{32}\\.png$`))
  const res = await fetch(r.data.url)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('image/png')
  expect(res.headers.get('cache-control')).toContain('immutable')
  expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true)
  // Nothing landed on this machine's disk.
  expect(fs.existsSync(ctx.config.uploadDir) ? fs.readdirSync(ctx.config.uploadDir) : []).toEqual([])
})

test('an address stored before the move (/uploads/...) is sent on to the bucket; odd keys are not', async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/uploads/202401/abc.png' })
  expect(res.statusCode).toBe(301)
  expect(res.headers.location).toBe(`${s3.endpoint}/${S3_BUCKET}/uploads/202401/abc.png`)
  expect((await ctx.app.inject({ method: 'GET', url: '/uploads/..%2Fmedia%2Fcourse%2Fbazi.mp4' })).statusCode).toBe(404)
})

test('a CDN address, when set, is what users get', () => {
  const config = loadConfig({ ...s3.env, S3_PUBLIC_BASE_URL: 'https://cdn.example.com/' })
  expect(s3Storage(config.storage.s3).publicUrl('202401/a.png')).toBe('https://cdn.example.com/uploads/202401/a.png')
  const virtualHosted = loadConfig({
    ...s3.env,
    S3_FORCE_PATH_STYLE: '',
    S3_ENDPOINT: 'https://cos.ap-shanghai.myqcloud.com'
  })
  expect(s3Storage(virtualHosted.storage.s3).publicUrl('k.png')).toBe(
    `https://${S3_BUCKET}.cos.ap-shanghai.myqcloud.com/uploads/k.png`
  )
})

test('the migration copies local uploads and media into the bucket and is safe to rerun', async () => {
  const uploadDir = path.join(ctx.config.dataDir, 'old-uploads')
  fs.mkdirSync(path.join(uploadDir, '202312'), { recursive: true })
  fs.writeFileSync(path.join(uploadDir, '202312', 'old.png'), PNG)
  const media = fs.readdirSync(path.join(MEDIA_DIR, 'course')).length
  const first = await copyLocalFilesToBucket(bucket(), { uploadDir, mediaDir: MEDIA_DIR })
  expect(first.copied).toContain('uploads/202312/old.png')
  expect(first.copied).toContain('media/course/bazi.mp4')
  expect(first.copied.length).toBe(1 + media)
  const again = await copyLocalFilesToBucket(bucket(), { uploadDir, mediaDir: MEDIA_DIR })
  expect(again).toEqual({ copied: [], skipped: 1 + media })
  // A file that changed (another size) is copied again.
  fs.writeFileSync(path.join(uploadDir, '202312', 'old.png'), Buffer.concat([PNG, Buffer.alloc(3)]))
  expect((await copyLocalFilesToBucket(bucket(), { uploadDir, mediaDir: MEDIA_DIR })).copied).toEqual([
    'uploads/202312/old.png'
  ])
  const res = await fetch(`${s3.endpoint}/${S3_BUCKET}/uploads/202312/old.png`)
  expect((await res.arrayBuffer()).byteLength).toBe(PNG.length + 3)
})

test('course videos in the bucket play through pre-signed links that expire', async () => {
  await copyLocalFilesToBucket(bucket(), { uploadDir: path.join(ctx.config.dataDir, 'none'), mediaDir: MEDIA_DIR })
  const [course] = (await ctx.database.db.select().from(courses)).filter((c) => c.slug === 'bazi-basics')
  const d = (await call(ctx.app, 'GET', '/api/course.index/getDetail', { course_id: course.id })).data.detail
  const preview = d.chapters
    .flatMap((c: { lessons: { lesson_id: number; preview: boolean }[] }) => c.lessons)
    .find((l: { preview: boolean }) => l.preview)
  const url: string = (await call(ctx.app, 'GET', '/api/course.lesson/detail', { lesson_id: preview.lesson_id })).data
    .video_url
  expect(url.startsWith(`${s3.endpoint}/${S3_BUCKET}/media/course/`)).toBe(true)
  expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe(String(6 * 3600))
  const ok = await fetch(url, { headers: { range: 'bytes=0-99' } })
  expect(ok.status).toBe(206)
  expect((await ok.arrayBuffer()).byteLength).toBe(100)
})

test('private images go to the private area and open only through pre-signed links that expire', async () => {
  const { token } = await login(ctx.app, '桶私密')
  const r = await uploadPrivate(ctx, token)
  expect(r.data.ref).toMatch(/^private:\d{6}\/[0-9a-f]{32}\.png$/)
  const key = r.data.ref.slice('private:'.length)
  const link = new URL(r.data.url)
  expect(link.origin + link.pathname).toBe(`${s3.endpoint}/${S3_BUCKET}/private/${key}`)
  expect(link.searchParams.get('X-Amz-Expires')).toBe('3600')
  const ok = await fetch(r.data.url)
  expect(ok.status).toBe(200)
  expect(ok.headers.get('cache-control')).toBe('private, max-age=3600')
  expect(Buffer.from(await ok.arrayBuffer()).equals(PNG)).toBe(true)
  expect(await bucket().sizeOf(`uploads/${key}`)).toBeUndefined()
  expect(fs.existsSync(ctx.config.privateDir)).toBe(false)
  // s3rver checks a v4 link's expiry but not its signature (real stores check both): expiry is what is tried here.
  const short = (await bucket().privateUrl(key, 1))!
  await new Promise((resolve) => setTimeout(resolve, 2100))
  expect((await fetch(short)).status).toBe(403)
  // A link this server signed while the images were on disk sends the browser on to a pre-signed one.
  const exp = Math.floor(Date.now() / 1000) + 600
  const sig = linkSignature(loadLinkSecret(ctx.config), `private:${key}`, exp)
  const moved = await ctx.app.inject({
    method: 'GET',
    url: `/api/file.private/image?key=${encodeURIComponent(key)}&exp=${exp}&sig=${sig}`
  })
  expect(moved.statusCode).toBe(302)
  expect(String(moved.headers.location)).toMatch(new RegExp(`^${s3.endpoint}/${S3_BUCKET}/private/${key}\\?`))
  expect(new URL(String(moved.headers.location)).searchParams.get('X-Amz-Expires')).toMatch(/^(599|600)$/)
})

test('the migration copies private images into the private area', async () => {
  const privateDir = path.join(ctx.config.dataDir, 'old-private')
  fs.mkdirSync(path.join(privateDir, '202312'), { recursive: true })
  fs.writeFileSync(path.join(privateDir, '202312', 'id.png'), PNG)
  const none = path.join(ctx.config.dataDir, 'none')
  const r = await copyLocalFilesToBucket(bucket(), { uploadDir: none, mediaDir: none, privateDir })
  expect(r.copied).toEqual(['private/202312/id.png'])
  const url = (await bucket().privateUrl('202312/id.png', 60))!
  expect(Buffer.from(await (await fetch(url)).arrayBuffer()).equals(PNG)).toBe(true)
})

test('an unknown access key is refused by the store, as a real one would', async () => {
  const wrong = s3Storage(loadConfig({ ...s3.env, S3_ACCESS_KEY_ID: 'NOT-OURS' }).storage.s3)
  await expect(wrong.put('x/y.png', PNG)).rejects.toThrow(/Access Key Id/i)
})
