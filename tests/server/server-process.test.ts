import './helpers/native-modules'

import { type ChildProcess, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { eq, like } from 'drizzle-orm'

import { openDatabase } from '../../server/db/database'
import { pageViews, shopAddresses } from '../../server/db/schema'
import {
  callApi,
  exited,
  freePort,
  loginViaSimulator,
  MAIN,
  ROOT as root,
  startServerProcess
} from './helpers/server-process'

/**
 * The real server process (server/main.ts, what `npm start` runs after its build check):
 * it prints the address to open and serves the API there; a second server on its data folder refuses; killed with
 * SIGKILL in the middle of
 * HTTP writes, a restart on the same data folder takes the stale lock over, and every write the
 * server acknowledged is there, whole (no transaction half applied).
 */
const startServer = startServerProcess
const api = callApi

const ADDRESS = {
  name: '测试',
  mobile: '13800138000',
  province_code: '110000',
  city_code: '110100',
  district_code: '110105'
}

/** Entries under `dir` that users other than the server's could read or write (links are not followed). */
function openToOthers(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((e) => path.join(e.parentPath, e.name))
    .filter((p) => {
      const stat = fs.lstatSync(p)
      return !stat.isSymbolicLink() && (stat.mode & 0o077) !== 0
    })
}

let dataDir: string
let running: ChildProcess | undefined
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yx-process-'))
})
afterAll(async () => {
  if (running && running.exitCode === null && running.signalCode === null) {
    running.kill('SIGKILL')
    await exited(running)
  }
  fs.rmSync(dataDir, { recursive: true, force: true })
})

test('serves the API at the printed address; kill -9 mid-write, restart: every acknowledged write whole', async () => {
  const port = await freePort()
  // The embedded database even where DATABASE_URL is set: the data folder and its lock are what is tested.
  // Page views past the per-address limit are answered but not kept: the loop below needs every one kept.
  const env = {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    DIST_DIR: path.join(dataDir, 'no-dist'),
    DATABASE_URL: '',
    PUBLIC_WRITE_IP_LIMIT: '100000'
  }
  let server = await startServer(env)
  running = server.child
  expect(server.address).toBe(`http://127.0.0.1:${port}/`)
  // On a first start too, the database the embedded engine just created is the server's user's alone.
  expect(openToOthers(dataDir)).toEqual([])
  const base = server.address
  expect((await api(base, 'GET', '/index/index')).code).toBe(1)

  // A second server on the same data folder (another port) refuses with a clear message instead of sharing it.
  const second = spawnSync(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'test', ...env, PORT: String(await freePort()) },
    encoding: 'utf8',
    timeout: 60_000
  })
  expect(second.status).toBe(2)
  expect(second.stderr).toContain('已被另一个服务进程')
  expect((await api(base, 'GET', '/index/index')).code).toBe(1)

  const users = await Promise.all(['进程甲', '进程乙'].map((n) => loginViaSimulator(base, n)))
  // Each user has two addresses; the loop keeps moving "default" between them (two updates in one transaction).
  const addressIds: number[][] = []
  for (const token of users) {
    const ids: number[] = []
    for (const detail of ['建国路88号院一号楼', '建国路88号院二号楼'])
      ids.push((await api(base, 'POST', '/user.address/add', { ...ADDRESS, detail }, token)).data.detail.address_id)
    addressIds.push(ids)
  }

  const acked: string[] = []
  let stop = false
  const loops = [
    (async () => {
      for (let i = 0; !stop; i++) {
        const path = `/kill9/${i}`
        const r = await api(base, 'POST', '/index/pageView', { path }).catch(() => undefined)
        if (r?.code === 1) acked.push(path)
      }
    })(),
    ...users.map(async (token, u) => {
      for (let i = 0; !stop; i++) {
        await api(base, 'POST', '/user.address/setDefault', { address_id: addressIds[u][i % 2] }, token).catch(
          () => undefined
        )
      }
    })
  ]
  while (acked.length < 150) await new Promise((r) => setTimeout(r, 20))
  server.child.kill('SIGKILL')
  await exited(server.child)
  stop = true
  await Promise.all(loops)

  // The dead server's lock is stale: the restart takes it over, prints the address again, the login still holds.
  server = await startServer(env)
  running = server.child
  expect(server.address).toBe(base)
  const lists = await Promise.all(users.map((token) => api(base, 'GET', '/user.address/lists', {}, token)))
  for (const list of lists) {
    expect(list.code).toBe(1)
    expect(list.data.list).toHaveLength(2)
    expect(list.data.list.filter((a: { is_default: boolean }) => a.is_default)).toHaveLength(1)
  }
  server.child.kill('SIGTERM')
  expect(await exited(server.child)).toBe(0)

  const database = await openDatabase({ dataDir })
  try {
    const rows = await database.db
      .select({ path: pageViews.path, client: pageViews.client })
      .from(pageViews)
      .where(like(pageViews.path, '/kill9/%'))
    const stored = new Set(rows.map((r) => r.path))
    expect(acked.filter((p) => !stored.has(p))).toEqual([])
    for (const ids of addressIds) {
      const [first] = await database.db.select().from(shopAddresses).where(eq(shopAddresses.id, ids[0]))
      const own = await database.db.select().from(shopAddresses).where(eq(shopAddresses.userId, first.userId))
      expect(own.map((a) => a.id).sort()).toEqual([...ids].sort())
      expect(own.filter((a) => a.isDefault)).toHaveLength(1)
    }
  } finally {
    await database.close()
  }
}, 180_000)

