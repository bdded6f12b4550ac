import type { Browser, Page } from 'playwright-core'

import { launchBrowser, screenshot } from './browser'
import { desktop, logInToConsole, openMenu, startConsoleServer, wechatUser as loggedIn } from './console-helpers'
import type { RunningServer } from './server'

// The money path outside the shop, at desktop size against the running server: a content operator
// rejects a paid certificate application and the user's H5 page shows the reason and 已退款; an
// operator marks a paid service booking 已完成 and the user's bookings say so. Screens in
// .e2e/console-review-*.png.

const PASSWORD = 'Review-e2e-2025'
// The smallest valid PNG (1x1), the applicant's ID photo.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64'
)
let server: RunningServer
let browser: Browser

beforeAll(async () => {
  server = await startConsoleServer(PASSWORD)
  browser = await launchBrowser()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function call(token: string, method: 'GET' | 'POST', url: string, body: Record<string, unknown> = {}) {
  const res =
    method === 'GET'
      ? await fetch(`${server.url}${url}?${new URLSearchParams(body as Record<string, string>)}`, {
          headers: { authorization: token }
        })
      : await fetch(`${server.url}${url}`, {
          method,
          headers: { 'content-type': 'application/json', authorization: token },
          body: JSON.stringify(body)
        })
  const json = await res.json()
  if (json.code !== 1) throw new Error(`${url}: ${json.msg}`)
  return json.data
}

/** A user in WeChat's browser (simulator login); the page stays open as theirs. */
const wechatUser = (nickname: string) => loggedIn(browser, server, nickname, '/#/pages/my/certificate')

async function consoleLogin(): Promise<Page> {
  const page = await (await desktop(browser)).newPage()
  await logInToConsole(page, server.url, PASSWORD)
  return page
}

test('an operator rejects a paid certificate application: the user sees the reason and 已退款', async () => {
  const user = await wechatUser('证书被驳回')
  const form = new FormData()
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'photo.png')
  const uploaded = await (
    await fetch(`${server.url}/api/file.upload/private`, {
      method: 'POST',
      headers: { authorization: user.token },
      body: form
    })
  ).json()
  const certs = await call(user.token, 'GET', '/api/certificate.index/lists', { per_page: '20' })
  const cert = certs.list.find((c: { fee: number }) => c.fee > 0)
  const applied = await call(user.token, 'POST', '/api/certificate.apply/add', {
    certificate_id: cert.certificate_id,
    name: '王小明',
    id_number: '11010519491231002X',
    mobile: '13700137000',
    education: '本科',
    photo_file_id: uploaded.data.file_id
  })
  const pay = await call(user.token, 'POST', '/api/certificate.apply/pay', { application_id: applied.application_id })
  await call(user.token, 'POST', '/api/pay.sandbox/confirm', { out_trade_no: pay.out_trade_no })

  const page = await consoleLogin()
  // The 审核 screen holds articles only; the dashboard's pending application leads to 证书申请.
  await openMenu(page, /(^|\s)审核$/)
  await page.locator('.ant-page-header').getByText('文章审核').waitFor()
  expect(await page.getByText('王小明').count()).toBe(0)
  await openMenu(page, /仪表盘/)
  const pending = page.getByRole('link', { name: /待审核证书报名/ })
  await expect(pending.locator('.ant-badge').textContent()).resolves.toBe('1')
  await pending.click()
  await page.getByText('证书申请审核').waitFor()
  expect(page.url()).toMatch(/#\/certificates$/)
  const row = page.locator('tr.ant-table-row', { hasText: '王小明' })
  await row.waitFor()
  await row.locator('.ant-table-row-expand-icon').click()
  await page.getByText('身份证号').waitFor()
  // The ID photo is private: the console shows it through a signed link that expires, and it loads.
  const photo = page.locator('.ant-descriptions img.ant-image-img').first()
  await expect(photo.getAttribute('src')).resolves.toMatch(/\/api\/file\.private\/image\?key=.+&exp=\d+&sig=/)
  await page.waitForFunction(
    () => (document.querySelector('.ant-descriptions img.ant-image-img') as HTMLImageElement | null)?.naturalWidth === 1
  )
  await screenshot(page, 'console-review-certificates')
  await row.getByText('驳回', { exact: true }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByText(`原路退回`).waitFor()
  await dialog.getByRole('button', { name: '确 定' }).click()
  await dialog.getByText('请填写驳回原因（用户可见）').waitFor()
  await dialog.getByLabel('驳回原因（用户可见）').fill('证件照不清晰，请重新拍摄')
  await screenshot(page, 'console-review-reject')
  await dialog.getByRole('button', { name: '确 定' }).click()
  await page.getByText('已驳回，费用已原路退回').waitFor()
  await row.waitFor({ state: 'detached' })
  await page.getByRole('tab', { name: '已驳回' }).click()
  await page
    .locator('tr.ant-table-row', { hasText: '王小明' })
    .getByText(`已退款 ¥${(cert.fee / 100).toFixed(2)}`)
    .waitFor()
  await screenshot(page, 'console-review-rejected')
  await page.context().close()

  await user.page.goto(`${server.url}/#/pages/my/certificate`)
  await user.page.reload()
  await user.page.getByText('未通过原因：证件照不清晰，请重新拍摄').waitFor()
  await user.page.getByText(`已退款 ¥${(cert.fee / 100).toFixed(2)}，已原路退回`).waitFor()
  await screenshot(user.page, 'console-review-user-refund')
  await user.page.context().close()
}, 180_000)

test('an operator marks a paid service booking completed: the user sees 已完成', async () => {
  const user = await wechatUser('咨询完成')
  const services = await call(user.token, 'GET', '/api/service.index/lists')
  const detail = await call(user.token, 'GET', '/api/service.index/detail', {
    service_id: String(services.list[0].service_id)
  })
  const teacher = detail.detail.teachers[0]
  const slots = await call(user.token, 'GET', '/api/service.slot/lists', { teacher_id: String(teacher.teacher_id) })
  const slot = slots.list.find((s: { free: boolean }) => s.free)
  const booked = await call(user.token, 'POST', '/api/service.order/add', {
    service_id: detail.detail.service_id,
    teacher_id: teacher.teacher_id,
    slot_id: slot.slot_id,
    name: '孙八',
    mobile: '13600136008'
  })
  const pay = await call(user.token, 'POST', '/api/service.order/pay', { order_id: booked.order_id })
  await call(user.token, 'POST', '/api/pay.sandbox/confirm', { out_trade_no: pay.out_trade_no })

  const page = await consoleLogin()
  await openMenu(page, /服务预约/)
  const row = page.locator('tr.ant-table-row', { hasText: '孙八' })
  await row.waitFor()
  await screenshot(page, 'console-review-services')
  await row.getByText('标记完成').click()
  await page.getByRole('dialog').getByRole('button', { name: '确 定' }).click()
  await page.getByText('已标记为已完成').waitFor()
  await row.waitFor({ state: 'detached' })
  await page.getByRole('tab', { name: '已完成' }).click()
  await page.locator('tr.ant-table-row', { hasText: '孙八' }).waitFor()
  await screenshot(page, 'console-review-service-done')
  await openMenu(page, /操作日志/)
  await page.getByText('服务标记完成').first().waitFor()
  await page.context().close()

  await user.page.goto(`${server.url}/#/pages/my/service`)
  await user.page.reload()
  const card = user.page.locator(`[data-order="${booked.order_id}"]:visible`)
  await card.locator('.my-service__status', { hasText: '已完成' }).waitFor()
  await card.getByText(/服务已于 .+ 完成/).waitFor()
  await screenshot(user.page, 'console-review-user-service')
  await user.page.context().close()
}, 180_000)
