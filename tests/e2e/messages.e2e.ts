import type { Browser } from 'playwright-core'

import type { Paged } from '../../contract'
import type { AddressDetailResponse, BuyResponse, ProductDetailResponse, ProductListItem } from '../../contract/shop'
import { credentialOf, launchBrowser, pause, routeOf, screenshot, shown, wechatLoginAt } from './browser'
import { type RunningServer, startServer } from './server'

// 消息中心 in WeChat's browser (H5): a paid order tells its buyer in the app; 我的 shows the unread count on its tab
// and its 消息中心 cell; the message opens the order and is read; the badge goes. Screens in .e2e/messages-*.png.

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  server = await startServer()
  browser = await launchBrowser()
}, 300_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

test('a paid order’s message: the badge on 我的, the list, the order it opens, read', async () => {
  const { context, page } = await wechatLoginAt(browser, `${server.url}/#/pages/my/my`, '消息用户')
  const { token } = await credentialOf(page)
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: token },
      body: body && JSON.stringify(body)
    })
    const answer = (await res.json()) as { code: number; msg: string; data: T }
    if (answer.code !== 1) throw new Error(`${path}: ${answer.msg}`)
    return answer.data
  }
  // The purchase is set up through the API (the shop's pages have their own test, shop.e2e.ts).
  const { detail: address } = await call<AddressDetailResponse>('POST', '/api/user.address/add', {
    name: '钱七',
    mobile: '13800138002',
    province_code: '110000',
    city_code: '110100',
    district_code: '110101',
    detail: '东直门南大街 13 号',
    is_default: true
  })
  const goods = await call<Paged<ProductListItem>>('GET', '/api/product.product/lists?per_page=50')
  const item = goods.list.find((g) => g.stock > 0)!
  const { detail } = await call<ProductDetailResponse>('GET', `/api/product.product/detail?goods_id=${item.goods_id}`)
  const sku = detail.skus.find((s) => s.available)!
  const order = await call<BuyResponse>('POST', '/api/order.order/buy', {
    mode: 'buy_now',
    sku_id: sku.sku_id,
    quantity: 1,
    address_id: address.address_id,
    request_id: 'messages-e2e-0001'
  })
  await call('POST', '/api/pay.sandbox/confirm', { out_trade_no: order.payment!.out_trade_no })

  // 我的, shown again: the unread message on its tab and in its counts.
  await page.reload()
  await shown(page, '.tab-bar__badge').waitFor({ timeout: 15_000 })
  await expect(shown(page, '.tab-bar__badge').textContent()).resolves.toBe('1')
  const cell = shown(page, '.counts__cell').filter({ hasText: '消息中心' })
  await expect(cell.locator('.counts__number--alert').textContent()).resolves.toBe('1')
  await screenshot(page, 'messages-mine')

  await pause(page)
  await cell.click()
  await page.waitForFunction(() => location.hash.includes('pages/my/message'))
  await shown(page, '.messages__item').first().waitFor()
  await expect(shown(page, '.messages__unread').textContent()).resolves.toBe('1 条未读')
  const message = shown(page, '.messages__item').first()
  await expect(message.locator('.messages__title').textContent()).resolves.toBe('订单支付成功')
  await expect(message.locator('.messages__time').textContent()).resolves.toBe('刚刚')
  expect(await message.getAttribute('class')).toContain('messages__item--unread')
  await screenshot(page, 'messages-list')

  await pause(page)
  await message.click()
  await page.waitForFunction(() => location.hash.includes('goods/pages/order/detail'))
  expect(routeOf(page)).toBe('goods/pages/order/detail')
  await shown(page, '.order-detail__status-text').waitFor()
  await expect(shown(page, '.order-detail__status-text').textContent()).resolves.toBe('待发货')
  const { count } = await call<{ count: number }>('GET', '/api/user.message/unread')
  expect(count).toBe(0)

  // Back: the message is read, nothing is left to mark, and 我的 has no badge.
  await pause(page)
  await page.goBack()
  await page.waitForFunction(() => location.hash.includes('pages/my/message'))
  await expect(shown(page, '.messages__item--unread').count()).resolves.toBe(0)
  await expect(shown(page, '.messages__read-all').count()).resolves.toBe(0)
  await pause(page)
  await page.goBack()
  await page.waitForFunction(() => location.hash.includes('pages/my/my'))
  await shown(page, '.counts__cell').first().waitFor()
  await page.waitForFunction(() => !Array.from(document.querySelectorAll('.tab-bar__badge')).some((b) => b.clientWidth))
  await screenshot(page, 'messages-read')
  await context.close()
})