test('NODE_ENV=production with a simulator: exit 1 before serving, every problem in one message', async () => {
  const keys = fs.mkdtempSync(path.join(os.tmpdir(), 'yx-keys-'))
  for (const f of ['merchant.pem', 'platform.pem']) fs.writeFileSync(path.join(keys, f), 'PEM', { mode: 0o600 })
  const port = await freePort()
  const production = {
    NODE_ENV: 'production',
    DATA_DIR: path.join(dataDir, 'production'),
    PORT: String(port),
    DATABASE_URL: '',
    PUBLIC_URL: 'https://yixue.example.com',
    WECHAT_PROVIDER: '',
    WECHAT_APP_ID: 'wxrealapp0000001',
    WECHAT_APP_SECRET: 'app-secret',
    PAY_PROVIDER: '',
    WECHAT_PAY_MCH_ID: '1900000001',
    WECHAT_PAY_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    WECHAT_PAY_PRIVATE_KEY_PATH: path.join(keys, 'merchant.pem'),
    WECHAT_PAY_PLATFORM_CERT_PATH: path.join(keys, 'platform.pem'),
    WECHAT_PAY_PLATFORM_SERIAL: 'PUB_KEY_ID_0112345678901234567890',
    WECHAT_PAY_API_V3_KEY: 'k'.repeat(32),
    DEMO_DATA: '',
    TENCENT_CAPTCHA_APP_ID: '190000000',
    TENCENT_CAPTCHA_APP_SECRET_KEY: 'captcha-app-key',
    TENCENT_CAPTCHA_SECRET_ID: 'captcha-id',
    TENCENT_CAPTCHA_SECRET_KEY: 'captcha-key',
    // The one stand-in left: the SMS simulator.
    SMS_PROVIDER: 'simulator'
  }
  const run = (env: Record<string, string>) =>
    spawnSync(process.execPath, ['--import', 'tsx', MAIN], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      encoding: 'utf8',
      timeout: 60_000
    })
  try {
    const sms = run(production)
    expect(sms.status).toBe(1)
    expect(sms.stdout).not.toContain('易学已启动')
    expect(sms.stderr).toContain('生产环境 (NODE_ENV=production) 拒绝启动')
    expect(sms.stderr).toContain('SMS_PROVIDER=simulator: 短信模拟器不发送短信')
    expect(sms.stderr).not.toContain('PAY_PROVIDER')
    expect(fs.existsSync(production.DATA_DIR)).toBe(false)

    // No DATA_KEY and a data folder that cannot be made (under a plain file): ID numbers could not be encrypted.
    const blocker = path.join(keys, 'not-a-folder')
    fs.writeFileSync(blocker, '')
    const keyless = run({
      ...production,
      SMS_PROVIDER: 'tencent',
      TENCENT_SMS_SECRET_ID: 'id',
      TENCENT_SMS_SECRET_KEY: 'key',
      TENCENT_SMS_SDK_APP_ID: '1400000000',
      TENCENT_SMS_SIGN_NAME: '易学',
      TENCENT_SMS_TEMPLATE_ID: '100',
      DATA_KEY: '',
      DATA_DIR: path.join(blocker, 'data')
    })
    expect(keyless.status).toBe(1)
    expect(keyless.stderr).toContain('  - DATA_KEY: 未设置身份证号等个人信息的加密密钥')
    expect(keyless.stderr.match(/^ {2}- /gm)).toHaveLength(1)

    // Everything left at its default: every stand-in and the missing address, in the same one message.
    const bare = run({
      NODE_ENV: 'production',
      DATA_DIR: production.DATA_DIR,
      PORT: String(port),
      DATABASE_URL: '',
      PUBLIC_URL: '',
      WECHAT_APP_ID: '',
      WECHAT_APP_SECRET: '',
      WECHAT_PROVIDER: '',
      PAY_PROVIDER: '',
      WECHAT_PAY_MCH_ID: '',
      SMS_PROVIDER: '',
      TENCENT_CAPTCHA_APP_ID: '',
      DEMO_DATA: '1'
    })
    expect(bare.status).toBe(1)
    for (const problem of [
      'WECHAT_PROVIDER=simulator',
      'SMS_PROVIDER=simulator',
      'CAPTCHA_PROVIDER=simulator',
      'PAY_PROVIDER=sandbox',
      'DEMO_DATA=on',
      'PUBLIC_URL'
    ])
      expect(bare.stderr).toContain(`  - ${problem}`)
    expect(bare.stderr.match(/拒绝启动/g)).toHaveLength(1)
  } finally {
    fs.rmSync(keys, { recursive: true, force: true })
  }
}, 120_000)
