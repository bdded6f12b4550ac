import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { CourseCategoryResponse, CourseChapter, CourseDetailResponse, CourseListResponse } from '../../../contract'
import { assetUrl } from '../../core/asset-url'
import { offsetOf, paged, pagingFields } from '../../core/paging'
import { optionalUserId, publicRoute } from '../../core/route'
import { idParam, optional, text } from '../../core/validate'
import {
  COURSE_KINDS,
  courseCategories,
  courseFavorites,
  courses,
  lessonProgress,
  liveSessions,
  offlineClasses,
  offlineSignups
} from '../../db/schema'
import { outputHtml } from '../article/sanitize'
import { chapterRowsOf, isEnrolled, lessonRowsOf, visibleCourse } from './access'
import { courseRefundPolicy, refundPolicyText } from './refund'
import { courseItem, liveSession, offlineClass } from './serialize'

/** Lessons, sessions or classes of a course, by its kind. */
export const partsOf = sql<number>`(case "courses"."kind"
  when 'recorded' then (select count(*) from course_lessons x where x.course_id = "courses"."id")
  when 'live' then (select count(*) from live_sessions x where x.course_id = "courses"."id")
  else (select count(*) from offline_classes x where x.course_id = "courses"."id") end)::int`

const listInput = z.object({
  ...pagingFields,
  category_id: optional(idParam()),
  kind: optional(z.enum(COURSE_KINDS)),
  keyword: optional(text(32))
})

/** A LIKE pattern matching the words literally. */
const likeContaining = (s: string) => `%${s.replace(/[\\%_]/g, (c) => '\\' + c)}%`

export default async function catalogRoutes(app: FastifyInstance): Promise<void> {
  const url = (u: string) => assetUrl(app.config.publicUrl, u)

  publicRoute(
    app,
    { method: 'POST', path: '/course.index/getCategory', input: z.object({}) },
    async (): Promise<CourseCategoryResponse> => {
      const rows = await app.db
        .select()
        .from(courseCategories)
        .where(eq(courseCategories.visible, true))
        .orderBy(asc(courseCategories.sort), asc(courseCategories.id))
      return { list: rows.map((c) => ({ category_id: c.id, name: c.name, icon: url(c.icon) })) }
    }
  )

  publicRoute(
    app,
    { method: 'POST', path: '/course.index/getList', input: listInput },
    async ({ input }): Promise<CourseListResponse> => {
      const where: SQL[] = [eq(courses.visible, true)]
      if (input.category_id) where.push(eq(courses.categoryId, input.category_id))
      if (input.kind) where.push(eq(courses.kind, input.kind))
      if (input.keyword)
        where.push(
          or(
            ilike(courses.title, likeContaining(input.keyword)),
            ilike(courses.teacher, likeContaining(input.keyword))
          )!
        )
      const [rows, [{ total }]] = await Promise.all([
        app.db
          .select({ course: courses, parts: partsOf })
          .from(courses)
          .where(and(...where))
          .orderBy(asc(courses.sort), desc(courses.id))
          .limit(input.per_page)
          .offset(offsetOf(input.page, input.per_page)),
        app.db
          .select({ total: count() })
          .from(courses)
          .where(and(...where))
      ])
      return paged(
        rows.map((r) => courseItem(app.config.publicUrl, r.course, r.parts)),
        total,
        input.page,
        input.per_page
      )
    }
  )

  publicRoute(
    app,
    { method: 'GET', path: '/course.index/getDetail', input: z.object({ course_id: idParam() }) },
    async ({ input, req }): Promise<CourseDetailResponse> => {
      const course = await visibleCourse(app.db, input.course_id)
      const userId = await optionalUserId(app, req)
      const now = new Date()
      const [chapters, lessons, sessions, classes, enrolled, favorited, progress, mySeats, policy] = await Promise.all([
        chapterRowsOf(app.db, course.id),
        lessonRowsOf(app.db, course.id),
        app.db
          .select()
          .from(liveSessions)
          .where(eq(liveSessions.courseId, course.id))
          .orderBy(asc(liveSessions.startsAt)),
        app.db
          .select()
          .from(offlineClasses)
          .where(eq(offlineClasses.courseId, course.id))
          .orderBy(asc(offlineClasses.startsAt)),
        isEnrolled(app.db, userId, course.id),
        userId
          ? app.db
              .select()
              .from(courseFavorites)
              .where(and(eq(courseFavorites.userId, userId), eq(courseFavorites.courseId, course.id)))
              .then((r) => r.length > 0)
          : false,
        userId
          ? app.db
              .select()
              .from(lessonProgress)
              .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.courseId, course.id)))
              .orderBy(desc(lessonProgress.updatedAt))
          : [],
        userId
          ? app.db
              .select({ classId: offlineSignups.classId })
              .from(offlineSignups)
              .innerJoin(offlineClasses, eq(offlineClasses.id, offlineSignups.classId))
              .where(and(eq(offlineSignups.userId, userId), eq(offlineClasses.courseId, course.id)))
          : [],
        courseRefundPolicy(app.db)
      ])
      const progressOf = new Map(progress.map((p) => [p.lessonId, p]))
      const outline: CourseChapter[] = chapters.map((ch) => ({
        chapter_id: ch.id,
        title: ch.title,
        lessons: lessons
          .filter((l) => l.chapterId === ch.id)
          .map((l) => ({
            lesson_id: l.id,
            title: l.title,
            duration_sec: l.durationSec,
            preview: l.preview,
            locked: !l.preview && !enrolled,
            position_sec: progressOf.get(l.id)?.positionSec ?? 0,
            completed: progressOf.get(l.id)?.completed ?? false
          }))
      }))
      const ordered = outline.flatMap((ch) => ch.lessons)
      const seats = new Set(mySeats.map((s) => s.classId))
      return {
        detail: {
          ...courseItem(
            app.config.publicUrl,
            course,
            course.kind === 'recorded' ? lessons.length : course.kind === 'live' ? sessions.length : classes.length
          ),
          teacher_title: course.teacherTitle,
          intro: outputHtml(course.intro),
          favorites: course.favorites,
          favorited,
          enrolled,
          chapters: outline,
          sessions: sessions.map((s) => liveSession(app.config.publicUrl, s, course, now)),
          classes: classes.map((k) => offlineClass(app.config.publicUrl, k, course, seats.has(k.id), now)),
          resume_lesson_id:
            progress.find((p) => ordered.some((l) => l.lesson_id === p.lessonId))?.lessonId ??
            ordered[0]?.lesson_id ??
            0,
          refund_policy: course.priceFen > 0 ? refundPolicyText(policy) : ''
        }
      }
    }
  )
}
