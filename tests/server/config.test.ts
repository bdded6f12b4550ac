import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { ConfigError, loadConfig, settingsSchema } from '../../server/config'
import { providerTable, startupProblems } from '../../server/startup-check'

const root = path.resolve(__dirname, '../..')
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8')
const VARIABLES = Object.keys(settingsSchema.shape)

/** Variable names in the rows of a markdown section's tables (`NAME` in the first column). */
function tableVariables(markdown: string, heading: string): Set<string> {
  const start = markdown.indexOf(`\n${heading}\n`)
  expect(start).toBeGreaterThan(-1)
  const rest = markdown.slice(start + heading.length + 2)
  const section = rest.slice(0, rest.search(/\n## /) === -1 ? undefined : rest.search(/\n## /))
  const names = new Set<string>()
  for (const line of section.split('\n')) {
    const first = line.startsWith('|') ? line.split('|')[1] : ''
    for (const m of first.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(m[1])
  }
  return names
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name)
    if (e.isDirectory()) return sourceFiles(full)
    return e.name.endsWith('.ts') ? [full] : []
  })
}

describe('one schema for every setting', () => {
  test('README.md and server/README.md config tables list every variable the schema reads, and only those', () => {
    const headings = { 'README.md': '## Configuration', 'server/README.md': '## Configuration (environment variables)' }
    for (const [file, heading] of Object.entries(headings)) {
      const listed = tableVariables(read(file), heading)
      expect([file, VARIABLES.filter((v) => !listed.has(v))]).toEqual([file, []])
      expect([file, [...listed].filter((v) => !VARIABLES.includes(v))]).toEqual([file, []])
    }
  })

  test('.env.example lists every variable', () => {
    const listed = new Set([...read('.env.example').matchAll(/^([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]))
    expect(VARIABLES.filter((v) => !listed.has(v))).toEqual([])
    expect([...listed].filter((v) => !VARIABLES.includes(v))).toEqual([])
  })

  test('the server reads no environment variable outside the schema', () => {
    // loadConfig maps the parsed settings; a variable read straight from env there would escape the schema.
    expect(read('server/config.ts').match(/\benv\.[A-Z_]+|env\[['"]/g)).toBeNull()
    const outside: string[] = []
    for (const file of sourceFiles(path.join(root, 'server'))) {
      const text = fs.readFileSync(file, 'utf8')
      if (path.basename(file) === 'start.ts') continue // hands the whole environment to the H5 build
      if (/process\.env/.test(text) && !file.endsWith('config.ts') && !file.endsWith('startup-check.ts'))
        outside.push(path.relative(root, file))
    }
    expect(outside).toEqual([])
  })

  test('one message names every wrong variable, in Chinese and English', () => {
    let error: unknown
    try {
      loadConfig({ PORT: 'eighty', SMS_PROVIDER: 'carrier-pigeon', PUBLIC_URL: 'ftp://x', TRUST_PROXY: 'maybe' })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ConfigError)
    const { problems, message } = error as ConfigError
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(['PORT', 'PUBLIC_URL', 'SMS_PROVIDER', 'TRUST_PROXY'])
    expect(message).toContain('PORT: 必须是非负整数')
    expect(message).toContain('SMS_PROVIDER: 只能是 simulator、tencent、aliyun 之一')
  })

  test('empty variables count as unset; defaults suit one machine', () => {
    const c = loadConfig({ PORT: '', HOST: '' })
    expect(c).toMatchObject({ port: 3000, host: '127.0.0.1', publicUrl: 'http://127.0.0.1:3000', demoData: true })
    expect(c.pay.provider).toBe('sandbox')
    expect(c.sms.provider).toBe('simulator')
  })

  test('with real WeChat configured, a forgotten PAY_PROVIDER means WeChat Pay, not free purchases', () => {
    expect(loadConfig({ WECHAT_APP_ID: 'wx1', WECHAT_APP_SECRET: 's' }).pay.provider).toBe('wechat')
    expect(loadConfig({ WECHAT_PAY_MCH_ID: '1900000001' }).pay.provider).toBe('wechat')
    expect(loadConfig({ WECHAT_APP_ID: 'wx1', WECHAT_APP_SECRET: 's', PAY_PROVIDER: 'sandbox' }).pay.provider).toBe(
      'sandbox'
    )
  })

  test('DEMO_DATA: on for the embedded DB outside production, off in production or on PostgreSQL, unless set', () => {
    expect(loadConfig({}).demoData).toBe(true)
    expect(loadConfig({ NODE_ENV: 'production' }).demoData).toBe(false)
    expect(loadConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/y' }).demoData).toBe(false)
    expect(loadConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/y', DEMO_DATA: '1' }).demoData).toBe(true)
    expect(loadConfig({ DEMO_DATA: '0' }).demoData).toBe(false)
  })
})

describe('start-up check', () => {
  let dir: string
  let realEnv: Record<string, string>
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yx-config-'))
    for (const f of ['key.pem', 'platform.pem']) fs.writeFileSync(path.join(dir, f), 'x', { mode: 0o600 })
    realEnv = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://yixue.example.com',
      WECHAT_APP_ID: 'wxrealapp',
      WECHAT_APP_SECRET: 'secret',
      WECHAT_PAY_MCH_ID: '1900000001',
      WECHAT_PAY_SERIAL_NO: 'ABC',
      WECHAT_PAY_PRIVATE_KEY_PATH: path.join(dir, 'key.pem'),
      WECHAT_PAY_PLATFORM_CERT_PATH: path.join(dir, 'platform.pem'),
      WECHAT_PAY_PLATFORM_SERIAL: 'PUB_KEY_ID_0001',
      WECHAT_PAY_API_V3_KEY: 'a'.repeat(32),
      SMS_PROVIDER: 'tencent',
      TENCENT_SMS_SECRET_ID: 'id',
      TENCENT_SMS_SECRET_KEY: 'key',
      TENCENT_SMS_SDK_APP_ID: '1400000000',
      TENCENT_SMS_SIGN_NAME: '易学',
      TENCENT_SMS_TEMPLATE_ID: '100',
      TENCENT_CAPTCHA_APP_ID: '190000000',
      TENCENT_CAPTCHA_APP_SECRET_KEY: 'captcha-app-key',
      DATA_KEY: 'ab'.repeat(32)
    }
  })
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
  const problemsOf = (env: Record<string, string>) => startupProblems(loadConfig(env), env).map((p) => p.split(':')[0])

  test('a complete production configuration starts', () => {
    expect(problemsOf(realEnv)).toEqual([])
  })

  test('production refuses every simulator, sandbox pay, demo data and a missing public address, in one list', () => {
    expect(problemsOf({ NODE_ENV: 'production', DEMO_DATA: '1' })).toEqual([
      'WECHAT_PROVIDER=simulator',
      'SMS_PROVIDER=simulator',
      'CAPTCHA_PROVIDER=simulator',
      'PAY_PROVIDER=sandbox',
      'DEMO_DATA=on',
      'DATA_KEY',
      'PUBLIC_URL'
    ])
    expect(problemsOf({ ...realEnv, PUBLIC_URL: 'http://yixue.example.com' })).toEqual(['PUBLIC_URL'])
    // The group robot's address holds its key.
    expect(problemsOf({ ...realEnv, OPERATOR_WEBHOOK_URL: 'http://qyapi.example.com/send?key=k' })).toEqual([
      'OPERATOR_WEBHOOK_URL'
    ])
    expect(
      problemsOf({ ...realEnv, OPERATOR_WEBHOOK_URL: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k' })
    ).toEqual([])
  })

  test('a configured provider without its secrets is refused, in production and outside it', () => {
    const { TENCENT_SMS_SECRET_KEY, WECHAT_PAY_API_V3_KEY, ...partial } = realEnv
    expect(problemsOf({ ...partial, WECHAT_PAY_PRIVATE_KEY_PATH: path.join(dir, 'missing.pem') })).toEqual([
      'WECHAT_PAY_PRIVATE_KEY_PATH',
      'WECHAT_PAY_API_V3_KEY',
      'TENCENT_SMS_SECRET_KEY',
      // The captcha check borrows the SMS key when it has none of its own.
      'TENCENT_CAPTCHA_SECRET_KEY'
    ])
    expect(problemsOf({ NODE_ENV: 'development', SMS_PROVIDER: 'aliyun', ALIYUN_SMS_ACCESS_KEY_ID: 'id' })).toEqual([
      'ALIYUN_SMS_ACCESS_KEY_SECRET',
      'ALIYUN_SMS_SIGN_NAME',
      'ALIYUN_SMS_TEMPLATE_CODE'
    ])
    // Real WeChat login with PAY_PROVIDER forgotten: WeChat Pay is chosen, and its missing settings stop the start.
    expect(problemsOf({ WECHAT_APP_ID: 'wxrealapp', WECHAT_APP_SECRET: 'secret' })).toContain('WECHAT_PAY_MCH_ID')
  })

  test('a mini-program alone counts as real WeChat: WeChat login and Pay by default, and production starts', () => {
    const mpOnly = { WECHAT_MP_APP_ID: 'wxminiprogram', WECHAT_MP_APP_SECRET: 'mpsecret' }
    const config = loadConfig(mpOnly)
    expect(config.wechat.provider).toBe('wechat')
    expect(config.pay.provider).toBe('wechat')
    expect(config.pay.wechat.appId).toBe('wxminiprogram')
    const { WECHAT_APP_ID, WECHAT_APP_SECRET, ...withoutOfficialAccount } = realEnv
    expect(problemsOf({ ...withoutOfficialAccount, ...mpOnly })).toEqual([])
    // An app id without its secret configures nothing: the simulator stays, and production refuses it.
    expect(loadConfig({ WECHAT_MP_APP_ID: 'wxminiprogram' }).wechat.provider).toBe('simulator')
    expect(problemsOf({ ...withoutOfficialAccount, WECHAT_MP_APP_ID: 'wxminiprogram' })).toContain(
      'WECHAT_PROVIDER=simulator'
    )
  })

  test('outside production the table says which providers are real and which simulated', () => {
    const table = providerTable(loadConfig({ SMS_PROVIDER: 'tencent' }))
    expect(table).toMatch(/模拟\s+微信登录\s+WECHAT_PROVIDER=simulator/)
    expect(table).toMatch(/真实\s+短信验证码\s+SMS_PROVIDER=tencent/)
    expect(table).toMatch(/模拟\s+支付\s+PAY_PROVIDER=sandbox/)
    expect(table).toMatch(/演示\s+演示数据\s+DEMO_DATA=on/)
  })
})
