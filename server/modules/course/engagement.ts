import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { CourseFavoriteListResponse, CourseFavoriteResponse, CourseSignupResponse } from '../../../contract'
import { AppError } from '../../core/envelope'
import { offsetOf, paged, pagingQuery } from '../../core/paging'
import { userRoute } from '../../core/route'
import { idParam, intParam } from '../../core/validate'
import { courseFavorites, courses } from '../../db/schema'
import { enroll, visibleCourse } from './access'
import { partsOf } from './catalog'
import { courseItem } from './serialize'

/** Favorites and free sign-up: both idempotent, so a repeated tap changes nothing. */
export default async function engagementRoutes(app: FastifyInstance): Promise<void> {
  userRoute(
    app,
    {
      method: 'GET',
      path: '/course.index/favorite',
      input: z.object({ course_id: idParam(), favorite: intParam(0, 1) })
    },
    async ({ input, userId }): Promise<CourseFavoriteResponse> =>
      app.db.transaction(async (tx) => {
        const course = await visibleCourse(tx, input.course_id)
        const mine = and(eq(courseFavorites.userId, userId), eq(courseFavorites.courseId, course.id))
        const changed =
          input.favorite === 1
            ? await tx.insert(courseFavorites).values({ userId, courseId: course.id }).onConflictDoNothing().returning()
            : await tx.delete(courseFavorites).where(mine).returning()
        const delta = changed.length ? (input.favorite === 1 ? 1 : -1) : 0
        const [row] = await tx
          .update(courses)
          .set({ favorites: sql`greatest(0, ${courses.favorites} + ${delta})` })
          .where(eq(courses.id, course.id))
          .returning({ favorites: courses.favorites })
        return { favorited: input.favorite === 1, favorites: row.favorites }
      })
  )

  userRoute(
    app,
    { method: 'GET', path: '/course.favorite/lists', input: pagingQuery },
    async ({ input, userId }): Promise<CourseFavoriteListResponse> => {
      const mine = and(eq(courseFavorites.userId, userId), eq(courses.visible, true))
      const [rows, [{ total }]] = await Promise.all([
        app.db
          .select({ course: courses, parts: partsOf })
          .from(courseFavorites)
          .innerJoin(courses, eq(courses.id, courseFavorites.courseId))
          .where(mine)
          .orderBy(desc(courseFavorites.createdAt))
          .limit(input.per_page)
          .offset(offsetOf(input.page, input.per_page)),
        app.db
          .select({ total: count() })
          .from(courseFavorites)
          .innerJoin(courses, eq(courses.id, courseFavorites.courseId))
          .where(mine)
      ])
      return paged(
        rows.map((r) => courseItem(app.config.publicUrl, r.course, r.parts)),
        total,
        input.page,
        input.per_page
      )
    }
  )

  userRoute(
    app,
    { method: 'POST', path: '/course.index/signup', input: z.object({ course_id: idParam() }) },
    async ({ input, userId }): Promise<CourseSignupResponse> => {
      await app.db.transaction(async (tx) => {
        const course = await visibleCourse(tx, input.course_id)
        if (course.kind === 'offline') throw new AppError('线下课程请选择班次报名')
        if (course.priceFen > 0) throw new AppError('该课程需购买后学习')
        await enroll(tx, userId, course.id, 'signup')
      })
      return { enrolled: true }
    }
  )
}
