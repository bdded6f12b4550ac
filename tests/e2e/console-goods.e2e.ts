import type { Browser } from 'playwright-core'

import { FREE_FREIGHT_FROM_FEN, FREIGHT_FEN } from '../../server/modules/shop/constants'
import { launchBrowser, pause, phone, screenshot, shown, WECHAT_UA } from './browser'
import { desktop, drawnPng, logInToConsole, openMenu, pickOption, startConsoleServer } from './console-helpers'
import type { RunningServer } from './server'

// An operator fills the shop from the console at desktop size: a category, then a product with two
// SKUs (尺寸 大/小) and an uploaded image. In the H5 app at phone size the product is found in the
// shop and a buyer pays for it (sandbox). Screens in .e2e/console-goods-*.png.

const PASSWORD = 'Console-goods-2025'
const GOODS_NAME = '后台上架铜葫芦'
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

async function get(url: string) {
  const json = await (await fetch(`${server.url}${url}`)).json()
  if (json.code !== 1) throw new Error(`${url}: ${json.msg}`)
  return json.data
}

test('a category and a two-SKU product made in the console are bought in the H5 shop', async () => {
  const context = await desktop(browser)
  const page = await context.newPage()
  await logInToConsole(page, server.url, PASSWORD)

  // A category.
  await openMenu(page, /商品分类/)
  await page.getByRole('button', { name: /新增分类/ }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('分类名称').fill('后台法器')
  await dialog.getByRole('button', { name: /确 ?定/ }).click()
  await page.getByText('分类已新增').waitFor()
  await page.locator('tr.ant-table-row', { hasText: '后台法器' }).waitFor()
  await screenshot(page, 'console-goods-categories')

  // A product: category, name, an uploaded image, specs 尺寸 大/小 with a price and stock each.
  await openMenu(page, /(^|\s)商品$/)
  await page.getByRole('button', { name: /新增商品/ }).click()
  await page.getByText('规格与 SKU').waitFor()
  await pickOption(page, '分类', '后台法器')
  await page.getByLabel('商品名称').fill(GOODS_NAME)
  // Leaving the half-filled editor through the menu asks first; 继续编辑 keeps what was typed.
  await openMenu(page, /(^|\s)商品$/)
  const leaving = page.locator('.ant-modal-confirm', { hasText: '有未保存的修改' })
  await leaving.getByRole('button', { name: '继续编辑' }).click()
  await leaving.waitFor({ state: 'hidden' })
  expect(await page.getByLabel('商品名称').inputValue()).toBe(GOODS_NAME)
  await page.getByLabel('副标题').fill('纯铜手工，后台新建')
  // A product photo drawn by the browser itself.
  await page
    .locator('.ant-upload input[type=file]')
    .first()
    .setInputFiles(await drawnPng(page, 'hulu.png', 400, 400, '#b8860b', '#fff', '葫芦'))
  await page.locator('.ant-upload-list-item-done img').first().waitFor()

  // Saving without prices is refused with a message; nothing is created.
  await page.getByRole('button', { name: /添加规格/ }).click()
  await page.getByPlaceholder('规格名，如 颜色').fill('尺寸')
  const values = page.locator('.ant-select-selection-search-input').last()
  for (const v of ['大号', '小号']) {
    await values.fill(v)
    await values.press('Enter')
  }
  await page.keyboard.press('Escape')
  const prices = page.getByLabel('售价', { exact: true })
  await expect(prices.count()).resolves.toBe(2)
  await page.getByRole('button', { name: /保存商品/ }).click()
  await page.getByText('请填写每个在售 SKU 的售价').waitFor()

  await prices.nth(0).fill('88')
  await prices.nth(1).fill('66')
  const stocks = page.getByLabel('初始库存')
  await stocks.nth(0).fill('10')
  await stocks.nth(1).fill('5')
  await page.locator('.html-editor-box').click()
  await page.keyboard.type('手工打磨的纯铜葫芦，寓意福禄。')
  // Every message gone (the category's may still be up on a fast machine) before the screenshot.
  await page.waitForFunction(() => !document.querySelector('.ant-message-notice'))
  await screenshot(page, 'console-goods-edit')
  await page.getByRole('button', { name: /保存商品/ }).click()
  await page.getByText('商品已创建').waitFor()
  await page.getByText(`编辑商品：${GOODS_NAME}`).waitFor()

  // Listed with both SKUs' stock, on shelf.
  await openMenu(page, /(^|\s)商品$/)
  const row = page.locator('tr.ant-table-row', { hasText: GOODS_NAME })
  await row.waitFor()
  await expect(row.textContent()).resolves.toMatch(/¥66\.00 ~ ¥88\.00.*15.*出售中/)
  await screenshot(page, 'console-goods-list')

  // A coupon for this product alone, picked by searching its name.
  await openMenu(page, /优惠券/)
  await page.getByRole('button', { name: /新建优惠券/ }).click()
  const form = page.getByRole('dialog')
  await form.getByLabel('名称').fill('葫芦专享券')
  await form.getByLabel('使用门槛（元）').fill('50')
  await form.getByLabel('减免金额（元）').fill('5')
  await form.getByText('指定商品').click()
  await form.getByLabel('适用商品').click()
  await page.keyboard.type('铜葫')
  await page.locator('.ant-select-item-option', { hasText: GOODS_NAME }).click()
  await form.locator('.ant-modal-title').click()
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10)
  const window = form.locator('.ant-picker-range input')
  await window.nth(0).click()
  await window.nth(0).fill(`${day(-1)} 00:00:00`)
  await page.locator('.ant-picker-ok button').click()
  await window.nth(1).fill(`${day(30)} 23:59:59`)
  await page.locator('.ant-picker-ok button').click()
  await screenshot(page, 'console-goods-coupon')
  await form.getByRole('button', { name: /确\s*定/ }).click()
  await page.getByText('优惠券已创建').waitFor()
  await page.locator('tr.ant-table-row', { hasText: '葫芦专享券' }).getByText('指定商品 1 个').waitFor()
  await context.close()

  const found = await get(`/api/product.product/lists?keyword=${encodeURIComponent(GOODS_NAME)}`)
  expect(found.list).toHaveLength(1)
  const goodsId = found.list[0].goods_id
  // The coupon is the product's alone: the app's 领券中心 says so.
  const centre = await get('/api/coupon.coupon/lists?per_page=50')
  expect(centre.list.find((c: { name: string }) => c.name === '葫芦专享券')).toMatchObject({
    title: '满50减5',
    scope: 'goods',
    scope_text: '限指定商品'
  })

  // The buyer, in WeChat's browser: finds it in the shop's search, picks 小号 and pays.
  const phoneContext = await phone(browser, WECHAT_UA)
  const buyer = await phoneContext.newPage()
  await buyer.goto(`${server.url}/#/goods/pages/search/search`)
  await buyer.waitForURL(/wechat\.simulator\/authorize/)
  await buyer.fill('input[name=nickname]', '后台商品买家')
  await buyer.getByText('新建并登录').click()
  await buyer.waitForFunction(() => (localStorage.getItem('Authorization') ?? '').includes('token'))
  const raw = JSON.parse((await buyer.evaluate(() => localStorage.getItem('Authorization')))!)
  const { token } = typeof raw.data === 'string' ? JSON.parse(raw.data) : raw.data
  const address = await fetch(`${server.url}/api/user.address/add`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify({
      name: '钱七',
      mobile: '13800138002',
      province_code: '110000',
      city_code: '110100',
      district_code: '110105',
      detail: '朝阳路 8 号'
    })
  })
  expect((await address.json()).code).toBe(1)

  await buyer.waitForFunction(() => location.hash.includes('goods/pages/search/search'))
  await shown(buyer, '.search__input input').fill(GOODS_NAME)
  await shown(buyer, '.search__go').click()
  const card = shown(buyer, `.goods-card[data-goods-id="${goodsId}"]`)
  await card.waitFor()
  await buyer.waitForFunction(
    () => (document.querySelector('.goods-card img') as HTMLImageElement | null)?.naturalWidth
  )
  await screenshot(buyer, 'console-goods-h5-search')
  await pause(buyer)
  await card.click()
  await buyer.waitForFunction(() => location.hash.includes('goods/pages/goods/goods'))
  await shown(buyer, '.goods__name').waitFor()
  await expect(shown(buyer, '.goods__name').textContent()).resolves.toBe(GOODS_NAME)
  await screenshot(buyer, 'console-goods-h5-detail')
  await shown(buyer, '.goods__btn--buy').click()
  await shown(buyer, '.sku-picker__panel').waitFor()
  await shown(buyer, '.sku-picker__value').filter({ hasText: '小号' }).click()
  await screenshot(buyer, 'console-goods-h5-sku')
  await shown(buyer, '.sku-picker__confirm').click()
  await buyer.waitForFunction(() => location.hash.includes('goods/pages/order/confirm'))
  await shown(buyer, '.confirm__receiver').waitFor()
  // ¥66 for 小号, plus freight below the free-freight line.
  const pay = 6600 + (6600 < FREE_FREIGHT_FROM_FEN ? FREIGHT_FEN : 0)
  await expect(shown(buyer, '.confirm__pay-amount').textContent()).resolves.toBe(`¥${(pay / 100).toFixed(2)}`)
  await shown(buyer, '.confirm__submit').click()
  await buyer.locator('.taro-model__confirm:visible').click({ timeout: 15_000 })
  await buyer.waitForFunction(() => location.hash.includes('goods/pages/order/pay-success'))
  await expect(shown(buyer, '.pay-success__title').textContent()).resolves.toBe('支付成功')
  await buyer.locator('.taro-model__confirm').first().waitFor({ state: 'hidden' })
  await screenshot(buyer, 'console-goods-h5-paid')

  // The 小号 SKU sold one.
  const detail = await get(`/api/product.product/detail?goods_id=${goodsId}`)
  expect(detail.detail.skus.map((s: { spec_text: string; stock: number }) => [s.spec_text, s.stock])).toEqual([
    ['大号', 10],
    ['小号', 4]
  ])
  await phoneContext.close()
}, 480_000)

