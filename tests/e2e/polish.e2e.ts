import type { Browser, Locator, Page } from 'playwright-core'

import { credentialOf, launchBrowser, logInWithSms, pause, phone, screenshot, shown } from './browser'
import { type RunningServer, startServer } from './server'

// What a user met and now sees right, each at 375px with a screenshot in .e2e/polish-*.png: a saved
// chart says it is saved, a birth without its hour gets three pillars, a buy link's quantity is named
// in Chinese and capped, an empty wallet says why it cannot withdraw, the 黄历 keeps to Chinese days,
// the compass needle leaves 子 readable, the name dialog centres what is typed, bad quick input and a
// mistyped address say so.

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

// 1990-05-15 14:30 male, Beijing time: 庚午 辛巳 庚辰 癸未 (香港天文台《1990年公历与农历对照表》)
const BIRTH = 'date=1990-05-15%2014%3A30&gender=male&calendar=solar&tst=0&zi=next-day'

async function fresh(): Promise<Page> {
  return (await phone(browser)).newPage()
}

const tokenOf = async (page: Page): Promise<string> => (await credentialOf(page)).token

async function api(token: string, method: 'GET' | 'POST', path: string, body: Record<string, unknown> = {}) {
  const url =
    method === 'GET'
      ? `${server.url}${path}?${new URLSearchParams(body as Record<string, string>)}`
      : `${server.url}${path}`
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', authorization: token },
    ...(method === 'POST' ? { body: JSON.stringify(body) } : {})
  })
  return res.json()
}

const box = async (l: Locator) => (await l.boundingBox())!
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

test('a chart saved once says 已保存 when reopened from 我的档案, and saving it again keeps one record', async () => {
  const page = await fresh()
  await page.goto(`${server.url}/#/pages/bazi/plate?${BIRTH}`)
  await shown(page, '.save-record__button').click()
  await logInWithSms(page, '13700137201')
  await shown(page, '.save-record__button').click()
  await shown(page, '.name-prompt__input input').fill('张三')
  // the typed name sits in the middle of its field (Taro's inner input styled, not its wrapper)
  const field = await box(shown(page, '.name-prompt__field'))
  const input = await box(shown(page, '.name-prompt__input .weui-input'))
  expect(Math.abs(input.y + input.height / 2 - (field.y + field.height / 2))).toBeLessThanOrEqual(1.5)
  expect(input.height).toBeGreaterThan(30)
  await screenshot(page, 'polish-name-prompt')
  await shown(page, '.name-prompt__ok').click()

  // the chart now carries its record: saved, with the report offered and no second save
  await page.waitForFunction(() => location.hash.includes('record_id='))
  await shown(page, '.plate__saved').waitFor()
  await expect(page.locator('.save-record__button:visible').count()).resolves.toBe(0)

  // reopened from the record list
  await page.goto(`${server.url}/#/pages/bazi/list`)
  await page.reload()
  await shown(page, '.bazi-card__main').click()
  await page.waitForFunction(() => location.hash.includes('pages/bazi/plate') && location.hash.includes('record_id='))
  await shown(page, '.plate__saved').waitFor()
  await expect(shown(page, '.plate__saved').textContent()).resolves.toBe('已保存')
  await expect(page.locator('.save-record__button:visible').count()).resolves.toBe(0)
  await expect(page.locator('.plate__action:visible').allTextContents()).resolves.toContain('详批报告')
  await screenshot(page, 'polish-saved-record')

  // the same chart opened from a link without its record and saved again under the same name: still one record
  const token = await tokenOf(page)
  await page.goto(`${server.url}/#/pages/bazi/plate?${BIRTH}&name=%E5%BC%A0%E4%B8%89`)
  await page.reload()
  await shown(page, '.save-record__button').click()
  await shown(page, '.name-prompt__ok').click()
  await page.waitForFunction(() => location.hash.includes('record_id='))
  const list = await api(token, 'POST', '/api/tools.index/baziList', {})
  expect(list.data.total).toBe(1)
}, 180_000)

test('a birth without its hour is charted as three pillars that say what they cannot tell', async () => {
  const page = await fresh()
  await page.goto(`${server.url}/#/pages/bazi/bazi`)
  await shown(page, '.bazi-form__quick input').fill('199005151430')
  await shown(page, '.bazi-form__check').click()
  await expect(shown(page, '.bazi-form__note').first().textContent()).resolves.toContain('三柱')
  await shown(page, '.bazi-form__submit').click()
  await page.waitForFunction(() => location.hash.includes('pages/bazi/plate'))
  await shown(page, '.plate__notice').waitFor()
  const stems = await page.locator('[data-row="天干"]:visible .pillars__cell').allTextContents()
  const branches = await page.locator('[data-row="地支"]:visible .pillars__cell').allTextContents()
  expect(stems.map((s, i) => s + branches[i])).toEqual(['庚午', '辛巳', '庚辰', '不详'])
  await expect(shown(page, '.plate__notice').textContent()).resolves.toContain('不能定：时柱、命宫、身宫、小运')
  await expect(page.locator('.luck__item--dayun:visible').first().getAttribute('data-ganzhi')).resolves.toBe('壬午')
  await screenshot(page, 'polish-three-pillars')
}, 300_000)

