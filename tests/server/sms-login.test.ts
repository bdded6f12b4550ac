import './helpers/native-modules'

import { eq } from 'drizzle-orm'

import { mobileLookup } from '../../server/core/sealed-columns'
import { smsCodes, users } from '../../server/db/schema'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext({ SMS_IP_HOURLY_LIMIT: '30' })
})
afterAll(() => ctx.close())

/** Lets the next code for this number be sent at once by ageing the previous ones. */
async function ageCodes(mobile: string, ms = 61_000) {
  const rows = await ctx.database.db
    .select()
    .from(smsCodes)
    .where(eq(smsCodes.mobileHash, mobileLookup(ctx.app.services.dataCipher, mobile)))
  for (const r of rows)
    await ctx.database.db
      .update(smsCodes)
      .set({ createdAt: new Date(r.createdAt.getTime() - ms) })
      .where(eq(smsCodes.id, r.id))
}

async function send(mobile: string, scene = 'login', ip?: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/sms.index/send',
    payload: { mobile, scene },
    ...(ip ? { remoteAddress: ip } : {})
  })
  return res.json()
}

test('send returns a debug code outside production, stores only its hash, limits resends to one a minute', async () => {
  const r = await send('13900000001')
  expect(r.code).toBe(1)
  expect(r.data.debug_code).toMatch(/^\d{6}$/)
  const [row] = await ctx.database.db
    .select()
    .from(smsCodes)
    .where(eq(smsCodes.mobileHash, mobileLookup(ctx.app.services.dataCipher, '13900000001')))
  expect(row.codeHash).not.toContain(r.data.debug_code)
  const again = await send('13900000001')
  expect(again.code).toBe(0)
  expect(again.msg).toMatch(/^验证码发送过于频繁，请 \d+ 秒后再试$/)
})

test('a number gets at most 10 codes a day', async () => {
  const mobile = '13900000002'
  for (let i = 0; i < 10; i++) {
    expect((await send(mobile)).code).toBe(1)
    await ageCodes(mobile)
  }
  expect(await send(mobile)).toMatchObject({ code: 0, msg: '该手机号今日获取验证码次数已达上限' })
})

test('one IP gets a bounded number of codes an hour', async () => {
  for (let i = 0; i < 30; i++)
    expect((await send(`1370000${String(i).padStart(4, '0')}`, 'login', '10.1.1.1')).code).toBe(1)
  expect(await send('13799999999', 'login', '10.1.1.1')).toMatchObject({
    code: 0,
    msg: '获取验证码过于频繁，请稍后再试'
  })
  expect((await send('13799999999', 'login', '10.1.1.2')).code).toBe(1)
})

test('the IP limit holds under a burst of concurrent requests for different numbers', async () => {
  const burst = await Promise.all(
    Array.from({ length: 40 }, (_, i) => send(`1360000${String(i).padStart(4, '0')}`, 'login', '10.2.2.2'))
  )
  expect(burst.filter((r) => r.code === 1)).toHaveLength(30)
  expect(burst.filter((r) => r.code === 0).every((r) => r.msg === '获取验证码过于频繁，请稍后再试')).toBe(true)
})

test('one number gets one code a minute even when asked many times at once', async () => {
  const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => send('13500000077', 'login', `10.3.3.${i + 1}`)))
  expect(burst.filter((r) => r.code === 1)).toHaveLength(1)
})

test('mobileLogin creates the account once, the code is single-use, and wrong guesses kill it', async () => {
  const mobile = '13900000003'
  const code = (await send(mobile)).data.debug_code
  const first = await call(ctx.app, 'POST', '/api/user.user/mobileLogin', { mobile, sms_code: code })
  expect(first.code).toBe(1)
  expect(await call(ctx.app, 'POST', '/api/user.user/mobileLogin', { mobile, sms_code: code })).toMatchObject({
    code: 0,
    msg: '验证码已失效，请重新获取'
  })
  await ageCodes(mobile)
  const code2 = (await send(mobile)).data.debug_code
  const wrong = code2 === '000000' ? '111111' : '000000'
  for (let i = 0; i < 5; i++)
    expect(await call(ctx.app, 'POST', '/api/user.user/mobileLogin', { mobile, sms_code: wrong })).toMatchObject({
      msg: '验证码不正确'
    })
  expect(await call(ctx.app, 'POST', '/api/user.user/mobileLogin', { mobile, sms_code: code2 })).toMatchObject({
    code: 0,
    msg: '验证码已失效，请重新获取'
  })
  await ageCodes(mobile)
  const code3 = (await send(mobile)).data.debug_code
  const second = await call(ctx.app, 'POST', '/api/user.user/mobileLogin', { mobile, sms_code: code3 })
  expect(second.data.user_id).toBe(first.data.user_id)
  const me = await call(ctx.app, 'GET', '/api/user.user/detail', {}, second.data.token)
  expect(me.data.user.mobile).toBe('139****0003')
})

