import type { Browser } from 'playwright-core'

import { launchBrowser, screenshot, shown } from './browser'
import { desktop, logInToConsole, openMenu, pickerTime, startConsoleServer, wechatUser } from './console-helpers'
import type { RunningServer } from './server'

// 线下课: the owner opens a class with place, map point, seats and a deadline; a user signs up in the H5 app;
// the class's 报名名单 shows them, exports the CSV and checks them in. Screens in .e2e/console-offline*.png.

const PASSWORD = 'Offline-e2e-2025'
let server: RunningServer
let browser: Browser

beforeAll(async () => {
  server = await startConsoleServer(PASSWORD)
  browser = await launchBrowser()
}, 240_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

test('an operator opens an offline class; a user signs up in-app; the list exports and checks them in', async () => {
  const context = await desktop(browser, { acceptDownloads: true })
  const page = await context.newPage()
  await logInToConsole(page, server.url, PASSWORD)
  await openMenu(page, /课程/)
  await page.getByRole('button', { name: /新建线下课/ }).click()
  await page.getByLabel('课程名称', { exact: true }).fill('浏览器里开的线下班')
  await page.getByLabel('分类', { exact: true }).click()
  await page.locator('.ant-select-item-option').first().click()
  await page.getByLabel('讲师', { exact: true }).fill('郑老师')
  await page.getByLabel('价格（元）', { exact: true }).fill('0')
  await page.getByRole('button', { name: '创建课程' }).click()
  await page.getByText('课程已创建，请继续开班').waitFor()
  await page.getByText('还没有开班').waitFor()

  await page.getByRole('button', { name: /开\s*班/ }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('班级名称').fill('深圳周末班')
  for (const [label, days] of [
    ['开始时间', 10],
    ['结束时间', 11],
    ['报名截止时间', 8]
  ] as const) {
    const input = dialog.getByLabel(label, { exact: true })
    await input.click()
    await input.fill(pickerTime(new Date(Date.now() + days * 86_400_000)))
    await input.press('Enter')
  }
  await dialog.getByLabel('城市').fill('深圳')
  await dialog.getByLabel('上课地址').fill('深圳市福田区深南大道 1000 号 8 楼')
  await dialog.getByLabel('纬度').fill('22.5431')
  await dialog.getByLabel('经度').fill('114.0579')
  await dialog.getByLabel('名额').fill('2')
  await screenshot(page, 'console-offline-class')
  await dialog.getByRole('button', { name: /确\s*认|确\s*定/ }).click()
  await page.getByText('已开班').waitFor()
  const row = page.locator('tr.ant-table-row', { hasText: '深圳周末班' })
  await row.getByText('0 / 2').waitFor()
  await row.getByText('报名中').waitFor()
  await page.getByRole('button', { name: /上\s*架/ }).click()
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定|是/ })
    .click()
  await page.locator('.ant-tag', { hasText: '已上架' }).waitFor()

  // The user signs up from the app's offline classes.
  const { page: phone } = await wechatUser(browser, server, '线下学员', '/#/live/pages/offline/offline')
  const card = shown(phone, '.offline__card').filter({ hasText: '深圳周末班' })
  await card.getByText('剩余 2 / 2 席').waitFor()
  await card.locator('.offline__signup').click()
  await shown(phone, '.signup-sheet__name input').fill('陈六')
  await shown(phone, '.signup-sheet__mobile input').fill('13900139555')
  await shown(phone, '.signup-sheet__submit').click()
  await card.getByText('剩余 1 / 2 席').waitFor()
  await phone.context().close()

  await page.reload()
  await row.getByText('1 / 2').waitFor()
  await row.getByText('报名名单').click()
  const drawer = page.locator('.ant-drawer')
  const person = drawer.locator('tr', { hasText: '陈六' })
  await person.getByText('13900139555').waitFor()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    drawer.getByRole('link', { name: /导出 CSV/ }).click()
  ])
  const csv = await (await download.createReadStream()).toArray()
  const text = Buffer.concat(csv).toString('utf8')
  expect(text).toContain('陈六,13900139555')
  expect(text).toContain('未签到')
  await person.getByRole('button', { name: /签\s*到/ }).click()
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定|是/ })
    .click()
  await page.getByText('陈六 已签到').waitFor()
  await person.getByText(/^已签到/).waitFor()
  await screenshot(page, 'console-offline-signups')
  await context.close()
})
