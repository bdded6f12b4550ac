import type { Browser, Page } from 'playwright-core'

import { launchBrowser, phone, screenshot, shown } from './browser'
import { type RunningServer, startServer } from './server'

// A phone set to UTC: the "now" of a chart and every business time are still China's (Asia/Shanghai),
// and class times say so. Screens at 375px in .e2e/time-*.png.

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

/** 17:30 UTC on 1 May 2026 is 01:30 on 2 May in China: another day, another 时辰. */
const LATE_EVENING_UTC = new Date('2026-05-01T17:30:00Z')

async function utcPhone(): Promise<Page> {
  const page = await (await phone(browser, undefined, { timezoneId: 'UTC' })).newPage()
  await page.clock.setFixedTime(LATE_EVENING_UTC)
  return page
}

const chinaClock = (iso: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23'
  })
    .format(new Date(iso))
    .replace('T', ' ')

test("coin divination on a UTC phone casts for China's clock, and says so", async () => {
  const page = await utcPhone()
  expect(await page.evaluate(() => new Date().getHours())).toBe(17) // the phone's own clock
  await page.goto(`${server.url}/#/tools/pages/divination/divination`)
  await expect(shown(page, '.divination__clock').textContent()).resolves.toBe('01:30')
  await expect(shown(page, '.divination__date').textContent()).resolves.toBe('2026年5月2日')
  await expect(shown(page, '.divination__zone').textContent()).resolves.toBe('北京时间')
  await screenshot(page, 'time-divination')
  await page.context().close()
})

test("the almanac opens on China's today on a UTC phone", async () => {
  const page = await utcPhone()
  await page.goto(`${server.url}/#/pages/tools/huangli`)
  await expect(shown(page, '.date-bar__date').textContent()).resolves.toBe('2026-05-02 ▾')
  await screenshot(page, 'time-huangli')
  await page.context().close()
})

test('offline class times read as in China, with the zone named, on a UTC phone', async () => {
  const res = await fetch(`${server.url}/api/course.offline/lists?app_id=10001&client=web`)
  const { data } = await res.json()
  const klass = data.list[0]
  expect(klass).toBeDefined()
  const page = await utcPhone()
  await page.goto(`${server.url}/#/live/pages/offline/offline`)
  const line = shown(page, '.offline__line').first()
  await line.waitFor()
  const text = (await line.textContent()) ?? ''
  expect(text).toContain(chinaClock(klass.starts_at))
  expect(text).toContain('（北京时间）')
  await screenshot(page, 'time-offline')
  await page.context().close()
})
