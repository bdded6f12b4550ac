import type { Browser, Page } from 'playwright-core'

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
  const page = await (await phone(browser)).newPage()
  await page.goto(`${server.url}/${hash}`)
  return page
}

/** The four pillars as the plate on screen shows them, e.g. '庚午 辛巳 庚辰 癸未'. */
async function pillarsOnScreen(page: Page): Promise<string> {
  const cells = (row: string) => page.locator(`.pillars:visible [data-row="${row}"] .pillars__cell`).allTextContents()
  const [stems, branches] = [await cells('天干'), await cells('地支')]
  return stems.map((s, i) => s + branches[i]).join(' ')
}

// Reference birth 1990-05-15 14:30, male: 庚午 辛巳 庚辰 癸未, 大运 from 壬午 (the reference chart,
// as professional tools such as 问真八字 chart it).
test('enter 1990-05-15 14:30 male, submit, and see 庚午 辛巳 庚辰 癸未 with the 大运 from 壬午', async () => {
  const page = await open('#/pages/bazi/bazi')
  await page.waitForSelector('.bazi-form__submit')
  await page.locator('[data-name="gender"] [data-value="male"]').click()
  await page.locator('.bazi-form__quick input').fill('199005151430')
  await expect(page.locator('.bazi-form__date').textContent()).resolves.toBe('1990年05月15日')
  await expect(page.locator('.bazi-form__time').textContent()).resolves.toBe('14:30')
  await screenshot(page, 'bazi-form')
  await page.locator('.bazi-form__submit').click()
  await page.waitForFunction(() => location.hash.includes('pages/bazi/plate'))
  await page.waitForSelector('.pillars:visible')
  expect(routeOf(page)).toBe('pages/bazi/plate')
  await expect(pillarsOnScreen(page)).resolves.toBe('庚午 辛巳 庚辰 癸未')
  await expect(page.locator('.luck__item--dayun:visible').first().getAttribute('data-ganzhi')).resolves.toBe('壬午')
  await screenshot(page, 'bazi-plate')

  // The plate's url carries the chart: opened afresh (a share, a reload) it shows the same pillars.
  await page.reload()
  await page.waitForSelector('.pillars:visible')
  await expect(pillarsOnScreen(page)).resolves.toBe('庚午 辛巳 庚辰 癸未')

  // 排盘规则 at the plate's foot: another 起运 method is one tap, and the url carries it.
  const yun = page.locator('[data-name="convention-yun"]:visible')
  await yun.scrollIntoViewIfNeeded()
  await screenshot(page, 'bazi-plate-conventions')
  await yun.locator('[data-value="minute"]').click()
  await page.waitForFunction(() => location.hash.includes('yun=minute'))
  await page.locator('.luck__jiaoyun:visible', { hasText: '精确到分' }).waitFor()
  await expect(pillarsOnScreen(page)).resolves.toBe('庚午 辛巳 庚辰 癸未')
  await page.context().close()
}, 60_000)

test('a wrong date is refused on the form with the reason', async () => {
  const page = await open('#/pages/bazi/bazi')
  await page.waitForSelector('.bazi-form__submit')
  await page.locator('.bazi-form__quick input').fill('2023-02-30 10:00')
  await page.locator('.bazi-form__submit').click()
  await expect(page.locator('.bazi-form__error').textContent()).resolves.toContain('2023年2月只有28天')
  expect(routeOf(page)).toBe('pages/bazi/bazi')
  await page.context().close()
}, 60_000)

test('draws the qimen chart of now: header with 遁 and 局, nine palaces, 值符 and 值使 marked', async () => {
  const page = await open('#/pages/qmdj/paipan')
  await page.waitForSelector('.qm-form__submit')
  await screenshot(page, 'qimen-paipan')
  await page.locator('.qm-form__submit').click()
  await page.waitForFunction(() => location.hash.includes('pages/qmdj/detail'))
  await page.waitForSelector('.qm-cell:visible')
  await expect(page.locator('.qm-cell:visible').count()).resolves.toBe(9)
  await expect(page.locator('.qm-head__ju:visible').textContent()).resolves.toMatch(/^[阴阳]遁[一二三四五六七八九]局$/)
  await expect(page.locator('.qm-cell:visible .qm-cell__badge').allTextContents()).resolves.toEqual(
    expect.arrayContaining(['符', '使'])
  )
  await screenshot(page, 'qimen-detail')
  await page.context().close()
}, 60_000)
