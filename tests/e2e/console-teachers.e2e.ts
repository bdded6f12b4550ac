import type { Page } from 'playwright-core'

import { screenshot, shown } from './browser'
import {
  appApi,
  consoleApi,
  consoleLogin,
  consoleServer,
  desktop,
  openMenu,
  pickOption,
  wechatUser
} from './console-helpers'

// Teachers and services in the console against the running server: an operator gives a new teacher a
// service and one weekly hour, the app offers exactly that hour and a user books and pays it; the
// teacher's own 老师 account sees the booking in 我的预约 and marks it completed; an operator marks
// another booking completed in 服务预约; the user sees both as 已完成 in the app. Screens in
// .e2e/console-teachers-*.png.

const PASSWORD = 'Console-teach-2025'
const running = consoleServer(PASSWORD)
const menu = openMenu

async function consolePage(username: string, password: string): Promise<Page> {
  const page = await (await desktop(running.browser)).newPage()
  await consoleLogin(page, running.server, username, password)
  return page
}

/** Books and pays (sandbox) the first free hour the app offers for the teacher's service. */
async function paidBooking(token: string, teacherId: number, serviceId: number): Promise<number> {
  const slots = await (await fetch(`${running.server.url}/api/service.slot/lists?teacher_id=${teacherId}`)).json()
  const slot = slots.data.list.find((s: { free: boolean }) => s.free)
  const added = await appApi(running.server, token, '/api/service.order/add', {
    service_id: serviceId,
    teacher_id: teacherId,
    slot_id: slot.slot_id,
    name: '王五',
    mobile: '13700137000'
  })
  const pay = await appApi(running.server, token, '/api/service.order/pay', { order_id: added.order_id })
  await appApi(running.server, token, '/api/pay.sandbox/confirm', { out_trade_no: pay.out_trade_no })
  return added.order_id
}

test('a console-made teacher takes bookings; teacher and operator each complete one; the user sees it', async () => {
  const owner = await consoleApi(running.server, 'admin', PASSWORD)
  const service = (await owner.get('/consult/lists')).data.list.find(
    (s: { kind: string; visible: boolean }) => s.kind === 'consult' && s.visible
  )

  // The operator adds the teacher in the browser: name, the service, Wednesday 20:00 only.
  const page = await consolePage('admin', PASSWORD)
  await menu(page, /老师/)
  await page.getByRole('button', { name: /新增老师/ }).click()
  const drawer = page.locator('.ant-drawer')
  await drawer.getByLabel('姓名').fill('钱明德')
  await pickOption(drawer, '提供的服务', service.title)
  await drawer.getByLabel('姓名').click()
  for (const day of ['周一', '周二', '周三', '周四', '周五', '周六', '周日']) {
    const select = drawer.locator('.ant-form-item', { has: page.locator(`label[title="${day}"]`) })
    while ((await select.locator('.ant-select-selection-item-remove').count()) > 0)
      await select.locator('.ant-select-selection-item-remove').first().click()
    if (day === '周三') {
      await select.locator('input').fill('20:00')
      await select.locator('input').press('Enter')
    }
  }
  await screenshot(page, 'console-teachers-editor')
  await drawer.getByRole('button', { name: /保\s*存/ }).click()
  await page.getByText('老师已新增').waitFor()
  const row = page.locator('tr.ant-table-row', { hasText: '钱明德' })
  await row.waitFor()
  const teacher = (await owner.get('/teacher/lists', { keyword: '钱明德' })).data.list[0]
  expect(teacher).toMatchObject({ name: '钱明德', services: 1 })

  // The app offers one hour, a Wednesday at 20:00 China time.
  const slots = (
    await (await fetch(`${running.server.url}/api/service.slot/lists?teacher_id=${teacher.teacher_id}`)).json()
  ).data.list
  expect(slots).toHaveLength(1)
  const local = new Date(Date.parse(slots[0].starts_at) + 8 * 3600_000)
  expect([local.getUTCDay(), local.getUTCHours(), local.getUTCMinutes()]).toEqual([3, 20, 0])

  const user = await wechatUser(running.browser, running.server, '约钱老师的用户', '/#/pages/my/service')
  const first = await paidBooking(user.token, teacher.teacher_id, service.service_id)

  // The teacher's own account: only 我的预约 in the menu, the booking there, marked completed.
  expect(
    (
      await owner.post('/operator/add', {
        username: 'qian_teacher',
        password: 'Teacher-pass-1',
        role: 'teacher',
        teacher_id: teacher.teacher_id
      })
    ).code
  ).toBe(1)
  const desk = await consolePage('qian_teacher', 'Teacher-pass-1')
  await desk.getByRole('menuitem', { name: /我的预约/ }).waitFor()
  expect(await desk.getByRole('menuitem').count()).toBe(1)
  const booked = desk.locator('tr.ant-table-row', { hasText: String(first) })
  await booked.getByText('王五 13700137000').waitFor()
  await screenshot(desk, 'console-teachers-desk')
  await booked.getByText('标记完成').click()
  await desk
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定/ })
    .click()
  await desk.getByText('已标记为已完成').waitFor()
  await booked.waitFor({ state: 'detached' })
  await desk.context().close()

  // An operator completes a booking with a seeded teacher in 服务预约.
  const zhou = (await owner.get('/teacher/lists', { keyword: '周明远' })).data.list[0]
  const zhouService = (await owner.get('/teacher/detail', { teacher_id: zhou.teacher_id })).data.service_ids[0]
  const second = await paidBooking(user.token, zhou.teacher_id, zhouService)
  await menu(page, /服务预约/)
  const line = page
    .locator('tr.ant-table-row', { hasText: '周明远' })
    .filter({ hasText: String(second) })
    .first()
  await line.getByText('标记完成').click()
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定/ })
    .click()
  await page.getByText('已标记为已完成').waitFor()
  await line.waitFor({ state: 'detached' })
  await screenshot(page, 'console-teachers-bookings')
  await page.context().close()

  // The user's bookings in the app: both 已完成.
  await user.page.reload()
  for (const id of [first, second]) {
    await expect(
      shown(user.page, `.my-service__card[data-order="${id}"] .my-service__status`).textContent()
    ).resolves.toBe('已完成')
  }
  await screenshot(user.page, 'console-teachers-app-done')
  await user.page.context().close()
})
