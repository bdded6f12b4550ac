import { and, asc, avg, count, desc, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { TeacherDetailResponse, TeacherListResponse } from '../../../contract'
import { assetUrl } from '../../core/asset-url'
import { AppError } from '../../core/envelope'
import { optionalUserId, publicRoute } from '../../core/route'
import { idParam } from '../../core/validate'
import { consultServices, courses, serviceTeachers, teacherFollows, teacherReviews, teachers } from '../../db/schema'
import { serviceSummary } from '../service/serialize'
import { followerCounts, teacherSummary } from './serialize'

/** Teacher profiles: the list, and one teacher with courses, services, reviews and follow state. */
export default async function profileRoutes(app: FastifyInstance): Promise<void> {
  async function followState(userId: number | undefined, ids: number[]) {
    if (!ids.length) return { counts: new Map<number, number>(), mine: new Set<number>() }
    const counts = await followerCounts(app.db, ids)
    const mine = userId
      ? await app.db
          .select({ id: teacherFollows.teacherId })
          .from(teacherFollows)
          .where(and(eq(teacherFollows.userId, userId), inArray(teacherFollows.teacherId, ids)))
      : []
    return { counts, mine: new Set(mine.map((m) => m.id)) }
  }

  publicRoute(
    app,
    { method: 'GET', path: '/teacher.index/lists', input: z.object({}) },
    async ({ req }): Promise<TeacherListResponse> => {
      const rows = await app.db
        .select()
        .from(teachers)
        .where(eq(teachers.visible, true))
        .orderBy(asc(teachers.sort), asc(teachers.id))
      const state = await followState(
        await optionalUserId(app, req),
        rows.map((t) => t.id)
      )
      return {
        list: rows.map((t) =>
          teacherSummary(app.config.publicUrl, t, state.counts.get(t.id) ?? 0, state.mine.has(t.id))
        )
      }
    }
  )

  publicRoute(
    app,
    { method: 'GET', path: '/teacher.index/detail', input: z.object({ teacher_id: idParam() }) },
    async ({ input, req }): Promise<TeacherDetailResponse> => {
      const [t] = await app.db
        .select()
        .from(teachers)
        .where(and(eq(teachers.id, input.teacher_id), eq(teachers.visible, true)))
        .limit(1)
      if (!t) throw new AppError('老师不存在')
      const [state, taught, offered, reviews, [stars]] = await Promise.all([
        followState(await optionalUserId(app, req), [t.id]),
        app.db
          .select()
          .from(courses)
          .where(and(eq(courses.teacher, t.name), eq(courses.visible, true)))
          .orderBy(asc(courses.sort), asc(courses.id)),
        app.db
          .select({ s: consultServices })
          .from(serviceTeachers)
          .innerJoin(consultServices, eq(consultServices.id, serviceTeachers.serviceId))
          .where(and(eq(serviceTeachers.teacherId, t.id), eq(consultServices.visible, true)))
          .orderBy(asc(consultServices.sort)),
        app.db
          .select()
          .from(teacherReviews)
          .where(eq(teacherReviews.teacherId, t.id))
          .orderBy(desc(teacherReviews.createdAt), desc(teacherReviews.id))
          .limit(20),
        app.db
          .select({ avg: avg(teacherReviews.rating), n: count() })
          .from(teacherReviews)
          .where(eq(teacherReviews.teacherId, t.id))
      ])
      return {
        detail: {
          ...teacherSummary(app.config.publicUrl, t, state.counts.get(t.id) ?? 0, state.mine.has(t.id)),
          cover: assetUrl(app.config.publicUrl, t.cover),
          intro: t.intro,
          rating: stars.n ? Math.round(Number(stars.avg) * 10) / 10 : 0,
          review_count: stars.n,
          courses: taught.map((c) => ({
            course_id: c.id,
            kind: c.kind,
            title: c.title,
            subtitle: c.subtitle,
            cover: assetUrl(app.config.publicUrl, c.cover),
            price: c.priceFen
          })),
          services: offered.map(({ s }) => serviceSummary(app.config.publicUrl, s)),
          reviews: reviews.map((r) => ({
            review_id: r.id,
            author: r.author,
            rating: r.rating,
            content: r.content,
            created_at: r.createdAt.toISOString()
          }))
        }
      }
    }
  )
}
