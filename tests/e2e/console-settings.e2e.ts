import { pause, screenshot, shown } from './browser'
import { appApi, consoleApi, consoleLogin, consoleServer, desktop, openMenu, wechatUser } from './console-helpers'

// 业务设置 in the console at desktop size: the owner changes the 售后期 and turns course refunds on, saves, and after a
// reload reads back what was saved; the app's course wording follows. Then a course bought within that policy is
// refunded from 全部订单 and its learner loses the course; another learner refunds their own from 课程订单 in the app.
// Screens in .e2e/console-settings*.png.

const PASSWORD = 'Console-settings-2026'
const running = consoleServer(PASSWORD)

/** The first paid recorded course of the app's list. */
async function paidRecordedCourse(): Promise<{ course_id: number }> {
  const courses = await (
    await fetch(`${running.server.url}/api/course.index/getList`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ per_page: 50 })
    })
  ).json()
  return courses.data.list.find((c: { price: number; kind: string }) => c.price > 0 && c.kind === 'recorded')
}

/** That course, bought by the user of `token` and paid in the sandbox. */
async function buyRecordedCourse(token: string) {
  const paid = await paidRecordedCourse()
  const order = await appApi(running.server, token, '/api/course.order/add', { course_id: paid.course_id })
  const pay = await appApi(running.server, token, '/api/course.order/pay', { order_id: order.order_id })
  await appApi(running.server, token, '/api/pay.sandbox/confirm', { out_trade_no: pay.out_trade_no })
  return { paid, pay }
}

test('the owner saves the after-sale days and a course refund period, and reads them back', async () => {
  const page = await (await desktop(running.browser)).newPage()
  await consoleLogin(page, running.server, 'admin', PASSWORD)
  await openMenu(page, /业务设置/)
  const afterSale = page.getByLabel('售后期', { exact: true })
  await afterSale.waitFor()
  expect(await afterSale.inputValue()).toBe('7')
  await page.getByText('确认收货后可申请售后的天数').waitFor()
  await page.getByText('用户在课程详情和下单页看到：虚拟课程购买后不支持退款').waitFor()

  await afterSale.fill('15')
  await page.getByLabel('课程退款期', { exact: true }).fill('7')
  await page.getByLabel('课程退款学习进度上限', { exact: true }).fill('30')
  await page.getByRole('button', { name: /保\s*存/ }).click()
  await page.getByText('业务设置已保存').waitFor()
  await page.getByText('购买后 7 天内、学习进度不超过 30% 可在「我的 → 课程订单」申请退款').first().waitFor()
  await screenshot(page, 'console-settings')

  await page.reload()
  await page.getByLabel('售后期', { exact: true }).waitFor()
  expect(await page.getByLabel('售后期', { exact: true }).inputValue()).toBe('15')
  expect(await page.getByLabel('课程退款期', { exact: true }).inputValue()).toBe('7')
  await page.locator('.ant-table-row', { hasText: '修改业务设置' }).first().waitFor()

  const owner = await consoleApi(running.server, 'admin', PASSWORD)
  const saved = (await owner.get('/settings/business')).data
  expect(saved.settings.find((s: { key: string }) => s.key === 'after_sale_days').value).toBe(15)
  const paid = await paidRecordedCourse()
  const detail = await (
    await fetch(`${running.server.url}/api/course.index/getDetail?course_id=${paid.course_id}`)
  ).json()
  expect(detail.data.detail.refund_policy).toBe('购买后 7 天内、学习进度不超过 30% 可在「我的 → 课程订单」申请退款')
})

test('a course sale within the policy is refunded from 全部订单 and the learner loses the course', async () => {
  const learner = await wechatUser(running.browser, running.server, '退课的学员')
  const { paid, pay } = await buyRecordedCourse(learner.token)
  const enrolled = async () =>
    (
      await (
        await fetch(`${running.server.url}/api/course.index/getDetail?course_id=${paid.course_id}`, {
          headers: { authorization: learner.token }
        })
      ).json()
    ).data.detail.enrolled
  expect(await enrolled()).toBe(true)

  const page = await (await desktop(running.browser)).newPage()
  await consoleLogin(page, running.server, 'admin', PASSWORD)
  await openMenu(page, /全部订单/)
  await page.locator('.ant-table-row', { hasText: pay.out_trade_no }).getByText('详情').click()
  const drawer = page.locator('.ant-drawer-content')
  await drawer.getByText(/符合课程退款规则/).waitFor()
  await drawer.getByRole('button', { name: /^退\s*款$/ }).click()
  await page.getByLabel('退款原因').fill('学员七天内申请退课')
  await page.getByRole('button', { name: /确认退款/ }).click()
  await page.getByText('已退款，学员的课程权限已收回').waitFor()
  await drawer.getByText('不可退款：该订单已退款', { exact: false }).waitFor()
  await drawer.locator('.ant-table-row', { hasText: '学员七天内申请退课' }).waitFor()
  await screenshot(page, 'console-settings-refund')
  expect(await enrolled()).toBe(false)
})

test('a learner refunds a course from 课程订单 in the app, inside the policy the owner set', async () => {
  const learner = await wechatUser(running.browser, running.server, '自助退课的学员', '/#/pages/my/online')
  const { pay } = await buyRecordedCourse(learner.token)

  const { page } = learner
  await page.reload()
  const card = shown(page, '.online__order').filter({ hasText: pay.out_trade_no })
  await card.getByText('已支付').waitFor()
  await card.getByText('申请退款').click()
  await shown(page, '.taro-actionsheet__cell').filter({ hasText: '误购或重复购买' }).click()
  await page
    .locator('.taro-modal__content')
    .getByText(/将原路退回，退款后不能再学习这门课程/)
    .waitFor()
  await pause(page)
  await screenshot(page, 'console-settings-learner-refund')
  await page.locator('.taro-modal__foot').getByText('确定').click()
  await card.getByText('已退款').waitFor()
  expect(await card.getByText('申请退款').count()).toBe(0)

  // The console's order shows the learner's own reason.
  const owner = await consoleApi(running.server, 'admin', PASSWORD)
  const list = (await owner.get('/sale/lists', { order_no: pay.out_trade_no })).data.list
  const sale = (await owner.get('/sale/detail', { payment_id: list[0].payment_id })).data
  expect(sale.refunds[0]).toMatchObject({ reason: '学员申请：误购或重复购买', status: 'succeeded' })
})
