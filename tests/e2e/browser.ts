import fs from 'node:fs'

import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'

/** Debian's Chromium, with the flags this closed network needs (no background connections). */
export function launchBrowser(): Promise<Browser> {
  const executablePath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p))
  if (!executablePath) throw new Error('Chromium not found: apt-get install -y chromium fonts-wqy-microhei')
  return chromium.launch({
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync'
    ]
  })
}

export const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'
export const WECHAT_UA = IPHONE_UA + ' MicroMessenger/8.0.50(0x1800323c) NetType/WIFI Language/zh_CN'

/** A 375px-wide phone (in the machine's time zone unless `timezoneId` says otherwise). */
export function phone(
  browser: Browser,
  userAgent = IPHONE_UA,
  options: { timezoneId?: string } = {}
): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 375, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent,
    locale: 'zh-CN',
    ...options
  })
}

export async function screenshot(page: Page, name: string) {
  fs.mkdirSync('.e2e', { recursive: true })
  await page.screenshot({ path: `.e2e/${name}.png` })
}

/** The hash route the app is on, e.g. 'pages/my/my'. */
export function routeOf(page: Page): string {
  const hash = new URL(page.url()).hash.replace(/^#\/?/, '')
  return hash.split('?')[0]
}

/** The page Taro shows now (hidden pages stay in the document). */
export const shown = (page: Page, selector: string) => page.locator(`${selector}:visible`)

/** Waits out Taro's H5 router: a back or a tap within ~300 ms of a navigation confuses it. */
export const pause = (page: Page) => page.waitForTimeout(400)

/** Logs in on the open login sheet with the SMS simulator's code (shown outside production). */
export async function logInWithSms(page: Page, mobile: string) {
  await shown(page, '.login-sheet__mobile input').fill(mobile)
  await shown(page, '.login-sheet__send').click()
  const hint = await shown(page, '.login-sheet__hint').textContent({ timeout: 10_000 })
  const code = /(\d{6})/.exec(hint ?? '')?.[1]
  if (!code) throw new Error(`no SMS code shown: ${hint}`)
  await shown(page, '.login-sheet__code input').fill(code)
  await shown(page, '.login-sheet__submit').click()
  // Every page in the stack has its sheet: all close once logged in.
  await page.waitForFunction(() => !document.querySelector('.login-sheet'))
}

/** The login a page holds (Taro's storage keeps each value wrapped as {data: ...}). */
export async function credentialOf(page: Page): Promise<{ user_id: number; token: string }> {
  const raw = await page.evaluate(() => localStorage.getItem('Authorization') ?? '')
  const parsed = JSON.parse(raw)
  const value = parsed && typeof parsed === 'object' && 'data' in parsed ? parsed.data : parsed
  return typeof value === 'string' ? JSON.parse(value) : value
}

/** A fresh phone in WeChat's browser, logged in at `url` as a new WeChat-simulator user. */
export async function wechatLoginAt(
  browser: Browser,
  url: string,
  nickname: string
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await phone(browser, WECHAT_UA)
  const page = await context.newPage()
  await page.goto(url)
  await page.waitForURL(/wechat\.simulator\/authorize/)
  await page.fill('input[name=nickname]', nickname)
  await page.getByText('新建并登录').click()
  await page.waitForFunction(() => (localStorage.getItem('Authorization') ?? '').includes('token'))
  return { context, page }
}
