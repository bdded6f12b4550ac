import type { FastifyRequest } from 'fastify'

import type { Executor } from '../../db/database'
import { adminAuditLogs } from '../../db/schema'
import type { Operator } from './sessions'

export interface AuditEntry {
  action: string
  targetType: string
  targetId: string | number
  before?: unknown
  after?: unknown
}

/** One row per console write: who did what to which record, and the record before and after. */
export async function writeAudit(
  db: Executor,
  operator: Pick<Operator, 'id' | 'username'>,
  req: Pick<FastifyRequest, 'ip'>,
  entry: AuditEntry
): Promise<void> {
  await db.insert(adminAuditLogs).values({
    operatorId: operator.id,
    operatorName: operator.username,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: (req.ip || '').slice(0, 64)
  })
}