test('付费工具: the report priced in the console is what the app is told, and off sale the app is told so', async () => {
  const context = await desktop(browser)
  const page = await context.newPage()
  await logInToConsole(page, server.url, PASSWORD)
  await openMenu(page, /付费工具/)
  // The products' table, not the 修改记录 below it (whose rows name the product and its prices too).
  const row = page
    .locator('.ant-table-wrapper', { hasNotText: '操作员' })
    .locator('tr.ant-table-row', { hasText: '详批' })
  await row.getByText('编辑').click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('售价').fill('29.9')
  await dialog.getByRole('button', { name: /保\s?存/ }).click()
  await row.getByText('¥29.90').waitFor()
  // The history says the price in yuan, as the operator typed it.
  await page.locator('.ant-pro-table', { hasText: '修改记录' }).getByText('¥29.90').first().waitFor()
  await screenshot(page, 'console-tool-products')
  expect((await get('/api/tools.report/price')).price_fen).toBe(2990)

  await row.getByText('编辑').click()
  await dialog.getByRole('switch').click()
  await dialog.getByRole('button', { name: /保\s?存/ }).click()
  await row.getByText('已停售').waitFor()
  const price = await (await fetch(`${server.url}/api/tools.report/price`)).json()
  expect(price).toMatchObject({ code: 0, msg: '详批报告暂停销售，请稍后再来' })
  await context.close()
}, 120_000)

