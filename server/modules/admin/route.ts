import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'

import { AppError, ok } from '../../core/envelope'
import { inputOf } from '../../core/request-params'
import { type FieldLabels, intParam, parseInput } from '../../core/validate'
import { type AuditEntry, writeAudit } from './audit'
import { can, type Permission } from './permissions'
import { type AdminSession, authenticateAdmin, csrfMatches, SESSION_COOKIE } from './sessions'

export const CSRF_HEADER = 'x-csrf-token'
/** Set by the console on the polls it makes by itself: they keep no session alive (sessions.ts). */
export const BACKGROUND_HEADER = 'x-background'

/** Paging of console lists (pages are larger than the app's). */
export const adminPaging = { page: intParam(1, 100_000).default(1), per_page: intParam(1, 100).default(20) }

/** A yes/no from JSON or a query string. */
export const boolParam = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean()
)

interface AdminRouteSpec<S extends z.ZodType> {
  method: 'GET' | 'POST'
  /** Below /api/admin. */
  path: string
  input: S
  /** Who may call it (several: any one of them is enough); omitted: any logged-in operator. */
  permission?: Permission | readonly Permission[]
  /** Chinese names of the input fields, for the message of a bad one. */
  labels?: FieldLabels
  /** Bytes a body may have, when more than the server's default (a file part). */
  bodyLimit?: number
}

export interface AdminContext<I> extends AdminSession {
  input: I
  req: FastifyRequest
  reply: FastifyReply
  /** Records this write in the audit log, in the given transaction (or on its own). */
  audit(entry: AuditEntry, db?: Parameters<typeof writeAudit>[0]): Promise<void>
}

/**
 * A console endpoint: only the session cookie authenticates (an app token in any header or param is
 * never looked at), every POST must carry the session's CSRF token, and the role is checked before
 * the input.
 */
export function adminRoute<S extends z.ZodType>(
  app: FastifyInstance,
  spec: AdminRouteSpec<S>,
  handler: (ctx: AdminContext<z.output<S>>) => Promise<unknown>
): void {
  app.route({
    method: spec.method,
    url: spec.path,
    bodyLimit: spec.bodyLimit,
    handler: async (req, reply) => {
      const session = await authenticateAdmin(app.db, req.cookies[SESSION_COOKIE], {
        background: req.headers[BACKGROUND_HEADER] === '1'
      })
      if (spec.method === 'POST' && !csrfMatches(req.headers[CSRF_HEADER], session.csrf))
        throw new AppError('页面已过期，请刷新后重试')
      if (spec.permission && ![spec.permission].flat().some((p) => can(session.operator.role, p)))
        throw new AppError('没有权限执行此操作')
      const input = parseInput(spec.input, inputOf(req), spec.labels)
      const audit = (entry: AuditEntry, db = app.db) => writeAudit(db, session.operator, req, entry)
      const result = await handler({ ...session, input, req, reply, audit })
      // A handler that answered itself (a file download) returns the reply.
      return result === reply ? reply : ok(result)
    }
  })
}
