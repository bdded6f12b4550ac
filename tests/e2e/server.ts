import { execFile, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type { Browser, Page } from 'playwright-core'
import { phone } from './browser'

const ROOT = path.resolve(__dirname, '../..')

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port
      srv.close(() => resolve(port))
    })
    srv.on('error', reject)
  })
}

export interface RunningServer {
  url: string
  dataDir: string
  child: ChildProcess
  stop: () => Promise<void>
}

/** Starts the real server (built H5 app + API + embedded database) on a free loopback port. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dist = process.env.DIST_DIR || 'dist/h5'
  if (!fs.existsSync(path.resolve(ROOT, dist, 'index.html'))) {
    throw new Error(`${dist} is missing: run \`npm run build:h5\` before the browser tests`)
  }
  const port = await freePort()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yixue-e2e-'))
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let output = ''
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const url = `http://127.0.0.1:${port}`
  // migrations and the demo data on a fresh folder take longer on a loaded machine
  const deadline = Date.now() + 240_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`)
    try {
      const res = await fetch(`${url}/api/index/config`)
      if (res.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in 240 s:\n${output}`)
    await new Promise((r) => setTimeout(r, 300))
  }
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
    }
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  return { url, dataDir, child, stop }
}

/** Runs an operator script (scripts/<name>.ts) on a data folder; the server using it must be stopped. */
export async function runOperatorScript(dataDir: string, script: string, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), `scripts/${script}.ts`, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }
  })
  return stdout
}

/**
 * A user's visit on both sides of an operator's review: `before` runs on a server of its own, which
 * then stops so `review` can run operator scripts on its data folder (the server locks it); `after`
 * runs on the restarted server in a page that brings the login along (another port is another origin;
 * the token itself is kept in the database).
 */
export async function acrossOperatorReview(
  browser: Browser,
  steps: { before(page: Page, url: string): Promise<void>; review(dataDir: string): Promise<void>; after(page: Page, url: string): Promise<void> }
): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yixue-e2e-review-'))
  try {
    const first = await startServer({ DATA_DIR: dataDir })
    let saved: Record<string, string> = {}
    const page = await (await phone(browser)).newPage()
    try {
      await steps.before(page, first.url)
      saved = await page.evaluate(() => ({ ...localStorage }))
    } finally {
      await page.context().close()
      await first.stop()
    }
    await steps.review(dataDir)
    const second = await startServer({ DATA_DIR: dataDir })
    const again = await (await phone(browser)).newPage()
    try {
      await again.addInitScript((entries) => {
        for (const [k, v] of Object.entries(entries)) if (!['pathUrl', 'returnUrl'].includes(k)) localStorage.setItem(k, v)
      }, saved)
      await steps.after(again, second.url)
    } finally {
      await again.context().close()
      await second.stop()
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
