import { and, eq, gt } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'

import type { Db } from '../../../server/db/database'
import { shopSkus } from '../../../server/db/schema'
import { ensureInitialOwner } from '../../../server/modules/admin/operators'
import { call, type Envelope } from './test-app'

export interface AdminClient {
  cookie: string
  csrf: string
  get<T = any>(url: string, params?: Record<string, unknown>): Promise<Envelope<T>>
  post<T = any>(url: string, params?: Record<string, unknown>, opts?: { csrf?: string }): Promise<Envelope<T>>
}

/** Logs an operator into the console as the browser does; calls carry the cookie and the CSRF header. */
export async function adminLogin(
  app: FastifyInstance,
  username: string,
  password: string,
  ip = '127.0.0.1'
): Promise<Envelope & { client?: AdminClient }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/auth/login',
    payload: { username, password },
    remoteAddress: ip
  })
  const body = res.json() as Envelope
  if (body.code !== 1) return body
  const setCookie = String(res.headers['set-cookie'])
  const cookie = setCookie.split(';')[0]
  return { ...body, client: adminClient(app, cookie, body.data.csrf_token) }
}

export function adminClient(app: FastifyInstance, cookie: string, csrf: string): AdminClient {
  return {
    cookie,
    csrf,
    async get(url, params = {}) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/admin${url}`,
        query: params as Record<string, string>,
        headers: { cookie }
      })
      return res.json()
    },
    async post(url, params = {}, opts = {}) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/admin${url}`,
        payload: params,
        headers: { cookie, 'x-csrf-token': opts.csrf ?? csrf }
      })
      return res.json()
    }
  }
}

/** The first owner `admin` (created when no operator exists), logged in. */
export async function ownerClient(
  app: FastifyInstance,
  db: Parameters<typeof ensureInitialOwner>[0],
  password = 'Owner-pass-1'
): Promise<AdminClient> {
  await ensureInitialOwner(db, password)
  return (await adminLogin(app, 'admin', password)).client!
}

let orderSeq = 0

/** A paid shop order of the user, bought through the app's API (sandbox payment). */
export async function paidShopOrder(
  app: FastifyInstance,
  db: Db,
  token: string
): Promise<{ order_id: number; order_no: string }> {
  const [sku] = await db
    .select()
    .from(shopSkus)
    .where(and(gt(shopSkus.stock, 5), eq(shopSkus.onShelf, true)))
    .limit(1)
  const address = await call(
    app,
    'POST',
    '/api/user.address/add',
    {
      name: '王五',
      mobile: '13800138000',
      province_code: '110000',
      city_code: '110100',
      district_code: '110105',
      detail: '建国路1号'
    },
    token
  )
  const buy = await call(
    app,
    'POST',
    '/api/order.order/buy',
    {
      mode: 'buy_now',
      sku_id: sku.id,
      quantity: 1,
      address_id: address.data.detail.address_id,
      request_id: `admin-${Date.now()}-${++orderSeq}`,
      user_coupon_id: 0
    },
    token
  )
  expect(buy.msg).toBe('success')
  expect(
    (await call(app, 'POST', '/api/pay.sandbox/confirm', { out_trade_no: buy.data.payment.out_trade_no }, token)).code
  ).toBe(1)
  return { order_id: buy.data.order_id, order_no: buy.data.order_no }
}

/** Creates an operator with `owner`'s session and logs it in. */
export async function addOperator(
  app: FastifyInstance,
  owner: AdminClient,
  username: string,
  role: string
): Promise<AdminClient> {
  const created = await owner.post('/operator/add', { username, password: 'Secret-Pine-123', role })
  if (created.code !== 1) throw new Error(created.msg)
  return (await adminLogin(app, username, 'Secret-Pine-123')).client!
}

/**
 * Builds a course from `courseFields` in the console with one chapter and one free preview lesson
 * playing `video`, and puts it on the shelf; resolves the lesson's id.
 */
export async function shelvedPreviewLesson(
  client: AdminClient,
  courseFields: Record<string, unknown>,
  video: string
): Promise<number> {
  const c = (await client.post('/course/add', courseFields)).data
  const ch = (await client.post('/course/chapterSave', { course_id: c.course_id, version: c.version, title: '第一章' }))
    .data
  const lesson = (
    await client.post('/course/lessonSave', {
      course_id: c.course_id,
      version: ch.version,
      chapter_id: ch.id,
      title: '试看',
      preview: true,
      duration_sec: 10,
      video
    })
  ).data
  const shelf = await client.post('/course/shelf', { course_id: c.course_id, version: lesson.version, visible: true })
  if (shelf.code !== 1) throw new Error(shelf.msg)
  return lesson.id
}
