import './helpers/native-modules'

import fs from 'node:fs'
import path from 'node:path'

import { ListObjectsV2Command } from '@aws-sdk/client-s3'
import { eq, inArray } from 'drizzle-orm'

import { courseCategories, courseVideoUploads } from '../../server/db/schema'
import { BUCKET_PART_BYTES, bucketVideoUploads } from '../../server/modules/admin/course-video-bucket'
import { ensureInitialOwner } from '../../server/modules/admin/operators'
import { MEDIA_DIR } from '../../server/modules/course/media'
import { mediaMultipart } from '../../server/storage/multipart'
import { s3Storage } from '../../server/storage/s3'
import { addOperator, type AdminClient, adminLogin, shelvedPreviewLesson } from './helpers/admin'
import { type LocalS3, S3_BUCKET, startLocalS3 } from './helpers/s3'
import { call, createTestContext, type TestContext } from './helpers/test-app'

// Lesson videos with STORAGE=s3: the console's browser sends the parts straight to the bucket through
// pre-signed addresses (plain fetch here, as the browser does), the server only starts and completes.

jest.setTimeout(300_000)

let s3: LocalS3
let ctx: TestContext
let owner: AdminClient
let editor: AdminClient
const OWNER_PASSWORD = 'Owner-pass-1'
const mp4 = fs.readFileSync(path.join(MEDIA_DIR, 'course', 'bazi.mp4'))
/** Two parts: a whole one and the rest, starting as a real mp4 does. */
const film = Buffer.concat([mp4, Buffer.alloc(BUCKET_PART_BYTES, 7)])

beforeAll(async () => {
  s3 = await startLocalS3()
  ctx = await createTestContext(s3.env)
  await ensureInitialOwner(ctx.database.db, OWNER_PASSWORD)
  owner = (await adminLogin(ctx.app, 'admin', OWNER_PASSWORD)).client!
  editor = await addOperator(ctx.app, owner, 'editor', 'content')
}, 120_000)
afterAll(async () => {
  await ctx?.close()
  await s3?.close()
})

const bucket = () => s3Storage(ctx.config.storage.s3)

/** Objects the bucket holds under the uploaded-videos folder. */
async function uploadedObjects(): Promise<string[]> {
  const b = bucket()
  const r = await b.client.send(new ListObjectsV2Command({ Bucket: b.bucket, Prefix: 'media/course/uploads/' }))
  return (r.Contents ?? []).map((o) => o.Key!)
}

async function rowOf(uploadId: string) {
  const [row] = await ctx.database.db.select().from(courseVideoUploads).where(eq(courseVideoUploads.id, uploadId))
  return row
}

async function start(client: AdminClient, name: string, size: number, resumeId?: string) {
  const r = await client.post('/course/videoStart', { file_name: name, size, resume_id: resumeId })
  expect(r).toMatchObject({ code: 1 })
  return r.data as { upload_id: string; target: string; parts: number; part_bytes: number; uploaded: Part[] }
}

interface Part {
  part_number: number
  etag: string
}

/** PUTs the chosen parts of `file` to their pre-signed addresses, as the console does. */
async function putParts(client: AdminClient, uploadId: string, file: Buffer, numbers: number[]): Promise<Part[]> {
  const done: Part[] = []
  for (const n of numbers) {
    const r = await client.post('/course/videoPartUrls', { upload_id: uploadId, first: n, count: 1 })
    expect(r.code).toBe(1)
    const { url } = r.data.urls[0]
    expect(url.startsWith(`${s3.endpoint}/${S3_BUCKET}/media/course/uploads/`)).toBe(true)
    const body = file.subarray((n - 1) * BUCKET_PART_BYTES, n * BUCKET_PART_BYTES)
    const res = await fetch(url, { method: 'PUT', body: new Uint8Array(body) })
    expect(res.status).toBe(200)
    done.push({ part_number: n, etag: res.headers.get('etag')! })
  }
  return done
}

