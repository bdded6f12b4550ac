import type { Browser, Page } from 'playwright-core'
import { launchBrowser, phone, screenshot, WECHAT_UA } from './browser'
import { desktop, startConsoleServer } from './console-helpers'
import type { RunningServer } from './server'

// The operator console at desktop size, against the running server: the owner logs in, looks at the
// dashboard, ships a paid order from the order list; the buyer's H5 order page then shows it shipped
// with the express number. Screens in .e2e/console-*.png.

const PASSWORD = 'Console-e2e-2025'
let server: RunningServer
let browser: Browser

beforeAll(async () => {
  server = await startConsoleServer(PASSWORD)
  browser = await launchBrowser()
}, 600_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function api(token: string, url: string, body: Record<string, unknown>) {
  const res = await fetch(`${server.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: token }, body: JSON.stringify(body) })
  const json = await res.json()
  if (json.code !== 1) throw new Error(`${url}: ${json.msg}`)
  return json.data
}

/** A buyer in WeChat's browser (simulator login) with a paid order of the first good in stock. */
async function buyerWithPaidOrder(): Promise<{ page: Page; orderId: number; orderNo: string }> {
  const context = await phone(browser, WECHAT_UA)
  const page = await context.newPage()
  await page.goto(`${server.url}/#/goods/pages/order/order`)
  await page.waitForURL(/wechat\.simulator\/authorize/)
  await page.fill('input[name=nickname]', '后台发货买家')
  await page.getByText('新建并登录').click()
  await page.waitForFunction(() => (localStorage.getItem('Authorization') ?? '').includes('token'))
  const raw = JSON.parse((await page.evaluate(() => localStorage.getItem('Authorization')))!)
  const { token } = typeof raw.data === 'string' ? JSON.parse(raw.data) : raw.data
  const goods = await (await fetch(`${server.url}/api/product.product/lists?per_page=20`)).json()
  const good = goods.data.list.find((g: { stock: number }) => g.stock > 0)
  const detail = await (await fetch(`${server.url}/api/product.product/detail?goods_id=${good.goods_id}`)).json()
  const sku = detail.data.detail.skus.find((s: { stock: number }) => s.stock > 0)
  const address = await api(token, '/api/user.address/add', { name: '赵六', mobile: '13800138001', province_code: '110000', city_code: '110100', district_code: '110105', detail: '望京街10号' })
  const order = await api(token, '/api/order.order/buy', { mode: 'buy_now', sku_id: sku.sku_id, quantity: 1, address_id: address.detail.address_id, request_id: `console-e2e-${Date.now()}`, user_coupon_id: 0 })
  await api(token, '/api/pay.sandbox/confirm', { out_trade_no: order.payment.out_trade_no })
  return { page, orderId: order.order_id, orderNo: order.order_no }
}

test('the owner logs in, ships a paid order; the buyer sees it shipped with the express number', async () => {
  const buyer = await buyerWithPaidOrder()
  const context = await desktop(browser)
  const page = await context.newPage()
  await page.goto(`${server.url}/admin/`)
  await page.getByLabel('账号').fill('admin')
  await page.getByLabel('密码').fill('wrong-password')
  await page.getByRole('button', { name: '登 录' }).click()
  await page.getByText('账号或密码错误').waitFor()
  await screenshot(page, 'console-login')
  await page.getByLabel('密码').fill(PASSWORD)
  await page.getByRole('button', { name: '登 录' }).click()

  // The owner lands on the dashboard: today's paid order is counted and waits under 待发货.
  await page.getByText('今日收入').waitFor()
  const pending = page.locator('a', { hasText: '待发货订单' })
  await expect(pending.locator('.ant-badge').textContent()).resolves.not.toBe('0')
  await page.locator('canvas').first().waitFor({ timeout: 30_000 })
  await screenshot(page, 'console-dashboard')

  // From the pending work to the order list filtered to 待发货; find the order by its number.
  await pending.click()
  await page.getByPlaceholder('请输入').first().fill(buyer.orderNo)
  await page.getByRole('button', { name: '查 询' }).click()
  const row = page.locator('tr.ant-table-row', { hasText: buyer.orderNo })
  await row.waitFor()
  await expect(page.locator('tr.ant-table-row').count()).resolves.toBe(1)
  await screenshot(page, 'console-orders')

  await row.getByText('发货', { exact: true }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('快递单号').fill('坏单号')
  await dialog.getByRole('button', { name: '确认发货' }).click()
  await dialog.getByText('快递单号应为 4-40 位字母或数字').waitFor()
  await dialog.getByLabel('快递单号').fill('SF1400000000')
  await screenshot(page, 'console-ship')
  await dialog.getByRole('button', { name: '确认发货' }).click()
  await page.getByText(`订单 ${buyer.orderNo} 已发货`).waitFor()
  // It leaves the 待发货 list.
  await row.waitFor({ state: 'detached' })

  // The order's detail: shipped, with items, address, payment and its timeline.
  await page.goto(`${server.url}/admin/#/orders/${buyer.orderId}`)
  await page.getByText('支付与退款').waitFor()
  await page.locator('.ant-page-header .ant-tag', { hasText: '已发货' }).waitFor()
  await page.getByText('顺丰速运 SF1400000000', { exact: true }).waitFor()
  await page.getByText('望京街10号', { exact: false }).waitFor()
  await screenshot(page, 'console-order-detail')

  // The audit log holds the shipment.
  await page.getByRole('menuitem', { name: /操作日志/ }).click()
  await page.locator('tr.ant-table-row', { hasText: buyer.orderNo }).getByText('订单发货').waitFor()
  await screenshot(page, 'console-audit')
  await page.getByRole('menuitem', { name: /操作员/ }).click()
  await page.locator('tr.ant-table-row', { hasText: 'admin' }).waitFor()
  await screenshot(page, 'console-operators')
  await page.getByRole('menuitem', { name: /提现/ }).click()
  await page.getByText('提现审核').waitFor()
  await page.getByRole('menuitem', { name: /售后/ }).click()
  await page.getByText('售后处理').waitFor()
  await screenshot(page, 'console-refunds')
  await context.close()

  // The buyer's order page.
  await buyer.page.goto(`${server.url}/#/goods/pages/order/detail?order_id=${buyer.orderId}`)
  await buyer.page.reload()
  const status = buyer.page.locator('.order-detail__status-text:visible')
  await expect(status.textContent()).resolves.toBe('待收货')
  await buyer.page.locator('.order-detail__step-title:visible', { hasText: '已发货' }).waitFor()
  await buyer.page.getByText('顺丰速运 SF1400000000').first().waitFor()
  await screenshot(buyer.page, 'console-buyer-order')
  await buyer.page.context().close()
})

test('a finance operator sees no operator management and is refused by the server too', async () => {
  const context = await desktop(browser)
  const page = await context.newPage()
  // The owner creates the finance account through the API the console uses (cookie + CSRF).
  const login = await fetch(`${server.url}/api/admin/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: PASSWORD }) })
  const cookie = String(login.headers.get('set-cookie')).split(';')[0]
  const { data: me } = await login.json()
  const add = await fetch(`${server.url}/api/admin/operator/add`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': me.csrf_token },
    body: JSON.stringify({ username: 'caiwu', password: 'Caiwu-2025', role: 'finance' })
  })
  expect((await add.json()).code).toBe(1)

  await page.goto(`${server.url}/admin/`)
  await page.getByLabel('账号').fill('caiwu')
  await page.getByLabel('密码').fill('Caiwu-2025')
  await page.getByRole('button', { name: '登 录' }).click()
  await page.getByText('今日收入').waitFor()
  const menu = await page.locator('.ant-menu').first().textContent()
  expect(menu).toContain('提现')
  expect(menu).not.toContain('操作员')
  await page.goto(`${server.url}/admin/#/operators`)
  await page.getByText('无法打开此页').waitFor()
  await context.close()
})
