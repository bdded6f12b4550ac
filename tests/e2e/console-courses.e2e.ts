import fs from 'node:fs'
import path from 'node:path'

import type { Browser } from 'playwright-core'

import { removeMedia } from '../server/helpers/media'
import { launchBrowser, screenshot, shown } from './browser'
import { appApi, desktop, drawnPng, logInToConsole, openMenu, wechatUser } from './console-helpers'
import { type RunningServer, startServer } from './server'

// The 课程 screen: the owner builds a recorded course with an uploaded cover, a chapter and an uploaded preview lesson,
// puts it on the shelf, and the app's API lists it and plays the lesson; then a learner watches a lesson in the app
// and the operator sees that progress. Screens in .e2e/console-course*.png.

const PASSWORD = 'Courses-e2e-2025'
const MEDIA = path.resolve(__dirname, '../../server/media')
let server: RunningServer
let browser: Browser
let uploaded = ''

beforeAll(async () => {
  if (!fs.existsSync(path.resolve(__dirname, '../../dist/admin/index.html')))
    throw new Error('dist/admin is missing: run `npm run build:admin` before the browser tests')
  server = await startServer({ ADMIN_INITIAL_PASSWORD: PASSWORD })
  browser = await launchBrowser()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  if (uploaded) removeMedia(MEDIA, uploaded)
})

test('owner builds a course, uploads cover and preview lesson; the app shows the cover, plays the lesson', async () => {
  const context = await desktop(browser)
  const page = await context.newPage()
  await logInToConsole(page, server.url, PASSWORD)

  await openMenu(page, /课程/)
  await page.locator('tr.ant-table-row', { hasText: '八字命理入门' }).waitFor()
  await screenshot(page, 'console-courses')

  await page.getByRole('button', { name: /新建录播课/ }).click()
  await page.getByLabel('课程名称', { exact: true }).fill('浏览器里建的课')
  await page.getByLabel('分类', { exact: true }).click()
  await page.locator('.ant-select-item-option').first().click()
  await page.getByLabel('讲师', { exact: true }).fill('周老师')
  await page.getByLabel('价格（元）', { exact: true }).fill('99')
  // The cover is a picture uploaded here; its address is what the course keeps.
  await page
    .locator('.ant-upload input[type=file]')
    .first()
    .setInputFiles(await drawnPng(page, 'cover.png', 640, 360, '#1f3a5f', '#fff', '八字入门'))
  await page.locator('.ant-upload-list-item-done img[src*="/uploads/"]').waitFor()
  const cover = await page.getByPlaceholder('或粘贴图片网址').inputValue()
  expect(cover).toMatch(/\/uploads\/\d{6}\/[0-9a-f]{32}\.png$/)
  await page.getByRole('button', { name: '创建课程' }).click()
  await page.getByText('课程已创建，请继续添加章节和课时').waitFor()
  await page.waitForURL(/#\/courses\/\d+$/)
  const courseId = Number(/courses\/(\d+)$/.exec(page.url())![1])

  await page.getByRole('button', { name: /新增章节/ }).click()
  let dialog = page.getByRole('dialog')
  await dialog.getByLabel('章节名称').fill('第一章 入门')
  await dialog.getByRole('button', { name: /确\s*认|确\s*定/ }).click()
  await page.getByText('第 1 章 · 第一章 入门').waitFor()

  await page.getByText('添加课时').click()
  dialog = page.getByRole('dialog')
  await dialog.getByLabel('课时名称').fill('试看第一讲')
  await dialog.locator('input[type=file]').setInputFiles(path.join(MEDIA, 'course', 'bazi.mp4'))
  await page.getByText('视频已上传').waitFor()
  uploaded = await dialog.getByLabel('视频', { exact: true }).inputValue()
  expect(uploaded).toMatch(/^media:course\/uploads\//)
  await dialog.getByLabel('免费试看').click()
  await screenshot(page, 'console-course-lesson')
  await dialog.getByRole('button', { name: /确\s*认|确\s*定/ }).click()
  await page.getByText('课时已添加').waitFor()
  await page.locator('.ant-list-item', { hasText: '试看第一讲' }).getByText('免费试看').waitFor()

  await page.getByRole('button', { name: /上\s*架/ }).click()
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定|是/ })
    .click()
  await page.locator('.ant-tag', { hasText: '已上架' }).waitFor()
  await screenshot(page, 'console-course-editor')
  await context.close()

  const list = await (
    await fetch(`${server.url}/api/course.index/getList`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ per_page: 50 })
    })
  ).json()
  expect(list.data.list.find((c: { course_id: number }) => c.course_id === courseId)).toMatchObject({ cover })
  const detail = await (await fetch(`${server.url}/api/course.index/getDetail?course_id=${courseId}`)).json()
  const lesson = detail.data.detail.chapters[0].lessons[0]
  expect(lesson).toMatchObject({ title: '试看第一讲', preview: true })
  const play = await (await fetch(`${server.url}/api/course.lesson/detail?lesson_id=${lesson.lesson_id}`)).json()
  const video = await fetch(play.data.video_url)
  expect(video.status).toBe(200)
  expect(Buffer.from(await video.arrayBuffer()).equals(fs.readFileSync(path.join(MEDIA, 'course', 'bazi.mp4')))).toBe(
    true
  )
})

test('a learner watches a lesson in the app; the operator sees the learner and that lesson finished', async () => {
  const list = await (
    await fetch(`${server.url}/api/course.index/getList`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ per_page: 50 })
    })
  ).json()
  const course = list.data.list.find((c: { title: string }) => c.title === '周易通识公开课')
  const learner = await wechatUser(browser, server, '进度学员', '/#/pages/course/index')
  await appApi(server, learner.token, '/api/course.index/signup', { course_id: course.course_id })
  const phonePage = learner.page
  await phonePage.goto(`${server.url}/#/live/pages/recorded/detail?course_id=${course.course_id}`)
  const video = shown(phonePage, 'video')
  await video.waitFor()
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true
    return v.play()
  })
  // Played to its end, the first lesson is learnt on the server.
  await shown(phonePage, '.recorded__meta').filter({ hasText: '已学完 1 讲' }).waitFor({ timeout: 30_000 })
  await phonePage.context().close()

  const context = await desktop(browser)
  const page = await context.newPage()
  await logInToConsole(page, server.url, PASSWORD)
  await openMenu(page, /课程/)
  await page.locator('tr', { hasText: '周易通识公开课' }).getByText('学员', { exact: true }).click()
  const drawer = page.locator('.ant-drawer').filter({ hasText: '学员：周易通识公开课' })
  await drawer.getByPlaceholder('昵称或完整手机号').fill('进度')
  await drawer.getByRole('button', { name: /查\s*询/ }).click()
  const row = drawer.locator('tr.ant-table-row', { hasText: '进度学员' })
  await row.getByText('已学完 1 / 3 课时').waitFor()
  await row.getByText('免费报名').waitFor()
  await screenshot(page, 'console-course-learners')
  await row.getByText('学习详情').click()
  const lessons = page.locator('.ant-drawer').filter({ hasText: '学习详情：进度学员' })
  await lessons.locator('tr', { hasText: '易有三义' }).getByText('已学完').waitFor()
  await lessons.locator('tr', { hasText: '乾坤二卦导读' }).getByText('未开始').waitFor()
  await screenshot(page, 'console-course-learner-progress')
  await context.close()
}, 180_000)
