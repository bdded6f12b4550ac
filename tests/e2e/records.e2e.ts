import http from 'node:http'
import type { AddressInfo } from 'node:net'

import type { Browser, Page } from 'playwright-core'

import { launchBrowser, logInWithSms, pause, phone, routeOf, screenshot, shown } from './browser'
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

// 1990-05-15 14:30 male, Beijing time: 庚午 辛巳 庚辰 癸未 (香港天文台《1990年公历与农历对照表》)
const BIRTH = 'date=1990-05-15%2014%3A30&gender=male&calendar=solar&tst=0&zi=next-day&name=%E5%BC%A0%E4%B8%89'
const READING = 'pages/bazi/components/index/aiAnalysis/index'
const pillarsOf = (page: Page, scope: string) =>
  page
    .locator(`${scope}:visible .gz-row__char`)
    .allTextContents()
    .then((c) => c.join(''))

test('log in, save a chart, reload and find it, read it, buy its report in sandbox, see it in my reports', async () => {
  const page = await (await phone(browser)).newPage()
  await page.goto(`${server.url}/#/${READING}?${BIRTH}`)

  // a visitor is asked to log in; the reading follows
  await shown(page, '.login-sheet').waitFor()
  await logInWithSms(page, '13700137001')
  await shown(page, '.reading__section--personality').waitFor()
  await expect(pillarsOf(page, '.reading__head')).resolves.toBe('庚午辛巳庚辰癸未')
  await expect(page.locator('.reading__title:visible').allTextContents()).resolves.toEqual([
    '性格特点',
    '事业发展',
    '财运分析',
    '感情婚姻',
    '健康提示',
    '大运流年'
  ])
  await screenshot(page, 'records-reading')

  // save it
  await shown(page, '.save-record__button').click()
  await shown(page, '.name-prompt__input input').fill('张三')
  await shown(page, '.name-prompt__ok').click()
  await shown(page, '.save-record__button--done').waitFor()

  // the classic passages of this chart
  await pause(page)
  await shown(page, '.reading__link').filter({ hasText: '古籍参考' }).click()
  await page.waitForFunction(() => location.hash.includes('pages/book/list'))
  await shown(page, '.book__passage').first().waitFor()
  await expect(page.locator('.book__book:visible').allTextContents()).resolves.toEqual(['《穷通宝鉴》', '《滴天髓》'])
  await screenshot(page, 'records-book')

  // my records, after a reload
  await page.goto(`${server.url}/#/pages/bazi/list`)
  await page.reload()
  await shown(page, '.bazi-card').first().waitFor()
  await expect(shown(page, '.bazi-card__name').allTextContents()).resolves.toEqual(['张三'])
  await expect(pillarsOf(page, '.bazi-card')).resolves.toBe('庚午辛巳庚辰癸未')
  await screenshot(page, 'records-list')

  // the record's reading
  await shown(page, '.bazi-card__read').click()
  await page.waitForFunction(() => location.hash.includes('record_id='))
  await shown(page, '.reading__section--luck').waitFor()
  await expect(pillarsOf(page, '.reading__head')).resolves.toBe('庚午辛巳庚辰癸未')
  const freeReading = (await page.locator('.reading__section:visible').allTextContents()).join('')

  // buy the detailed report in the sandbox
  await pause(page)
  await shown(page, '.reading__link--primary').click()
  await page.waitForFunction(() => location.hash.includes('calculation/pages/index'))
  await shown(page, '.calc__now').waitFor()
  await expect(shown(page, '.calc__now').textContent()).resolves.toBe('¥39.90')
  await screenshot(page, 'records-offer')
  await shown(page, '.calc__buy').click()
  await page.locator('.taro-modal__foot').getByText('确定').click()
  await page.waitForFunction(() => location.hash.includes('calculation/pages/baogao'))
  await shown(page, '.report__summary').waitFor()
  await expect(shown(page, '.report__summary').textContent()).resolves.toContain('庚午 辛巳 庚辰 癸未')
  await screenshot(page, 'records-report')
  // a different product from the free reading: 格局与用神 with the book's words, sections the reading has not
  const geju = await shown(page, '.report__section--geju').textContent()
  expect(geju).toContain('格局：七杀格')
  expect(freeReading).not.toContain('格局：七杀格')
  await expect(shown(page, '.report__quote-src').first().textContent()).resolves.toBe('——《子平真诠》论用神')
  await shown(page, '.report__section--geju').scrollIntoViewIfNeeded()
  await screenshot(page, 'records-report-geju')
  const sections = await page.locator('[class*="report__section--"]:visible').allTextContents()
  expect(sections.length).toBeGreaterThan(1)
  expect(sections.every((s) => !freeReading.includes(s.slice(8, 44)))).toBe(true)
  await expect(shown(page, '.report__dayun .report__h2').first().textContent()).resolves.toMatch(
    /^壬午大运(大吉|吉|平|欠佳|不利)$/
  )
  await shown(page, '.report__dayun').scrollIntoViewIfNeeded()
  await screenshot(page, 'records-report-dayun')

  // kept in my reports
  await page.goto(`${server.url}/#/pages/my/report`)
  await shown(page, '.my-report__item').first().waitFor()
  await expect(shown(page, '.my-report__name').allTextContents()).resolves.toEqual(['张三 · 八字详批'])
  await screenshot(page, 'records-my-report')
  expect(routeOf(page)).toBe('pages/my/report')
  await page.context().close()
}, 120_000)

test('with an AI provider the reading appears piece by piece while the model writes', async () => {
  // A fake OpenAI-compatible provider on loopback: sends its answer in pieces, 600 ms apart.
  const pieces = [
    '【性格特点】\n日主庚金，生于巳月，',
    '刚毅果断而重义气。',
    '\n【事业发展】\n宜在规则清晰的平台上任事。',
    '\n【大运流年】\n甲申大运多变动，宜稳中求进。'
  ]
  const fake = http.createServer((req, res) => {
    req.resume()
    req.on('end', async () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      for (const content of pieces) {
        res.write(`data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`)
        await new Promise((r) => setTimeout(r, 600))
      }
      res.end('data: [DONE]\n\n')
    })
  })
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r))
  const ai = await startServer({
    AI_BASE_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`,
    AI_API_KEY: 'sk-e2e',
    AI_MODEL: 'e2e-model'
  })
  try {
    const page = await (await phone(browser)).newPage()
    await page.goto(`${ai.url}/#/${READING}?${BIRTH}`)
    await shown(page, '.login-sheet').waitFor()
    await logInWithSms(page, '13700137002')
    await shown(page, '.reading__typing').waitFor()
    await shown(page, '.reading__section--personality').waitFor()
    await screenshot(page, 'records-reading-ai-streaming')
    await page.waitForSelector('.reading__typing', { state: 'detached', timeout: 15_000 })
    await expect(page.locator('.reading__title:visible').allTextContents()).resolves.toEqual([
      '性格特点',
      '事业发展',
      '大运流年'
    ])
    await expect(pillarsOf(page, '.reading__head')).resolves.toBe('庚午辛巳庚辰癸未')
    await expect(shown(page, '.reading__source').textContent()).resolves.toContain('AI')
    await screenshot(page, 'records-reading-ai-done')
    await page.context().close()
  } finally {
    await ai.stop()
    fake.close()
  }
}, 150_000)
