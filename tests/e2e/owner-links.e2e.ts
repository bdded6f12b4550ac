import type { Browser, Page } from 'playwright-core'

import { credentialOf, launchBrowser, phone, routeOf, screenshot, WECHAT_UA } from './browser'
import { type RunningServer, startServer } from './server'

// Shared and bookmarked links to a user's own records, opened in a fresh WeChat browser: the owner goes
// through the WeChat login once and lands on the record; anyone else is told whose it is and offered the
// way home. Screens at 375px in .e2e/owner-*.png.

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

const AUTHORIZE = /wechat\.simulator\/authorize/

/**
 * Opens `hash` in a fresh WeChat browser and logs in on the simulator's page as `nickname` (picked when it
 * exists, else created). Returns the page and how often the app sent it to the authorize page.
 */
async function openFresh(hash: string, nickname: string): Promise<{ page: Page; authorizeVisits: () => number }> {
  const page = await (await phone(browser, WECHAT_UA)).newPage()
  let visits = 0
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.method() === 'GET' && r.frame() === page.mainFrame() && AUTHORIZE.test(r.url()))
      visits++
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

const token = async (page: Page): Promise<string> => (await credentialOf(page)).token

async function api(
  auth: string,
  path: string,
  body: Record<string, unknown> | FormData,
  method: 'GET' | 'POST' = 'POST'
) {
  const json = body instanceof FormData
  const res =
    method === 'GET'
      ? await fetch(`${server.url}${path}?${new URLSearchParams(body as Record<string, string>)}`, {
          headers: { authorization: auth }
        })
      : await fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: json ? { authorization: auth } : { 'content-type': 'application/json', authorization: auth },
          body: json ? body : JSON.stringify(body)
        })
  const answer = await res.json()
  if (answer.code !== 1) throw new Error(`${path}: ${answer.msg}`)
  return answer.data
}

/** The owner's other records opened by id: a goods order, a course order, an exam attempt, an address. */
async function moreRecords(owner: string) {
  const address = await api(owner, '/api/user.address/add', {
    name: '王小明',
    mobile: '13712345678',
    province_code: '440000',
    city_code: '440300',
    district_code: '440305',
    detail: '科技园南区 1 栋 101'
  })
  const goods = await api(owner, '/api/product.product/lists', { page: '1' }, 'GET')
  const detail = await api(owner, '/api/product.product/detail', { goods_id: String(goods.list[0].goods_id) }, 'GET')
  const sku = detail.detail.skus.find((s: { stock: number }) => s.stock > 0)
  const goodsOrder = await api(owner, '/api/order.order/buy', {
    mode: 'buy_now',
    sku_id: sku.sku_id,
    quantity: 1,
    address_id: address.detail.address_id,
    request_id: `owner-links-${Date.now()}`
  })
  const courses = (await api(owner, '/api/course.index/getList', { per_page: 50 })).list as {
    course_id: number
    price: number
  }[]
  let courseOrder: { order_id: number } | undefined
  for (const c of courses.filter((x) => x.price > 0)) {
    courseOrder = await api(owner, '/api/course.order/add', { course_id: c.course_id }).catch(() => undefined)
    if (courseOrder) break
  }
  const papers = (await api(owner, '/api/exam.paper/lists', {}, 'GET')).list as { paper_id: number }[]
  const attempt = (await api(owner, '/api/exam.attempt/start', { paper_id: papers[0].paper_id })).attempt
  await api(owner, '/api/exam.attempt/submit', { attempt_id: attempt.attempt_id })
  return {
    addressId: address.detail.address_id as number,
    goodsOrderId: goodsOrder.order_id as number,
    courseOrderId: courseOrder!.order_id,
    attemptId: attempt.attempt_id as number
  }
}

test('owner-only link: one WeChat login, then its owner sees the record; others: clear refusal, way home', async () => {
  // The owner's records: a saved chart with its paid report, and a house analysis with its plan.
  const setup = await openFresh('pages/my/my', '档案主人甲')
  const owner = await token(setup.page)
  const record = await api(owner, '/api/tools.index/saveBazi', { name: '甲', gender: 'male', date: '1988-03-12 08:20' })
  const order = await api(owner, '/api/tools.index/pay', { record_id: record.id })
  await api(owner, '/api/pay.sandbox/confirm', { out_trade_no: order.pay.out_trade_no })
  const png = await setup.page.screenshot({ clip: { x: 0, y: 0, width: 300, height: 300 } })
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'plan.png')
  const file = await api(owner, '/api/file.upload/private', form)
  const house = await api(owner, '/api/tools.house/add', {
    title: '甲的住宅',
    plan_type: 'floorplan',
    file_id: file.file_id
  })
  await api(owner, '/api/tools.house/edit', {
    id: house.id,
    image_width: 600,
    image_height: 600,
    facing_degrees: 180,
    build_year: 2010,
    period: 8,
    center_x: 0.5,
    center_y: 0.5
  })
  const more = await moreRecords(owner)
  await setup.page.context().close()

  const links = [
    { name: 'report', hash: `calculation/pages/baogao?id=${order.report_id}`, shows: '.report__h' },
    { name: 'offer', hash: `calculation/pages/index?record_id=${record.id}`, shows: '.calc__name' },
    { name: 'house', hash: `tools/pages/house/analysis?id=${house.id}`, shows: '.house-analysis__pattern' },
    {
      name: 'reading',
      hash: `pages/bazi/components/index/aiAnalysis/index?record_id=${record.id}`,
      shows: '.reading__name'
    },
    { name: 'payment', hash: `pages/pay/pay?out_trade_no=${order.pay.out_trade_no}`, shows: '.pay__title' },
    { name: 'order', hash: `goods/pages/order/detail?order_id=${more.goodsOrderId}`, shows: '.order-detail__status' },
    {
      name: 'pay-success',
      hash: `goods/pages/order/pay-success?order_id=${more.goodsOrderId}`,
      shows: '.pay-success__amount'
    },
    {
      name: 'course-payment',
      hash: `live/pages/recorded/payment?order_id=${more.courseOrderId}`,
      shows: '.course-pay__amount'
    },
    { name: 'exam-score', hash: `pages/examination/score?attempt_id=${more.attemptId}`, shows: '.exam-score__number' },
    { name: 'book', hash: `pages/book/list?record_id=${record.id}`, shows: '.book__head' },
    { name: 'house-layout', hash: `tools/pages/house/layout?id=${house.id}`, shows: '#house-plan-board' },
    { name: 'house-info', hash: `tools/pages/house/info?id=${house.id}`, shows: '.house-info__facing' },
    { name: 'address', hash: `goods/pages/address/edit/edit?address_id=${more.addressId}`, shows: '.address-form' }
  ]
  // The other user exists before the links are opened side by side, so no two of them create it.
  await (await openFresh('pages/my/my', '旁人乙')).page.context().close()

  const check = async (link: (typeof links)[number]) => {
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
  // Three links at a time, each in browsers of its own: part of each check is waiting (the logins' redirects, the
  // 1.5 s that proves nothing redirects). On 2 cores that took the file from ~105 s to ~88 s.
  const queue = [...links]
  await Promise.all(
    [1, 2, 3].map(async () => {
      for (let link = queue.shift(); link; link = queue.shift()) await check(link)
    })
  )
}, 900_000)
