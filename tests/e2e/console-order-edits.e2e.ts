import { screenshot } from './browser'
import { buyerWithPaidOrder, consoleLogin, consoleServer, desktop } from './console-helpers'

// An operator notes an order (商家备注) and changes its receiver before shipping, in the console's order detail;
// the buyer's order page in WeChat's browser then shows the new address. Screens in .e2e/console-order-edits-*.png.
const PASSWORD = 'Console-edits-2025'
const running = consoleServer(PASSWORD)

test('商家备注 and 修改地址 from the order detail; the buyer sees the new address', async () => {
  const { browser, server } = running
  const buyer = await buyerWithPaidOrder(browser, server, '改地址的买家')
  const page = await (await desktop(browser)).newPage()
  await consoleLogin(page, server, 'admin', PASSWORD)
  await page.goto(`${server.url}/admin/#/orders/${buyer.orderId}`)
  await page.getByText(`订单 ${buyer.orderNo}`).waitFor()

  await page.getByRole('button', { name: '添加' }).click()
  const remark = page.getByRole('dialog', { name: '商家备注' })
  await remark.locator('textarea').fill('客户要求周末送达')
  await remark.getByRole('button', { name: '保 存' }).click()
  await page.getByText('客户要求周末送达').waitFor()

  await page.getByRole('button', { name: '修改地址' }).click()
  const dialog = page.getByRole('dialog', { name: '修改收货地址' })
  // The form opens with the order's address, its region picked in the cascader.
  await dialog.getByLabel('收货人').waitFor()
  expect(await dialog.locator('.ant-cascader').textContent()).toMatch(/北京/)
  await dialog.getByLabel('收货人').fill('李四')
  await dialog.getByLabel('详细地址').fill('漕溪北路 88 号 3 楼')
  await screenshot(page, 'console-order-edits-address')
  await dialog.getByRole('button', { name: '保 存' }).click()
  await page.getByText('收货地址已修改').first().waitFor()
  await page
    .getByText(/李四 .*漕溪北路 88 号 3 楼/)
    .first()
    .waitFor()

  await buyer.page.goto(`${server.url}/#/goods/pages/order/detail?order_id=${buyer.orderId}`)
  await buyer.page.getByText('漕溪北路 88 号 3 楼').first().waitFor()
  expect(await buyer.page.getByText('客户要求周末送达').count()).toBe(0)
})

test('发货单 for two orders picked in the list, each with its receiver and goods, ready to print', async () => {
  const { browser, server } = running
  const first = await buyerWithPaidOrder(browser, server, '发货单买家一')
  const second = await buyerWithPaidOrder(browser, server, '发货单买家二')
  const page = await (await desktop(browser)).newPage()
  await consoleLogin(page, server, 'admin', PASSWORD)
  await page.goto(`${server.url}/admin/#/orders`)
  for (const o of [first, second])
    await page.locator('tr.ant-table-row', { hasText: o.orderNo }).locator('.ant-checkbox-input').check()
  await page.getByRole('button', { name: '打印发货单' }).click()
  const dialog = page.getByRole('dialog', { name: '发货单（2 个订单）' })
  for (const o of [first, second]) await dialog.getByText(`订单号：${o.orderNo}`, { exact: false }).waitFor()
  expect(await dialog.locator('.packing-slip').count()).toBe(2)
  await screenshot(page, 'console-order-edits-slips')
  await page.context().close()
  await first.page.context().close()
  await second.page.context().close()
})
