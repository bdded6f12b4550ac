import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { AdminCourseLearner, AdminLearnerProgress } from '../../../contract/admin'
import type { DataCipher } from '../../core/data-key'
import { AppError } from '../../core/envelope'
import { paged } from '../../core/paging'
import { mobileLookup, openMobile } from '../../core/sealed-columns'
import { idParam, optional, text } from '../../core/validate'
import type { Executor } from '../../db/database'
import { courseEnrollments, courseLessons, courses, lessonProgress, users } from '../../db/schema'
import { chapterRowsOf, lessonRowsOf } from '../course/access'
import { maskMobile } from '../user/profile'
import { adminPaging, adminRoute } from './route'

const LABELS = { course_id: '课程', user_id: '学员', keyword: '昵称或手机号' }

const e = courseEnrollments
const ofThisEnrolment = sql`p.user_id = ${e.userId} and p.course_id = ${e.courseId}`
const learnerFields = {
  userId: e.userId,
  source: e.source,
  enrolledAt: e.createdAt,
  nickname: users.nickname,
  avatar: users.avatar,
  mobile: users.mobile,
  paidFen: sql<number>`coalesce((select o.amount_fen from course_orders o where o.user_id = ${e.userId}
    and o.course_id = ${e.courseId} and o.status = 'paid' order by o.id desc limit 1), 0)`,
  done: sql<number>`(select count(*)::int from lesson_progress p where ${ofThisEnrolment} and p.completed)`,
  lastAt: sql<string | null>`(select max(p.updated_at) from lesson_progress p where ${ofThisEnrolment})`
}

const learnerRows = (db: Executor, where: SQL | undefined) =>
  db.select(learnerFields).from(e).innerJoin(users, eq(users.id, e.userId)).where(where)
type LearnerRow = Awaited<ReturnType<typeof learnerRows>>[number]

function learnerOf(r: LearnerRow, total: number, cipher: DataCipher): AdminCourseLearner {
  const done = Number(r.done)
  return {
    user_id: r.userId,
    nickname: r.nickname,
    avatar: r.avatar,
    mobile: maskMobile(openMobile(cipher, r.mobile)),
    enrolled_at: r.enrolledAt.toISOString(),
    source: r.source,
    paid_fen: Number(r.paidFen),
    lessons_done: done,
    lessons_total: total,
    percent: total ? Math.min(100, Math.round((done * 100) / total)) : 0,
    last_studied_at: r.lastAt ? new Date(r.lastAt).toISOString() : null
  }
}

async function courseExists(db: Executor, id: number) {
  const [row] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, id)).limit(1)
  if (!row) throw new AppError('课程不存在')
}

async function lessonCount(db: Executor, courseId: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(courseLessons).where(eq(courseLessons.courseId, courseId))
  return n
}

/** 学员: who is enrolled in a course and how far each has got, read from what the app records while they watch. */
export default async function learnerRoutes(app: FastifyInstance): Promise<void> {
  adminRoute(
    app,
    {
      method: 'GET',
      path: '/course/learners',
      input: z.object({ ...adminPaging, course_id: idParam(), keyword: optional(text(32)) }),
      permission: 'course.view',
      labels: LABELS
    },
    async ({ input }) => {
      await courseExists(app.db, input.course_id)
      const conds: SQL[] = [eq(e.courseId, input.course_id)]
      if (input.keyword) {
        const escaped = input.keyword.replace(/[\\%_]/g, (m) => '\\' + m)
        // A whole number finds its learner by the keyed hash (numbers are sealed); other text is a nickname.
        conds.push(
          or(
            ilike(users.nickname, `%${escaped}%`),
            eq(users.mobileHash, mobileLookup(app.services.dataCipher, input.keyword.trim()))
          )!
        )
      }
      const where = and(...conds)
      const [rows, [{ n }], total] = await Promise.all([
        learnerRows(app.db, where)
          .orderBy(desc(e.createdAt), desc(e.userId))
          .limit(input.per_page)
          .offset((input.page - 1) * input.per_page),
        app.db.select({ n: count() }).from(e).innerJoin(users, eq(users.id, e.userId)).where(where),
        lessonCount(app.db, input.course_id)
      ])
      return paged(
        rows.map((r) => learnerOf(r, total, app.services.dataCipher)),
        n,
        input.page,
        input.per_page
      )
    }
  )

  adminRoute(
    app,
    {
      method: 'GET',
      path: '/course/learnerProgress',
      input: z.object({ course_id: idParam(), user_id: idParam() }),
      permission: 'course.view',
      labels: LABELS
    },
    async ({ input }): Promise<AdminLearnerProgress> => {
      await courseExists(app.db, input.course_id)
      const [row] = await learnerRows(app.db, and(eq(e.courseId, input.course_id), eq(e.userId, input.user_id))).limit(
        1
      )
      if (!row) throw new AppError('该用户没有报名这门课程')
      const [chapters, lessons, progress] = await Promise.all([
        chapterRowsOf(app.db, input.course_id),
        lessonRowsOf(app.db, input.course_id),
        app.db
          .select()
          .from(lessonProgress)
          .where(and(eq(lessonProgress.userId, input.user_id), eq(lessonProgress.courseId, input.course_id)))
      ])
      const at = new Map(progress.map((p) => [p.lessonId, p]))
      return {
        learner: learnerOf(row, lessons.length, app.services.dataCipher),
        chapters: chapters.map((ch) => ({
          chapter_id: ch.id,
          title: ch.title,
          lessons: lessons
            .filter((l) => l.chapterId === ch.id)
            .map((l) => {
              const p = at.get(l.id)
              return {
                lesson_id: l.id,
                title: l.title,
                preview: l.preview,
                duration_sec: l.durationSec,
                position_sec: p?.positionSec ?? 0,
                completed: p?.completed ?? false,
                updated_at: p?.updatedAt.toISOString() ?? null
              }
            })
        }))
      }
    }
  )
}
