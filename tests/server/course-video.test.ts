import './helpers/native-modules'

import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { eq } from 'drizzle-orm'

import { loadConfig } from '../../server/config'
import { courseEnrollments, courseLessons, courses, liveSessions } from '../../server/db/schema'
import { LINK_TTL_SEC, loadMediaSecret, MEDIA_DIR, mediaFile } from '../../server/modules/course/media'
import { seedCourses } from '../../server/seed/course'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

let ctx: TestContext
const idOf: Record<string, number> = {}
let lessons: { lesson_id: number; preview: boolean }[]

beforeAll(async () => {
  ctx = await createTestContext()
  for (const c of await ctx.database.db.select().from(courses)) idOf[c.slug] = c.id
  const d = (await call(ctx.app, 'GET', '/api/course.index/getDetail', { course_id: idOf['bazi-basics'] })).data.detail
  lessons = d.chapters.flatMap((c: { lessons: unknown[] }) => c.lessons)
})
afterAll(() => ctx.close())

const lessonUrl = async (lessonId: number, token?: string): Promise<string> => {
  const res = await call(ctx.app, 'GET', '/api/course.lesson/detail', { lesson_id: lessonId }, token)
  expect(res.code).toBe(1)
  return res.data.video_url
}
/** The link as the server sees it: the public address taken off. */
const local = (url: string) => url.slice(ctx.config.publicUrl.length)
const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: local(url), headers })
const file = (name: string) => fs.readFileSync(path.join(MEDIA_DIR, 'course', name))

/** A link signed with the server's own secret, for cases the API never hands out. */
function signed(lessonId: number, uid: number, exp: number): string {
  const secret = fs.readFileSync(path.join(ctx.config.dataDir, 'media-secret'), 'utf8').trim()
  const sig = crypto.createHmac('sha256', secret).update(`lesson:${lessonId}:${uid}:${exp}`).digest('base64url')
  return `${ctx.config.publicUrl}/api/course.lesson/video?lesson_id=${lessonId}&uid=${uid}&exp=${exp}&sig=${sig}`
}
const inHours = (h: number) => Math.floor(Date.now() / 1000) + h * 3600

