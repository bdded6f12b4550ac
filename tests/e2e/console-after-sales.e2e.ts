import { screenshot, shown } from './browser'
import { buyerWithPaidOrder, consoleApi, consoleLogin, consoleServer, desktop, openMenu } from './console-helpers'

// 退货退款 as both sides meet it, in two browsers against the running server: the buyer applies on the order's page,
// the operator approves with the return address, the buyer sends the goods back with carrier and number, the operator
// confirms they arrived, and the buyer's page says the money is back. Screens in .e2e/after-sale-*.png.

const PASSWORD = 'After-sales-2026'
const running = consoleServer(PASSWORD)

test('退货退款 from the app to the console and back: address, parcel, receipt, refund', async () => {
  const buyer = await buyerWithPaidOrder(running.browser, running.server, '退货买家')
  const owner = await consoleApi(running.server, 'admin', PASSWORD)
  const order = (await owner.get('/order/detail', { order_id: buyer.orderId })).data
  expect(
    (
      await owner.post('/order/ship', {
        order_id: buyer.orderId,
        updated_at: order.updated_at,
        express_company: '顺丰速运',
        express_no: 'SF7700000001'
      })
    ).code
  ).toBe(1)

  // The buyer applies on the order's page: 退货退款, one unit, a reason.
  const app = buyer.page
  await app.goto(`${running.server.url}/#/goods/pages/order/detail?order_id=${buyer.orderId}`)
  await app.reload()
  await shown(app, '.order-actions__refund').click()
  await shown(app, '.after-sale-sheet__kind').filter({ hasText: '退货退款' }).click()
  await shown(app, '.after-sale-sheet__btn--submit').click()
  await shown(app, '.after-sale-sheet__error').filter({ hasText: '请选择退款原因' }).waitFor()
  await shown(app, '.after-sale-sheet__reason').filter({ hasText: '商品质量问题' }).click()
  // A photo of the fault, uploaded privately (on a phone Taro first asks camera or album).
  const photo = await app.screenshot({ clip: { x: 0, y: 0, width: 80, height: 80 } })
  await shown(app, '.photo-picker__add').click()
  const chooser = app.waitForEvent('filechooser')
  await app.getByText('从相册选择').click()
  await (await chooser).setFiles({ name: 'fault.png', mimeType: 'image/png', buffer: photo })
  await app.waitForSelector('.photo-picker__photo img[src*="file.private/image"], img.photo-picker__photo', {
    timeout: 15_000
  })
  await screenshot(app, 'after-sale-apply')
  await shown(app, '.after-sale-sheet__btn--submit').click()
  await shown(app, '.after-sale-card__status').filter({ hasText: '待商家处理' }).waitFor()

  // The operator approves in 售后 with the address the goods go back to.
  const page = await (await desktop(running.browser)).newPage()
  await consoleLogin(page, running.server, 'admin', PASSWORD)
  await openMenu(page, /售后/)
  const row = page.locator('tr.ant-table-row', { hasText: buyer.orderNo })
  await row.getByText('退货退款').waitFor()
  // The buyer's photo is there, through a link that expires, and it loads.
  const proof = row.getByLabel('售后凭证').locator('img')
  await proof.waitFor()
  expect(await proof.getAttribute('src')).toContain('/api/file.private/image?')
  await page.waitForFunction(
    (img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0,
    await proof.elementHandle()
  )
  await row.getByText('同意退货').click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('退货地址').fill('王店长 13800138000 北京市朝阳区退货路1号')
  await dialog.getByRole('button', { name: /确\s*定/ }).click()
  await row.getByText('待买家退货').waitFor()
  await screenshot(page, 'after-sale-console-approved')

  // The buyer reads the address and sends the parcel back.
  await app.reload()
  await app.getByText('退货地址：王店长 13800138000 北京市朝阳区退货路1号').first().waitFor()
  const inputs = app.locator('.after-sale-card__input:visible input')
  await inputs.nth(0).fill('中通快递')
  await inputs.nth(1).fill('ZT880000001')
  await shown(app, '.after-sale-card__btn--main').click()
  await shown(app, '.after-sale-card__status').filter({ hasText: '买家已寄回' }).waitFor()
  await screenshot(app, 'after-sale-returned')

  // The operator sees the parcel, confirms it arrived, and the money goes back.
  await page.reload()
  await row.getByText('中通快递 ZT880000001').waitFor()
  await row.getByText('确认收货并退款').click()
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定/ })
    .click()
  await row.waitFor({ state: 'detached' })
  await page.context().close()

  await app.reload()
  await shown(app, '.after-sale-card__status').filter({ hasText: '退款成功' }).waitFor()
  // The whole order when its one unit was all it cost (free shipping), or the part given back.
  await shown(app, '.order-detail__status-text, .order-detail__deadline')
    .filter({ hasText: '已退款' })
    .first()
    .waitFor()
  await screenshot(app, 'after-sale-refunded')
  await app.context().close()
})
