import type { Browser, Page } from 'playwright-core'

import { chinaToday } from '../../contract/china-time'
import { launchBrowser, phone, routeOf, screenshot } from './browser'
import { type RunningServer, startServer } from './server'

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  server = await startServer()
  browser = await launchBrowser()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function open(hash: string): Promise<Page> {
  const context = await phone(browser)
  const page = await context.newPage()
  await page.goto(`${server.url}/${hash}`)
  return page
}

/** The page on screen (Taro keeps earlier pages of the stack in the DOM, hidden). */
const visible = (page: Page, selector: string) => page.locator(`${selector}:visible`)

test('huangli for 2024-02-04 shows 立春, and a tap on the calendar shows that day', async () => {
  const page = await open('#/pages/tools/huangli?date=2024-02-04')
  await page.waitForSelector('.day-alm__term')
  // 2024 立春: 2月4日 (香港天文台 2024 年历)
  await expect(page.locator('.day-alm__term').textContent()).resolves.toContain('立春')
  await expect(page.locator('.nav-bar__title:visible').textContent()).resolves.toBe('老黄历')
  await screenshot(page, 'tools-huangli')
  await page.locator('[data-date="2024-02-10"]').click()
  // 2024-02-10 春节, 农历正月初一
  await expect(page.locator('.day-alm__lunar').textContent()).resolves.toBe('农历正月初一')
  await page.context().close()
})

test('huangli opens on today', async () => {
  const page = await open('#/pages/tools/huangli')
  await page.waitForSelector('.month-cal__day--today')
  // China's today, whatever the hour and the zone the test runs in.
  const today = chinaToday()
  await expect(page.locator('.date-bar__date').textContent()).resolves.toContain(today)
  await page.context().close()
})

test('xingming: 张伟 shows 人格 22', async () => {
  const page = await open('#/pages/tools/xingming')
  await page.locator('.xingming__surname input').fill('张')
  await page.locator('.xingming__given input').fill('伟')
  await page.locator('.xingming__submit').click()
  // 《康熙字典》 張 11 + 偉 11
  await expect(page.locator('.wuge__ge--人格 .wuge__ge-name').textContent()).resolves.toBe('人格 22')
  await screenshot(page, 'tools-xingming')
  await page.context().close()
})

test('gua64: a hexagram built from six lines shows its 变卦, whose text opens on its own page', async () => {
  const page = await open('#/pages/tools/gua64')
  await page.waitForSelector('.hex-list__item')
  expect(await page.locator('.hex-list__item').count()).toBe(64)
  await screenshot(page, 'tools-gua64')
  await page.getByText('起卦', { exact: true }).click()
  // 屯 with a moving 初九: taps per line bottom to top — 老阳 3, 少阴 2, 少阴 2, 少阴 2, 少阳 1, 少阴 2
  for (const [position, taps] of [
    [1, 3],
    [2, 2],
    [3, 2],
    [4, 2],
    [5, 1],
    [6, 2]
  ]) {
    for (let i = 0; i < taps; i++) await page.locator(`[data-position="${position}"]`).click()
  }
  // 水雷屯 初爻动 -> 水地比 (《周易》)
  await expect(page.locator('.line-builder__gua--本卦 .line-builder__gua-name').textContent()).resolves.toBe('水雷屯')
  await expect(page.locator('.line-builder__gua--变卦 .line-builder__gua-name').textContent()).resolves.toBe('水地比')
  await screenshot(page, 'tools-gua64-builder')
  await page.locator('.line-builder__gua--变卦').click()
  await page.waitForFunction(() => location.hash.includes('n=8'))
  await expect(visible(page, '.hex-detail__name').textContent()).resolves.toBe('水地比')
  expect(routeOf(page)).toBe('pages/tools/gua64')
  await page.waitForTimeout(400)
  await screenshot(page, 'tools-gua64-detail')
  await page.context().close()
})

test('flyStar shows the time stars and a house chart', async () => {
  const page = await open('#/pages/tools/flyStar?sitting=子&period=9')
  await page.waitForSelector('.fly__grid--house')
  // 九运子山午向 双星到坐 (《沈氏玄空学》 飞星法)
  await expect(page.locator('.fly__pattern-name').textContent()).resolves.toBe('双星到坐')
  expect(await page.locator('.fly__grid--time .nine-palace__cell').count()).toBe(9)
  await screenshot(page, 'tools-flyStar')
  await page.context().close()
})

test('compass without a sensor says so and takes a typed degree', async () => {
  const page = await open('#/pages/tools/compass')
  await page.waitForSelector('.dial')
  await page.locator('.compass__start').click()
  // headless Chromium has no orientation sensor: no reading arrives and the page says so
  await page.waitForSelector('.compass__status--unsupported', { timeout: 5000 })
  await expect(page.locator('.compass__status').textContent()).resolves.toContain('当前设备不支持指南针')
  await page.locator('.compass__input input').fill('90')
  await page.locator('.compass__apply').click()
  // 卯 spans 82.5-97.5° (二十四山 15° each from 壬 at 337.5°)
  await expect(page.locator('.compass__mountain').textContent()).resolves.toContain('卯山')
  await screenshot(page, 'tools-compass')
  await page.context().close()
})
