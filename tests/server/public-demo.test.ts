import fs from 'node:fs'
import path from 'node:path'

import { loadConfig } from '../../server/config'
import { startupProblems } from '../../server/startup-check'

// Outside production the simulators are on by default; on an address other machines reach they would let anyone
// log in as anyone and buy for free, so the start is refused unless DEMO_PUBLIC=1 says that is the point.
const problemsWith = (env: Record<string, string>) => startupProblems(loadConfig(env), env)
const REAL_WECHAT = { WECHAT_APP_ID: 'wx1234567890abcdef', WECHAT_APP_SECRET: 'secret' }

test('loopback (the default) starts with simulators; a reachable HOST with them is refused, saying why', () => {
  expect(problemsWith({})).toEqual([])
  expect(problemsWith({ HOST: '127.0.0.1' })).toEqual([])
  expect(problemsWith({ HOST: '::1' })).toEqual([])
  for (const host of ['0.0.0.0', '192.168.1.20', '::']) {
    const problems = problemsWith({ HOST: host })
    expect(problems).toHaveLength(1)
    expect(problems[0]).toContain(`HOST=${host}`)
    expect(problems[0]).toContain('WECHAT_PROVIDER=simulator')
    expect(problems[0]).toContain('PAY_PROVIDER=sandbox')
    expect(problems[0]).toContain('DEMO_PUBLIC=1')
    expect(problems[0]).toMatch(/冒充任意用户登录/)
  }
})

test('DEMO_PUBLIC=1 allows a public demo; real providers need no such word', () => {
  expect(problemsWith({ HOST: '0.0.0.0', DEMO_PUBLIC: '1' })).toEqual([])
  // Real WeChat (so real WeChat Pay) but the SMS simulator, which hands codes back outside production: refused.
  const smsOnly = problemsWith({ HOST: '0.0.0.0', ...REAL_WECHAT, SMS_PROVIDER: 'simulator', PAY_PROVIDER: 'sandbox' })
  expect(smsOnly.find((p) => p.startsWith('HOST='))).toMatch(/SMS_PROVIDER=simulator.*PAY_PROVIDER=sandbox/)
})

test('the compose demo, which listens on 0.0.0.0 with simulators, says it is a public demo', () => {
  const compose = fs.readFileSync(path.resolve(__dirname, '../../deploy/compose.yaml'), 'utf8')
  const dockerfile = fs.readFileSync(path.resolve(__dirname, '../../deploy/Dockerfile'), 'utf8')
  expect(dockerfile).toMatch(/ENV HOST=0\.0\.0\.0/)
  expect(compose).toMatch(/DEMO_PUBLIC: '1'/)
  expect(compose).not.toMatch(/NODE_ENV: production/)
})
