import { phone, screenshot, shown } from './browser'
import { consoleLogin, consoleServer, desktop, openMenu, pickOption } from './console-helpers'

// Articles in the console against the running server: an editor adds a column, writes an article in the
// rich-text editor (a script typed into its HTML is dropped) and pins it; the H5 app shows it first
// under that column, marked 置顶, and opens it without the script. Screens in .e2e/console-articles-*.png.

const PASSWORD = 'Console-article-2025'
const running = consoleServer(PASSWORD)

test('an article written and pinned in the console is first in the app, without what the sanitizer drops', async () => {
  const page = await (await desktop(running.browser)).newPage()
  await consoleLogin(page, running.server, 'admin', PASSWORD)
  await openMenu(page, /文章/)

  await page.getByRole('button', { name: '栏目管理' }).click()
  const columns = page.getByRole('dialog')
  await columns.getByPlaceholder('新栏目名称').fill('节气专栏')
  await columns.getByRole('button', { name: '新增栏目' }).click()
  await page.getByText('栏目已新增').waitFor()
  await columns.locator('input[value="节气专栏"]').waitFor()
  await columns.getByRole('button', { name: 'Close' }).click()
  await columns.waitFor({ state: 'hidden' })

  await page.getByRole('button', { name: /写文章/ }).click()
  const drawer = page.locator('.ant-drawer')
  await drawer.getByLabel('标题').fill('惊蛰：春雷始鸣')
  await pickOption(drawer, '栏目', '节气专栏')
  await drawer
    .locator('.ant-form-item', { has: page.locator('label[title="置顶"]') })
    .locator('.ant-switch')
    .click()
  // The HTML source view: formatting stays, the script does not.
  await drawer.getByRole('button', { name: 'code' }).click()
  await drawer
    .locator('textarea')
    .last()
    .fill('<h2>惊蛰三候</h2><p>一候桃始华，二候仓庚鸣，三候鹰化为鸠。</p><script>window.hacked = 1</script>')
  await screenshot(page, 'console-articles-editor')
  await drawer.getByRole('button', { name: /发\s*布/ }).click()
  await page.getByText('文章已发布').waitFor()
  await page.locator('tr.ant-table-row', { hasText: '惊蛰：春雷始鸣' }).getByText('取消置顶').waitFor()
  await screenshot(page, 'console-articles-list')
  await page.context().close()

  const app = await (await phone(running.browser)).newPage()
  await app.goto(`${running.server.url}/#/pages/article/list`)
  // The first list (all columns) is shown before the column is chosen, so its answer cannot arrive later.
  await shown(app, '.article-card').first().waitFor({ timeout: 60_000 })
  await shown(app, '.article-tabs__item').filter({ hasText: '节气专栏' }).click()
  await shown(app, '.article-card__title').filter({ hasText: '置顶惊蛰：春雷始鸣' }).waitFor({ timeout: 60_000 })
  const first = shown(app, '.article-card').first()
  await expect(first.locator('.article-card__title').textContent()).resolves.toBe('置顶惊蛰：春雷始鸣')
  await screenshot(app, 'console-articles-app-list')
  await first.click()
  await shown(app, '.article__title').filter({ hasText: '惊蛰：春雷始鸣' }).waitFor()
  await expect(shown(app, '.article__content h2').textContent()).resolves.toBe('惊蛰三候')
  expect(await app.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined()
  expect(await shown(app, '.article__content').innerHTML()).not.toContain('script')
  await screenshot(app, 'console-articles-app-detail')
  await app.context().close()
}, 120_000)
