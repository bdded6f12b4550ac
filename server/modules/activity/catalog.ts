import { and, asc, count, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { LiveSignupStatus } from '../../../contract'
import type { ActivityDetailResponse, ActivityListResponse } from '../../../contract'
import { AppError } from '../../core/envelope'
import { offsetOf, paged, pagingQuery } from '../../core/paging'
import { payDeadlineOf } from '../../core/pay-window'
import { optionalUserId, publicRoute } from '../../core/route'
import { idParam } from '../../core/validate'
import { activities, activitySignups } from '../../db/schema'
import { outputHtml } from '../article/sanitize'
import { releaseExpiredSignups } from './expiry'
import { activitySummary } from './serialize'

/** The activity list (spec: GET /api/share.share/activity) and one activity's detail. */
export default async function catalogRoutes(app: FastifyInstance): Promise<void> {
  async function mySignups(userId: number | undefined, ids: number[]) {
    const found = new Map<number, { id: number; status: LiveSignupStatus; createdAt: Date }>()
    if (!userId || !ids.length) return found
    const rows = await app.db
      .select({
        activityId: activitySignups.activityId,
        id: activitySignups.id,
        status: activitySignups.status,
        createdAt: activitySignups.createdAt
      })
      .from(activitySignups)
      .where(
        and(
          eq(activitySignups.userId, userId),
          inArray(activitySignups.activityId, ids),
          ne(activitySignups.status, 'cancelled')
        )
      )
    for (const r of rows)
      if (r.status !== 'cancelled') found.set(r.activityId, { id: r.id, status: r.status, createdAt: r.createdAt })
    return found
  }

  // Coming activities first (soonest first), then past ones (latest first).
  publicRoute(
    app,
    { method: 'GET', path: '/share.share/activity', input: pagingQuery },
    async ({ input, req }): Promise<ActivityListResponse> => {
      const now = new Date()
      const visible = eq(activities.visible, true)
      const [rows, [{ total }]] = await Promise.all([
        app.db
          .select()
          .from(activities)
          .where(visible)
          .orderBy(
            desc(gt(activities.endsAt, now)),
            sql`CASE WHEN ${activities.endsAt} > ${now.toISOString()} THEN ${activities.startsAt} END ASC`,
            desc(activities.startsAt),
            asc(activities.id)
          )
          .limit(input.per_page)
          .offset(offsetOf(input.page, input.per_page)),
        app.db.select({ total: count() }).from(activities).where(visible)
      ])
      const mine = await mySignups(
        await optionalUserId(app, req),
        rows.map((r) => r.id)
      )
      return paged(
        rows.map((a) => activitySummary(app.config.publicUrl, a, mine.get(a.id)?.status ?? null, now)),
        total,
        input.page,
        input.per_page
      )
    }
  )

  publicRoute(
    app,
    { method: 'GET', path: '/share.activity/detail', input: z.object({ activity_id: idParam() }) },
    async ({ input, req }): Promise<ActivityDetailResponse> => {
      await releaseExpiredSignups(app.db, { activityIds: [input.activity_id] })
      const [a] = await app.db
        .select()
        .from(activities)
        .where(and(eq(activities.id, input.activity_id), eq(activities.visible, true)))
        .limit(1)
      if (!a) throw new AppError('活动不存在或已下架')
      const mine = (await mySignups(await optionalUserId(app, req), [a.id])).get(a.id)
      return {
        detail: {
          ...activitySummary(app.config.publicUrl, a, mine?.status ?? null, new Date()),
          content: outputHtml(a.content),
          organizer: a.organizer,
          signup_id: mine?.id ?? 0,
          pay_deadline: mine?.status === 'unpaid' ? payDeadlineOf(mine.createdAt) : null
        }
      }
    }
  )
}
