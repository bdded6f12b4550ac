import type { Browser } from 'playwright-core'
import { launchBrowser, logInWithSms, pause, phone, screenshot, shown } from './browser'
import { startServer, type RunningServer } from './server'

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

test('read an article, like it after logging in, publish one and find it waiting for review', async () => {
  const page = await (await phone(browser)).newPage()
  await page.goto(`${server.url}/#/pages/article/list`)
  await shown(page, '.article-card').first().waitFor()
  await screenshot(page, 'article-list')
  // The old tab's cards stay on screen until the 风水 list arrives: wait for that list.
  const fengshui = page.waitForResponse((res) => res.url().includes('/api/article.Article/lists') && /category_id=[1-9]/.test(res.url()))
  await shown(page, '.article-tabs__item').filter({ hasText: '风水' }).click()
  await fengshui
  await pause(page)
  await shown(page, '.article-card').first().waitFor()
  const title = await shown(page, '.article-card__title').first().textContent()
  await pause(page)
  await shown(page, '.article-card').first().click()
  await page.waitForFunction(() => location.hash.includes('pages/article/detail'))
  await expect(shown(page, '.article__title').textContent()).resolves.toBe(title)
  await expect(shown(page, '.article__meta').textContent()).resolves.toMatch(/万阅读/)
  await screenshot(page, 'article-detail')

  await shown(page, '.article__like').click()
  // Logged in, the page reads the article again (with this user's like state): wait for that.
  const reread = page.waitForResponse((res) => res.url().includes('/api/article.Article/detail'))
  await logInWithSms(page, '13700000001')
  await reread
  await pause(page)
  await shown(page, '.article__like').click()
  await shown(page, '.article__like').filter({ hasText: '已赞 · 1' }).waitFor()

  await page.goto(`${server.url}/#/pages/article/publish`)
  await shown(page, '.publish__submit').click()
  await expect(shown(page, '.publish').textContent()).resolves.toContain('请填写标题')
  await shown(page, '.publish__title input').fill('学排八字的第一个月')
  await shown(page, '.publish__content textarea').fill('从干支开始，一点点把四柱排出来。\n最难的是节气交接的时刻。')
  await shown(page, '.publish__row').click()
  await page.locator('.weui-picker__action:visible, .taro-picker__action:visible').last().click()
  await shown(page, '.publish__submit').click()
  await page.waitForFunction(() => location.hash.includes('pages/article/article'))
  await shown(page, '.article-card').first().waitFor()
  await expect(shown(page, '.article-card').first().textContent()).resolves.toContain('审核中')
  await screenshot(page, 'article-mine')
  await page.reload()
  await shown(page, '.article-card').first().waitFor()
  await expect(shown(page, '.article-card__title').first().textContent()).resolves.toBe('学排八字的第一个月')
})
