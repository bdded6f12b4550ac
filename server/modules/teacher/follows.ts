import { and, count, desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { MyFollowsResponse, MyOfflineResponse, TeacherFollowResponse } from '../../../contract'
import { AppError } from '../../core/envelope'
import { offsetOf, paged, pagingQuery } from '../../core/paging'
import { userRoute } from '../../core/route'
import { idParam } from '../../core/validate'
import { courses, offlineClasses, offlineSignups, teacherFollows, teachers } from '../../db/schema'
import { followerCounts, teacherSummary } from './serialize'

const teacherInput = z.object({ teacher_id: idParam() })

/** Following teachers (idempotent both ways), my follows, and my offline classes with their teachers. */
export default async function followRoutes(app: FastifyInstance): Promise<void> {
  const followersOf = async (teacherId: number) => (await followerCounts(app.db, [teacherId])).get(teacherId) ?? 0
  async function mustExist(teacherId: number) {
    const [t] = await app.db.select({ id: teachers.id }).from(teachers).where(eq(teachers.id, teacherId)).limit(1)
    if (!t) throw new AppError('老师不存在')
  }

  userRoute(
    app,
    { method: 'POST', path: '/teacher.follow/add', input: teacherInput },
    async ({ input, userId }): Promise<TeacherFollowResponse> => {
      await mustExist(input.teacher_id)
      await app.db.insert(teacherFollows).values({ userId, teacherId: input.teacher_id }).onConflictDoNothing()
      return { followed: true, followers: await followersOf(input.teacher_id) }
    }
  )

  userRoute(
    app,
    { method: 'POST', path: '/teacher.follow/delete', input: teacherInput },
    async ({ input, userId }): Promise<TeacherFollowResponse> => {
      await mustExist(input.teacher_id)
      await app.db
        .delete(teacherFollows)
        .where(and(eq(teacherFollows.userId, userId), eq(teacherFollows.teacherId, input.teacher_id)))
      return { followed: false, followers: await followersOf(input.teacher_id) }
    }
  )

  userRoute(
    app,
    { method: 'GET', path: '/teacher.follow/lists', input: pagingQuery },
    async ({ input, userId }): Promise<MyFollowsResponse> => {
      const mine = eq(teacherFollows.userId, userId)
      const [rows, [{ total }]] = await Promise.all([
        app.db
          .select({ t: teachers, at: teacherFollows.createdAt })
          .from(teacherFollows)
          .innerJoin(teachers, eq(teachers.id, teacherFollows.teacherId))
          .where(mine)
          .orderBy(desc(teacherFollows.createdAt), desc(teachers.id))
          .limit(input.per_page)
          .offset(offsetOf(input.page, input.per_page)),
        app.db.select({ total: count() }).from(teacherFollows).where(mine)
      ])
      const counts = await followerCounts(
        app.db,
        rows.map((r) => r.t.id)
      )
      return paged(
        rows.map((r) => ({
          ...teacherSummary(app.config.publicUrl, r.t, counts.get(r.t.id) ?? 0, true),
          followed_at: r.at.toISOString()
        })),
        total,
        input.page,
        input.per_page
      )
    }
  )

  // 线下关注: the offline classes I signed up for (course tables), upcoming first, with the teacher's profile.
  userRoute(
    app,
    { method: 'GET', path: '/teacher.offline/lists', input: pagingQuery },
    async ({ input, userId }): Promise<MyOfflineResponse> => {
      const mine = eq(offlineSignups.userId, userId)
      const [rows, [{ total }]] = await Promise.all([
        app.db
          .select({ s: offlineSignups, k: offlineClasses, c: courses, teacherId: teachers.id })
          .from(offlineSignups)
          .innerJoin(offlineClasses, eq(offlineClasses.id, offlineSignups.classId))
          .innerJoin(courses, eq(courses.id, offlineClasses.courseId))
          .leftJoin(teachers, eq(teachers.name, courses.teacher))
          .where(mine)
          .orderBy(desc(offlineClasses.startsAt), desc(offlineSignups.id))
          .limit(input.per_page)
          .offset(offsetOf(input.page, input.per_page)),
        app.db.select({ total: count() }).from(offlineSignups).where(mine)
      ])
      const now = new Date()
      return paged(
        rows.map(({ s, k, c, teacherId }) => ({
          signup_id: s.id,
          class_id: k.id,
          course_id: c.id,
          course_title: c.title,
          title: k.title,
          city: k.city,
          address: k.address,
          starts_at: k.startsAt.toISOString(),
          ends_at: k.endsAt.toISOString(),
          teacher: c.teacher,
          teacher_id: teacherId ?? 0,
          finished: k.endsAt <= now
        })),
        total,
        input.page,
        input.per_page
      )
    }
  )
}
