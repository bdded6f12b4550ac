import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'

import type { Browser, Page } from 'playwright-core'

import { launchBrowser, screenshot, shown } from './browser'
import {
  appApi,
  desktop,
  logInToConsole,
  openMenu,
  pickerTime,
  startConsoleServer,
  wechatUser
} from './console-helpers'
import { hlsFromMp4 } from './hls-fixture'
import type { RunningServer } from './server'

// The 课程 screen schedules a live class whose pull address is an HLS stream (made here from a demo
// course video, see hls-fixture.ts, served by another origin as a provider's CDN would); the class
// is on air by its time, and a signed-up user plays it in the H5 app, natively and through hls.js.
// Screens in .e2e/console-live*.png and .e2e/live-playing*.png.

const PASSWORD = 'Live-e2e-2025'
const VIDEO = path.resolve(__dirname, '../../server/media/course/bazi.mp4')
let server: RunningServer
let browser: Browser
let cdn: http.Server
let streamUrl = ''

beforeAll(async () => {
  const stream = hlsFromMp4(fs.readFileSync(VIDEO))
  const files: Record<string, [Buffer | string, string]> = {
    '/live/room1.m3u8': [stream.playlist, 'application/vnd.apple.mpegurl'],
    '/live/init.mp4': [stream.init, 'video/mp4'],
    '/live/seg0.m4s': [stream.segment, 'video/iso.segment']
  }
  cdn = http.createServer((req, res) => {
    const file = files[(req.url ?? '').split('?')[0]]
    if (!file) return res.writeHead(404).end()
    res.writeHead(200, { 'content-type': file[1], 'access-control-allow-origin': '*' }).end(file[0])
  })
  await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve))
  streamUrl = `http://127.0.0.1:${(cdn.address() as { port: number }).port}/live/room1.m3u8?auth_key=e2e`
  server = await startConsoleServer(PASSWORD)
  browser = await launchBrowser()
}, 240_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  cdn?.close()
})

async function waitForPlayback(page: Page) {
  const video = shown(page, '.live__video video')
  await video.waitFor()
  // Muted, so the browser's autoplay rule cannot be what stops it.
  await video.evaluate((v: HTMLVideoElement) => ((v.muted = true), v.play().catch(() => undefined)))
  await page.waitForFunction(
    () => {
      const v = [...document.querySelectorAll<HTMLVideoElement>('.live__video video')].find(
        (x) => x.offsetParent !== null
      )
      return !!v && v.currentTime > 1 && v.videoWidth > 0
    },
    undefined,
    { timeout: 30_000 }
  )
  return video
}

test('an operator schedules a live class with an HLS pull URL; on air, a signed-up user plays it in H5', async () => {
  const context = await desktop(browser)
  const page = await context.newPage()
  await logInToConsole(page, server.url, PASSWORD)

  await openMenu(page, /课程/)
  await page.getByRole('button', { name: /新建直播课/ }).click()
  await page.getByText('新建直播课', { exact: true }).first().waitFor()
  await page.getByLabel('课程名称', { exact: true }).fill('浏览器里排的直播课')
  await page.getByLabel('分类', { exact: true }).click()
  await page.locator('.ant-select-item-option').first().click()
  await page.getByLabel('讲师', { exact: true }).fill('吴老师')
  await page.getByLabel('价格（元）', { exact: true }).fill('0')
  await page.getByRole('button', { name: '创建课程' }).click()
  await page.getByText('课程已创建，请继续安排直播').waitFor()
  await page.waitForURL(/#\/courses\/\d+$/)
  const courseId = Number(/courses\/(\d+)$/.exec(page.url())![1])
  await page.getByText('还没有安排直播').waitFor()

  // Started five minutes ago, for an hour: the console shows it on air.
  await page.getByRole('button', { name: /安排直播/ }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('直播标题').fill('第一讲 直播起局')
  const start = dialog.getByLabel('开播时间')
  await start.click()
  await start.fill(pickerTime(new Date(Date.now() - 5 * 60_000)))
  await start.press('Enter')
  await dialog.getByLabel('时长（分钟）').fill('60')
  await dialog.getByLabel('拉流地址').fill(streamUrl)
  await screenshot(page, 'console-live-session')
  await dialog.getByRole('button', { name: /确\s*认|确\s*定/ }).click()
  await page.getByText('直播已安排').waitFor()
  const row = page.locator('tr.ant-table-row', { hasText: '第一讲 直播起局' })
  await row.locator('.ant-tag', { hasText: '直播中' }).waitFor()

  await page.getByRole('button', { name: /上\s*架/ }).click()
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定|是/ })
    .click()
  await page.locator('.ant-tag', { hasText: '已上架' }).waitFor()
  await row.scrollIntoViewIfNeeded()
  await screenshot(page, 'console-live')
  await context.close()

  // A user signs up for the free class and opens it from the live schedule.
  const { page: phonePage, token } = await wechatUser(browser, server, '直播学员', '/#/live/pages/index/index')
  const phoneContext = phonePage.context()
  await appApi(server, token, '/api/course.index/signup', { course_id: courseId })
  await phonePage.reload()
  const item = shown(phonePage, '.live__item').filter({ hasText: '第一讲 直播起局' })
  await item.locator('.live__badge', { hasText: '直播中' }).waitFor()
  await item.click()
  await shown(phonePage, '.live__now').filter({ hasText: '直播中 · 第一讲 直播起局' }).waitFor()
  await waitForPlayback(phonePage)
  await screenshot(phonePage, 'live-playing')

  // A browser without native HLS (Chrome before it had one, Android browsers) plays it through hls.js.
  await phoneContext.addInitScript(() => {
    const canPlay = HTMLMediaElement.prototype.canPlayType
    HTMLMediaElement.prototype.canPlayType = function (type: string) {
      return /mpegurl/i.test(type) ? '' : canPlay.call(this, type)
    }
  })
  await phonePage.reload()
  await shown(phonePage, '.live__item').filter({ hasText: '第一讲 直播起局' }).click()
  const video = await waitForPlayback(phonePage)
  // hls.js feeds the element through Media Source Extensions, never the playlist address itself.
  expect(await video.evaluate((v: HTMLVideoElement) => v.src)).toMatch(/^blob:/)
  await screenshot(phonePage, 'live-playing-hlsjs')
  await phoneContext.close()
})
