import type { Browser } from 'playwright-core'

import { launchBrowser, phone, shown } from './browser'
import { type RunningServer, startServer } from './server'

// A web login past the send limit without a check: the server asks for the human check (the development simulator
// here, Tencent Captcha's puzzle in production), the app shows it, and the code is sent only once it is passed.
let server: RunningServer
let browser: Browser
beforeAll(async () => {
  server = await startServer({ SMS_CAPTCHA_AFTER: '0' })
  browser = await launchBrowser()
}, 300_000)
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

test('a web SMS login passes the human check before its code is sent; closing the check sends nothing', async () => {
  const page = await (await phone(browser)).newPage()
  await page.goto(`${server.url}/#/pages/article/publish`)
  await shown(page, '.state__retry').filter({ hasText: '登录' }).click()
  await shown(page, '.login-sheet__mobile input').fill('13700000077')

  await shown(page, '.login-sheet__send').click()
  // Taro's H5 modal: its outer box has no size of its own, so its title is looked for.
  await page.locator('.taro-modal__title', { hasText: '安全验证' }).waitFor()
  await page.locator('.taro-model__cancel').click()
  await shown(page, '.login-sheet__error').getByText('请完成安全验证后再获取验证码').waitFor()
  expect(await page.locator('.login-sheet__hint:visible').count()).toBe(0)

  await shown(page, '.login-sheet__send').click()
  await page.locator('.taro-model__confirm', { hasText: '通过' }).click()
  const hint = await shown(page, '.login-sheet__hint').textContent({ timeout: 10_000 })
  const code = /(\d{6})/.exec(hint ?? '')?.[1]
  expect(code).toMatch(/^\d{6}$/)
  await shown(page, '.login-sheet__code input').fill(code!)
  await shown(page, '.login-sheet__submit').click()
  await page.waitForFunction(() => !document.querySelector('.login-sheet'))
})
