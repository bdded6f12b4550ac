import { screenshot } from './browser'
import {
  buyerWithPaidOrder,
  consoleApi,
  consoleLogin,
  consoleServer,
  desktop,
  logInToConsole,
  openMenu
} from './console-helpers'

// The operator console at desktop size, against the running server: the owner logs in, looks at the
// dashboard, ships a paid order from the order list; the buyer's H5 order page then shows it shipped
// with the express number. Screens in .e2e/console-*.png.

const PASSWORD = 'Console-e2e-2025'
const running = consoleServer(PASSWORD)

test('the owner logs in, ships a paid order; the buyer sees it shipped with the express number', async () => {
  const buyer = await buyerWithPaidOrder(running.browser, running.server)
  const context = await desktop(running.browser)
  const page = await context.newPage()
  await page.goto(`${running.server.url}/admin/`)
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
  await page.goto(`${running.server.url}/admin/#/orders/${buyer.orderId}`)
  await page.getByText('支付与退款').waitFor()
  await page.locator('.ant-page-header .ant-tag', { hasText: '已发货' }).waitFor()
  await page.getByText('顺丰速运 SF1400000000', { exact: true }).waitFor()
  await page.getByText('望京街10号', { exact: false }).waitFor()
  await screenshot(page, 'console-order-detail')

  // The audit log holds the shipment.
  await openMenu(page, /操作日志/)
  await page.locator('tr.ant-table-row', { hasText: buyer.orderNo }).getByText('订单发货').waitFor()
  await screenshot(page, 'console-audit')
  await openMenu(page, /操作员/)
  await page.locator('tr.ant-table-row', { hasText: 'admin' }).waitFor()
  await screenshot(page, 'console-operators')
  await openMenu(page, /提现$/)
  await page.getByText('提现审核').waitFor()
  await openMenu(page, /售后/)
  await page.getByText('售后处理').waitFor()
  await screenshot(page, 'console-refunds')
  await context.close()

  // The buyer's order page.
  await buyer.page.goto(`${running.server.url}/#/goods/pages/order/detail?order_id=${buyer.orderId}`)
  await buyer.page.reload()
  const status = buyer.page.locator('.order-detail__status-text:visible')
  await expect(status.textContent()).resolves.toBe('待收货')
  await buyer.page.locator('.order-detail__step-title:visible', { hasText: '已发货' }).waitFor()
  await buyer.page.getByText('顺丰速运 SF1400000000').first().waitFor()
  await screenshot(buyer.page, 'console-buyer-order')
  await buyer.page.context().close()
})

test('a finance operator sees no operator management and is refused by the server too', async () => {
  const context = await desktop(running.browser)
  const page = await context.newPage()
  // The owner creates the finance account through the API the console uses (cookie + CSRF).
  const owner = await consoleApi(running.server, 'admin', PASSWORD)
  expect((await owner.post('/operator/add', { username: 'caiwu', password: 'Caiwu-2025', role: 'finance' })).code).toBe(
    1
  )

  await consoleLogin(page, running.server, 'caiwu', 'Caiwu-2025')
  await page.getByText('今日收入').waitFor()
  const menu = await page.locator('.ant-menu').first().textContent()
  expect(menu).toContain('提现')
  expect(menu).not.toContain('操作员')
  await page.goto(`${running.server.url}/admin/#/operators`)
  await page.getByText('无法打开此页').waitFor()
  await context.close()
})

test("dialogs zoom in, unless the operator's system asks for reduced motion", async () => {
  for (const [reducedMotion, zooms] of [
    ['no-preference', true],
    ['reduce', false]
  ] as const) {
    const context = await desktop(running.browser, { reducedMotion })
    const page = await context.newPage()
    await logInToConsole(page, running.server.url, PASSWORD)
    await page.goto(`${running.server.url}/admin/#/operators`)
    const add = page.getByRole('button', { name: /新增操作员/ })
    await add.waitFor()
    await page.evaluate(() => {
      const seen = window as unknown as { zoomed: boolean }
      seen.zoomed = false
      new MutationObserver(() => {
        seen.zoomed ||= !!document.querySelector('.ant-zoom-appear-active, .ant-zoom-enter-active')
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] })
    })
    await add.click()
    await page.getByRole('dialog').getByLabel('账号').waitFor()
    await page.waitForFunction(() => !document.querySelector('.ant-modal[class*="ant-zoom-appear"]'))
    await expect(page.evaluate(() => (window as unknown as { zoomed: boolean }).zoomed)).resolves.toBe(zooms)
    await context.close()
  }
})
