import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

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

/** The run's prepared data folder (global-setup.ts); each server gets a copy of it. */
export const DATA_TEMPLATE_ENV = 'E2E_DATA_TEMPLATE'

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
  const template = process.env[DATA_TEMPLATE_ENV]
  if (template) fs.cpSync(template, dataDir, { recursive: true })
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_WRITE_IP_LIMIT: '100000',
      // Every login of a test file comes from this one address; the human check has a test of its own (sms-captcha).
      SMS_CAPTCHA_AFTER: '100000',
      ...env
    },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let output = ''
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const url = `http://127.0.0.1:${port}`
  // A first open of the embedded database takes seconds, many more on a busy machine (E2E_START_TIMEOUT_MS).
  const waitMs = Number(process.env.E2E_START_TIMEOUT_MS) || 240_000
  const deadline = Date.now() + waitMs
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`)
    try {
      const res = await fetch(`${url}/api/index/config`)
      if (res.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM')
      throw new Error(`server did not start in ${waitMs / 1000} s:\n${output}`)
    }
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
