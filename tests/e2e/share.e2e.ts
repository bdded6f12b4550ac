import jsQR from 'jsqr'
import type { Browser, Page } from 'playwright-core'

import { credentialOf, launchBrowser, pause, phone, screenshot, shown, wechatLoginAt } from './browser'
import { type RunningServer, startServer } from './server'

// Sharing as images: the chart poster and the report's long image carry a QR of a link with my
// referee_id (read back here by an independent decoder); the report is one long page with its
// contents; the 紫微斗数 plate of the same birth. Screens at 375px in .e2e/share-*.png.

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

// 1990-05-15 14:30 male, Beijing time: 庚午 辛巳 庚辰 癸未
const BIRTH = 'date=1990-05-15%2014%3A30&gender=male&calendar=solar&tst=0&zi=next-day&name=%E5%BC%A0%E4%B8%89'
const pillarsOf = (page: Page, scope: string) =>
  page
    .locator(`${scope}:visible .gz-row__char`)
    .allTextContents()
    .then((c) => c.join(''))

/** A fresh phone in WeChat's browser, logged in at `url` as a new simulator user, with its id and token. */
async function loginAt(url: string, nickname: string) {
  const session = await wechatLoginAt(browser, url, nickname)
  const { user_id, token } = await credentialOf(session.page)
  return { ...session, userId: Number(user_id), token }
}

/** Reads the QR at the foot of the poster image shown, as a phone's camera would (jsQR on its pixels). */
async function posterLink(page: Page): Promise<string> {
  const img = shown(page, '.share-poster__image')
  await img.waitFor({ timeout: 30_000 })
  const { width, height, pixels } = await img.evaluate(async (el) => {
    const image = el.querySelector('img') ?? (el as HTMLImageElement)
    await image.decode()
    const w = image.naturalWidth
    // the code sits in the last ~40% of a poster's width from the bottom
    const h = Math.min(image.naturalHeight, Math.round(w * 0.6))
    const canvas = document.createElement('canvas')
    canvas.width = w
    canvas.height = h
    const ctx = canvas.getContext('2d')!
    ctx.drawImage(image, 0, image.naturalHeight - h, w, h, 0, 0, w, h)
    const data = ctx.getImageData(0, 0, w, h).data
    let s = ''
    for (let i = 0; i < data.length; i += 8192) s += String.fromCharCode(...data.subarray(i, i + 8192))
    return { width: w, height: h, pixels: btoa(s) }
  })
  const read = jsQR(new Uint8ClampedArray(Buffer.from(pixels, 'base64')), width, height)
  if (!read) throw new Error('no QR code found on the poster')
  return read.data
}

test('the chart poster has a QR of the same chart with my referee_id; a friend scanning sees the chart', async () => {
  const me = await loginAt(`${server.url}/#/pages/bazi/plate?${BIRTH}`, '分享人')
  const { page } = me
  await shown(page, '.plate__poster').waitFor()
  await pause(page)
  await shown(page, '.plate__poster').click()
  const link = await posterLink(page)
  expect(link).toContain('#/pages/bazi/plate?')
  expect(link).toContain(`referee_id=${me.userId}`)
  expect(link).toContain('date=1990-05-15')
  await screenshot(page, 'share-chart-poster')
  await expect(shown(page, '.share-poster__link').textContent()).resolves.toBe(link)
  await shown(page, '.share-poster__btn').filter({ hasText: '关闭' }).click()

  // a friend in a plain browser opens the link: the same chart, and the referrer is kept
  const friend = await (await phone(browser)).newPage()
  await friend.goto(link)
  await shown(friend, '.plate__name').waitFor()
  await expect(shown(friend, '.plate__name').textContent()).resolves.toBe('张三')
  await expect(friend.evaluate(() => localStorage.getItem('refereeId'))).resolves.toContain(String(me.userId))
  await friend.context().close()

  // the reading as a long image
  await page.goto(`${server.url}/#/pages/bazi/components/index/aiAnalysis/index?${BIRTH}`)
  await page.reload()
  await shown(page, '.reading__poster').waitFor({ timeout: 30_000 })
  await pause(page)
  await shown(page, '.reading__poster').click()
  const readingLink = await posterLink(page)
  expect(readingLink).toContain('#/pages/bazi/components/index/aiAnalysis/index?date=1990-05-15%2014%3A30&')
  expect(readingLink).toContain(`referee_id=${me.userId}`)
  await screenshot(page, 'share-reading-poster')
  await me.context.close()
}, 180_000)

