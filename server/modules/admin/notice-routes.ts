import { count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { AdminNotice, AdminNoticeList, AdminNoticePending, AdminNoticeUnread } from '../../../contract/admin'
import { paged } from '../../core/paging'
import { idParam, optional } from '../../core/validate'
import type { Executor } from '../../db/database'
import { operatorNoticeReads, operatorNotices } from '../../db/schema'
import { type EventDef, EVENTS } from '../notify/events'
import { PENDING_KEYS, PENDING_WORK, pendingWork } from './dashboard'
import { can, type Permission } from './permissions'
import { adminPaging, adminRoute } from './route'
import type { Operator } from './sessions'

// The operators' bell: the notices of work waiting (operator_notices, written by the notification service as the
// work arrives) that this operator may act on, read up to an id per operator (operator_notice_reads.seen_id).

/** How many of the newest notices the bell's poll brings along. */
const LATEST = 8
/** Unread notices are counted up to here: the bell shows 99+, and a long-unread console costs no more to poll. */
const COUNT_CAP = 100

/** The permissions notices are filed under: one index probe each, rather than one per permission of the role. */
const NOTICE_PERMISSIONS: Permission[] = [
  ...new Set(
    Object.values(EVENTS as Record<string, EventDef>).flatMap((e) => (e.audience === 'operator' ? [e.permission] : []))
  )
]

/** A 老师 account sees the notices of its own teacher; any other the notices of what its role may do. */
type Scope = { teacherId: number } | { permissions: Permission[] }

function scopeOf(op: Operator): Scope {
  if (op.role === 'teacher') return { teacherId: op.teacherId ?? 0 }
  return { permissions: NOTICE_PERMISSIONS.filter((p) => can(op.role, p)) }
}

const sees = (scope: Scope): SQL =>
  'teacherId' in scope
    ? eq(operatorNotices.teacherId, scope.teacherId)
    : inArray(operatorNotices.permission, scope.permissions)

/**
 * The scope's notices (alias `o`) that also match `extra`, newest first, at most `limit` of each permission. One
 * branch per permission, each its own parameter: planned with the value, the planner knows how rare it is and walks
 * the (permission, id) index backwards, stopping after `limit`, so the cost follows `limit`, not how many notices
 * there are (measured on 50,000 notices: about 1 ms). Joined to a list of values instead, it cannot know, and it
 * walked the whole primary key for a rare permission (160 ms).
 */
function newest(scope: Scope, extra: SQL, limit: number): SQL {
  if ('teacherId' in scope)
    return sql`select o.* from operator_notices o
      where o.teacher_id = ${scope.teacherId} and ${extra} order by o.id desc limit ${limit}`
  const branches = scope.permissions.map(
    (p) =>
      sql`(select * from operator_notices o where o.permission = ${p} and ${extra} order by o.id desc limit ${limit})`
  )
  return sql`select * from (${sql.join(branches, sql` union all `)}) o`
}

/** Where a notice opens for this operator: a teacher's own account works its bookings from 我的工作台. */
const linkFor = (op: Operator, link: string) => (op.role === 'teacher' && link.startsWith('/services') ? '/desk' : link)

interface BellRow {
  id: number
  event: string
  title: string
  body: string
  link: string
  created_ms: number
  unread: boolean
  unread_count: number
  [column: string]: unknown
}

/**
 * The unread count and the newest notices in one statement: what every open console tab asks for every 15 s.
 * Times come as epoch milliseconds, which both database drivers read as a number.
 */
export async function bellOf(db: Executor, op: Operator): Promise<AdminNoticeUnread> {
  const scope = scopeOf(op)
  if ('permissions' in scope && !scope.permissions.length) return { count: 0, latest: [] }
  const result = await db.execute<BellRow>(sql`
    with seen as (
      select coalesce((select seen_id from operator_notice_reads where operator_id = ${op.id}), 0) as id
    )
    select n.id, n.event, n.title, n.body, n.link,
      (extract(epoch from n.created_at) * 1000)::float8 as created_ms,
      n.id > (select id from seen) as unread,
      (select count(*)::int from (${newest(scope, sql`o.id > (select id from seen)`, COUNT_CAP)}) u) as unread_count
    from (${newest(scope, sql`true`, LATEST)}) n
    order by n.id desc
    limit ${LATEST}`)
  const rows = (result as unknown as { rows: BellRow[] }).rows
  return {
    count: Math.min(COUNT_CAP, rows[0]?.unread_count ?? 0),
    latest: rows.map((r) => ({
      id: r.id,
      event: r.event,
      title: r.title,
      body: r.body,
      link: linkFor(op, r.link),
      unread: r.unread,
      created_at: new Date(Number(r.created_ms)).toISOString()
    }))
  }
}

/** Marks read up to `id` (that notice and every older one), or every notice there is; never back. */
async function readUpTo(db: Executor, operatorId: number, id: number | undefined): Promise<void> {
  // An id beyond the newest notice would mark notices not yet written as read.
  const newestId = sql`(select coalesce(max(${operatorNotices.id}), 0) from ${operatorNotices})`
  const upTo = id === undefined ? newestId : sql`least(${id}::int, ${newestId})`
  await db
    .insert(operatorNoticeReads)
    .values({ operatorId, seenId: upTo })
    .onConflictDoUpdate({
      target: operatorNoticeReads.operatorId,
      set: { seenId: sql`greatest(${operatorNoticeReads.seenId}, excluded.seen_id)`, updatedAt: new Date() }
    })
}

/** 运营通知: the bell's poll, its list, marking read, and the figures of the work waiting now. */
export default async function noticeRoutes(app: FastifyInstance): Promise<void> {
  adminRoute(app, { method: 'GET', path: '/notice/unread', input: z.object({}) }, ({ operator }) =>
    bellOf(app.db, operator)
  )

  adminRoute(
    app,
    { method: 'GET', path: '/notice/lists', input: z.object(adminPaging) },
    async ({ operator, input }): Promise<AdminNoticeList> => {
      const scope = scopeOf(operator)
      if ('permissions' in scope && !scope.permissions.length) return paged([], 0, input.page, input.per_page)
      const where = sees(scope)
      const [rows, [{ total }], [read]] = await Promise.all([
        app.db
          .select()
          .from(operatorNotices)
          .where(where)
          .orderBy(desc(operatorNotices.id))
          .limit(input.per_page)
          .offset((input.page - 1) * input.per_page),
        app.db.select({ total: count() }).from(operatorNotices).where(where),
        app.db
          .select({ seenId: operatorNoticeReads.seenId })
          .from(operatorNoticeReads)
          .where(eq(operatorNoticeReads.operatorId, operator.id))
      ])
      const seen = read?.seenId ?? 0
      const list: AdminNotice[] = rows.map((n) => ({
        id: n.id,
        event: n.event,
        title: n.title,
        body: n.body,
        link: linkFor(operator, n.link),
        unread: n.id > seen,
        created_at: n.createdAt.toISOString()
      }))
      return paged(list, total, input.page, input.per_page)
    }
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/notice/read',
      input: z.object({ id: optional(idParam()) }),
      labels: { id: '通知' }
    },
    async ({ operator, input }): Promise<AdminNoticeUnread> => {
      await readUpTo(app.db, operator.id, input.id)
      return bellOf(app.db, operator)
    }
  )

  adminRoute(
    app,
    { method: 'GET', path: '/notice/pending', input: z.object({}) },
    async ({ operator }): Promise<AdminNoticePending> => ({
      pending: await pendingWork(
        app.db,
        PENDING_KEYS.filter((k) => can(operator.role, PENDING_WORK[k].permission))
      )
    })
  )
}
