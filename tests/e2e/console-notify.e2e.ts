import type { Page } from 'playwright-core'

import { screenshot } from './browser'
import { consoleApi, consoleLogin, consoleServer, desktop, openMenu, pickOption } from './console-helpers'

// 消息设置 in the console at desktop size, WeChat simulated and no group robot set: the owner sets the 订阅消息
// template of 订单支付成功 (a key that is not WeChat's is refused under the form, naming it), sees the robot notice
// and turns an operator event off, test-sends to a user (sent, then refused) and finds both in the 发送记录.
// Screens in .e2e/console-notify-*.png.

const PASSWORD = 'Console-notify-2026'
const running = consoleServer(PASSWORD)

/** A user of the official account, logged in through the WeChat simulator's API (no browser). */
async function apiUser(nickname: string): Promise<number> {
  const res = await fetch(`${running.server.url}/api/wechat.simulator/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ redirect_uri: `${running.server.url}/`, state: 's', nickname }),
    redirect: 'manual'
  })
  const code = new URL(String(res.headers.get('location'))).searchParams.get('code')
  const login = await (
    await fetch(`${running.server.url}/api/wechat.index/mpLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code, client: 'h5' })
    })
  ).json()
  return login.data.user_id
}

/** Picks an event in the test send's list by typing its name: the list is long and only its top is drawn. */
async function chooseEvent(page: Page, label: string): Promise<void> {
  const field = page.locator('.ant-form-item', { has: page.locator('label[title="事件"]') })
  await field.locator('.ant-select-selector').click()
  await field.getByRole('combobox').fill(label)
  await page.locator('.ant-select-item-option:visible', { hasText: label }).click()
  await field.locator('.ant-select-selection-item', { hasText: label }).waitFor()
}

test('the owner sets a template, test-sends it and reads the outcome in the 发送记录', async () => {
  const page = await (await desktop(running.browser)).newPage()
  await consoleLogin(page, running.server, 'admin', PASSWORD)
  await openMenu(page, /消息设置/)
  await page.getByText('未接入微信：消息由本机模拟器应答，不会真正发出').waitFor()

  // 模板设置: the 订阅消息 of 订单支付成功.
  const paidRow = page.locator('tr[data-row-key="order.paid"]')
  await paidRow.locator('td').nth(1).getByText('设置', { exact: true }).click()
  const dialog = page.getByRole('dialog', { name: /订单支付成功 · 小程序订阅消息/ })
  await dialog.getByLabel('模板 ID').fill('TPL-E2E-PAID')
  await dialog.getByLabel('第 1 个字段名').fill('keyword1')
  await dialog.getByText('不是微信的字段名').waitFor()
  await dialog.getByRole('button', { name: /保\s*存/ }).click()
  await dialog.getByText('模板字段「keyword1」不是微信的字段名').waitFor()
  await screenshot(page, 'console-notify-refused')

  await dialog.getByLabel('第 1 个字段名').fill('thing1')
  await dialog.getByText('事物，最多 20 个字').waitFor()
  await dialog.getByRole('combobox', { name: '第 1 个字段内容' }).click()
  // A 事物 key takes any short text: the amount too, as words; an 金额 key only the amount.
  await page.locator('.ant-select-item-option:visible', { hasText: '商品（事物）' }).click()
  await dialog.getByRole('button', { name: '添加字段' }).click()
  await dialog.getByLabel('第 2 个字段名').fill('amount2')
  await dialog.getByRole('combobox', { name: '第 2 个字段内容' }).click()
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option')
  await options.first().waitFor()
  expect(await options.allInnerTexts()).toEqual(['实付金额（金额）'])
  await options.first().click()
  await dialog.getByRole('button', { name: /保\s*存/ }).click()
  await page.getByText('「订单支付成功」的小程序订阅消息已保存').waitFor()
  await paidRow.getByText('TPL-E2E-PAID').waitFor()
  await paidRow.getByText('已开启').waitFor()
  await page.getByText('修改记录').waitFor()

  // 群机器人: not set, said so; an operator event turned off.
  await page.getByRole('tab', { name: '群机器人' }).click()
  await page.getByText('未设置运营群机器人', { exact: true }).waitFor()
  await page.getByRole('switch', { name: '新的退款申请发到群机器人' }).click()
  await page.getByText('「新的退款申请」不再发到运营群').waitFor()
  // The switch follows the saved setting once the screen has read it back.
  await page.locator('[role="switch"][aria-label="新的退款申请发到群机器人"][aria-checked="false"]').waitFor()
  await screenshot(page, 'console-notify-robot')

  // 测试发送: the 模板消息 (set through the API) to a user of the official account goes; the robot is refused.
  const owner = await consoleApi(running.server, 'admin', PASSWORD)
  const saved = await owner.post('/notify/save', {
    event: 'order.paid',
    channel: 'template',
    enabled: true,
    template_id: 'TPL-E2E-OA',
    fields: { character_string1: 'order_no', amount2: 'amount' },
    updated_at: ''
  })
  expect(saved.code).toBe(1)
  const userId = await apiUser('测试消息接收人')
  await page.getByRole('tab', { name: '测试发送' }).click()
  await chooseEvent(page, '订单支付成功')
  await pickOption(page, '渠道', '公众号模板消息')
  await page.getByLabel('接收用户 ID').fill(String(userId))
  await page.getByRole('button', { name: '发送测试消息' }).click()
  const result = page.getByTestId('notify-test-result')
  await result.getByText('已发送：微信已接受这条消息').waitFor()
  await result.getByText('¥0.01').waitFor()
  await result.scrollIntoViewIfNeeded()
  await screenshot(page, 'console-notify-test')

  await chooseEvent(page, '新订单待发货')
  await page.locator('.ant-select-selection-item', { hasText: '群机器人' }).waitFor()
  await page.getByRole('button', { name: '发送测试消息' }).click()
  await result.getByText('未发送：消息被拒绝').waitFor()
  await result.getByText('未设置运营群机器人（OPERATOR_WEBHOOK_URL）').waitFor()

  // 发送记录: both, newest first, with their tags and the reason; filtered to the refused one.
  await page.getByRole('tab', { name: '发送记录' }).click()
  const rows = page.locator('.ant-table-row')
  await rows.first().getByText('未设置运营群机器人（OPERATOR_WEBHOOK_URL）').waitFor()
  await rows.first().getByText('已拒绝').waitFor()
  await rows.nth(1).getByText('已发送').waitFor()
  await rows.nth(1).getByText(`测试消息接收人（${userId}）`).waitFor()
  await screenshot(page, 'console-notify-log')
  await pickOption(page.locator('.ant-pro-query-filter'), '状态', '已发送')
  await page.getByRole('button', { name: /查\s*询/ }).click()
  await page.getByText('共 1 条').waitFor()
  expect(await rows.count()).toBe(1)
  await rows.first().getByText('订单支付成功').waitFor()
})
