import './helpers/native-modules'

import { sql } from 'drizzle-orm'

import { call, createTestContext, login, type TestContext } from './helpers/test-app'

let ctx: TestContext
let token: string
beforeAll(async () => {
  ctx = await createTestContext()
  token = (await login(ctx.app, '捣乱者')).token
})
afterAll(() => ctx.close())

interface Case {
  method: 'GET' | 'POST'
  url: string
  /** Valid values of the fields the endpoint requires or bounds. */
  fields: Record<string, unknown>
  auth?: boolean
}

const ROUTES: Case[] = [
  { method: 'GET', url: '/api/article.Article/detail', fields: { article_id: 1 } },
  { method: 'POST', url: '/api/index/pageView', fields: { path: '/pages/my/my' } },
  { method: 'POST', url: '/api/wechat.index/mpLogin', fields: { code: 'abc', client: 'h5' } },
  { method: 'POST', url: '/api/wechat.index/wxSign', fields: { url: 'http://a.cn/' } },
  { method: 'POST', url: '/api/wechat.simulator/mpCode', fields: { nickname: '某人' } },
  { method: 'POST', url: '/api/sms.index/send', fields: { mobile: '13800000000', scene: 'login' } },
  { method: 'POST', url: '/api/user.user/mobileLogin', fields: { mobile: '13800000000', sms_code: '123456' } },
  {
    method: 'POST',
    url: '/api/user.user/updateInfo',
    fields: { nickname: '名字', gender: 1, birthday: '1990-01-01' },
    auth: true
  },
  {
    method: 'POST',
    url: '/api/user.user/bindMobile',
    fields: { mobile: '13800000000', sms_code: '123456' },
    auth: true
  },
  { method: 'GET', url: '/api/user.user/getFriends', fields: { page: 1, per_page: 10 }, auth: true },
  { method: 'GET', url: '/api/pay.index/status', fields: { out_trade_no: '20240101000000123' }, auth: true },
  { method: 'POST', url: '/api/pay.sandbox/confirm', fields: { out_trade_no: '20240101000000123' }, auth: true },
  { method: 'POST', url: '/api/pay.sandbox/fail', fields: { out_trade_no: '20240101000000123' }, auth: true }
]

/** What the user knows each field as: the message names it so, never by its key. */
const NAMES: Record<string, string> = {
  article_id: '文章',
  path: '页面地址',
  code: '登录凭证',
  client: '客户端',
  url: '页面地址',
  nickname: '昵称',
  mobile: '手机号码',
  scene: '验证码用途',
  sms_code: '短信验证码',
  gender: '性别',
  birthday: '生日',
  page: '页码',
  per_page: '每页条数',
  out_trade_no: '支付单号'
}
const named = (field: string) => expect.stringMatching(new RegExp(`^(?!.*${field}).*${NAMES[field]}`))

// Optional fields may be left out; they must still reject garbage.
const OPTIONAL = new Set(['nickname', 'gender', 'birthday', 'page', 'per_page'])
const GARBAGE: [string, unknown][] = [
  ['wrong type: object', { $ne: 1 }],
  ['wrong type: array', [1, 2]],
  ['wrong type: boolean', true],
  ['oversized', 'x'.repeat(5000)],
  ['number out of range', -99999999999.5]
]

async function rowCounts(): Promise<string> {
  const { rows } = (await ctx.database.db.execute(
    sql`select relname, n_live_tup from pg_stat_user_tables order by relname`
  )) as unknown as { rows: unknown[] }
  const tables = [
    'users',
    'user_tokens',
    'wechat_accounts',
    'sms_codes',
    'page_views',
    'payments',
    'uploaded_files',
    'wechat_sim_users',
    'wechat_sim_codes'
  ]
  const counts = await Promise.all(
    tables.map(
      async (t) =>
        (
          (await ctx.database.db.execute(sql.raw(`select count(*)::int as n from ${t}`))) as unknown as {
            rows: { n: number }[]
          }
        ).rows[0].n
    )
  )
  return JSON.stringify([rows.length, counts])
}

describe.each(ROUTES)('$method $url', (route) => {
  const send = (params: Record<string, unknown>) =>
    call(ctx.app, route.method, route.url, params, route.auth ? token : undefined)

  test.each(Object.keys(route.fields))(
    'garbage in %s is refused naming it in Chinese, writes nothing',
    async (field) => {
      const before = await rowCounts()
      if (!OPTIONAL.has(field)) {
        const { [field]: _, ...rest } = route.fields
        const missing = await send(rest)
        expect([missing.code, missing.msg]).toEqual([0, named(field)])
      }
      for (const [what, value] of GARBAGE) {
        // A query string has no types: objects and booleans only exist in JSON bodies.
        if (
          route.method === 'GET' &&
          (typeof value === 'boolean' || (typeof value === 'object' && value !== null && !Array.isArray(value)))
        )
          continue
        const r = await send({ ...route.fields, [field]: value })
        expect([what, r.code, r.msg]).toEqual([what, 0, named(field)])
      }
      expect(await rowCounts()).toBe(before)
    }
  )
})

test('a body that is not an object is refused', async () => {
  for (const payload of ['[1,2]', '"text"', '42', 'null']) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/wechat.index/wxSign',
      headers: { 'content-type': 'application/json' },
      payload
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().code).toBe(0)
  }
})

test('a body over 1 MB is refused with a message', async () => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/index/pageView',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ path: 'x'.repeat(2 * 1024 * 1024) })
  })
  expect(res.statusCode).toBe(200)
  expect(res.json()).toEqual({ code: 0, msg: '请求内容过大', data: {} })
})

test('extra common parameters are accepted and ignored', async () => {
  const r = await call(ctx.app, 'POST', '/api/wechat.index/wxSign', {
    url: 'http://a.cn/',
    app_id: 10001,
    client: 'h5',
    referee_id: '',
    token: '',
    user_id: ''
  })
  expect(r.code).toBe(1)
})
