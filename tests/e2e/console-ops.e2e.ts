import type { Page } from 'playwright-core'

import { phone, screenshot, shown } from './browser'
import {
  appApi,
  buyerWithPaidOrder,
  consoleApi,
  consoleLogin,
  consoleServer,
  desktop,
  drawnPng,
  openMenu,
  paidOrder
} from './console-helpers'

// The console's money, users and home screens at desktop size against the running server: a refund
// approved in the browser reaches the buyer's order; commission rules set in the browser pay a
// referrer who withdraws, and the withdrawal is paid; the operations role has no withdrawals; an
// edited notice and a banner with a newly uploaded picture show on the H5 home; a disabled user is logged out. Screens
// in .e2e/console-ops-*.png.

const PASSWORD = 'Console-ops-2025'
const running = consoleServer(PASSWORD)

/** A user logged in through the WeChat simulator's API (no browser), optionally referred by another. */
async function apiUser(nickname: string, refereeId?: number): Promise<{ userId: number; token: string }> {
  const form = new URLSearchParams({ redirect_uri: `${running.server.url}/`, state: 's', nickname })
  const res = await fetch(`${running.server.url}/api/wechat.simulator/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
    redirect: 'manual'
  })
  const code = new URL(String(res.headers.get('location'))).searchParams.get('code')
  const login = await (
    await fetch(`${running.server.url}/api/wechat.index/mpLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code, client: 'h5', referee_id: refereeId ?? '' })
    })
  ).json()
  return { userId: login.data.user_id, token: login.data.token }
}

async function ownerPage(): Promise<Page> {
  const page = await (await desktop(running.browser)).newPage()
  await consoleLogin(page, running.server, 'admin', PASSWORD)
  return page
}

const menu = openMenu

test('a refund approved in the console reaches the buyer: the order shows 已退款', async () => {
  const buyer = await buyerWithPaidOrder(running.browser, running.server, '退款买家')
  await appApi(running.server, buyer.token, '/api/user.order/refund', { order_id: buyer.orderId, reason: '买错了尺寸' })
  const page = await ownerPage()
  await menu(page, /售后/)
  const row = page.locator('tr.ant-table-row', { hasText: buyer.orderNo })
  await row.getByText('买错了尺寸').waitFor()
  await row.getByText('同意退款').click()
  await screenshot(page, 'console-ops-refund')
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定/ })
    .click()
  await row.waitFor({ state: 'detached' })
  await page.context().close()

  await buyer.page.goto(`${running.server.url}/#/goods/pages/order/detail?order_id=${buyer.orderId}`)
  await buyer.page.reload()
  await expect(shown(buyer.page, '.order-detail__status-text').textContent()).resolves.toBe('已退款')
  await screenshot(buyer.page, 'console-ops-buyer-refunded')
  await buyer.page.context().close()
})

