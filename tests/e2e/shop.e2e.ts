import type { Browser } from 'playwright-core'

import type { Paged } from '../../contract'
import type { Coupon, ProductListItem } from '../../contract/shop'
import { launchBrowser, logInWithSms, pause, phone, routeOf, screenshot, shown } from './browser'
import { type RunningServer, startServer } from './server'

let server: Pick<RunningServer, 'url' | 'stop'>
let browser: Browser

beforeAll(async () => {
  server = await startServer()
  browser = await launchBrowser()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** A GET on the API as a visitor (to choose test data from what the server holds). */
async function api<T>(path: string): Promise<T> {
  const body = (await (await fetch(`${server.url}${path}`)).json()) as { code: number; data: T; msg: string }
  if (body.code !== 1) throw new Error(`${path}: ${body.msg}`)
  return body.data
}

test('browse, search, pick a SKU, check out with new address and claimed coupon, pay, find it in 待发货', async () => {
  // A coupon for every good, and a good whose price reaches its minimum spend.
  const coupons = await api<Paged<Coupon>>('/api/coupon.coupon/lists?per_page=50')
  // The largest amount off for every good: once claimed it is the best one for the checkout to choose.
  const coupon = coupons.list
    .filter((c) => c.scope === 'all' && c.type === 'amount' && c.remaining > 0)
    .sort((a, b) => b.amount - a.amount)[0]
  expect(coupon).toBeDefined()
  const goods = await api<Paged<ProductListItem>>('/api/product.product/lists?per_page=50&sort=price_desc')
  const target = goods.list.find((g) => g.stock > 0 && g.price_min === g.price_max && g.price_min >= coupon.min_spend)!
  expect(target).toBeDefined()

  const context = await phone(browser)
  const page = await context.newPage()
  const started = Date.now()
  await page.goto(`${server.url}/#/goods/pages/goods/list`)
  await shown(page, '.goods-card').first().waitFor()
  const firstPageMs = Date.now() - started
  console.log(`shop tab: first page of goods shown ${firstPageMs} ms after navigation`)
  await page.waitForFunction(() => (document.querySelector('.goods-card img') as HTMLImageElement | null)?.naturalWidth)
  await screenshot(page, 'shop-list')

  // Sorting by price (low to high) puts the cheapest first.
  await shown(page, '.sort-bar__item').filter({ hasText: '价格' }).click()
  const cheapest = await api<Paged<ProductListItem>>('/api/product.product/lists?per_page=1&sort=price_asc')
  // The list re-sorts once its request is answered: the first card shown becomes the cheapest.
  await page.waitForFunction(
    (id) =>
      [...document.querySelectorAll<HTMLElement>('.goods-card')].find((card) => card.offsetParent)?.dataset.goodsId ===
      id,
    String(cheapest.list[0].goods_id)
  )

  // Search for the target good by its name.
  await shown(page, '.shop__search').click()
  await page.waitForFunction(() => location.hash.includes('goods/pages/search/search'))
  await shown(page, '.search__chip').first().waitFor()
  // The typed text sits in the middle of the search box, not at its top.
  const offCentre = await page.evaluate(() => {
    const input = Array.from(document.querySelectorAll('.search__input input')).find(
      (el) => el.getBoundingClientRect().height > 0
    )!
    const box = input.closest('.search__input')!.getBoundingClientRect()
    const r = input.getBoundingClientRect()
    return Math.abs(r.y + r.height / 2 - (box.y + box.height / 2))
  })
  expect(offCentre).toBeLessThan(2)
  await screenshot(page, 'shop-search')
  await shown(page, '.search__input input').fill(target.name)
  await shown(page, '.search__go').click()
  await shown(page, `.goods-card[data-goods-id="${target.goods_id}"]`).waitFor()
  await screenshot(page, 'shop-search-results')
  await pause(page)
  await shown(page, `.goods-card[data-goods-id="${target.goods_id}"]`).click()

  // The detail: adding to the cart asks a visitor to log in first.
  await page.waitForFunction(() => location.hash.includes('goods/pages/goods/goods'))
  await shown(page, '.goods__name').waitFor()
  // The gallery's counter (1/2) is drawn over the pictures, not under them.
  const counterOnTop = await page.evaluate(() => {
    const counter = Array.from(document.querySelectorAll('.goods__counter')).find(
      (el) => el.getBoundingClientRect().width > 0
    )
    if (!counter) return false
    const r = counter.getBoundingClientRect()
    return counter.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2))
  })
  expect(counterOnTop).toBe(true)
  await screenshot(page, 'shop-detail')
  await shown(page, '.goods__btn--cart').click()
  // A fresh number each run: the SMS service sends one code a minute per number.
  const mobile = `139${String(Date.now()).slice(-8)}`
  await logInWithSms(page, mobile)
  await shown(page, '.goods__btn--cart').click()
  await shown(page, '.sku-picker__panel').waitFor()
  // Choose the first value of every spec that can be chosen.
  for (const spec of await shown(page, '.sku-picker__spec').all()) {
    const on = spec.locator('.sku-picker__value--on')
    if ((await on.count()) === 0) await spec.locator('.sku-picker__value:not(.sku-picker__value--off)').first().click()
  }
  await screenshot(page, 'shop-sku')
  await shown(page, '.sku-picker__confirm').click()
  await page.waitForFunction(() => !document.querySelector('.sku-picker'))

  // Claim the coupon in the centre.
  await page.goto(`${server.url}/#/goods/pages/coupon/coupon`)
  const claim = shown(page, `.coupons__claim[data-coupon-id="${coupon.coupon_id}"]`)
  await claim.waitFor()
  await claim.click()
  await page.waitForFunction(
    (id) =>
      /已领取|再领一张/.test(document.querySelector(`.coupons__claim[data-coupon-id="${id}"]`)?.textContent ?? ''),
    coupon.coupon_id
  )
  await screenshot(page, 'shop-coupons')

  // The cart holds the good, selected; check out.
  await page.goto(`${server.url}/#/goods/pages/cart/cart`)
  await shown(page, '.cart__item').first().waitFor()
  await screenshot(page, 'shop-cart')
  await shown(page, '.cart__checkout').click()
  await page.waitForFunction(() => location.hash.includes('goods/pages/order/confirm'))
  await shown(page, '.confirm__address-add').waitFor()

  // No address yet: add one from the checkout, with the region picker.
  await pause(page)
  await shown(page, '.confirm__address').click()
  await page.waitForFunction(() => location.hash.includes('goods/pages/address/add/add'))
  await shown(page, '.address-form__name input').fill('张三')
  await shown(page, '.address-form__mobile input').fill(mobile)
  await shown(page, '.address-form__detail textarea').fill('建国门内大街 18 号 3 单元 501')
  await shown(page, '.address-form__picker').click()
  await page.locator('.weui-picker__action:visible').last().click()
  await expect(shown(page, '.address-form__region').textContent()).resolves.not.toBe('')
  // The street field uses the page's font, not the browser's textarea default.
  const fonts = await page.evaluate(() => {
    const detail = Array.from(document.querySelectorAll('.address-form__detail textarea')).find(
      (el) => el.getBoundingClientRect().height > 0
    )!
    return [getComputedStyle(detail).fontFamily, getComputedStyle(detail.closest('.address-form')!).fontFamily]
  })
  expect(fonts[0]).toBe(fonts[1])
  await screenshot(page, 'shop-address-add')
  await shown(page, '.address-form__submit').click()

  // Back on the checkout: the new address, the claimed coupon chosen as the best, the server's total.
  await page.waitForFunction(() => location.hash.includes('goods/pages/order/confirm'))
  await shown(page, '.confirm__receiver').waitFor()
  await expect(shown(page, '.confirm__receiver').textContent()).resolves.toBe('张三')
  await expect(shown(page, '.confirm__coupon .confirm__value').textContent()).resolves.toContain(coupon.title)
  const payText = `¥${((target.price_min - coupon.amount) / 100).toFixed(2)}`
  await expect(shown(page, '.confirm__pay-amount').textContent()).resolves.toBe(payText)
  await screenshot(page, 'shop-confirm')
  // A double tap makes one order.
  await shown(page, '.confirm__submit').dblclick()
  // The sandbox cashier asks to confirm the payment.
  await page.locator('.taro-model__confirm:visible').click({ timeout: 15_000 })
  await page.waitForFunction(() => location.hash.includes('goods/pages/order/pay-success'))
  await shown(page, '.pay-success__title').waitFor()
  await expect(shown(page, '.pay-success__title').textContent()).resolves.toBe('支付成功')
  // The cashier's dialog fades out before the picture is taken.
  await page.locator('.taro-model__confirm').first().waitFor({ state: 'hidden' })
  await screenshot(page, 'shop-pay-success')

  // After a reload the order is under 待发货, once.
  await page.goto(`${server.url}/#/goods/pages/order/order`)
  await page.reload()
  // The double tap made one order.
  await shown(page, '.orders__item').first().waitFor()
  await expect(shown(page, '.orders__item').count()).resolves.toBe(1)
  await shown(page, '.orders__tab').filter({ hasText: '待发货' }).click()
  await page.waitForTimeout(500)
  await shown(page, '.orders__item').first().waitFor()
  await expect(shown(page, '.orders__item').count()).resolves.toBe(1)
  await expect(shown(page, '.orders__status').first().textContent()).resolves.toBe('待发货')
  await expect(shown(page, '.orders__item').first().textContent()).resolves.toContain(target.name)
  await screenshot(page, 'shop-orders')
  expect(routeOf(page)).toBe('goods/pages/order/order')

  // Its detail has the timeline.
  await pause(page)
  await shown(page, '.orders__item').first().click()
  await shown(page, '.order-detail__step').first().waitFor()
  await screenshot(page, 'shop-order-detail')

  // Not shipped yet: apply for a refund with a reason of one's own.
  await shown(page, '.order-actions__refund').click()
  await shown(page, '.after-sale-sheet__reason').filter({ hasText: '其他' }).click()
  await shown(page, '.after-sale-sheet__text textarea').fill('买重复了，想退掉这一单')
  await screenshot(page, 'shop-refund')
  await shown(page, '.after-sale-sheet__btn--submit').click()
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('.order-detail__status-text')).some((el) => el.textContent === '退款中')
  )
  await shown(page, '.after-sale-card').filter({ hasText: '原因：买重复了，想退掉这一单' }).waitFor()

  // The coupon the order used is under 已使用 in my coupons.
  await pause(page)
  await page.goto(`${server.url}/#/pages/my/myCoupon`)
  await shown(page, '.my-coupon__tab').filter({ hasText: '已使用' }).click()
  await page.waitForFunction(
    (name) =>
      Array.from(document.querySelectorAll('.coupon-card__name')).some(
        (el) => el.textContent === name && (el as HTMLElement).offsetParent
      ),
    coupon.name
  )
  await screenshot(page, 'shop-my-coupons')

  // The two-level category page.
  await pause(page)
  await page.goto(`${server.url}/#/goods/pages/category/category`)
  await shown(page, '.category__child').first().waitFor()
  await screenshot(page, 'shop-category')
  await context.close()
}, 180_000)
