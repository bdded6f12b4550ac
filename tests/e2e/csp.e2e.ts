import fs from 'node:fs'
import path from 'node:path'

import type { Browser, BrowserContext } from 'playwright-core'

import { launchBrowser, phone, WECHAT_UA } from './browser'
import { type RunningServer, startServer } from './server'

// The app, the WeChat simulator's page and the console under the Content-Security-Policy the server sends
// (server/security-headers.ts): a real Chromium reports every resource or script the policy blocks, and any one
// fails the test.
const PASSWORD = 'Csp-e2e-owner-2025'
const ADMIN_DIST = path.resolve(__dirname, '../..', process.env.ADMIN_DIST_DIR || 'dist/admin')

let server: RunningServer
let browser: Browser
beforeAll(async () => {
  if (!fs.existsSync(path.join(ADMIN_DIST, 'index.html')))
    throw new Error(`${ADMIN_DIST} is missing: run \`npm run build:admin\` before the browser tests`)
  server = await startServer({ ADMIN_INITIAL_PASSWORD: PASSWORD })
  browser = await launchBrowser()
}, 300_000)
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** Collects every violation any page of the context reports: the DOM event, and Chromium's console line. */
async function violations(context: BrowserContext): Promise<string[]> {
  const seen: string[] = []
  await context.exposeBinding('__cspViolation', (_source, text: string) => void seen.push(text))
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __cspViolation(text: string): void }).__cspViolation
      report(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.documentURI}`)
    })
  })
  context.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame|run)/i.test(message.text()))
      seen.push(message.text())
  })
  return seen
}

test('the H5 app draws its home, tabs and pages with nothing blocked', async () => {
  const context = await phone(browser)
  const seen = await violations(context)
  const page = await context.newPage()
  const res = await page.goto(`${server.url}/#/`)
  expect(res?.headers()['content-security-policy']).toMatch(/script-src 'self'/)
  await page.waitForSelector('.home__nav-item')
  await page.locator('.carousel__image').first().waitFor()
  for (const label of ['商城', '课程', '我的']) {
    await page.locator('.tab-bar:visible').getByText(label, { exact: true }).click()
    await page.waitForTimeout(800)
  }
  await page.goto(`${server.url}/#/pages/bazi/bazi`)
  await page.waitForTimeout(1500)
  expect(seen).toEqual([])
  await context.close()
}, 120_000)

test("in WeChat's browser: the login simulator's page, the return to the app and the JS-SDK's script", async () => {
  const context = await phone(browser, WECHAT_UA)
  const seen = await violations(context)
  const page = await context.newPage()
  await page.goto(`${server.url}/`)
  await page.waitForURL(/wechat\.simulator\/authorize/)
  await page.fill('input[name=nickname]', 'CSP 用户')
  await page.getByText('新建并登录').click()
  await page.waitForFunction(() => (localStorage.getItem('Authorization') ?? '').includes('token'))
  await page.waitForTimeout(1500)
  expect(seen).toEqual([])
  await context.close()
}, 120_000)

test('the console: its login page, logging in and the dashboard with its chart', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' })
  const seen = await violations(context)
  const page = await context.newPage()
  const res = await page.goto(`${server.url}/admin/`)
  expect(res?.headers()).toMatchObject({ 'x-frame-options': 'DENY' })
  expect(res?.headers()['content-security-policy']).toMatch(/frame-ancestors 'none'/)
  await page.getByLabel('账号').fill('admin')
  await page.getByLabel('密码').fill(PASSWORD)
  await page.getByRole('button', { name: '登 录' }).click()
  await page.getByText('今日收入').waitFor()
  await page.waitForTimeout(1500)
  expect(seen).toEqual([])
  await context.close()
}, 120_000)
