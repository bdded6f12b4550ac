import type { Browser } from 'playwright-core'

import { launchBrowser, logInWithSms, pause, phone, screenshot, shown } from './browser'
import { consoleApi } from './console-helpers'
import { type RunningServer, startServer } from './server'

let server: RunningServer
let browser: Browser

const OWNER_PASSWORD = 'Articles-owner-1'

beforeAll(async () => {
  server = await startServer({ ADMIN_INITIAL_PASSWORD: OWNER_PASSWORD })
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
  const fengshui = page.waitForResponse(
    (res) => res.url().includes('/api/article.Article/lists') && /category_id=[1-9]/.test(res.url())
  )
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
  // A picture: Taro first asks camera or album, then opens a file input; it is uploaded at once.
  await shown(page, '.publish__image--add').click()
  const chooser = page.waitForEvent('filechooser')
  await page.getByText('从相册选择').click()
  await (
    await chooser
  ).setFiles({
    name: 'chart.png',
    mimeType: 'image/png',
    buffer: await page.screenshot({ clip: { x: 0, y: 0, width: 120, height: 90 } })
  })
  await shown(page, '.publish__image-img').waitFor({ timeout: 15_000 })
  expect(await shown(page, '.publish__image-img img').getAttribute('src')).toMatch(/\/uploads\//)
  // What was filled in since no longer shows the complaints of the first, empty submit.
  expect(await shown(page, '.publish__error').count()).toBe(0)
  await page.waitForTimeout(800)
  await screenshot(page, 'article-publish')
  await shown(page, '.publish__submit').click()
  await page.waitForFunction(() => location.hash.includes('pages/article/article'))
  await shown(page, '.article-card').first().waitFor()
  await expect(shown(page, '.article-card').first().textContent()).resolves.toContain('审核中')
  await screenshot(page, 'article-mine')
  await page.reload()
  await shown(page, '.article-card').first().waitFor()
  await expect(shown(page, '.article-card__title').first().textContent()).resolves.toBe('学排八字的第一个月')
})

test('a published article is shown once approved, its markup shown as text, never run', async () => {
  const title = '罗盘入门的三个误区'
  const url = server.url
  const page = await (await phone(browser)).newPage()
  await page.goto(`${url}/#/pages/article/publish`)
  // A visitor is told to log in first.
  await shown(page, '.state__retry').filter({ hasText: '登录' }).click()
  await shown(page, '.login-sheet').waitFor()
  await logInWithSms(page, '13700000002')
  await shown(page, '.publish__title input').fill(title)
  await shown(page, '.publish__content textarea').fill(
    '第一，磁针要静。<script>window.__pwned = 1</script>\n第二，<b onclick="alert(1)">不要</b>靠近铁器。'
  )
  await shown(page, '.publish__row').click()
  await page.locator('.weui-picker__action:visible, .taro-picker__action:visible').last().click()
  await shown(page, '.publish__submit').click()
  await page.waitForFunction(() => location.hash.includes('pages/article/article'))
  await shown(page, '.article-card').filter({ hasText: '审核中' }).waitFor()
  // Waiting for review, it is not in the public list.
  await page.goto(`${url}/#/pages/article/list`)
  await page.reload()
  await shown(page, '.article-list .article-card').first().waitFor()
  expect(await shown(page, '.article-list .article-card__title').allTextContents()).not.toContain(title)

  // An operator approves it in the console while the server runs.
  const operator = await consoleApi(server, 'admin', OWNER_PASSWORD)
  const waiting = await operator.get('/review/lists', { type: 'article', page: 1, per_page: 20 })
  const item = waiting.data.list.find((a: { title: string }) => a.title === title)
  expect(item).toBeDefined()
  expect(
    (await operator.post('/review/decide', { type: 'article', id: item.id, approve: true, reason: '' })).code
  ).toBe(1)
  const again = page
  await again.goto(`${url}/#/pages/article/list`)
  await again.reload()
  await shown(again, '.article-list .article-card').filter({ hasText: title }).click()
  await again.waitForFunction(() => location.hash.includes('pages/article/detail'))
  await shown(again, '.article__title').filter({ hasText: title }).waitFor()
  const content = shown(again, '.article__content')
  await expect(content.textContent()).resolves.toContain('<script>window.__pwned = 1</script>')
  expect(await content.locator('script, b').count()).toBe(0)
  expect(await again.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
  await expect(shown(again, '.article__meta').textContent()).resolves.toMatch(/万阅读/)
  await again.waitForLoadState('networkidle')
  await again.waitForTimeout(800)
  await screenshot(again, 'article-approved')
  await again.goto(`${url}/#/pages/article/article`)
  await shown(again, '.article-card').filter({ hasText: '已发布' }).waitFor()
}, 240_000)