describe('signed lesson videos', () => {
  test('a preview link plays without login, whole, as video/mp4', async () => {
    const url = await lessonUrl(lessons[0].lesson_id)
    expect(url).toMatch(
      /^http:\/\/127\.0\.0\.1:3999\/api\/course\.lesson\/video\?lesson_id=\d+&uid=0&exp=\d+&sig=[\w-]{43}$/
    )
    const exp = Number(new URL(url).searchParams.get('exp'))
    expect(exp - Date.now() / 1000).toBeGreaterThan(LINK_TTL_SEC - 60)
    expect(exp - Date.now() / 1000).toBeLessThanOrEqual(LINK_TTL_SEC)
    const res = await get(url)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('video/mp4')
    expect(res.headers['accept-ranges']).toBe('bytes')
    expect(res.rawPayload.equals(file('yinyang.mp4'))).toBe(true)
  })

  test('a paid lesson plays for an enrolled user; a tampered, moved or expired link is refused', async () => {
    const me = await login(ctx.app, '看视频')
    const paid = lessons.find((l) => !l.preview)!
    await ctx.database.db
      .insert(courseEnrollments)
      .values({ userId: me.userId, courseId: idOf['bazi-basics'], source: 'order' })
    const url = await lessonUrl(paid.lesson_id, me.token)
    expect(url).toContain(`lesson_id=${paid.lesson_id}&uid=${me.userId}&`)
    const ok = await get(url)
    expect(ok.statusCode).toBe(200)
    expect(ok.rawPayload.equals(file('wuxing.mp4'))).toBe(true)

    const link = new URL(url)
    const variant = (key: string, value: string) => {
      const u = new URL(link)
      u.searchParams.set(key, value)
      return u.toString()
    }
    const sig = link.searchParams.get('sig')!
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1)
    const other = lessons.find((l) => !l.preview && l.lesson_id !== paid.lesson_id)!
    for (const bad of [
      variant('sig', flipped),
      variant('sig', sig.slice(1)),
      variant('lesson_id', String(other.lesson_id)),
      variant('uid', '0'),
      variant('exp', String(Number(link.searchParams.get('exp')) + 3600)),
      signed(paid.lesson_id, me.userId, inHours(-1)),
      url.replace(/&sig=.*$/, '')
    ]) {
      const res = await get(bad)
      expect(res.statusCode).toBe(403)
      expect(res.headers['content-type']).toMatch(/^text\/plain/)
      expect(res.body).toBe('链接无效或已过期，请重新打开课时')
    }
  })

  test('a well signed link of a user who may not watch, or of a missing lesson, plays nothing', async () => {
    const stranger = await login(ctx.app, '没买课')
    const paid = lessons.find((l) => !l.preview)!
    expect((await get(signed(paid.lesson_id, stranger.userId, inHours(1)))).statusCode).toBe(403)
    expect((await get(signed(paid.lesson_id, 0, inHours(1)))).statusCode).toBe(403)
    const missing = await get(signed(999999, 0, inHours(1)))
    expect(missing.statusCode).toBe(404)
    expect(missing.body).toBe('视频不存在')
  })

  test('a Range request gets 206 with exactly those bytes', async () => {
    const url = await lessonUrl(lessons[1].lesson_id)
    const whole = file('wuxing.mp4')
    const res = await get(url, { range: 'bytes=100-1123' })
    expect(res.statusCode).toBe(206)
    expect(res.headers['content-range']).toBe(`bytes 100-1123/${whole.length}`)
    expect(res.headers['content-type']).toBe('video/mp4')
    expect(res.rawPayload.equals(whole.subarray(100, 1124))).toBe(true)
    const tail = await get(url, { range: 'bytes=-16' })
    expect(tail.statusCode).toBe(206)
    expect(tail.rawPayload.equals(whole.subarray(whole.length - 16))).toBe(true)
  })

  test('the videos are no longer public files; the covers still are', async () => {
    for (const name of ['bazi', 'yinyang', 'wuxing', 'bagua', 'fengshui']) {
      expect((await ctx.app.inject({ method: 'GET', url: `/static/demo/course/${name}.mp4` })).statusCode).toBe(404)
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/static/demo/course/bazi.svg' })).statusCode).toBe(200)
  })

  test('a CDN address is handed out as it is; a key cannot reach outside the media folder', async () => {
    const [lesson] = await ctx.database.db
      .select()
      .from(courseLessons)
      .where(eq(courseLessons.id, lessons[0].lesson_id))
    try {
      await ctx.database.db
        .update(courseLessons)
        .set({ videoUrl: 'https://cdn.example.com/v/1.mp4?auth=x' })
        .where(eq(courseLessons.id, lesson.id))
      expect(await lessonUrl(lesson.id)).toBe('https://cdn.example.com/v/1.mp4?auth=x')
      await ctx.database.db
        .update(courseLessons)
        .set({ videoUrl: 'media:../../package.json' })
        .where(eq(courseLessons.id, lesson.id))
      expect(await lessonUrl(lesson.id)).toBe('media:../../package.json')
      expect((await get(signed(lesson.id, 0, inHours(1)))).statusCode).toBe(404)
    } finally {
      await ctx.database.db
        .update(courseLessons)
        .set({ videoUrl: lesson.videoUrl })
        .where(eq(courseLessons.id, lesson.id))
    }
    expect(mediaFile('media:course/bazi.mp4')).toBe('course/bazi.mp4')
    for (const key of [
      'media:../x.mp4',
      'media:course/../../x.mp4',
      'media:/etc/x.mp4',
      'media:course/.x.mp4',
      'media:course\\x.mp4',
      'media:course/x.txt',
      '/static/demo/course/bazi.mp4'
    ]) {
      expect(mediaFile(key)).toBeUndefined()
    }
  })

  test('rows seeded when the videos were public get their media key', async () => {
    const lessonId = lessons[0].lesson_id
    await ctx.database.db
      .update(courseLessons)
      .set({ videoUrl: '/static/demo/course/yinyang.mp4' })
      .where(eq(courseLessons.id, lessonId))
    const [session] = await ctx.database.db
      .select()
      .from(liveSessions)
      .where(eq(liveSessions.replayUrl, 'media:course/bazi.mp4'))
      .limit(1)
    await ctx.database.db
      .update(liveSessions)
      .set({ replayUrl: '/static/demo/course/bazi.mp4' })
      .where(eq(liveSessions.id, session.id))
    await ctx.database.db.transaction((tx) => seedCourses(tx))
    expect((await ctx.database.db.select().from(courseLessons).where(eq(courseLessons.id, lessonId)))[0].videoUrl).toBe(
      'media:course/yinyang.mp4'
    )
    expect(
      (await ctx.database.db.select().from(liveSessions).where(eq(liveSessions.id, session.id)))[0].replayUrl
    ).toBe('media:course/bazi.mp4')
  })
})

describe('the signing secret', () => {
  test('made once in the data folder, readable by the owner only, and kept across restarts', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yx-media-'))
    try {
      const config = loadConfig({ DATA_DIR: path.join(dir, 'data') })
      const first = loadMediaSecret(config)
      expect(first).toMatch(/^[0-9a-f]{64}$/)
      const secretFile = path.join(config.dataDir, 'media-secret')
      expect(fs.statSync(secretFile).mode & 0o777).toBe(0o600)
      expect(loadMediaSecret(loadConfig({ DATA_DIR: path.join(dir, 'data') }))).toBe(first)
      expect(fs.readdirSync(config.dataDir)).toEqual(['media-secret'])
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  test('MEDIA_SECRET wins and nothing is written', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yx-media-'))
    try {
      const secret = 'x'.repeat(40)
      expect(loadMediaSecret(loadConfig({ DATA_DIR: dir, MEDIA_SECRET: secret }))).toBe(secret)
      expect(fs.readdirSync(dir)).toEqual([])
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
