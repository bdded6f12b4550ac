import './helpers/native-modules'

import { AppError } from '../../server/core/envelope'
import type { Database } from '../../server/db/database'
import { LOGIN_LIMITS } from '../../server/modules/admin/login-limits'
import { ensureInitialOwner } from '../../server/modules/admin/operators'
import { WeakPasswordError } from '../../server/modules/admin/password-policy'
import { passwordChecks } from '../../server/modules/admin/passwords'
import { inScryptQueue, MSG_LOGIN_BUSY, SCRYPT_AT_ONCE, SCRYPT_WAITING } from '../../server/modules/admin/scrypt-queue'
import { type AdminClient, adminLogin } from './helpers/admin'
import { createTestContext, type TestContext } from './helpers/test-app'
import { openTestDatabase } from './helpers/test-db'

const OWNER_PASSWORD = 'Flood-owner-2025'
const LOCKED = /^登录失败次数过多，请 \d+ 分钟后再试$/

let database: Database
let ctx: TestContext
let owner: AdminClient
beforeAll(async () => {
  // A database without operators, as on a first start.
  database = await openTestDatabase()
  ctx = await createTestContext({}, database)
})
afterAll(async () => {
  await ctx.close()
  await database.close()
})

/** Counts run in 15-minute windows: a test that counts starts with at least 20 s of its window left. */
async function awayFromWindowEdge() {
  const windowMs = LOGIN_LIMITS.pair.windowMs
  const left = windowMs - (Date.now() % windowMs)
  if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 50))
}

const attempt = (username: string, password: string, ip: string) =>
  ctx.app
    .inject({ method: 'POST', url: '/api/admin/auth/login', payload: { username, password }, remoteAddress: ip })
    .then((r) => r.json() as { code: number; msg: string })

describe('the first owner', () => {
  test('a weak ADMIN_INITIAL_PASSWORD is refused before any account is made, naming the setting', async () => {
    for (const weak of ['short-1', '1234567890', 'Password123', 'qwertyuiop', 'aaaaaaaaaaaa']) {
      const refused = ensureInitialOwner(database.db, weak)
      await expect(refused).rejects.toBeInstanceOf(WeakPasswordError)
      await expect(refused).rejects.toThrow(/^ADMIN_INITIAL_PASSWORD: 初始店主 admin 的密码/)
    }
    expect(await ensureInitialOwner(database.db, OWNER_PASSWORD)).toEqual({
      password: OWNER_PASSWORD,
      generated: false
    })
    owner = (await adminLogin(ctx.app, 'admin', OWNER_PASSWORD, '10.50.0.1')).client!
    expect(owner).toBeDefined()
  })
})

describe('a flood of guesses', () => {
  test('40 wrong guesses at once on one account from one address: only the limit reach scrypt', async () => {
    await awayFromWindowEdge()
    const before = passwordChecks()
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => attempt('admin', `wrong-guess-${i}`, '203.0.113.9'))
    )
    const checked = passwordChecks() - before
    expect(checked).toBeLessThanOrEqual(LOGIN_LIMITS.pair.max)
    expect(answers.filter((a) => a.msg === '账号或密码错误')).toHaveLength(checked)
    expect(answers.filter((a) => LOCKED.test(a.msg))).toHaveLength(40 - checked)
    // The right password from that address waits too, and is not even checked.
    const now = passwordChecks()
    expect((await attempt('admin', OWNER_PASSWORD, '203.0.113.9')).msg).toMatch(LOCKED)
    expect(passwordChecks()).toBe(now)
  })

  test('after a flood from one address the owner still logs in from another', async () => {
    await awayFromWindowEdge()
    for (let i = 0; i < 60; i++) await attempt('admin', `wrong-again-${i}`, '198.51.100.7')
    expect(await attempt('admin', OWNER_PASSWORD, '10.50.0.2')).toMatchObject({ code: 1, msg: 'success' })
  })

  test('an unknown name is refused as a wrong password is, costs a check and counts the same', async () => {
    await awayFromWindowEdge()
    const before = passwordChecks()
    for (let i = 0; i < LOGIN_LIMITS.pair.max; i++) {
      expect(await attempt('nobody-at-all', 'some-guess-1', '192.0.2.44')).toEqual({
        code: 0,
        msg: '账号或密码错误',
        data: {}
      })
      expect(await attempt('admin', 'some-guess-1', '192.0.2.45')).toEqual({ code: 0, msg: '账号或密码错误', data: {} })
    }
    expect(passwordChecks() - before).toBe(2 * LOGIN_LIMITS.pair.max)
    expect((await attempt('nobody-at-all', 'some-guess-1', '192.0.2.44')).msg).toMatch(LOCKED)
    expect((await attempt('admin', 'some-guess-1', '192.0.2.45')).msg).toMatch(LOCKED)
  })

  test('a good login starts its name and address over', async () => {
    await awayFromWindowEdge()
    for (let i = 0; i < LOGIN_LIMITS.pair.max - 1; i++) await attempt('admin', 'typo-typo-1', '10.50.0.3')
    expect((await attempt('admin', OWNER_PASSWORD, '10.50.0.3')).code).toBe(1)
    for (let i = 0; i < LOGIN_LIMITS.pair.max; i++)
      expect((await attempt('admin', 'typo-typo-2', '10.50.0.3')).msg).toBe('账号或密码错误')
  })
})

