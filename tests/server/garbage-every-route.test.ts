import './helpers/native-modules'

import { sql } from 'drizzle-orm'
import { z } from 'zod'

import { FIELD_LABELS } from '../../server/core/field-labels'
import { ensureInitialOwner } from '../../server/modules/admin/operators'
import { adminLogin } from './helpers/admin'
import { createTestContext, login, type TestContext } from './helpers/test-app'

// What a message must never show a user: stack frames, SQL, internal error names, unfilled values.
const LEAKS = new RegExp(
  [
    String.raw`\bat \S+ \(`,
    String.raw`\.ts:\d+`,
    String.raw`\bselect\b|\binsert\b|\bupdate\b.*\bset\b`,
    'relation "|syntax error|TypeError|ReferenceError|undefined|NaN',
    String.raw`\[object Object\]`
  ].join('|'),
  'i'
)

/**
 * A test that throws garbage at every route: every endpoint the server registers is
 * listed here from the server itself (the route helpers are wrapped to record each endpoint and its
 * input schema), compared with Fastify's own route table, and then sent missing, wrong-typed and
 * oversized values in every top-level field of its schema. Each answer must be HTTP 200 with code 0
 * and a Chinese message (or -9999 for a visitor on an endpoint that needs login), never a 500, never a
 * stack trace or SQL, and no table may gain or lose a row. bad-input.test.ts checks the shell's
 * endpoints field by field with valid neighbours (the message names the field); this one makes sure
 * no route, present or future, is left out.
 */

interface Recorded {
  method: 'GET' | 'POST'
  path: string
  input: z.ZodType
  auth: boolean
  /** A console endpoint: its session is the operator's cookie with the CSRF header, not an app token. */
  admin: boolean
  /** The route's own Chinese names of its fields. */
  labels?: Record<string, string>
}

const recorded: Recorded[] = []

jest.mock('../../server/core/route', () => {
  const actual = jest.requireActual('../../server/core/route')
  const wrap =
    (auth: boolean, original: (...args: any[]) => void) =>
    (
      app: { prefix: string },
      spec: { method: 'GET' | 'POST'; path: string; input: z.ZodType; labels?: Record<string, string> },
      handler: unknown
    ) => {
      recorded.push({
        method: spec.method,
        path: `${app.prefix}${spec.path}`,
        input: spec.input,
        auth,
        admin: false,
        labels: spec.labels
      })
      return original(app, spec, handler)
    }
  return { ...actual, publicRoute: wrap(false, actual.publicRoute), userRoute: wrap(true, actual.userRoute) }
})
jest.mock('../../server/modules/admin/route', () => {
  const actual = jest.requireActual('../../server/modules/admin/route')
  return {
    ...actual,
    adminRoute: (
      app: { prefix: string },
      spec: { method: 'GET' | 'POST'; path: string; input: z.ZodType; labels?: Record<string, string> },
      handler: unknown
    ) => {
      recorded.push({
        method: spec.method,
        path: `${app.prefix}${spec.path}`,
        input: spec.input,
        auth: true,
        admin: true,
        labels: spec.labels
      })
      return actual.adminRoute(app, spec, handler)
    }
  }
})

/**
 * Endpoints registered without the helpers: not JSON-envelope endpoints by design, each covered by
 * its own test file (named beside it). Anything else unlisted fails the coverage test below.
 */
const RAW_ROUTES: Record<string, string> = {
  'GET /api/wechat.simulator/authorize': 'wechat-simulator.test.ts (HTML page of the simulator)',
  'POST /api/wechat.simulator/authorize': 'wechat-simulator.test.ts (form post, answers a redirect)',
  'GET /api/wechat.push/mp':
    'content-security.test.ts (WeChat message push address check, signed by WECHAT_MP_PUSH_TOKEN)',
  'POST /api/wechat.push/mp': 'content-security.test.ts (WeChat message push, signed by WECHAT_MP_PUSH_TOKEN)',
  'GET /api/course.lesson/video': 'course-video.test.ts (signed media file, not an envelope)',
  'GET /api/file.private/image': 'private-images.test.ts (signed image file, not an envelope)',
  'GET /api/course.live/video': 'course-video.test.ts (signed media file, not an envelope)',
  'GET /api/tools.report/pdf': 'tools-report-pdf.test.ts (signed PDF file, not an envelope)',
  'POST /api/admin/auth/login': 'admin-console.test.ts (sets the session cookie; limited per account and address)'
}

