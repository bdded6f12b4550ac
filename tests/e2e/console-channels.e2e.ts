import { screenshot } from './browser'
import { consoleLogin, consoleServer, desktop, openMenu } from './console-helpers'

// 渠道功能 in the console at desktop size: the mini-program starts on the review-safe preset; the owner ticks a
// feature back on by hand (the preset becomes 自定义), saves, and the app's answer for the mini-program follows.
// Screen in .e2e/console-channels.png.

const PASSWORD = 'Console-channels-2026'
const running = consoleServer(PASSWORD)

const hiddenFor = async (client: string): Promise<string[]> =>
  (await (await fetch(`${running.server.url}/api/index/features?client=${client}`)).json()).data.hidden

test('the owner shows the daily fortune in the mini-program again; the app is told at once', async () => {
  const page = await (await desktop(running.browser)).newPage()
  await consoleLogin(page, running.server, 'admin', PASSWORD)
  await openMenu(page, /渠道功能/)
  const mini = page.locator('[data-client="wxapp"]')
  await mini.getByText('未设置（使用默认方案）').waitFor()
  await screenshot(page, 'console-channels')
  expect(await mini.getByRole('radio', { name: '审核/合规' }).isChecked()).toBe(true)
  expect(await mini.getByRole('checkbox', { name: /今日运势/ }).isChecked()).toBe(false)
  expect(await mini.getByRole('checkbox', { name: /老黄历/ }).isChecked()).toBe(true)
  expect(await hiddenFor('wxapp')).toContain('fortune')

  await mini.getByRole('checkbox', { name: /今日运势/ }).check()
  expect(await mini.getByRole('radio', { name: '自定义' }).isChecked()).toBe(true)
  await mini.getByRole('button', { name: /保\s*存/ }).click()
  await page.getByText('微信小程序的功能已保存').waitFor()
  await mini.getByText('自定义', { exact: true }).first().waitFor()
  const hidden = await hiddenFor('wxapp')
  expect(hidden).not.toContain('fortune')
  expect(hidden).toContain('bazi')
  // H5 was left alone.
  expect(await hiddenFor('h5')).toEqual([])
  await page.getByText('修改记录').waitFor()
  await page.locator('.ant-table-row', { hasText: '微信小程序' }).first().waitFor()
})