test('the paid report: one long page with contents; a tap jumps to a chapter; it exports as a long image', async () => {
  const me = await loginAt(`${server.url}/#/pages/bazi/list`, '报告读者')
  const { page } = me
  const post = async (path: string, body: Record<string, unknown>) => {
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: me.token },
      body: JSON.stringify(body)
    })
    const json = await res.json()
    if (json.code !== 1) throw new Error(`${path}: ${json.msg}`)
    return json.data
  }
  const record = await post('/api/tools.index/saveBazi', { name: '张三', gender: 'male', date: '1990-05-15 14:30' })

  // buy in the sandbox through the offer page
  await page.goto(`${server.url}/#/calculation/pages/index?record_id=${record.id}`)
  await page.reload()
  await shown(page, '.calc__buy').waitFor({ timeout: 20_000 })
  await pause(page)
  await shown(page, '.calc__buy').click()
  await page.locator('.taro-modal__foot').getByText('确定').click()
  await page.waitForFunction(() => location.hash.includes('calculation/pages/baogao'))
  await shown(page, '.report__toc').waitFor({ timeout: 20_000 })
  await expect(pillarsOf(page, '.calc__chart')).resolves.toBe('庚午辛巳庚辰癸未')
  const contents = await shown(page, '.report__toc-title').allTextContents()
  expect(contents).toEqual([
    '一、命局总论',
    '二、格局与用神',
    '三、六亲',
    '四、事业',
    '五、财运',
    '六、婚姻',
    '七、健康',
    '八、大运详批',
    expect.stringMatching(/^九、\d{4}—\d{4}年流年$/)
  ])
  // every chapter is on the one page, in the order of the contents
  await expect(shown(page, '.report__section .report__h').allTextContents()).resolves.toEqual(['目录', ...contents])
  await screenshot(page, 'share-report')

  // a tap on 大运详批 brings it under the navigation bar
  await shown(page, '.report__toc-item').filter({ hasText: '大运详批' }).click()
  await page.waitForFunction(
    () => {
      const top = document.querySelector('.report__dayun')?.getBoundingClientRect().top ?? -1
      return top >= 40 && top <= 70
    },
    undefined,
    { timeout: 5_000 }
  )
  await expect(shown(page, '.report__dayun .report__h2').first().textContent()).resolves.toMatch(
    /^壬午大运(大吉|吉|平|欠佳|不利)$/
  )
  await screenshot(page, 'share-report-dayun')
  // and 目录 in the bar brings the contents back
  await shown(page, '.report__bar-btn').filter({ hasText: '目录' }).click()
  await page.waitForFunction(
    () => {
      const top = document.querySelector('.report__toc')?.getBoundingClientRect().top ?? -1
      return top >= 40 && top <= 70
    },
    undefined,
    { timeout: 5_000 }
  )

  // the long image: the report's digest (命局总论, 大运 and 流年 at a glance, the contents), with the QR of the
  // chart carrying my referee_id
  await shown(page, '.report__bar-btn').filter({ hasText: '生成长图' }).click()
  const link = await posterLink(page)
  expect(link).toContain('#/pages/bazi/plate?')
  expect(link).toContain(`referee_id=${me.userId}`)
  const size = await shown(page, '.share-poster__image img').evaluate((img) => ({
    w: (img as HTMLImageElement).naturalWidth,
    h: (img as HTMLImageElement).naturalHeight
  }))
  // a long image of a few screens, not the 20 of the full text (that is the PDF's)
  expect(size.h / size.w).toBeGreaterThan(3)
  expect(size.h / size.w).toBeLessThan(8)
  await screenshot(page, 'share-report-long-image')
  await me.context.close()
}, 180_000)

test('the 紫微斗数 plate opens from the chart for the same birth; choosing a 大限 moves its mark', async () => {
  const page = await (await phone(browser)).newPage()
  await page.goto(`${server.url}/#/pages/bazi/plate?${BIRTH}`)
  await shown(page, '.plate__ziwei').waitFor()
  await pause(page)
  await shown(page, '.plate__ziwei').click()
  await page.waitForFunction(() => location.hash.includes('pages/bazi/ziwei'))
  // The address changes a moment before the plate is drawn: wait for it, then count its palaces.
  await shown(page, '.zw-cell').first().waitFor()
  await expect(shown(page, '.zw-cell').count()).resolves.toBe(12)
  await expect(shown(page, '.zw-centre__name').textContent()).resolves.toBe('张三')
  // 1990-05-15 未时 男: the plate's 四柱 are the bazi chart's
  await expect(shown(page, '.zw-centre').textContent()).resolves.toContain('庚午 辛巳 庚辰 癸未')
  // the plate fits the 375px screen
  const box = await shown(page, '.zw-plate').boundingBox()
  expect(box!.width).toBeLessThanOrEqual(375)
  await screenshot(page, 'share-ziwei')
  const before = await shown(page, '.zw-cell--decadal .zw-cell__name').textContent()
  await shown(page, '.zw-decade').first().click()
  await expect(shown(page, '.zw-decade.zw-chip--on').textContent()).resolves.toBe(
    await shown(page, '.zw-decade').first().textContent()
  )
  const after = await shown(page, '.zw-cell--decadal .zw-cell__name').textContent()
  expect(after).not.toBe(before)
  await page.context().close()
}, 120_000)

test('八字合婚 from a shared link: both charts read against each other, shared as image with my referee_id', async () => {
  const me = await loginAt(`${server.url}/#/pages/bazi/plate?${BIRTH}`, '合婚人')
  const { page } = me
  await shown(page, '.plate__hehun').waitFor()
  await pause(page)
  await shown(page, '.plate__hehun').click()
  await page.waitForFunction(() => location.hash.includes('pages/bazi/hehun'))
  // the chart's birth is the first side; the second comes from a shared link here
  await page.goto(
    `${server.url}/#/pages/bazi/hehun?a=1990-05-15%2014%3A30&ag=male&an=%E5%BC%A0%E4%B8%89&b=1991-03-16%201` +
      `0%3A00&bg=female&bn=%E6%9D%8E%E5%9B%9B`
  )
  await page.reload()
  await shown(page, '.hehun-result__level').waitFor()
  await expect(shown(page, '.hehun-factor--nianMing .hehun-factor__detail').textContent()).resolves.toBe(
    '午马与未羊六合。'
  )
  await shown(page, '.hehun-result').scrollIntoViewIfNeeded()
  await screenshot(page, 'share-hehun')
  await shown(page, '.hehun__share').click()
  const link = await posterLink(page)
  expect(link).toContain('#/pages/bazi/hehun?')
  expect(link).toContain(`referee_id=${me.userId}`)
  await screenshot(page, 'share-hehun-poster')
  await me.context.close()
}, 120_000)
