import { screenshot } from './browser'
import { buyerWithPaidOrder, consoleApi, consoleLogin, consoleServer, desktop } from './console-helpers'

// The operators' bell at desktop size: the owner sits on the dashboard; a user pays an order in the app; without a
// reload the bell shows it (the console asks every 15 s while the tab is shown) and the dashboard's 待发货订单 grows
// by one; the notice opens the order and is read. Screen in .e2e/console-bell.png.

const PASSWORD = 'Console-bell-2026'
const running = consoleServer(PASSWORD)
/** One poll's interval and then some, for a busy machine. */
const NEXT_POLL_MS = 30_000

test('a paid order rings the bell without a reload; its notice opens the order and is read', async () => {
  // Whatever the start-up told the owner is read first, so the bell starts silent.
  await (await consoleApi(running.server, 'admin', PASSWORD)).post('/notice/read')
  const page = await (await desktop(running.browser)).newPage()
  await consoleLogin(page, running.server, 'admin', PASSWORD)
  await page.getByText('今日收入').waitFor()
  await page.getByRole('button', { name: '通知', exact: true }).waitFor()
  const toShip = page.locator('a', { hasText: '待发货订单' }).locator('.ant-badge-count')
  const before = Number(await toShip.getAttribute('title'))
  const url = page.url()

  const buyer = await buyerWithPaidOrder(running.browser, running.server, '铃声买家')
  await page.getByRole('button', { name: '通知，1 条未读' }).waitFor({ timeout: NEXT_POLL_MS })
  await page
    .locator('a', { hasText: '待发货订单' })
    .locator(`.ant-badge-count[title="${before + 1}"]`)
    .waitFor({ timeout: NEXT_POLL_MS })
  expect(page.url()).toBe(url)

  await page.getByRole('button', { name: '通知，1 条未读' }).click()
  const notice = page.getByRole('link', { name: new RegExp(`^新订单待发货：${buyer.orderNo}：`) })
  await notice.waitFor()
  // What waits now sits above the notices, as the dashboard counts it.
  await page.locator('.ant-popover .ant-tag', { hasText: `待发货订单 ${before + 1}` }).waitFor()
  await screenshot(page, 'console-bell')

  await notice.click()
  await page.waitForURL(new RegExp(`#/orders/${buyer.orderId}$`))
  await page.getByText(`订单 ${buyer.orderNo}`).waitFor()
  await page.getByRole('button', { name: '通知', exact: true }).waitFor()
  // Read for this operator on the server too: a fresh poll agrees.
  const bell = await (await consoleApi(running.server, 'admin', PASSWORD)).get('/notice/unread')
  expect(bell.data.count).toBe(0)
  expect(bell.data.latest[0]).toMatchObject({ link: `/orders/${buyer.orderId}`, unread: false })

  // Opened again: the notice is there, read; nothing new to mark.
  await page.getByRole('button', { name: '通知', exact: true }).click()
  await notice.waitFor()
  expect(await page.getByRole('button', { name: '全部已读' }).isDisabled()).toBe(true)
  // Every notice, a page at a time.
  await page.getByRole('button', { name: '查看全部通知' }).click()
  const drawer = page.locator('.ant-drawer', { hasText: '全部通知' })
  await drawer.getByRole('link', { name: new RegExp(`^新订单待发货：${buyer.orderNo}：`) }).waitFor()
}, 180_000)

test("a 老师 account's bell: nothing of the shop's (暂无待办); a hidden tab stops asking", async () => {
  const teachers = await (await fetch(`${running.server.url}/api/teacher.index/lists`)).json()
  const owner = await consoleApi(running.server, 'admin', PASSWORD)
  const added = await owner.post('/operator/add', {
    username: 'bell_teacher',
    password: 'Bell-teacher-2026',
    role: 'teacher',
    teacher_id: teachers.data.list[0].teacher_id
  })
  expect(added.code).toBe(1)
  const page = await (await desktop(running.browser)).newPage()
  await consoleLogin(page, running.server, 'bell_teacher', 'Bell-teacher-2026')
  await page.getByRole('button', { name: '通知', exact: true }).click()
  await page.locator('.ant-popover').getByText('暂无待办').waitFor()

  // A hidden tab asks nothing; shown again, it asks at once.
  const polls: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/api/admin/notice/unread')) polls.push(r.url())
  })
  const showTab = (state: 'hidden' | 'visible') =>
    page.evaluate((s) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => s })
      document.dispatchEvent(new Event('visibilitychange'))
    }, state)
  await showTab('hidden')
  await page.waitForTimeout(17_000)
  expect(polls).toEqual([])
  await Promise.all([
    page.waitForRequest((r) => r.url().includes('/api/admin/notice/unread'), { timeout: 2_000 }),
    showTab('visible')
  ])
}, 120_000)
