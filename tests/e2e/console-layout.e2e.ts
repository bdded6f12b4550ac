import type { Browser, Page } from 'playwright-core'

import { screenshot } from './browser'
import { buyerWithPaidOrder, consoleServer, logInToConsole, openMenu } from './console-helpers'

// The console's frame against the running server: the menu grouped as the business reads it, on a wide screen and
// on a 375 px phone (the menu a drawer, lists as cards, dialogs within the screen), and an editor that asks before
// its changes are dropped. Screens in .e2e/console-layout-*.png.

const PASSWORD = 'Console-layout-2025'
const running = consoleServer(PASSWORD)

const GROUPS = ['订单', '商品', '营销', '课程与教学', '内容', '用户', '财务', '设置']

async function signedIn(browser: Browser, width: number, height: number, phone = false): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height },
    locale: 'zh-CN',
    reducedMotion: 'reduce',
    ...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {})
  })
  const page = await context.newPage()
  await logInToConsole(page, running.server.url, PASSWORD)
  return page
}

const openGroups = (page: Page) =>
  page
    .locator('li.ant-menu-submenu-open > .ant-menu-submenu-title')
    .evaluateAll((titles) => titles.map((t) => t.textContent?.trim()))

test('at 1440 px the menu shows its groups and a deep link opens the group of its screen', async () => {
  const page = await signedIn(running.browser, 1440, 900)
  const menu = page.locator('.ant-pro-sider .ant-menu').first()
  for (const group of GROUPS)
    await menu.locator('.ant-menu-submenu-title', { hasText: new RegExp(`^${group}$`) }).waitFor()
  // The dashboard is a screen of its own, not a folder; on it every group is closed.
  await menu.locator('li.ant-menu-item-selected', { hasText: '仪表盘' }).waitFor()
  await expect(openGroups(page)).resolves.toEqual([])
  await screenshot(page, 'console-layout-desktop')

  await page.goto(`${running.server.url}/admin/#/wallet-settings`)
  await page.getByText('推广佣金规则').waitFor()
  await menu.locator('li.ant-menu-item-selected', { hasText: '佣金与提现设置' }).waitFor()
  await expect(openGroups(page)).resolves.toEqual(['财务'])
  await expect(menu.getByRole('menuitem', { name: /对账/ }).isVisible()).resolves.toBe(true)
  await expect(menu.getByRole('menuitem', { name: /(^|\s)售后$/ }).isVisible()).resolves.toBe(false)

  // Another group's screen from the menu: the open group follows the route.
  await openMenu(page, /操作日志/)
  await page.waitForURL(/#\/audit$/)
  await expect(openGroups(page)).resolves.toEqual(['设置'])
  await page.locator('.ant-table').first().waitFor()
  await screenshot(page, 'console-layout-desktop-group')
  await page.context().close()
})

test('on a 375 px phone the menu is a drawer, a list reads as cards and nothing scrolls sideways', async () => {
  const page = await signedIn(running.browser, 375, 740, true)
  const drawer = page.locator('.ant-drawer-content-wrapper', { has: page.locator('.ant-menu') })
  await expect(drawer.isVisible()).resolves.toBe(false)
  await screenshot(page, 'console-layout-phone-dashboard')
  await page.getByRole('button', { name: '菜单' }).click()
  await drawer.locator('.ant-menu-submenu-title', { hasText: /^设置$/ }).click()
  await screenshot(page, 'console-layout-phone-drawer')
  await drawer.getByRole('menuitem', { name: /操作员/ }).click()
  await page.waitForURL(/#\/operators$/)
  await drawer.waitFor({ state: 'hidden' })

  const row = page.locator('tr.ant-table-row', { hasText: 'admin' })
  await row.waitFor()
  // One card per row: the header row is hidden and every cell carries its column's title.
  await expect(page.locator('.ant-table-thead').first().isVisible()).resolves.toBe(false)
  await expect(row.evaluate((tr) => getComputedStyle(tr).display)).resolves.toBe('block')
  await row.locator('td[data-label="账号"]', { hasText: 'admin' }).waitFor()
  await expect(
    row.locator('td[data-label="账号"]').evaluate((td) => getComputedStyle(td, '::before').content)
  ).resolves.toBe('"账号："')
  const card = await row.boundingBox()
  expect(card!.width).toBeLessThanOrEqual(375)
  await expect(page.evaluate(() => document.scrollingElement!.scrollWidth)).resolves.toBeLessThanOrEqual(375)
  await screenshot(page, 'console-layout-phone-list')

  // A form in one column within the screen: the dialog fits and its inputs take the full width.
  await page.getByRole('button', { name: /新增操作员/ }).click()
  const dialog = page.getByRole('dialog')
  const account = dialog.getByLabel('账号')
  await account.waitFor()
  await screenshot(page, 'console-layout-phone-form')
  const box = (await dialog.locator('.ant-modal-content').boundingBox())!
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(375)
  // The box drawn around the input (a clear button makes it a wrapper around the <input>).
  const field = await account.evaluate((el) => (el.closest('.ant-input-affix-wrapper') ?? el).clientWidth)
  expect(field).toBeGreaterThan(box.width - 80)
  await expect(page.evaluate(() => document.scrollingElement!.scrollWidth)).resolves.toBeLessThanOrEqual(375)
  await page.context().close()
})

test('an editor with a change asks before it closes or its route is left; unchanged, it closes at once', async () => {
  const page = await signedIn(running.browser, 1440, 900)
  await page.goto(`${running.server.url}/admin/#/operators`)
  const add = page.getByRole('button', { name: /新增操作员/ })
  const dialog = page.locator('.ant-modal', { hasText: '初始密码' })
  const asking = page.locator('.ant-modal-confirm', { hasText: '有未保存的修改，确定离开吗？' })

  // Nothing typed: 取消 closes without asking.
  await add.click()
  await dialog.getByLabel('账号').waitFor()
  await dialog.getByRole('button', { name: /取\s*消/ }).click()
  await dialog.waitFor({ state: 'hidden' })
  await expect(asking.count()).resolves.toBe(0)

  // Typed: 取消 asks; 继续编辑 keeps what was typed.
  await add.click()
  await dialog.getByLabel('账号').fill('kefu01')
  await dialog.getByRole('button', { name: /取\s*消/ }).click()
  await asking.waitFor()
  await screenshot(page, 'console-layout-unsaved')
  await asking.getByRole('button', { name: '继续编辑' }).click()
  await asking.waitFor({ state: 'detached' })
  await expect(dialog.getByLabel('账号').inputValue()).resolves.toBe('kefu01')

  // 取消 again and agreeing closes the dialog; opened again it starts empty.
  await dialog.getByRole('button', { name: /取\s*消/ }).click()
  await asking.getByRole('button', { name: '放弃修改并离开' }).click()
  await dialog.waitFor({ state: 'hidden' })
  await add.click()
  await expect(dialog.getByLabel('账号').inputValue()).resolves.toBe('')
  await dialog.getByRole('button', { name: /取\s*消/ }).click()
  await dialog.waitFor({ state: 'hidden' })

  // An editor on the page itself: leaving its route through the menu asks; agreeing leaves.
  await openMenu(page, /渠道功能/)
  const card = page.locator('[data-client="web"]')
  await card.locator('.ant-radio-button-wrapper', { hasText: '审核/合规' }).click()
  await openMenu(page, /操作日志/)
  await asking.waitFor()
  await asking.getByRole('button', { name: '继续编辑' }).click()
  await asking.waitFor({ state: 'detached' })
  expect(page.url()).toMatch(/#\/channel-features$/)
  await openMenu(page, /操作日志/)
  await asking.waitFor()
  await asking.getByRole('button', { name: '放弃修改并离开' }).click()
  await asking.waitFor({ state: 'detached' })
  // The hash route itself: a same-document change of the address, whatever navigation events it raises.
  await page.waitForFunction(() => location.hash === '#/audit')

  // The dropped change asks nothing afterwards.
  await openMenu(page, /消息设置/)
  await page.waitForFunction(() => location.hash === '#/notify-settings')
  await expect(asking.count()).resolves.toBe(0)

  // A dialog that saves row by row (栏目管理) asks too when a name is typed and not saved.
  await page.goto(`${running.server.url}/admin/#/articles`)
  await page.getByRole('button', { name: /栏目管理/ }).click()
  const columns = page.locator('.ant-modal', { hasText: '新增栏目' })
  await columns.getByPlaceholder(/新栏目名称/).fill('风水入门')
  await columns.getByRole('button', { name: 'Close' }).click()
  await asking.waitFor()
  await asking.getByRole('button', { name: '放弃修改并离开' }).click()
  await columns.waitFor({ state: 'hidden' })
  await page.context().close()
})

// Every screen of the menu, and the detail screens with their 描述 lists, at 375 px: none scrolls sideways.
const PHONE_SCREENS = [
  '/dashboard',
  '/orders',
  '/sales',
  '/refunds',
  '/goods',
  '/categories',
  '/freight-templates',
  '/coupons',
  '/withdrawals',
  '/reconciliation',
  '/users',
  '/commissions',
  '/wallet-settings',
  '/business-settings',
  '/tool-products',
  '/home-content',
  '/channel-features',
  '/notify-settings',
  '/articles',
  '/reviews',
  '/courses',
  '/exam-banks',
  '/exam-papers',
  '/teachers',
  '/consult-services',
  '/desk',
  '/services',
  '/certificate-types',
  '/certificates',
  '/memberships',
  '/activities',
  '/signups',
  '/operators',
  '/audit'
]

test('at 375 px every screen, lists and detail pages alike, stays within the screen', async () => {
  const page = await signedIn(running.browser, 375, 740, true)
  const wide: string[] = []
  const settle = async (route: string) => {
    await page.goto(`${running.server.url}/admin/#${route}`)
    await page.locator('.ant-pro-page-container, .ant-result').first().waitFor()
    await page.waitForLoadState('networkidle')
    const width = await page.evaluate(() => document.scrollingElement!.scrollWidth)
    if (width <= 375) return
    // Name the outermost element that reaches past the screen, so a failure says what to fix.
    const culprit = await page.evaluate(() => {
      // Inside the screen's own content: the outermost element wider than the screen, then the deepest such.
      const content = document.querySelector('.ant-pro-page-container-children-container') ?? document.body
      const over = Array.from(content.querySelectorAll('*')).filter((el) => el.getBoundingClientRect().width > 360)
      const deepest = over.filter((el) => !over.some((o) => o !== el && el.contains(o)))
      return deepest
        .slice(0, 3)
        .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ').slice(0, 2).join('.')}`)
        .join(' | ')
    })
    wide.push(`${route} ${width}px ${culprit}`)
    await screenshot(page, `console-layout-phone-wide${route.replace(/\W+/g, '-')}`)
  }
  for (const route of PHONE_SCREENS) await settle(route)
  // A user with a paid order: the user's page and the order's page, both lists of 描述.
  const buyer = await buyerWithPaidOrder(running.browser, running.server, '窄屏买家')
  await buyer.page.context().close()
  await settle(`/users/${buyer.userId}`)
  await screenshot(page, 'console-layout-phone-user')
  await settle(`/orders/${buyer.orderId}`)
  await screenshot(page, 'console-layout-phone-order')
  await settle('/reconciliation')
  await screenshot(page, 'console-layout-phone-reconciliation')
  expect(wide).toEqual([])
  await page.context().close()
})