test('a video goes from the browser straight to the bucket and the lesson plays it through a signed link', async () => {
  const s = await start(editor, '第一课.MP4', film.length)
  expect(s).toMatchObject({ target: 'bucket', part_bytes: BUCKET_PART_BYTES, parts: 2, uploaded: [] })
  // Addresses for a range of parts at once, never past the last part.
  const urls = await editor.post('/course/videoPartUrls', { upload_id: s.upload_id, first: 1, count: 20 })
  expect(urls.data.urls.map((u: Part) => u.part_number)).toEqual([1, 2])
  const parts = await putParts(editor, s.upload_id, film, [2, 1])
  const done = await editor.post('/course/videoComplete', { upload_id: s.upload_id, parts })
  expect(done).toMatchObject({ code: 1 })
  expect(done.data.video).toMatch(/^media:course\/uploads\/\d{6}\/[a-f0-9]{24}\.mp4$/)
  expect(await rowOf(s.upload_id)).toBeUndefined()
  expect(await uploadedObjects()).toEqual([`media/${done.data.video.slice('media:'.length)}`])
  // Used up.
  expect((await editor.post('/course/videoComplete', { upload_id: s.upload_id, parts })).msg).toBe(
    '上传已失效，请重新选择文件'
  )
  // No byte was staged on this server.
  expect(fs.existsSync(path.join(ctx.config.dataDir, 'video-uploads'))).toBe(false)

  const [{ id: categoryId }] = await ctx.database.db.select({ id: courseCategories.id }).from(courseCategories).limit(1)
  const lessonId = await shelvedPreviewLesson(
    editor,
    {
      title: '桶里的课',
      subtitle: '视频在存储桶里',
      cover: '/static/demo/course/bazi.svg',
      intro: '<p>第一讲</p>',
      price_fen: 100,
      original_price_fen: 0,
      teacher: '陈老师',
      teacher_title: '命理讲师',
      category_id: categoryId
    },
    done.data.video
  )
  const url: string = (await call(ctx.app, 'GET', '/api/course.lesson/detail', { lesson_id: lessonId })).data.video_url
  expect(url.startsWith(`${s3.endpoint}/${S3_BUCKET}/media/course/uploads/`)).toBe(true)
  const res = await fetch(url)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('video/mp4')
  expect(Buffer.from(await res.arrayBuffer()).equals(film)).toBe(true)
})

/** After a refusal neither the object nor the unfinished upload is left in the bucket. */
async function expectNothingLeft(uploadId: string, row: typeof courseVideoUploads.$inferSelect) {
  expect(await rowOf(uploadId)).toBeUndefined()
  expect(await mediaMultipart(bucket()).parts(row.mediaKey, row.s3UploadId)).toBeUndefined()
  expect(await uploadedObjects()).not.toContain(`media/${row.mediaKey}`)
}

test('a wrong size, a renamed document or a missing part is refused and nothing is left in the bucket', async () => {
  const doc = Buffer.from('%PDF-1.4 not a film at all')
  const cases = [
    // Announced one byte more than was sent.
    { size: film.length + 1, file: film, sent: [1, 2], msg: '存储中的视频大小与所选文件不一致，请重新上传' },
    { size: doc.length, file: doc, sent: [1], msg: '文件内容不是有效的视频' },
    { size: film.length, file: film, sent: [2], msg: '视频第 1 段还没有上传完成，请重新上传' }
  ]
  for (const c of cases) {
    const s = await start(editor, 'a.mp4', c.size)
    const row = await rowOf(s.upload_id)
    const parts = await putParts(editor, s.upload_id, c.file, c.sent)
    expect((await editor.post('/course/videoComplete', { upload_id: s.upload_id, parts })).msg).toBe(c.msg)
    await expectNothingLeft(s.upload_id, row)
  }
  expect(await uploadedObjects()).toHaveLength(1)
})

test("another operator can neither send parts to, resume nor complete someone's upload", async () => {
  const s = await start(editor, 'b.mp4', film.length)
  const parts = await putParts(editor, s.upload_id, film, [1, 2])
  const row = await rowOf(s.upload_id)
  expect((await owner.post('/course/videoPartUrls', { upload_id: s.upload_id, first: 1, count: 2 })).msg).toBe(
    '上传已失效，请重新选择文件'
  )
  expect((await owner.post('/course/videoComplete', { upload_id: s.upload_id, parts })).msg).toBe(
    '上传已失效，请重新选择文件'
  )
  // Naming it as one's own unfinished upload starts a fresh one instead.
  const theirs = await start(owner, 'b.mp4', film.length, s.upload_id)
  expect(theirs.upload_id).not.toBe(s.upload_id)
  expect(theirs.uploaded).toEqual([])
  expect(await uploadedObjects()).not.toContain(`media/${row.mediaKey}`)
  // The upload is untouched: its operator still completes it.
  const done = await editor.post('/course/videoComplete', { upload_id: s.upload_id, parts })
  expect(done.data.video).toBe(`media:${row.mediaKey}`)
})