describe('the scrypt queue', () => {
  test(`at most ${SCRYPT_AT_ONCE} run and ${SCRYPT_WAITING} wait; past that a check is refused unhashed`, async () => {
    const releases: (() => void)[] = []
    let started = 0
    const slow = () =>
      new Promise<string>((resolve) => {
        started++
        releases.push(() => resolve('done'))
      })
    const admitted = Array.from({ length: SCRYPT_AT_ONCE + SCRYPT_WAITING }, () => inScryptQueue(slow))
    await new Promise((resolve) => setImmediate(resolve))
    expect(started).toBe(SCRYPT_AT_ONCE)
    let hashedWhenFull = false
    const refused = inScryptQueue(async () => {
      hashedWhenFull = true
      return 'hashed'
    })
    await expect(refused).rejects.toEqual(new AppError(MSG_LOGIN_BUSY))
    expect(hashedWhenFull).toBe(false)
    // Each finished check lets exactly one waiting check start.
    releases.shift()!()
    await new Promise((resolve) => setImmediate(resolve))
    expect(started).toBe(SCRYPT_AT_ONCE + 1)
    while (started < admitted.length || releases.length) {
      releases.shift()?.()
      await new Promise((resolve) => setImmediate(resolve))
    }
    expect(await Promise.all(admitted)).toEqual(admitted.map(() => 'done'))
    expect(await inScryptQueue(async () => 'free again')).toBe('free again')
  })
})

describe('operator passwords', () => {
  test('a new operator or changed password under 10 characters, or a common one, is refused by name', async () => {
    const add = (password: string) =>
      owner.post('/operator/add', { username: `op${password.length}x`, password, role: 'finance' })
    expect((await add('Abc-12345')).msg).toBe('密码至少 10 个字')
    expect((await add('1qaz2wsx3edc')).msg).toBe('密码不能是常见密码，请换一个不易被猜到的密码')
    expect((await add('Password123')).msg).toBe('密码不能是常见密码，请换一个不易被猜到的密码')
    // Guessable shapes the list does not hold: a common word or the site's own name dressed up, keyboard walks, runs.
    for (const weak of ['Admin@123456', 'P@ssw0rd123', 'Aa123456789', 'qwe123456789', 'zaq1xsw2cde3', 'abcdefghij'])
      expect((await add(weak)).msg).toBe('密码不能是常见词、键盘连按、连续数字或它们的简单变形，请换一个更不规则的密码')
    expect((await add('Ledger-2025-q')).code).toBe(1)
    const change = (newPassword: string) =>
      owner.post('/auth/password', { old_password: OWNER_PASSWORD, new_password: newPassword })
    expect((await change('Admin12345')).msg).toBe('新密码不能是常见密码，请换一个不易被猜到的密码')
    expect((await change('Abc-1234')).msg).toBe('新密码至少 10 个字')
  })
})