test('parallel guesses share no attempt: a code is compared at most 5 times however many arrive at once', async () => {
  const mobile = '13900000099'
  const code = (await send(mobile)).data.debug_code
  const guesses = Array.from({ length: 40 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'))
  const answers = await Promise.all(
    guesses.map((g) => call(ctx.app, 'POST', '/api/user.user/mobileLogin', { mobile, sms_code: g }))
  )
  expect(answers.filter((r) => r.msg === '验证码不正确')).toHaveLength(5)
  expect(answers.filter((r) => r.msg === '验证码已失效，请重新获取')).toHaveLength(35)
  // ...and the right code is dead now too.
  expect(await call(ctx.app, 'POST', '/api/user.user/mobileLogin', { mobile, sms_code: code })).toMatchObject({
    code: 0,
    msg: '验证码已失效，请重新获取'
  })
})

test('an expired code is refused; a login code does not bind', async () => {
  const mobile = '13900000004'
  const code = (await send(mobile)).data.debug_code
  await ctx.database.db
    .update(smsCodes)
    .set({ expiresAt: new Date(Date.now() - 1) })
    .where(eq(smsCodes.mobileHash, mobileLookup(ctx.app.services.dataCipher, mobile)))
  expect(await call(ctx.app, 'POST', '/api/user.user/mobileLogin', { mobile, sms_code: code })).toMatchObject({
    code: 0
  })
  const { token } = await login(ctx.app, '绑定测试')
  await ageCodes(mobile)
  const loginCode = (await send(mobile, 'login')).data.debug_code
  expect(
    await call(ctx.app, 'POST', '/api/user.user/bindMobile', { mobile, sms_code: loginCode }, token)
  ).toMatchObject({ code: 0 })
})

test('bindMobile binds a free number; one owned by another account is only offered as a merge', async () => {
  const a = await login(ctx.app, '绑定A')
  const b = await login(ctx.app, '绑定B')
  expect((await call(ctx.app, 'POST', '/api/user.user/checkBindMobile', {}, a.token)).data).toEqual({
    bound: false,
    mobile: ''
  })
  const code = (await send('13900000005', 'bind')).data.debug_code
  const bound = await call(
    ctx.app,
    'POST',
    '/api/user.user/bindMobile',
    { mobile: '13900000005', sms_code: code },
    a.token
  )
  expect(bound.data).toEqual({ bound: true, mobile: '139****0005' })
  expect((await call(ctx.app, 'POST', '/api/user.user/checkBindMobile', {}, a.token)).data).toEqual({
    bound: true,
    mobile: '139****0005'
  })
  await ageCodes('13900000005')
  const code2 = (await send('13900000005', 'bind')).data.debug_code
  const offered = await call(
    ctx.app,
    'POST',
    '/api/user.user/bindMobile',
    { mobile: '13900000005', sms_code: code2 },
    b.token
  )
  expect(offered.data).toMatchObject({ bound: false, merge: { summary: { orders: 0 } } })
  const [bRow] = await ctx.database.db.select().from(users).where(eq(users.id, b.userId))
  expect(bRow.mobile).toBeNull()
})

test('bad numbers and scenes name the field', async () => {
  expect(await send('12345')).toMatchObject({ code: 0, msg: '手机号码格式不正确' })
  expect(await send('13900000009', 'reset')).toMatchObject({ code: 0, msg: '验证码用途不正确' })
})

test('the whole service sends a bounded number of codes an hour, whatever the addresses and numbers', async () => {
  const sentThisHour = (await ctx.database.db.select().from(smsCodes)).filter(
    (r) => r.createdAt.getTime() > Date.now() - 3_600_000
  ).length
  // Room for three more codes this hour.
  const capped = await createTestContext({ SMS_HOURLY_LIMIT: String(sentThisHour + 3) }, ctx.database)
  try {
    const sendFrom = (i: number) =>
      capped.app
        .inject({
          method: 'POST',
          url: '/api/sms.index/send',
          payload: { mobile: `1586600${String(i).padStart(4, '0')}`, scene: 'login' },
          remoteAddress: `10.9.${i}.1`
        })
        .then((r) => r.json())
    // Every request from a new address for a new number: each per-address and per-number limit is fresh.
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => sendFrom(i)))
    expect(answers.filter((a) => a.code === 1)).toHaveLength(3)
    expect(answers.filter((a) => a.code === 0).map((a) => a.msg)).toEqual(
      Array(5).fill('验证码发送量已达上限，请稍后再试')
    )
  } finally {
    await capped.close()
  }
})
