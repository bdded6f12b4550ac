import './helpers/native-modules'

import { eq } from 'drizzle-orm'

import { FEATURE_KEYS, featureOf, presetHidden } from '../../contract/features'
import { ROUTES } from '../../contract/routes'
import { adminAuditLogs } from '../../server/db/schema'
import { ensureInitialOwner } from '../../server/modules/admin/operators'
import { type AdminClient, adminLogin } from './helpers/admin'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

/** 渠道功能: what each client shows is the server's answer, from the owner's setting in the console. */
let ctx: TestContext
let owner: AdminClient
let operations: AdminClient

const features = async (client: string) => (await call(ctx.app, 'GET', '/api/index/features', { client })).data.hidden
const home = async (client: string) => (await call(ctx.app, 'GET', '/api/index/index', { client })).data
const links = (h: any): string[] => [
  ...h.banners.map((b: any) => b.url),
  ...h.nav.map((n: any) => n.url),
  ...h.notices.map((n: any) => n.url),
  ...h.sections.flatMap((s: any) => [s.more_url, ...s.items.map((i: any) => i.url)])
]
const fortuneKeys = presetHidden('compliant')

beforeAll(async () => {
  ctx = await createTestContext()
  await ensureInitialOwner(ctx.database.db, 'Owner-pass-1')
  owner = (await adminLogin(ctx.app, 'admin', 'Owner-pass-1')).client!
  expect(
    (await owner.post('/operator/add', { username: 'ops9', password: 'Secret-Pine-123x', role: 'operations' })).code
  ).toBe(1)
  operations = (await adminLogin(ctx.app, 'ops9', 'Secret-Pine-123x')).client!
}, 180_000)
afterAll(async () => {
  await ctx?.close()
})

test('until the owner chooses, the mini-program hides fortune-telling and paid naming; the web none', async () => {
  expect(fortuneKeys).toEqual(expect.arrayContaining(['bazi', 'report', 'fortune', 'luckyColor', 'romance', 'naming']))
  expect(fortuneKeys).not.toEqual(expect.arrayContaining(['huangli']))
  expect(await features('wxapp')).toEqual(fortuneKeys)
  expect(await features('h5')).toEqual([])
  expect(await features('web')).toEqual([])
})

test("the mini-program's home links to no hidden feature; the H5 home keeps them all", async () => {
  const wxapp = links(await home('wxapp'))
  const h5 = links(await home('h5'))
  // The demo home does link to 八字排盘 and the daily fortune: the filter has something to take away.
  expect(h5.filter((url) => fortuneKeys.includes(featureOf(url) ?? ''))).not.toHaveLength(0)
  expect(wxapp.filter((url) => fortuneKeys.includes(featureOf(url) ?? ''))).toEqual([])
  expect(wxapp.length).toBeGreaterThan(0)
  const nav = (await call(ctx.app, 'GET', '/api/index/nav', { client: 'wxapp' })).data.list
  expect(nav.some((n: any) => featureOf(n.url) === 'bazi')).toBe(false)
})

test('a hidden feature refuses its paid actions from that client, with a plain message', async () => {
  const user = await login(ctx.app, 'channel-buyer')
  const saved = await call(
    ctx.app,
    'POST',
    '/api/tools.index/saveBazi',
    { name: '张三', gender: 'male', date: '1990-05-01 08:00' },
    user.token
  )
  expect(saved.code).toBe(1)
  const record_id = saved.data.id
  const inMini = await call(ctx.app, 'POST', '/api/tools.index/pay', { record_id, client: 'wxapp' }, user.token)
  expect(inMini).toMatchObject({ code: 0, msg: '此功能不在当前版本中提供' })
  const inH5 = await call(ctx.app, 'POST', '/api/tools.index/pay', { record_id, client: 'h5' }, user.token)
  expect(inH5.code).toBe(1)
})

test('the owner picks exactly what a client hides; presets fill the list; every change is audited', async () => {
  const before = (await owner.get('/channel/features')).data.clients
  expect(before.map((c: any) => c.client)).toEqual(['wxapp', 'h5', 'web'])
  const mini = before.find((c: any) => c.client === 'wxapp')
  expect(mini).toMatchObject({ preset: 'compliant', hidden: fortuneKeys, updated_at: null })

  const custom = await owner.post('/channel/save', {
    client: 'wxapp',
    preset: 'custom',
    hidden: ['bazi', 'report'],
    updated_at: null
  })
  expect(custom.code).toBe(1)
  expect(custom.data).toMatchObject({ preset: 'custom', hidden: ['bazi', 'report'] })
  // The app sees it at once: the daily fortune is back, 八字 is not.
  expect(await features('wxapp')).toEqual(['bazi', 'report'])
  expect(links(await home('wxapp')).some((url) => featureOf(url) === 'fortune')).toBe(true)
  expect(links(await home('wxapp')).some((url) => featureOf(url) === 'bazi')).toBe(false)

  // A stale screen cannot overwrite a newer choice.
  const stale = await owner.post('/channel/save', { client: 'wxapp', preset: 'all', hidden: [], updated_at: null })
  expect(stale.code).toBe(0)

  // A preset's own list wins over whatever came beside it.
  const all = await owner.post('/channel/save', {
    client: 'wxapp',
    preset: 'all',
    hidden: ['bazi'],
    updated_at: custom.data.updated_at
  })
  expect(all.data).toMatchObject({ preset: 'all', hidden: [] })
  expect(await features('wxapp')).toEqual([])

  const unknown = await owner.post('/channel/save', {
    client: 'web',
    preset: 'custom',
    hidden: ['no-such-feature'],
    updated_at: null
  })
  expect(unknown).toMatchObject({ code: 0 })
  expect(unknown.msg).toContain('隐藏的功能')

  const audit = await ctx.database.db.select().from(adminAuditLogs).where(eq(adminAuditLogs.action, 'channel.save'))
  expect(audit).toHaveLength(2)
  expect(audit[0]).toMatchObject({ targetId: 'wxapp', before: { preset: 'compliant' }, after: { preset: 'custom' } })
  const history = (await owner.get('/channel/history')).data
  expect(history.total).toBe(2)
})

test('only the owner may change what review sees', async () => {
  expect((await operations.get('/channel/features')).code).toBe(0)
  const r = await operations.post('/channel/save', { client: 'h5', preset: 'compliant', hidden: [], updated_at: null })
  expect(r.code).toBe(0)
  expect(await features('h5')).toEqual([])
})

test('every feature names its pages in the route table, and the route table names only features', () => {
  const named = ROUTES.filter((route) => route.feature)
  for (const route of named) expect(FEATURE_KEYS).toContain(route.feature)
  for (const key of FEATURE_KEYS) expect(named.some((route) => route.feature === key && route.live)).toBe(true)
  expect(featureOf('https://h5.example.com/#/pages/bazi/plate?id=1')).toBe('bazi')
  expect(featureOf('https://example.com/pages/bazi/plate')).toBeUndefined()
  expect(featureOf('/pages/tools/huangli?date=2026-01-01')).toBe('huangli')
})
