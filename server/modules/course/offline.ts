import { and, asc, count, eq, gt, inArray, lt, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { OfflineDetailResponse, OfflineListResponse, OfflineSignupResponse } from '../../../contract'
import { AppError } from '../../core/envelope'
import { offsetOf, paged, pagingQuery } from '../../core/paging'
import { optionalUserId, publicRoute, userRoute } from '../../core/route'
import { sealMobile } from '../../core/sealed-columns'
import { idParam, mobileSchema, text } from '../../core/validate'
import { courses, offlineClasses, offlineSignups } from '../../db/schema'
import { outputHtml } from '../article/sanitize'
import { isEnrolled } from './access'
import { offlineClass } from './serialize'

const signupInput = z.object({ class_id: idParam(), name: text(16, 2), mobile: mobileSchema })

export default async function offlineRoutes(app: FastifyInstance): Promise<void> {
  async function mySeats(userId: number | undefined, classIds: number[]): Promise<Set<number>> {
    if (!userId || !classIds.length) return new Set()
    const rows = await app.db
      .select({ classId: offlineSignups.classId })
      .from(offlineSignups)
      .where(and(eq(offlineSignups.userId, userId), inArray(offlineSignups.classId, classIds)))
    return new Set(rows.map((r) => r.classId))
  }

  publicRoute(
    app,
    { method: 'GET', path: '/course.offline/lists', input: pagingQuery },
    async ({ input, req }): Promise<OfflineListResponse> => {
      const now = new Date()
      const where = and(eq(courses.visible, true), gt(offlineClasses.endsAt, now))
      const [rows, [{ total }]] = await Promise.all([
        app.db
          .select({ klass: offlineClasses, course: courses })
          .from(offlineClasses)
          .innerJoin(courses, eq(courses.id, offlineClasses.courseId))
          .where(where)
          .orderBy(asc(offlineClasses.startsAt), asc(offlineClasses.id))
          .limit(input.per_page)
          .offset(offsetOf(input.page, input.per_page)),
        app.db
          .select({ total: count() })
          .from(offlineClasses)
          .innerJoin(courses, eq(courses.id, offlineClasses.courseId))
          .where(where)
      ])
      const seats = await mySeats(
        await optionalUserId(app, req),
        rows.map((r) => r.klass.id)
      )
      return paged(
        rows.map((r) => offlineClass(app.config.publicUrl, r.klass, r.course, seats.has(r.klass.id), now)),
        total,
        input.page,
        input.per_page
      )
    }
  )

  publicRoute(
    app,
    { method: 'GET', path: '/course.offline/detail', input: z.object({ class_id: idParam() }) },
    async ({ input, req }): Promise<OfflineDetailResponse> => {
      const [row] = await app.db
        .select({ klass: offlineClasses, course: courses })
        .from(offlineClasses)
        .innerJoin(courses, eq(courses.id, offlineClasses.courseId))
        .where(and(eq(offlineClasses.id, input.class_id), eq(courses.visible, true)))
        .limit(1)
      if (!row) throw new AppError('线下课程不存在或已下架')
      const seats = await mySeats(await optionalUserId(app, req), [row.klass.id])
      return {
        detail: {
          ...offlineClass(app.config.publicUrl, row.klass, row.course, seats.has(row.klass.id), new Date()),
          intro: outputHtml(row.course.intro),
          teacher_title: row.course.teacherTitle
        }
      }
    }
  )

  /**
   * One seat per user. The seat is taken by a conditional UPDATE (seats_taken < seats) in the same
   * transaction as the sign-up row: concurrent requests queue on the class row and a full class
   * refuses the rest, leaving no sign-up behind.
   */
  userRoute(
    app,
    { method: 'POST', path: '/course.offline/signup', input: signupInput },
    async ({ input, userId }): Promise<OfflineSignupResponse> =>
      app.db.transaction(async (tx) => {
        const [row] = await tx
          .select({ klass: offlineClasses, course: courses })
          .from(offlineClasses)
          .innerJoin(courses, eq(courses.id, offlineClasses.courseId))
          .where(and(eq(offlineClasses.id, input.class_id), eq(courses.visible, true)))
          .limit(1)
        if (!row) throw new AppError('线下课程不存在或已下架')
        if (new Date() >= row.klass.signupDeadline) throw new AppError('报名已截止')
        // A paid offline course is bought first (a course order); the seat in a class is then free to choose.
        if (row.course.priceFen > 0 && !(await isEnrolled(tx, userId, row.course.id)))
          throw new AppError('请先购买课程，再选择班次报名')
        const added = await tx
          .insert(offlineSignups)
          .values({
            classId: row.klass.id,
            userId,
            name: input.name,
            ...sealMobile(app.services.dataCipher, input.mobile)
          })
          .onConflictDoNothing()
          .returning()
        if (!added.length) throw new AppError('您已报名该课程')
        const [taken] = await tx
          .update(offlineClasses)
          .set({ seatsTaken: sql`${offlineClasses.seatsTaken} + 1` })
          .where(and(eq(offlineClasses.id, row.klass.id), lt(offlineClasses.seatsTaken, offlineClasses.seats)))
          .returning()
        if (!taken) throw new AppError('名额已满')
        return { seats_left: taken.seats - taken.seatsTaken }
      })
  )
}
