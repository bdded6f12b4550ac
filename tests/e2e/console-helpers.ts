import fs from 'node:fs'
import path from 'node:path'

import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core'

import { launchBrowser, phone, WECHAT_UA } from './browser'
import { type RunningServer, startServer } from './server'

// What the console's browser tests share: a desktop window, app calls as a logged-in user, a buyer
// with a paid order, and console logins in the browser or through its API (cookie + CSRF).

/** The running server (owner `admin` with `password`) and a browser for one test file. */
export function consoleServer(password: string): { server: RunningServer; browser: Browser } {
  const running = {} as { server: RunningServer; browser: Browser }
  beforeAll(async () => {
    running.server = await startConsoleServer(password)
    running.browser = await launchBrowser()
  }, 300_000)
  afterAll(async () => {
    await running.browser?.close()
    await running.server?.stop()
  })
  return running
}

/**
 * An operator's desktop window. It asks for reduced motion, so the console opens its dialogs and lists without
 * antd's zooms: a press in a dialog still zooming in could land beside its button and be lost on a busy machine.
 */
export const desktop = (browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> =>
  browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN', reducedMotion: 'reduce', ...options })

/** An app call as the user of `token`; a refused call fails the test with the server's message. */
export async function appApi(server: RunningServer, token: string, url: string, body: Record<string, unknown>) {
  const res = await fetch(`${server.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify(body)
  })
  const json = await res.json()
  if (json.code !== 1) throw new Error(`${url}: ${json.msg}`)
  return json.data
}

/** A user in WeChat's browser (simulator login) on `path`: the page and the login's token. */
export async function wechatUser(
  browser: Browser,
  server: RunningServer,
  nickname: string,
  path = '/#/goods/pages/order/order'
): Promise<{ page: Page; token: string; userId: number }> {
  const context = await phone(browser, WECHAT_UA)
  const page = await context.newPage()
  await page.goto(`${server.url}${path}`)
  await page.waitForURL(/wechat\.simulator\/authorize/)
  await page.fill('input[name=nickname]', nickname)
  await page.getByText('新建并登录').click()
  await page.waitForFunction(() => (localStorage.getItem('Authorization') ?? '').includes('token'))
  const raw = JSON.parse((await page.evaluate(() => localStorage.getItem('Authorization')))!)
  const { token, user_id } = typeof raw.data === 'string' ? JSON.parse(raw.data) : raw.data
  return { page, token, userId: Number(user_id) }
}

/** Buys the first good in stock for the user and pays it in the sandbox. */
export async function paidOrder(server: RunningServer, token: string): Promise<{ orderId: number; orderNo: string }> {
  const goods = await (await fetch(`${server.url}/api/product.product/lists?per_page=20`)).json()
  const good = goods.data.list.find((g: { stock: number }) => g.stock > 0)
  const detail = await (await fetch(`${server.url}/api/product.product/detail?goods_id=${good.goods_id}`)).json()
  const sku = detail.data.detail.skus.find((s: { stock: number }) => s.stock > 0)
  const address = await appApi(server, token, '/api/user.address/add', {
    name: '赵六',
    mobile: '13800138001',
    province_code: '110000',
    city_code: '110100',
    district_code: '110105',
    detail: '望京街10号'
  })
  const order = await appApi(server, token, '/api/order.order/buy', {
    mode: 'buy_now',
    sku_id: sku.sku_id,
    quantity: 1,
    address_id: address.detail.address_id,
    request_id: `console-e2e-${Date.now()}`,
    user_coupon_id: 0
  })
  await appApi(server, token, '/api/pay.sandbox/confirm', { out_trade_no: order.payment.out_trade_no })
  return { orderId: order.order_id, orderNo: order.order_no }
}

/** A buyer in WeChat's browser with a paid order of the first good in stock. */
export async function buyerWithPaidOrder(
  browser: Browser,
  server: RunningServer,
  nickname = '后台发货买家'
): Promise<{ page: Page; token: string; userId: number; orderId: number; orderNo: string }> {
  const buyer = await wechatUser(browser, server, nickname)
  return { ...buyer, ...(await paidOrder(server, buyer.token)) }
}

/** Logs into the console in the browser and waits for the first screen. */
export async function consoleLogin(
  page: Page,
  server: RunningServer,
  username: string,
  password: string
): Promise<void> {
  await page.goto(`${server.url}/admin/`)
  await page.getByLabel('账号').fill(username)
  await page.getByLabel('密码').fill(password)
  await page.getByRole('button', { name: '登 录' }).click()
  await page.locator('.ant-pro-layout').first().waitFor()
}

/**
 * Opens a console section from its menu item, named as `name` matches it. The menu is grouped: a section in a closed
 * group is reached by opening the group first, and on a phone by opening the menu's drawer, as an operator would.
 */
export async function openMenu(page: Page, name: RegExp): Promise<void> {
  const menu = page.locator('ul.ant-menu-root')
  const item = page.getByRole('menuitem', { name }).and(menu.locator('li.ant-menu-item'))
  const drawerButton = page.getByRole('button', { name: '菜单' })
  if (await drawerButton.isVisible()) await drawerButton.click()
  if (!(await item.count())) {
    const hidden = page.locator('li.ant-menu-item').and(page.getByRole('menuitem', { name, includeHidden: true }))
    await menu.locator('li.ant-menu-submenu', { has: hidden }).locator('.ant-menu-submenu-title').click()
  }
  await item.click()
}

/** The console's API as an operator: GET/POST with the session cookie and the CSRF token. */
export async function consoleApi(server: RunningServer, username: string, password: string) {
  const login = await fetch(`${server.url}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password })
  })
  const cookie = String(login.headers.get('set-cookie')).split(';')[0]
  const { data: me } = await login.json()
  const call = async (method: 'GET' | 'POST', url: string, body: Record<string, unknown> = {}) => {
    const res = await fetch(
      `${server.url}/api/admin${url}` +
        `${method === 'GET' ? `?${new URLSearchParams(body as Record<string, string>)}` : ''}`,
      {
        method,
        headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': me.csrf_token },
        body: method === 'POST' ? JSON.stringify(body) : undefined
      }
    )
    return res.json()
  }
  return {
    get: (url: string, q?: Record<string, unknown>) => call('GET', url, q),
    post: (url: string, body?: Record<string, unknown>) => call('POST', url, body)
  }
}