test('two completes of one upload at once (a double click, two servers) store it once', async () => {
  const s = await start(editor, 'g.mp4', film.length)
  const parts = await putParts(editor, s.upload_id, film, [1, 2])
  const before = (await uploadedObjects()).length
  const both = await Promise.all([
    editor.post('/course/videoComplete', { upload_id: s.upload_id, parts }),
    editor.post('/course/videoComplete', { upload_id: s.upload_id, parts })
  ])
  expect(both.map((r) => r.msg).sort()).toEqual(['success', '上传已失效，请重新选择文件'])
  expect(await uploadedObjects()).toHaveLength(before + 1)
})

test('after a reload the console carries on from the parts the bucket already has', async () => {
  const first = await start(editor, '续传.mp4', film.length)
  const [part1] = await putParts(editor, first.upload_id, film, [1])
  // The page is reloaded: the same file is picked again and the unfinished upload named.
  const again = await start(editor, '续传.mp4', film.length, first.upload_id)
  expect(again).toMatchObject({ upload_id: first.upload_id, parts: 2, uploaded: [part1] })
  const [part2] = await putParts(editor, first.upload_id, film, [2])
  const done = await editor.post('/course/videoComplete', {
    upload_id: first.upload_id,
    parts: [...again.uploaded, part2]
  })
  expect(done).toMatchObject({ code: 1 })
  const res = await fetch((await bucket().mediaUrl(done.data.video.slice('media:'.length), 60))!)
  expect(Buffer.from(await res.arrayBuffer()).equals(film)).toBe(true)
  // Another file (another size) is never taken for it.
  const other = await start(editor, '续传.mp4', film.length - 1, first.upload_id)
  expect(other.upload_id).not.toBe(first.upload_id)
})

test('uploads given up are aborted by the cleanup job; fresh ones are kept', async () => {
  const old = await start(editor, 'c.mp4', film.length)
  await putParts(editor, old.upload_id, film, [1])
  const oldRow = await rowOf(old.upload_id)
  // A server completed this one at the bucket and died before its checks: the object is there, unclaimed.
  const died = await start(editor, 'h.mp4', mp4.length)
  const [diedPart] = await putParts(editor, died.upload_id, mp4, [1])
  const diedRow = await rowOf(died.upload_id)
  await mediaMultipart(bucket()).complete(diedRow.mediaKey, diedRow.s3UploadId, [
    { partNumber: 1, etag: diedPart.etag }
  ])
  expect(await uploadedObjects()).toContain(`media/${diedRow.mediaKey}`)
  const fresh = await start(editor, 'd.mp4', film.length)
  await ctx.database.db
    .update(courseVideoUploads)
    .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
    .where(inArray(courseVideoUploads.id, [old.upload_id, died.upload_id]))
  const jobs = bucketVideoUploads(ctx.app, bucket())
  expect(await jobs.abortAbandoned(new Date(Date.now() - 24 * 3600_000))).toBe(2)
  await expectNothingLeft(old.upload_id, oldRow)
  await expectNothingLeft(died.upload_id, diedRow)
  expect(await rowOf(fresh.upload_id)).toBeDefined()
  expect((await editor.post('/course/videoPartUrls', { upload_id: old.upload_id, first: 1, count: 1 })).msg).toBe(
    '上传已失效，请重新选择文件'
  )
})

test('the bucket lets the console page PUT a part and read its ETag (CORS)', async () => {
  const s = await start(editor, 'e.mp4', mp4.length)
  const { url } = (await editor.post('/course/videoPartUrls', { upload_id: s.upload_id, first: 1, count: 1 })).data
    .urls[0]
  const origin = 'https://admin.example.com'
  const preflight = await fetch(url, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' }
  })
  expect(preflight.status).toBe(200)
  expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT')
  const put = await fetch(url, { method: 'PUT', body: mp4, headers: { origin } })
  expect(put.status).toBe(200)
  expect(put.headers.get('access-control-expose-headers')).toContain('ETag')
})

test('with a bucket no part goes through this server', async () => {
  const s = await start(editor, 'f.mp4', 10)
  expect(s.target).toBe('bucket')
  expect((await editor.post('/course/videoPart', { upload_id: s.upload_id, index: 0, data: 'AAAA' })).msg).toBe(
    '上传已失效，请重新选择文件'
  )
})
