import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { AdminAuditRow } from '../../../contract/admin'
import { DAY_MS } from '../../../contract/china-time'
import { paged } from '../../core/paging'
import { idParam, optional, text } from '../../core/validate'
import type { Db } from '../../db/database'
import { adminAuditLogs } from '../../db/schema'
import { chinaDate } from './order-queries'
import { adminPaging, adminRoute } from './route'

export const dayParam = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD')

const input = z.object({
  ...adminPaging,
  operator_id: optional(idParam()),
  action: optional(text(48)),
  target_type: optional(text(32)),
  target_id: optional(text(64)),
  date_from: optional(dayParam),
  date_to: optional(dayParam)
})

export function auditView(r: typeof adminAuditLogs.$inferSelect): AdminAuditRow {
  return {
    id: r.id,
    operator_id: r.operatorId,
    operator_name: r.operatorName,
    action: r.action,
    target_type: r.targetType,
    target_id: r.targetId,
    before: r.before,
    after: r.after,
    ip: r.ip,
    created_at: r.createdAt.toISOString()
  }
}

/** One page of audit rows, newest first. */
export async function auditPage(db: Db, where: SQL | undefined, page: number, perPage: number) {
  const rows = await db
    .select()
    .from(adminAuditLogs)
    .where(where)
    .orderBy(desc(adminAuditLogs.id))
    .limit(perPage)
    .offset((page - 1) * perPage)
  const [{ n }] = await db.select({ n: count() }).from(adminAuditLogs).where(where)
  return paged(rows.map(auditView), n, page, perPage)
}

export default async function auditRoutes(app: FastifyInstance): Promise<void> {
  adminRoute(app, { method: 'GET', path: '/audit/lists', input, permission: 'audit.view' }, async ({ input: q }) => {
    const where = and(
      q.operator_id ? eq(adminAuditLogs.operatorId, q.operator_id) : undefined,
      q.action ? eq(adminAuditLogs.action, q.action) : undefined,
      q.target_type ? eq(adminAuditLogs.targetType, q.target_type) : undefined,
      q.target_id ? eq(adminAuditLogs.targetId, q.target_id) : undefined,
      q.date_from ? gte(adminAuditLogs.createdAt, chinaDate(q.date_from)) : undefined,
      q.date_to ? lt(adminAuditLogs.createdAt, new Date(chinaDate(q.date_to).getTime() + DAY_MS)) : undefined
    )
    return auditPage(app.db, where, q.page, q.per_page)
  })
}
