import type { Page } from 'playwright-core'

import { screenshot } from './browser'
import { consoleApi, consoleLogin, consoleServer, desktop, openMenu } from './console-helpers'

// 证书类型 and 活动管理 save their edit dialogs the same way: a save is told, closes the dialog and the list shows it;
// a save another operator has made stale is refused with the server's message and the dialog stays open with what
// was typed. Screens in .e2e/console-forms-*.png.

const PASSWORD = 'Console-forms-2025'
const running = consoleServer(PASSWORD)
const STALE = '该记录已被他人修改，请刷新后再编辑'

async function consolePage(): Promise<Page> {
  const page = await (await desktop(running.browser)).newPage()
  await consoleLogin(page, running.server, 'admin', PASSWORD)
  return page
}

/**
 * On the open screen: edits the row's `label` field to `value` and saves (told `saved`); then, while the dialog
 * is open again, another operator saves the record through `otherSave`, and the browser's save is refused.
 */
async function saveThenStale(
  page: Page,
  open: () => Promise<void>,
  label: string,
  value: string,
  saved: string,
  otherSave: () => Promise<unknown>,
  shot: string
) {
  await open()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel(label).fill(value)
  await dialog.getByRole('button', { name: /确\s*认|确\s*定/ }).click()
  await page.getByText(saved).waitFor()
  await dialog.waitFor({ state: 'hidden' })

  await open()
  await otherSave()
  await dialog.getByLabel(label).fill(`${value}（过期）`)
  await dialog.getByRole('button', { name: /确\s*认|确\s*定/ }).click()
  await page.getByText(STALE).waitFor()
  await screenshot(page, shot)
  // Still open, with what was typed.
  await expect(dialog.getByLabel(label).inputValue()).resolves.toBe(`${value}（过期）`)
}

test('证书类型: an edit is saved and listed; a stale one is refused and the dialog keeps it', async () => {
  const other = await consoleApi(running.server, 'admin', PASSWORD)
  const cert = (await other.get('/certificate-type/lists')).data.list[0]
  const page = await consolePage()
  await openMenu(page, /证书类型/)
  const row = page.locator('tr', { hasText: cert.title })
  await saveThenStale(
    page,
    () => row.getByText('编辑', { exact: true }).click(),
    '颁发机构',
    '浏览器测试协会',
    '证书已保存',
    async () => {
      const now = (await other.get('/certificate-type/lists')).data.list.find(
        (c: { certificate_id: number }) => c.certificate_id === cert.certificate_id
      )
      expect((await other.post('/certificate-type/edit', { ...now, level: '中级' })).code).toBe(1)
    },
    'console-forms-certificate-stale'
  )
  await page.keyboard.press('Escape')
  await row.getByText('浏览器测试协会').waitFor()
  await page.context().close()
})

test('活动管理: an edit is saved and listed; a stale one is refused and the dialog keeps it', async () => {
  const other = await consoleApi(running.server, 'admin', PASSWORD)
  const activity = (await other.get('/activity/lists')).data.list[0]
  const page = await consolePage()
  await openMenu(page, /活动管理/)
  const open = () => page.locator('td a', { hasText: activity.title }).first().click()
  await saveThenStale(
    page,
    open,
    '主办方',
    '浏览器测试主办方',
    '活动已保存',
    async () => {
      const now = (await other.get('/activity/lists')).data.list.find(
        (a: { activity_id: number }) => a.activity_id === activity.activity_id
      )
      expect((await other.post('/activity/edit', { ...now, summary: '另一位运营改过' })).code).toBe(1)
    },
    'console-forms-activity-stale'
  )
  await page.context().close()
})