test('console commission rules pay a referrer, who withdraws; paid by transfer, which the user accepts', async () => {
  // A shop without after-sales (售后期 0) may release goods commission at once: 0 freeze days, withdrawals from 0.10 元.
  const owner = await consoleApi(running.server, 'admin', PASSWORD)
  const business = (await owner.get('/settings/business')).data
  expect(
    (await owner.post('/settings/business', { after_sale_days: 0, updated_at: business.updated_at ?? '' })).code
  ).toBe(1)
  const page = await ownerPage()
  await menu(page, /佣金与提现设置/)
  const goods = page.locator('.ant-card', { hasText: '推广佣金规则' }).locator('tr.ant-table-row', { hasText: '商品' })
  await goods.getByText(/编辑|设置/).click()
  let dialog = page.getByRole('dialog')
  await dialog.getByLabel('一级佣金比例').fill('20')
  await dialog.getByLabel('冻结天数（可退款期）').fill('0')
  await dialog.getByRole('button', { name: /保\s*存/ }).click()
  await page.getByText('商品佣金规则已保存').waitFor()
  await goods.getByText('20%').waitFor()
  await page.getByRole('button', { name: /修\s*改|设\s*置/ }).click()
  dialog = page.getByRole('dialog')
  await dialog.getByLabel('单笔最低提现').fill('0.1')
  await dialog.getByRole('button', { name: /保\s*存/ }).click()
  await page.getByText('提现规则已保存').waitFor()
  // Both changes are kept in the history on the same screen.
  await page.locator('tr.ant-table-row', { hasText: '修改佣金规则' }).getByText('20').first().waitFor()
  await page.locator('tr.ant-table-row', { hasText: '修改提现规则' }).waitFor()
  await screenshot(page, 'console-ops-wallet-settings')

  const referrer = await apiUser('提现推荐人')
  const friend = await apiUser('提现好友', referrer.userId)
  await paidOrder(running.server, friend.token)
  const wallet = await (
    await fetch(`${running.server.url}/api/user.wallet/detail`, { headers: { authorization: referrer.token } })
  ).json()
  const available = wallet.data.available_fen
  expect(available).toBeGreaterThan(0)
  await appApi(running.server, referrer.token, '/api/user.cash/apply', { amount_fen: available, real_name: '王提现' })

  // The referrer's commission in the ledger, filtered by user.
  await menu(page, /佣金明细/)
  await page.getByPlaceholder('用户ID / 完整手机号 / 昵称').fill(String(referrer.userId))
  await page.getByRole('button', { name: '查 询' }).click()
  await page.locator('tr.ant-table-row', { hasText: '提现好友' }).getByText('已到账').waitFor()
  await screenshot(page, 'console-ops-commissions')

  await menu(page, /提现$/)
  const row = page.locator('tr.ant-table-row', { hasText: '王提现' })
  await row.getByText('通过并转账').click()
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定/ })
    .click()
  await page.getByText('已发起转账，等待用户在微信中确认收款').waitFor()
  await row.waitFor({ state: 'detached' })
  const cashList = async () =>
    (
      await (
        await fetch(`${running.server.url}/api/user.cash/lists`, { headers: { authorization: referrer.token } })
      ).json()
    ).data.list
  const [waiting] = await cashList()
  expect(waiting).toMatchObject({ amount_fen: available, status: 'wait_confirm' })
  // The user accepts the transfer (the sandbox's stand-in for WeChat's 确认收款 page): the money has arrived.
  await appApi(running.server, referrer.token, '/api/pay.sandbox/receiveTransfer', { id: waiting.id })
  expect((await cashList())[0]).toMatchObject({ amount_fen: available, status: 'paid' })
  await page.context().close()
})

