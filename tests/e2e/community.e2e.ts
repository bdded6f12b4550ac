import type { Browser, Page } from 'playwright-core'

import { launchBrowser, logInWithSms, pause, phone, screenshot, shown } from './browser'
import { type RunningServer, startServer } from './server'

const ADMIN_PASSWORD = 'Community-e2e-2025'
let server: RunningServer
let browser: Browser
let page: Page

beforeAll(async () => {
  server = await startServer({ ADMIN_INITIAL_PASSWORD: ADMIN_PASSWORD })
  browser = await launchBrowser()
  page = await (await phone(browser)).newPage()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

const until = (part: string) => page.waitForFunction((p) => location.hash.includes(p), part)

test('sign up for a free activity, logging in on the way', async () => {
  await page.goto(`${server.url}/#/pages/activity/activity`)
  await shown(page, '.act-card').first().waitFor()
  await screenshot(page, 'activity-list')
  await shown(page, '.act-card').filter({ hasText: '易学茶话会' }).click()
  await until('activity/pages/detail')
  await shown(page, '.act-detail__title').waitFor()
  await screenshot(page, 'activity-detail')
  await pause(page)
  await shown(page, '.act-detail__btn').click()
  await shown(page, '.login-sheet').waitFor()
  await logInWithSms(page, '13900139021')
  await shown(page, '.act-detail__btn').click()
  await shown(page, '.act-sheet__submit').click()
  await shown(page, '.form-field__error').first().waitFor()
  await shown(page, '.form-field__input--name input').fill('李四')
  await shown(page, '.form-field__input--mobile input').fill('13900139021')
  await screenshot(page, 'activity-signup')
  await shown(page, '.act-sheet__submit').click()
  await until('pages/activity/success')
  await shown(page, '.act-success__state').filter({ hasText: '报名成功' }).waitFor()
  await screenshot(page, 'activity-success')
  await pause(page)
  await shown(page, '.act-success__btn').filter({ hasText: '查看我的报名' }).click()
  await until('pages/my/activity')
  await shown(page, '.my-act').filter({ hasText: '易学茶话会' }).waitFor()
  expect(await shown(page, '.my-act__status').first().textContent()).toBe('已报名')
  await screenshot(page, 'activity-mine')
}, 90_000)

test('sign up for an activity with a fee and pay it in the sandbox', async () => {
  await page.goto(`${server.url}/#/pages/activity/activity`)
  await shown(page, '.act-card').filter({ hasText: '观星夜话' }).click()
  await until('activity/pages/detail')
  await shown(page, '.act-detail__fee').filter({ hasText: '¥128.00' }).waitFor()
  await pause(page)
  await shown(page, '.act-detail__btn').click()
  await shown(page, '.form-field__input--name input').fill('李四')
  await shown(page, '.form-field__input--mobile input').fill('13900139021')
  await shown(page, '.act-sheet__submit').click()
  await page.locator('.taro-modal__foot').getByText('确定').click()
  await until('pages/activity/success')
  await shown(page, '.act-success__state').filter({ hasText: '报名成功' }).waitFor()
  expect(await shown(page, '.act-success__card').textContent()).toContain('费用：¥128.00')
}, 90_000)

test('apply for a certificate with an ID photo and pay the fee in the sandbox', async () => {
  await page.goto(`${server.url}/#/pages/certificate/certificate`)
  await shown(page, '.cert-card').first().waitFor()
  await screenshot(page, 'certificate-tab')
  await shown(page, '.cert-card').filter({ hasText: '命理分析师' }).click()
  await until('certificate/pages/detail')
  await shown(page, '.cert-detail__title').waitFor()
  await screenshot(page, 'certificate-detail')
  await pause(page)
  await shown(page, '.cert-detail__btn').click()
  await until('certificate/pages/apply')
  await shown(page, '.cert-apply__submit').waitFor()
  await shown(page, '.form-field__input--name input').fill('王小明')
  // The worked example of GB 11643-1999.
  await shown(page, '.form-field__input--id_number input').fill('11010519491231002X')
  await shown(page, '.form-field__input--mobile input').fill('13700137021')
  await shown(page, '.form-field__picker').click()
  await page.locator('.weui-picker__action').filter({ hasText: '确定' }).click()
  // On a phone Taro's chooseImage first asks camera or album, then opens a file input.
  await shown(page, '.photo-field__box').click()
  const chooser = page.waitForEvent('filechooser')
  await page.getByText('从相册选择').click()
  await (
    await chooser
  ).setFiles({
    name: 'id-photo.png',
    mimeType: 'image/png',
    buffer: await page.screenshot({ clip: { x: 0, y: 0, width: 90, height: 120 } })
  })
  await shown(page, '.photo-field__img').waitFor({ timeout: 15_000 })
  await screenshot(page, 'certificate-apply')
  await shown(page, '.cert-apply__submit').click()
  await page.locator('.taro-modal__foot').getByText('确定').click()
  await until('pages/my/certificate')
  await shown(page, '.my-cert').filter({ hasText: '命理分析师' }).waitFor()
  expect(await shown(page, '.my-cert__status').first().textContent()).toBe('审核中')
  await screenshot(page, 'certificate-mine')
}, 90_000)

test('the association: introduction, induction and the quick application', async () => {
  await page.goto(`${server.url}/#/association/pages/detail/detail`)
  await shown(page, '.assoc__name').waitFor()
  await screenshot(page, 'association-detail')
  await page.goto(`${server.url}/#/association/pages/detail/induction`)
  await shown(page, '.induction__benefit').first().waitFor()
  await screenshot(page, 'association-induction')
  await page.goto(`${server.url}/#/pages/my/union`)
  await shown(page, '.union__submit').waitFor()
  await screenshot(page, 'association-union')
  await page.goto(`${server.url}/#/pages/my/easyApply`)
  // The full application's page has the same fields and button, and stays on screen until this one shows.
  const quick = shown(page, '.union').filter({ has: page.locator('.union__intro', { hasText: '快速入会' }) })
  await quick.locator('.union__submit').waitFor()
  await quick.locator('.form-field__input--name input').fill('赵六')
  await quick.locator('.form-field__input--mobile input').fill('13500135021')
  await quick.locator('.union__submit').click()
  await shown(page, '.member-status__state').filter({ hasText: '审核中' }).waitFor()
  await screenshot(page, 'association-easy-applied')
}, 90_000)

test('once the operator approves the application in the console, the member card is shown', async () => {
  const mobile = '13500135031'
  const tab = await (await phone(browser)).newPage()
  await tab.goto(`${server.url}/#/pages/my/easyApply`)
  await shown(tab, '.login-sheet').waitFor()
  await logInWithSms(tab, mobile)
  await shown(tab, '.form-field__input--name input').fill('钱七')
  await shown(tab, '.form-field__input--mobile input').fill(mobile)
  await shown(tab, '.union__submit').click()
  await shown(tab, '.member-status__state').filter({ hasText: '审核中' }).waitFor()

  // The review happens while the server runs, through the console's API (cookie + CSRF).
  const login = await fetch(`${server.url}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD })
  })
  const cookie = String(login.headers.get('set-cookie')).split(';')[0]
  const { data: me } = await login.json()
  const queue = await (
    await fetch(`${server.url}/api/admin/membership/lists?keyword=${encodeURIComponent('钱七')}`, {
      headers: { cookie }
    })
  ).json()
  const id = queue.data.list[0]?.application_id
  expect(id).toBeDefined()
  const approved = await fetch(`${server.url}/api/admin/membership/review`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': me.csrf_token },
    body: JSON.stringify({ application_id: id, approve: true, reason: '' })
  })
  expect((await approved.json()).data).toMatchObject({ status: 'approved' })

  await tab.goto(`${server.url}/#/pages/my/union`)
  await tab.reload()
  await shown(tab, '.member-card').waitFor()
  expect(await shown(tab, '.member-card').textContent()).toMatch(/会员编号：HY\d{10}/)
  expect(await shown(tab, '.member-card').textContent()).toContain('钱七')
  await tab.waitForTimeout(500)
  await screenshot(tab, 'association-member-card')
  await tab.context().close()
}, 240_000)
