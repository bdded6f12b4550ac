import type { FastifyInstance } from 'fastify'
import { ensureInitialOwner } from '../../../server/modules/admin/operators'
import type { Envelope } from './test-app'

export interface AdminClient {
  cookie: string
  csrf: string
  get<T = any>(url: string, params?: Record<string, unknown>): Promise<Envelope<T>>
  post<T = any>(url: string, params?: Record<string, unknown>, opts?: { csrf?: string }): Promise<Envelope<T>>
}

/** Logs an operator into the console as the browser does; calls carry the cookie and the CSRF header. */
export async function adminLogin(app: FastifyInstance, username: string, password: string, ip = '127.0.0.1'): Promise<Envelope & { client?: AdminClient }> {
  const res = await app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { username, password }, remoteAddress: ip })
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
      const res = await app.inject({ method: 'GET', url: `/api/admin${url}`, query: params as Record<string, string>, headers: { cookie } })
      return res.json()
    },
    async post(url, params = {}, opts = {}) {
      const res = await app.inject({ method: 'POST', url: `/api/admin${url}`, payload: params, headers: { cookie, 'x-csrf-token': opts.csrf ?? csrf } })
      return res.json()
    }
  }
}

/** The first owner `admin` (created when no operator exists), logged in. */
export async function ownerClient(app: FastifyInstance, db: Parameters<typeof ensureInitialOwner>[0], password = 'Owner-pass-1'): Promise<AdminClient> {
  await ensureInitialOwner(db, password)
  return (await adminLogin(app, 'admin', password)).client!
}

/** An operator of `role`, added by the owner through the console and logged in. */
export async function addOperator(app: FastifyInstance, owner: AdminClient, username: string, role: string): Promise<AdminClient> {
  const added = await owner.post('/operator/add', { username, password: 'Secret-123', role })
  if (added.code !== 1) throw new Error(added.msg)
  return (await adminLogin(app, username, 'Secret-123')).client!
}