/** The running server with the built console, its owner `admin` created with `password`. */
export async function startConsoleServer(password: string): Promise<RunningServer> {
  if (!fs.existsSync(path.resolve(__dirname, '../../dist/admin/index.html')))
    throw new Error('dist/admin is missing: run `npm run build:admin` before the browser tests')
  return startServer({ ADMIN_INITIAL_PASSWORD: password })
}

/** Logs `admin` into the console and waits for the dashboard. */
export async function logInToConsole(page: Page, serverUrl: string, password: string): Promise<void> {
  await consoleLogin(page, { url: serverUrl } as RunningServer, 'admin', password)
  await page.getByText('今日收入').waitFor()
}

/** A PNG picture drawn by the browser itself: `label` in `ink` on a `paper` background, as an upload input takes it. */
export async function drawnPng(
  page: Page,
  name: string,
  width: number,
  height: number,
  paper: string,
  ink: string,
  label: string
) {
  const base64 = await page.evaluate(
    ([w, h, bg, fg, text]) => {
      const canvas = document.createElement('canvas')
      canvas.width = Number(w)
      canvas.height = Number(h)
      const g = canvas.getContext('2d')!
      g.fillStyle = String(bg)
      g.fillRect(0, 0, canvas.width, canvas.height)
      g.fillStyle = String(fg)
      g.font = `${Math.round(canvas.height * 0.3)}px sans-serif`
      g.textAlign = 'center'
      g.textBaseline = 'middle'
      g.fillText(String(text), canvas.width / 2, canvas.height / 2)
      return canvas.toDataURL('image/png').split(',')[1]
    },
    [width, height, paper, ink, label] as const
  )
  return { name, mimeType: 'image/png', buffer: Buffer.from(base64, 'base64') }
}

/** `at` as the console's date pickers take it typed: local time (the browser runs in this machine's zone). */
export function pickerTime(at: Date): string {
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 19).replace('T', ' ')
}

/**
 * Picks `option` in the select of the form field labelled `label` within `scope`, and waits until the field shows
 * it. On a busy machine a click can land while the list still slides open, on another option: then it picks again.
 */
export async function pickOption(scope: Locator | Page, label: string, option: string): Promise<void> {
  const page = 'page' in scope ? scope.page() : scope
  const field = scope.locator('.ant-form-item', { has: page.locator(`label[title="${label}"]`) })
  const picked = field.locator('.ant-select-selection-item', { hasText: option })
  const listed = page.locator('.ant-select-item-option:visible', { hasText: option }).first()
  for (let tries = 0; !(await picked.count()) && tries < 3; tries++) {
    if (!(await listed.count())) await field.locator('.ant-select-selector').click()
    await listed.click()
    await picked.waitFor({ timeout: 3_000 }).catch(() => undefined)
  }
  await picked.waitFor()
}