test('operations role: no withdrawals (menu and server); edits a notice and a banner the H5 home shows', async () => {
  const owner = await consoleApi(running.server, 'admin', PASSWORD)
  expect(
    (await owner.post('/operator/add', { username: 'yunying', password: 'Yunying-Pine-2025', role: 'operations' })).code
  ).toBe(1)
  const page = await (await desktop(running.browser)).newPage()
  await consoleLogin(page, running.server, 'yunying', 'Yunying-Pine-2025')
  const menuText = await page.locator('.ant-menu').first().textContent()
  expect(menuText).toContain('首页内容')
  expect(menuText).not.toContain('提现')
  await page.goto(`${running.server.url}/admin/#/withdrawals`)
  await page.getByText('无法打开此页').waitFor()
  const ops = await consoleApi(running.server, 'yunying', 'Yunying-Pine-2025')
  expect(await ops.get('/withdrawal/lists')).toMatchObject({ code: 0, msg: '没有权限执行此操作' })

  await page.goto(`${running.server.url}/admin/#/home-content`)
  await page.getByRole('tab', { name: '公告' }).click()
  await page.getByRole('button', { name: /新增公告/ }).click()
  let dialog = page.getByRole('dialog')
  await dialog.getByLabel('标题').fill('元旦期间课程照常开课')
  await dialog.getByLabel('跳转链接').fill('javascript:alert(1)')
  await dialog.getByRole('button', { name: /保\s*存/ }).click()
  await page.getByText('跳转链接应为 http(s) 网址或小程序内页面路径，如 /pages/course/index').waitFor()
  await dialog.getByLabel('跳转链接').fill('/pages/course/index')
  await dialog.getByRole('button', { name: /保\s*存/ }).click()
  await page.getByText('公告已保存，首页已更新').waitFor()
  await page.locator('tr.ant-table-row', { hasText: '元旦期间课程照常开课' }).waitFor()

  await page.getByRole('tab', { name: '轮播图' }).click()
  const first = page.locator('tr.ant-table-row').first()
  await first.getByText('编辑').click()
  dialog = page.getByRole('dialog')
  await dialog.getByLabel('标题').fill('新春易学课程')
  await dialog.getByLabel('排序（小的在前）').fill('-5')
  // A new picture, drawn by the browser, uploaded in place of the old one.
  const address = dialog.getByPlaceholder('或粘贴图片网址')
  const oldImage = await address.inputValue()
  await dialog
    .locator('.ant-upload input[type=file]')
    .setInputFiles(await drawnPng(page, 'spring.png', 750, 300, '#8b1a1a', '#ffd700', '新春开课'))
  await dialog.locator('.ant-upload-list-item-done img[src*="/uploads/"]').waitFor()
  const uploaded = await address.inputValue()
  expect(uploaded).toMatch(/\/uploads\/\d{6}\/[0-9a-f]{32}\.png$/)
  expect(uploaded).not.toBe(oldImage)
  // One picture stays: the upload replaced the old one, and its preview opens in place.
  await dialog.locator(`.ant-upload-list-item img[src="${oldImage}"]`).waitFor({ state: 'detached' })
  expect(await dialog.locator('.ant-upload-list-item-done').count()).toBe(1)
  await dialog.locator('.ant-upload-list-item-done').hover()
  await dialog.locator('.ant-upload-list-item-actions a[title]').first().click()
  await page.locator(`.ant-image-preview-img[src="${uploaded}"]`).waitFor()
  await page.locator('.ant-image-preview-close').click()
  await page.locator('.ant-image-preview-img').waitFor({ state: 'detached' })
  await screenshot(page, 'console-ops-banner-upload')
  await dialog.getByRole('button', { name: /保\s*存/ }).click()
  await page.getByText('轮播图已保存，首页已更新').waitFor()
  await page.locator('tr.ant-table-row', { hasText: '新春易学课程' }).locator(`img[src="${uploaded}"]`).waitFor()
  await screenshot(page, 'console-ops-home-content')
  await page.context().close()

  const visitor = await (await phone(running.browser)).newPage()
  await visitor.goto(`${running.server.url}/#/pages/index/index`)
  await shown(visitor, '.home__notice-title').getByText('元旦期间课程照常开课').waitFor()
  await shown(visitor, '.carousel__image[aria-label="新春易学课程"]').first().waitFor({ state: 'attached' })
  // The uploaded picture itself is what the home shows, and it loads.
  await visitor.waitForFunction(
    (src) =>
      [...document.querySelectorAll<HTMLImageElement>('.carousel__image[aria-label="新春易学课程"] img')].some(
        (img) => img.src === src && img.complete && img.naturalWidth === 750
      ),
    uploaded
  )
  await screenshot(visitor, 'console-ops-h5-home')
  await shown(visitor, '.home__notice').filter({ hasText: '元旦期间课程照常开课' }).click()
  await visitor.waitForURL(/pages\/course\/index/)
  await visitor.context().close()
})

test('a user disabled in the console is logged out at once: the app is sent back to login', async () => {
  const user = await apiUser('将被停用的用户')
  const page = await ownerPage()
  await menu(page, /用户$/)
  await page.getByPlaceholder('昵称 / 完整手机号 / 用户ID').fill('将被停用')
  await page.getByRole('button', { name: '查 询' }).click()
  await page.locator('tr.ant-table-row', { hasText: '将被停用的用户' }).getByText('详情').click()
  await page.getByText('登录设备').waitFor()
  await page.getByRole('button', { name: '停用账号' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('停用原因').fill('恶意刷单')
  await screenshot(page, 'console-ops-user-disable')
  await dialog.getByRole('button', { name: /确\s*定/ }).click()
  await page.getByText('已停用，该用户已退出登录').waitFor()
  await page.locator('.ant-page-header .ant-tag', { hasText: '已停用' }).waitFor()
  await screenshot(page, 'console-ops-user-detail')
  await page.context().close()
  const after = await (
    await fetch(`${running.server.url}/api/user.user/detail`, { headers: { authorization: user.token } })
  ).json()
  expect(after.code).toBe(-9999)
})
