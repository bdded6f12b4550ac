import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type { Browser } from 'playwright-core'

import { type LocalS3, S3_BUCKET, startLocalS3 } from '../server/helpers/s3'
import { launchBrowser, phone, screenshot, shown } from './browser'
import { consoleApi, desktop, logInToConsole } from './console-helpers'
import { type RunningServer, startServer } from './server'

// With STORAGE=s3 the console's page sends a lesson video straight into the bucket (a local s3rver,
// CORS as deploy/README.md asks), carries on after a dropped connection, and the app plays the lesson
// from the bucket's signed address.

const PASSWORD = 'Bucket-video-e2e-1'
let s3: LocalS3
let server: RunningServer
let browser: Browser
let dir: string

beforeAll(async () => {
  if (!fs.existsSync(path.resolve(__dirname, '../../dist/admin/index.html')))
    throw new Error('dist/admin is missing: run `npm run build:admin` before the browser tests')
  s3 = await startLocalS3()
  server = await startServer({ ADMIN_INITIAL_PASSWORD: PASSWORD, ...s3.env })
  browser = await launchBrowser()
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yx-video-'))
}, 300_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await s3?.close()
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
})

/** A real mp4 grown past one 8 MB part by a trailing `free` box, which players skip. */
function twoPartFilm(): { file: string; bytes: Buffer } {
  const mp4 = fs.readFileSync(path.resolve(__dirname, '../../server/media/course/bazi.mp4'))
  const free = Buffer.alloc(9 * 1024 * 1024)
  free.writeUInt32BE(free.length, 0)
  free.write('free', 4, 'latin1')
  const bytes = Buffer.concat([mp4, free])
  const file = path.join(dir, '第一讲.mp4')
  fs.writeFileSync(file, bytes)
  return { file, bytes }
}

test('console uploads a lesson video direct to the bucket, resumes after a lost part; the app plays it', async () => {
  const api = await consoleApi(server, 'admin', PASSWORD)
  const [category] = (await api.get('/course/categories')).data
  const course = (
    await api.post('/course/add', {
      title: '存储桶里的课',
      subtitle: '视频直接上传到存储桶',
      cover: '/static/demo/course/bazi.svg',
      intro: '<p>试看</p>',
      price_fen: 9900,
      original_price_fen: 0,
      teacher: '周老师',
      teacher_title: '讲师',
      category_id: category.category_id
    })
  ).data
  expect(course.course_id).toBeGreaterThan(0)
  const chapter = await api.post('/course/chapterSave', {
    course_id: course.course_id,
    version: course.version,
    title: '第一章'
  })
  expect(chapter.code).toBe(1)

  const context = await desktop(browser)
  const page = await context.newPage()
  // Every part goes to the bucket, none through our server.
  const puts: string[] = []
  page.on('request', (r) => {
    if (r.method() === 'PUT' || r.url().endsWith('/course/videoPart')) puts.push(r.url())
  })
  await logInToConsole(page, server.url, PASSWORD)
  await page.goto(`${server.url}/admin/#/courses/${course.course_id}`)
  await page.getByText('第 1 章 · 第一章').waitFor()
  await page.getByText('添加课时').click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('课时名称').fill('桶里的试看课')
  const film = twoPartFilm()
  // The connection drops for the second part: it is tried three times, then the operator is told.
  const secondPart = /[?&]partNumber=2(&|$)/
  await context.route(secondPart, (r) => r.abort('connectionreset'))
  await dialog.locator('input[type=file]').setInputFiles(film.file)
  await page
    .getByText('视频上传中断：无法连接视频存储，请检查网络或存储桶的跨域设置；重新选择同一文件可继续上传')
    .waitFor()
  await dialog.locator('.ant-progress-status-exception').waitFor()
  expect(puts.filter((u) => secondPart.test(u))).toHaveLength(3)
  expect(puts).toHaveLength(4)
  // Back online, the same file picked again: only the missing part is sent.
  await context.unroute(secondPart)
  puts.length = 0
  await dialog.locator('input[type=file]').setInputFiles(film.file)
  await page.getByText('继续上次未完成的上传（已有 1 段）').waitFor()
  await page.getByText('视频已上传').waitFor({ timeout: 60_000 })
  await dialog.locator('.ant-progress-status-success').waitFor()
  const video = await dialog.getByLabel('视频', { exact: true }).inputValue()
  expect(video).toMatch(/^media:course\/uploads\/\d{6}\/[0-9a-f]{24}\.mp4$/)
  expect(puts).toHaveLength(1)
  expect(puts[0]).toMatch(secondPart)
  expect(puts[0].startsWith(`${s3.endpoint}/${S3_BUCKET}/${video.replace('media:', 'media/')}?`)).toBe(true)
  await dialog.getByLabel('免费试看').click()
  await screenshot(page, 'console-course-bucket-video')
  await dialog.getByRole('button', { name: /确\s*认|确\s*定/ }).click()
  await page.getByText('课时已添加').waitFor()
  await context.close()

  const detail = (await api.get('/course/detail', { course_id: course.course_id })).data
  expect(
    (await api.post('/course/shelf', { course_id: course.course_id, version: detail.version, visible: true })).code
  ).toBe(1)
  const lesson = detail.chapters[0].lessons[0]
  expect(lesson).toMatchObject({ title: '桶里的试看课', preview: true, video })

  const app = await (await phone(browser)).newPage()
  await app.goto(
    `${server.url}/#/live/pages/recorded/detail?course_id=${course.course_id}&lesson_id=${lesson.lesson_id}`
  )
  const player = shown(app, 'video')
  await player.waitFor()
  const src = (await player.getAttribute('src'))!
  expect(src.startsWith(`${s3.endpoint}/${S3_BUCKET}/media/course/uploads/`)).toBe(true)
  // The bucket holds exactly the file the operator picked.
  expect(Buffer.from(await (await fetch(src)).arrayBuffer()).equals(film.bytes)).toBe(true)
  await player.evaluate((v: HTMLVideoElement) => {
    v.muted = true
    return v.play()
  })
  await app.waitForFunction(() => [...document.querySelectorAll('video')].some((v) => v.currentTime > 1), undefined, {
    timeout: 15_000
  })
  await screenshot(app, 'bucket-video-playing')
  await app.context().close()
}, 240_000)
