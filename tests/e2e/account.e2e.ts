import type { Browser, Page } from 'playwright-core'

import { credentialOf, launchBrowser, screenshot, wechatLoginAt } from './browser'
import { type RunningServer, startServer } from './server'

// Referral end to end: A shares the invitation; B opens it in a fresh browser, logs in through the
// WeChat simulator and buys a recorded course through the pages in the sandbox; A's details, friends
// and wallet show the commission.
// Then A changes the avatar and sees it after a reload. Screens at 375px in .e2e/account-*.png.

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

const loginAt = (url: string, nickname: string) => wechatLoginAt(browser, url, nickname)
/** Opens a route in the same tab (a fresh hash load) and waits for a selector of it. */
async function openRoute(page: Page, route: string, selector: string) {
  await page.goto(`${server.url}/#/${route}`)
  await page.reload()
  await page.waitForSelector(selector)
}

test('an invited friend who pays earns the inviter commission; the profile avatar survives a reload', async () => {
  const a = await loginAt(`${server.url}/#/pages/invite/invite`, '邀请人甲')
  const me = await credentialOf(a.page)
  await a.page.waitForSelector('.invite__image', { timeout: 20_000 })
  const link = (await a.page.locator('.invite__link').textContent())!.trim()
  expect(link).toContain(`referee_id=${me.user_id}`)
  expect(link).toContain('#/pages/v2index/index')
  await screenshot(a.page, 'account-invite')

  // B opens A's link in a fresh browser and logs in: B becomes A's friend.
  const b = await loginAt(link, '好友乙')
  const friend = await credentialOf(b.page)
  expect(friend.user_id).not.toBe(me.user_id)
  // B buys a recorded course through the pages: the course tab, its detail, the order and the sandbox cashier.
  await openRoute(b.page, 'pages/course/index', '.course-card')
  await b.page.locator('.course-card:visible').filter({ hasText: '八字命理入门' }).click()
  await b.page.waitForFunction(() => location.hash.includes('pages/course/detail'))
  await b.page.locator('.course-detail__action:visible').filter({ hasText: '立即购买 ¥199.00' }).click()
  await b.page.waitForFunction(() => location.hash.includes('live/pages/recorded/order'))
  await b.page.waitForTimeout(400)
  await b.page.locator('.course-order__submit:visible').click()
  await b.page.waitForFunction(() => location.hash.includes('live/pages/recorded/payment'))
  await b.page.locator('.course-pay__btn:visible').filter({ hasText: '立即支付 ¥199.00' }).click()
  await b.page.locator('.taro-modal__foot').getByText('确定').click() // the sandbox cashier's confirmation
  await b.page.waitForSelector('.course-pay__head--paid', { timeout: 15_000 })
  await screenshot(b.page, 'account-pay-success')
  await b.context.close()

  // A sees B's purchase: 20% of ¥199.00 for a course (commission_rules), frozen through the refund window.
  await openRoute(a.page, 'pages/my/commission', '.commission__row')
  const row = a.page.locator('.commission__row').first()
  await expect(row.textContent()).resolves.toContain('好友「好友乙」购买课程')
  await expect(row.textContent()).resolves.toContain('39.80')
  await expect(row.textContent()).resolves.toContain('冻结中')
  await screenshot(a.page, 'account-commission')

  await openRoute(a.page, 'pages/mine/friend', '.friend__row')
  await expect(a.page.locator('.friend__name').first().textContent()).resolves.toBe('好友乙')
  await expect(a.page.locator('.friend__row-earned').first().textContent()).resolves.toBe('¥39.80')
  await expect(a.page.locator('.friend__earned').textContent()).resolves.toBe('¥39.80')
  await screenshot(a.page, 'account-friends')

  await openRoute(a.page, 'pages/my/wallet', '.wallet__available')
  await expect(a.page.locator('.wallet__frozen').textContent()).resolves.toBe('¥39.80')
  await expect(a.page.locator('.wallet__earned').textContent()).resolves.toBe('¥39.80')
  // nothing is withdrawable while it is frozen, and the page says why
  await expect(a.page.locator('.wallet__blocked').textContent()).resolves.toBe(
    '可提现余额为 0，暂时不能提现；冻结中的 ¥39.80 过了退款期后转为可提现'
  )
  await screenshot(a.page, 'account-wallet')

  // A new avatar, uploaded through the page, is there after a reload.
  await openRoute(a.page, 'pages/my/info', '.info__avatar-row')
  await screenshot(a.page, 'account-info')
  const avatarPng = await a.page.screenshot({ clip: { x: 0, y: 0, width: 96, height: 96 } })
  await a.page.locator('.info__avatar-row').click()
  // On a phone Taro first asks camera or album.
  const chooser = a.page.waitForEvent('filechooser')
  await a.page.getByText('从相册选择').click()
  await (await chooser).setFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: avatarPng })
  await a.page.waitForSelector('img.info__avatar[src*="/uploads/"], .info__avatar img[src*="/uploads/"]', {
    timeout: 15_000
  })
  await a.page.reload()
  await a.page.waitForSelector('img.info__avatar[src*="/uploads/"], .info__avatar img[src*="/uploads/"]', {
    timeout: 15_000
  })

  await openRoute(a.page, 'pages/mine/mine', '.profile-head--compact .mine__nickname')
  await a.page.waitForTimeout(800) // the loading toast of the profile request fades
  await screenshot(a.page, 'account-mine')
  await openRoute(a.page, 'pages/text/text?key=commission-rule', '.text-page')
  await screenshot(a.page, 'account-text')
  await openRoute(a.page, 'pages/web/web?url=https%3A%2F%2Funknown.example.cn%2F', '.web__refused')
  await screenshot(a.page, 'account-web-refused')
  await a.context.close()
}, 300_000)
