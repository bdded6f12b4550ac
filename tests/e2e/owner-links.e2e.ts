import type { Browser, Page } from 'playwright-core'
import { launchBrowser, phone, routeOf, screenshot, WECHAT_UA } from './browser'
import { startServer, type RunningServer } from './server'

// Shared and bookmarked links to a user's own records, opened in a fresh WeChat browser: the owner goes
// through the WeChat login once and lands on the record; anyone else is told whose it is and offered the
// way home. Screens at 375px in .e2e/owner-*.png.

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  server = await startServer()
  browser = await launchBrowser()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

const AUTHORIZE = /wechat\.simulator\/authorize/

/**
 * Opens `hash` in a fresh WeChat browser and logs in on the simulator's page as `nickname` (picked when it
 * exists, else created). Returns the page and how often the app sent it to the authorize page.
 */
async function openFresh(hash: string, nickname: string): Promise<{ page: Page; authorizeVisits: () => number }> {
  const page = await (await phone(browser, WECHAT_UA)).newPage()
  let visits = 0
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.method() === 'GET' && r.frame() === page.mainFrame() && AUTHORIZE.test(r.url())) visits++
  })
  await page.goto(`${server.url}/#/${hash}`)
  await page.waitForURL(AUTHORIZE)
  const existing = page.locator('form.row', { hasText: nickname })
  if (await existing.count()) await existing.locator('button').click()
  else {
    await page.fill('input[name=nickname]', nickname)
    await page.getByText('新建并登录').click()
  }
  await page.waitForURL((url) => !AUTHORIZE.test(url.href) && !url.search.includes('code='))
  return { page, authorizeVisits: () => visits }
}

async function token(page: Page): Promise<string> {
  const raw = await page.evaluate(() => localStorage.getItem('Authorization') ?? '')
  const parsed = JSON.parse(raw)
  const value = parsed && typeof parsed === 'object' && 'data' in parsed ? parsed.data : parsed
  return (typeof value === 'string' ? JSON.parse(value) : value).token
}

async function api(auth: string, path: string, body: Record<string, unknown> | FormData) {
  const json = body instanceof FormData
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: json ? { authorization: auth } : { 'content-type': 'application/json', authorization: auth },
    body: json ? body : JSON.stringify(body)
  })
  const answer = await res.json()
  if (answer.code !== 1) throw new Error(`${path}: ${answer.msg}`)
  return answer.data
}

test('owner-only links: one WeChat login, then the record for its owner; a clear refusal and the way home for anyone else', async () => {
  // The owner's records: a saved chart with its paid report, and a house analysis with its plan.
  const setup = await openFresh('pages/my/my', '档案主人甲')
  const owner = await token(setup.page)
  const record = await api(owner, '/api/tools.index/saveBazi', { name: '甲', gender: 'male', date: '1988-03-12 08:20' })
  const order = await api(owner, '/api/tools.index/pay', { record_id: record.id })
  await api(owner, '/api/pay.sandbox/confirm', { out_trade_no: order.pay.out_trade_no })
  const png = await setup.page.screenshot({ clip: { x: 0, y: 0, width: 300, height: 300 } })
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'plan.png')
  const file = await api(owner, '/api/file.upload/image', form)
  const house = await api(owner, '/api/tools.house/add', { title: '甲的住宅', plan_type: 'floorplan', file_id: file.file_id })
  await api(owner, '/api/tools.house/edit', { id: house.id, image_width: 600, image_height: 600, facing_degrees: 180, build_year: 2010, period: 8, center_x: 0.5, center_y: 0.5 })
  await setup.page.context().close()

  const links = [
    { name: 'report', hash: `calculation/pages/baogao?id=${order.report_id}`, shows: '.report__h' },
    { name: 'offer', hash: `calculation/pages/index?record_id=${record.id}`, shows: '.calc__name' },
    { name: 'house', hash: `tools/pages/house/analysis?id=${house.id}`, shows: '.house-analysis__pattern' },
    { name: 'reading', hash: `pages/bazi/components/index/aiAnalysis/index?record_id=${record.id}`, shows: '.reading__name' },
    { name: 'payment', hash: `pages/pay/pay?out_trade_no=${order.pay.out_trade_no}`, shows: '.pay__title' }
  ]
  for (const link of links) {
    const mine = await openFresh(link.hash, '档案主人甲')
    await mine.page.waitForSelector(`${link.shows}:visible`, { timeout: 20_000 })
    // Stays: no second trip to the authorize page, no login box.
    await mine.page.waitForTimeout(1500)
    expect(mine.authorizeVisits()).toBe(1)
    expect(routeOf(mine.page)).toBe(link.hash.split('?')[0])
    await expect(mine.page.locator('.login-sheet').count()).resolves.toBe(0)
    await screenshot(mine.page, `owner-${link.name}`)
    await mine.page.context().close()

    const other = await openFresh(link.hash, '旁人乙')
    const refusal = other.page.locator('.state--not-owner:visible')
    await refusal.waitFor({ timeout: 20_000 })
    await expect(refusal.textContent()).resolves.toContain('这条记录属于其他用户')
    expect(other.authorizeVisits()).toBe(1)
    await expect(other.page.locator('.login-sheet').count()).resolves.toBe(0)
    await screenshot(other.page, `owner-${link.name}-other`)
    await other.page.waitForTimeout(400)
    await refusal.getByText('返回首页').click()
    await other.page.waitForFunction(() => /pages\/(v2index|index)\/index|#\/?$/.test(location.hash || '#/'))
    await other.page.context().close()
  }
}, 300_000)