test('a buy link asking 100000 says 数量最多 9999 件 and checks out within it', async () => {
  const page = await fresh()
  await page.goto(`${server.url}/#/pages/my/wallet`)
  await shown(page, '.login-sheet').waitFor()
  await logInWithSms(page, '13700137202')
  const token = await tokenOf(page)
  const goods = await api(token, 'GET', '/api/product.product/lists', { page: '1' })
  const detail = await api(token, 'GET', '/api/product.product/detail', {
    goods_id: String(goods.data.list[0].goods_id)
  })
  const skuId = detail.data.detail.skus[0].sku_id
  // the server names the field in Chinese, never its key
  const refused = await api(token, 'GET', '/api/order.order/buy', {
    mode: 'buy_now',
    sku_id: String(skuId),
    quantity: '100000'
  })
  expect(refused).toMatchObject({ code: 0, msg: '数量最多 9999 件' })
  await page.goto(`${server.url}/#/goods/pages/order/confirm?mode=buy_now&sku_id=${skuId}&quantity=100000`)
  await page.reload()
  await shown(page, '.confirm__alert--top').waitFor()
  await expect(shown(page, '.confirm__alert--top').textContent()).resolves.toBe('数量最多 9999 件，已按 9999 件结算')
  await expect(shown(page, '.confirm__quantity').textContent()).resolves.toBe('×9999')
  await screenshot(page, 'polish-buy-quantity')
}, 300_000)

test('an empty wallet says why it cannot withdraw, and a withdrawal over the balance is refused', async () => {
  const page = await fresh()
  await page.goto(`${server.url}/#/pages/my/wallet`)
  await shown(page, '.login-sheet').waitFor()
  await logInWithSms(page, '13700137203')
  await shown(page, '.wallet__blocked').waitFor()
  await expect(shown(page, '.wallet__blocked').textContent()).resolves.toBe(
    '可提现余额为 0，暂时不能提现。邀请好友购买课程或商品，获得的佣金过了退款期即可提现'
  )
  await expect(shown(page, '.wallet__submit').textContent()).resolves.toBe('暂不可提现')
  await screenshot(page, 'polish-wallet-empty')
  const over = await api(await tokenOf(page), 'POST', '/api/user.cash/apply', { amount_fen: 5000, real_name: '张三' })
  expect(over.code).toBe(0)
  expect(over.msg).toMatch(/余额不足/)
}, 300_000)

test('the 黄历 month shows Chinese festivals, 节气 and the statutory days off and on, no Western holidays', async () => {
  const page = await fresh()
  await page.goto(`${server.url}/#/pages/tools/huangli?date=2024-12-24`)
  await page.locator('[data-date="2024-12-24"]').waitFor()
  await expect(page.locator('[data-date="2024-12-24"] .month-cal__caption').textContent()).resolves.toBe('廿四')
  await expect(page.locator('[data-date="2024-12-25"] .month-cal__caption').textContent()).resolves.not.toBe('圣诞节')
  await expect(page.locator('[data-date="2024-12-21"] .month-cal__caption').textContent()).resolves.toBe('冬至')
  await expect(page.locator('.day-alm__festivals').count()).resolves.toBe(0)
  await page.goto(`${server.url}/#/pages/tools/huangli?date=2025-10-06`)
  await page.reload()
  await page.locator('[data-date="2025-10-06"]').waitFor()
  // 国务院办公厅 2025 年节假日安排: 国庆中秋 10月1日至8日放假，10月11日上班
  await expect(page.locator('[data-date="2025-10-06"] .month-cal__holiday').textContent()).resolves.toBe('休')
  await expect(page.locator('[data-date="2025-10-11"] .month-cal__holiday').textContent()).resolves.toBe('班')
  await expect(page.locator('[data-date="2025-10-06"] .month-cal__caption').textContent()).resolves.toBe('中秋节')
  await expect(shown(page, '.day-alm__holiday').textContent()).resolves.toBe('国庆中秋假期 · 休息')
  await screenshot(page, 'polish-huangli')
}, 300_000)

test('the compass at 0° leaves the 子 label readable', async () => {
  const page = await fresh()
  await page.goto(`${server.url}/#/pages/tools/compass`)
  await page.locator('.compass__start').click()
  await page.waitForSelector('.compass__status--unsupported', { timeout: 5000 })
  await page.locator('.compass__input input').fill('0')
  await page.locator('.compass__apply').click()
  await pause(page)
  const zi = page.locator('.dial__mountain', { hasText: /^子$/ })
  const needle = await box(page.locator('.dial__pointer'))
  expect(overlaps(await box(zi), needle)).toBe(false)
  await screenshot(page, 'polish-compass')
}, 60_000)

test('quick input "abc" says what it wants, charts nothing; a mistyped address shows the not-found page', async () => {
  const page = await fresh()
  await page.goto(`${server.url}/#/pages/bazi/bazi`)
  await shown(page, '.bazi-form__quick input').fill('abc')
  await expect(shown(page, '.bazi-form__quick-error').textContent()).resolves.toContain('快速录入：无法识别')
  await shown(page, '.bazi-form__submit').click()
  await pause(page)
  expect(new URL(page.url()).hash).toContain('pages/bazi/bazi')
  await expect(page.locator('[role="alert"]:visible').first().textContent()).resolves.toContain('快速录入')
  await screenshot(page, 'polish-quick-abc')

  await page.goto(`${server.url}/#/pages/bazi/plat`)
  await page.reload()
  await shown(page, '.state--not-found').waitFor()
  await expect(shown(page, '.state__title').textContent()).resolves.toBe('页面不存在')
  await screenshot(page, 'polish-not-found')
}, 60_000)