const OWNER_PASSWORD = 'Garbage-owner-1'

let ctx: TestContext
let token: string
let operator: { cookie: string; csrf: string }
let countSql: ReturnType<typeof sql.raw>

beforeAll(async () => {
  ctx = await createTestContext()
  token = (await login(ctx.app, '乱码测试')).token
  await ensureInitialOwner(ctx.database.db, OWNER_PASSWORD)
  operator = (await adminLogin(ctx.app, 'admin', OWNER_PASSWORD)).client!
  const { rows } = (await ctx.database.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' 
      and table_name not like '%drizzle%' order by table_name`
  )) as unknown as { rows: { table_name: string }[] }
  countSql = sql.raw(
    `select ${rows.map((r) => `(select count(*) from "${r.table_name}")::int as "${r.table_name}"`).join(', ')}`
  )
}, 120000)
afterAll(() => ctx.close())

async function rowCounts(): Promise<Record<string, number>> {
  const { rows } = (await ctx.database.db.execute(countSql)) as unknown as { rows: Record<string, number>[] }
  return rows[0]
}

/** The top-level field names of an input schema (through preprocess, pipes, unions, wrappers). */
function fieldsOf(schema: z.ZodType, seen = new Set<unknown>()): string[] {
  if (!schema || seen.has(schema)) return []
  seen.add(schema)
  const def = (schema as unknown as { _zod: { def: Record<string, any> } })._zod.def
  switch (def.type) {
    case 'object':
      return Object.keys(def.shape)
    case 'pipe':
      return [...new Set([...fieldsOf(def.in, seen), ...fieldsOf(def.out, seen)])]
    case 'union':
      return [...new Set((def.options as z.ZodType[]).flatMap((o) => fieldsOf(o, seen)))]
    case 'intersection':
      return [...new Set([...fieldsOf(def.left, seen), ...fieldsOf(def.right, seen)])]
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return fieldsOf(def.innerType, seen)
    case 'lazy':
      return fieldsOf(def.getter(), seen)
    default:
      return []
  }
}

/**
 * Fastify's route table, as "METHOD /path" (HEAD twins of GET left out). printRoutes draws a tree whose
 * lines carry the rest of the path below their parent; a path is its ancestors' labels joined.
 */
function registeredApiRoutes(): string[] {
  const lines = ctx.app.printRoutes({ commonPrefix: false }).split('\n')
  const stack: string[] = []
  const routes: string[] = []
  for (const line of lines) {
    const m = line.match(/^([│ ]*)(?:├── |└── )(.*?)(?: \(([^)]*)\))?$/)
    if (!m) continue
    const depth = m[1].length / 4
    stack.length = depth
    stack[depth] = m[2]
    const full = stack.join('')
    if (!m[3] || !full.startsWith('/api/')) continue
    for (const method of m[3].split(',').map((s) => s.trim()))
      if (method && method !== 'HEAD' && method !== '-') routes.push(`${method} ${full}`)
  }
  return [...new Set(routes)].sort()
}

/** Never valid for any field: refused with code 0, and nothing written. */
const GARBAGE: [string, unknown][] = [
  ['object', { $ne: 1, nested: { deeper: [1] } }],
  ['array', [1, 'x', null]],
  ['oversized text', '长'.repeat(20000)]
]
/** Odd but possibly valid for some fields (a nickname may hold quotes, a flag a boolean): never a 500 or a leak. */
const ODD: [string, unknown][] = [
  ['boolean', true],
  ['huge number', 1e308],
  ['negative fraction', -99999999999.5],
  ['sql-looking text', "1'; drop table users; --"],
  ['control characters', '\u0000\u0007\u202e']
]

/** A message for a person: Chinese, and never a trace, an SQL statement or an exception's text. */
function isClean(msg: unknown): boolean {
  return typeof msg === 'string' && /[\u4e00-\u9fa5]/.test(msg) && !/\b[a-z]+_[a-z_]+\b/.test(msg) && !LEAKS.test(msg)
}

test('every registered API route is recorded here or listed as a raw route with its own test', async () => {
  expect(recorded.length).toBeGreaterThan(100)
  const known = new Set([...recorded.map((r) => `${r.method} ${r.path}`), ...Object.keys(RAW_ROUTES)])
  const registered = registeredApiRoutes()
  expect(registered.length).toBeGreaterThan(100)
  expect(registered.filter((r) => !known.has(r))).toEqual([])
  // ...and every recorded or listed route really exists (no stale entry).
  expect([...known].filter((r) => !registered.includes(r))).toEqual([])
})

test('every field of every route has a Chinese name for its messages', () => {
  const unnamed = new Set<string>()
  for (const route of recorded)
    for (const field of fieldsOf(route.input))
      if (!FIELD_LABELS[field] && !route.labels?.[field]) unnamed.add(`${field} (${route.path})`)
  expect([...unnamed]).toEqual([])
})

test('a visitor on an endpoint that needs login gets -9999, whatever the input', async () => {
  const failures: string[] = []
  for (const route of recorded.filter((r) => r.auth)) {
    const params: Record<string, unknown> = Object.fromEntries(
      fieldsOf(route.input).map((f) => [f, route.method === 'GET' ? 'x'.repeat(300) : { $ne: 1 }])
    )
    const res =
      route.method === 'GET'
        ? await ctx.app.inject({ method: 'GET', url: route.path, query: params as Record<string, string> })
        : await ctx.app.inject({ method: 'POST', url: route.path, payload: params })
    const body = res.json()
    if (res.statusCode !== 200 || body.code !== -9999)
      failures.push(`${route.method} ${route.path}: HTTP ${res.statusCode} ${JSON.stringify(body).slice(0, 120)}`)
  }
  expect(failures).toEqual([])
})

/** Logged in as the client does: the app's token, or the console's cookie and CSRF header (as the owner). */
const sessionHeaders = (route: Recorded): Record<string, string> =>
  route.admin ? { cookie: operator.cookie, 'x-csrf-token': operator.csrf } : { authorization: token }

/** Sends params as the client does (query for GET, JSON body for POST), logged in. */
async function send(route: Recorded, params: Record<string, unknown>) {
  const headers = sessionHeaders(route)
  return route.method === 'GET'
    ? ctx.app.inject({ method: 'GET', url: route.path, query: params as Record<string, string>, headers })
    : ctx.app.inject({ method: 'POST', url: route.path, payload: params, headers })
}

/** What is wrong with a route's answer to these params: a throw, a non-200, a code not allowed, or a
 * refusal whose message leaks internals; undefined when the answer is fine. */
async function sendProblem(
  route: Recorded,
  params: Record<string, unknown>,
  allowed: number[]
): Promise<string | undefined> {
  const res = await send(route, params).catch((error) => error as Error)
  if (res instanceof Error) return `threw ${String(res)}`
  if (res.statusCode !== 200) return `HTTP ${res.statusCode}`
  // A download (the console's CSV export) answers with its file when the input is good.
  if (!String(res.headers['content-type']).startsWith('application/json'))
    return allowed.includes(1) ? undefined : `answered a file`
  const body = res.json()
  if (!allowed.includes(body.code)) return `code ${body.code} ${String(body.msg).slice(0, 60)}`
  if (body.code === 0 && !isClean(body.msg)) return `message ${String(body.msg).slice(0, 120)}`
  return undefined
}

/** A query string carries text only: objects and booleans exist in JSON bodies alone. */
const fitsQuery = (value: unknown) =>
  !(typeof value === 'boolean' || (typeof value === 'object' && value !== null && !Array.isArray(value)))

// Left out: the multipart uploads (uploads.test.ts, private-images.test.ts), and logging out (the console's, and the
// app's: logout.test.ts), which ends the session the rest rides on.
const MULTIPART = ['/api/file.upload/image', '/api/file.upload/private']
const LOGOUTS = ['/api/admin/auth/logout', '/api/user.user/logout']
const jsonRoutes = () => recorded.filter((r) => !MULTIPART.includes(r.path) && !LOGOUTS.includes(r.path))

test('garbage in any field of any route gets code 0 with a clean message and writes nothing', async () => {
  const failures: string[] = []
  let checked = 0
  const before = await rowCounts()
  for (const route of jsonRoutes()) {
    const fields = fieldsOf(route.input)
    const cases: [string, Record<string, unknown>][] = []
    for (const field of fields)
      for (const [what, value] of GARBAGE)
        if (route.method === 'POST' || fitsQuery(value)) cases.push([`${field}=${what}`, { [field]: value }])
    if (fields.length)
      cases.push([
        'every field garbage',
        Object.fromEntries(fields.map((f) => [f, route.method === 'GET' ? ['x', 'y'] : { $gt: '' }]))
      ])
    for (const [what, params] of cases) {
      checked++
      const problem = await sendProblem(route, params, [0])
      if (problem) failures.push(`${route.method} ${route.path} [${what}]: ${problem}`)
    }
  }
  const after = await rowCounts()
  const changed = Object.keys(before)
    .filter((t) => before[t] !== after[t])
    .map((t) => `${t}: ${before[t]} -> ${after[t]}`)
  expect(checked).toBeGreaterThan(400)
  expect(failures).toEqual([])
  expect(changed).toEqual([])
}, 600000)

test('odd values and an empty input never cause a 500 or leak an internal message', async () => {
  const failures: string[] = []
  for (const route of jsonRoutes()) {
    const cases: [string, Record<string, unknown>][] = [['no params', {}]]
    for (const field of fieldsOf(route.input))
      for (const [what, value] of ODD)
        if (route.method === 'POST' || fitsQuery(value)) cases.push([`${field}=${what}`, { [field]: value }])
    for (const [what, params] of cases) {
      const problem = await sendProblem(route, params, [0, 1])
      if (problem) failures.push(`${route.method} ${route.path} [${what}]: ${problem}`)
    }
  }
  expect(failures).toEqual([])
}, 600000)

test('ids, pages, quantities and amounts are bounded on every route: out-of-range numbers are refused', async () => {
  const failures: string[] = []
  const before = await rowCounts()
  for (const route of jsonRoutes()) {
    for (const field of fieldsOf(route.input).filter((f) =>
      /(^id$|_id$|^page$|^per_page$|quantity|amount|_fen$)/.test(f)
    )) {
      if (field === 'referee_id') continue // a malformed referrer is ignored on purpose (wechat-simulator.test.ts)
      if (field === 'target_id') continue // the audit log's target is text (an order no, an operator name)
      for (const value of [1e15, -5, 1.5]) {
        const res = await send(route, { [field]: value })
        const body = res.statusCode === 200 ? res.json() : undefined
        if (!body || body.code !== 0 || !isClean(body.msg))
          failures.push(
            `${route.method} ${route.path} [${field}=${value}]: ${res.statusCode} ` +
              `${JSON.stringify(body)?.slice(0, 100)}`
          )
      }
    }
  }
  expect(failures).toEqual([])
  const after = await rowCounts()
  expect(Object.keys(before).filter((t) => before[t] !== after[t])).toEqual([])
}, 300000)

test('garbage bodies that are not objects are refused on every POST route', async () => {
  const failures: string[] = []
  for (const route of jsonRoutes().filter((r) => r.method === 'POST')) {
    // JSON null is "no params" (the empty input is covered above); these are never an input.
    for (const payload of ['[1,2]', '"text"', '42', '{"a":', '\u0000']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: route.path,
        headers: { 'content-type': 'application/json', ...sessionHeaders(route) },
        payload
      })
      const body = res.statusCode === 200 ? res.json() : undefined
      if (!body || body.code !== 0 || !isClean(body.msg))
        failures.push(
          `${route.path} ${JSON.stringify(payload)}: HTTP ${res.statusCode} ${JSON.stringify(body)?.slice(0, 80)}`
        )
    }
  }
  expect(failures).toEqual([])
}, 300000)