test('商品 tabs: two goods selected in 出售中 are batch 下架 and wait in 仓库中, gone from the app', async () => {
  const context = await desktop(browser)
  const page = await context.newPage()
  await logInToConsole(page, server.url, PASSWORD)
  await openMenu(page, /(^|\s)商品$/)
  // The two demo incense burners, found by name in 出售中 (the tab the list opens on).
  await page.getByLabel('商品名称').fill('香炉')
  await page.getByRole('button', { name: /查\s?询/ }).click()
  const tabs = page.locator('.ant-pro-table-list-toolbar-menu, .ant-tabs-nav').first()
  await tabs.getByText('出售中 (2)').waitFor()
  const rows = page.locator('tr.ant-table-row', { hasText: '香炉' })
  await expect(rows.count()).resolves.toBe(2)
  for (const row of await rows.all()) await row.locator('.ant-checkbox-input').check()
  await page.getByText('已选 2 件商品').waitFor()
  await page.getByRole('button', { name: '批量下架' }).click()
  await page
    .locator('.ant-popover')
    .getByRole('button', { name: /确\s?定|OK/ })
    .click()
  await page.getByText('已下架（2 件）').waitFor()
  await tabs.getByText('出售中 (0)').waitFor()

  await tabs.getByText(/^仓库中 \(2\)$/).click()
  const stored = page.locator('tr.ant-table-row', { hasText: '香炉' }).filter({ hasText: '仓库中' })
  await stored.nth(1).waitFor()
  await expect(stored.count()).resolves.toBe(2)
  await screenshot(page, 'console-goods-tabs')
  await context.close()

  const inApp = await get(`/api/product.product/lists?keyword=${encodeURIComponent('香炉')}`)
  // The search also matches subtitles (a set with a burner in it stays): no good named so is left.
  expect(inApp.list.filter((g: { name: string }) => g.name.includes('香炉'))).toEqual([])
}, 120_000)
