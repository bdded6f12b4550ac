import fs from 'node:fs'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { startServer, type RunningServer } from './server'

/** The running server with the built console, its owner `admin` created with `password`. */
export async function startConsoleServer(password: string): Promise<RunningServer> {
  if (!fs.existsSync(path.resolve(__dirname, '../../dist/admin/index.html'))) throw new Error('dist/admin is missing: run `npm run build:admin` before the browser tests')
  return startServer({ ADMIN_INITIAL_PASSWORD: password })
}

/** The console is a desktop app: 1280px wide. */
export const desktop = (browser: Browser): Promise<BrowserContext> => browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' })

/** Logs `admin` into the console and waits for the dashboard. */
export async function logInToConsole(page: Page, serverUrl: string, password: string): Promise<void> {
  await page.goto(`${serverUrl}/admin/`)
  await page.getByLabel('账号').fill('admin')
  await page.getByLabel('密码').fill(password)
  await page.getByRole('button', { name: '登 录' }).click()
  await page.getByText('今日收入').waitFor()
}
