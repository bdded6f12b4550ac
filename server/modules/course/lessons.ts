import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { LessonDetailResponse, LessonProgressResponse } from '../../../contract'
import { AppError, Code, MSG_LOGIN_REQUIRED } from '../../core/envelope'
import { optionalUserId, publicRoute, userRoute } from '../../core/route'
import { idParam, intParam } from '../../core/validate'
import type { Executor } from '../../db/database'
import { courseLessons, lessonProgress } from '../../db/schema'
import { isEnrolled, visibleCourse } from './access'
import { LESSON_VIDEO, loadMediaSecret, mediaFile, playUrl, registerMediaFiles, serveSignedMedia } from './media'

/** A lesson counts as learnt from 90% of its length on. */
export const COMPLETED_SHARE = 0.9

type Lesson = typeof courseLessons.$inferSelect

/** The lesson when this user may play it: a preview, or a course they signed up to or bought. */
async function playableLesson(db: Executor, lessonId: number, userId: number | undefined): Promise<Lesson> {
  const [lesson] = await db.select().from(courseLessons).where(eq(courseLessons.id, lessonId)).limit(1)
  if (!lesson) throw new AppError('课时不存在')
  await visibleCourse(db, lesson.courseId)
  if (lesson.preview) return lesson
  if (!userId) throw new AppError(MSG_LOGIN_REQUIRED, Code.INVALID_TOKEN)
  if (!(await isEnrolled(db, userId, lesson.courseId))) throw new AppError('该课时需购买课程后观看')
  return lesson
}

export default async function lessonRoutes(app: FastifyInstance): Promise<void> {
  const secret = loadMediaSecret(app.config)
  await registerMediaFiles(app)

  publicRoute(
    app,
    { method: 'GET', path: '/course.lesson/detail', input: z.object({ lesson_id: idParam() }) },
    async ({ input, req }): Promise<LessonDetailResponse> => {
      const userId = await optionalUserId(app, req)
      const lesson = await playableLesson(app.db, input.lesson_id, userId)
      const [progress] = userId
        ? await app.db
            .select()
            .from(lessonProgress)
            .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lesson.id)))
            .limit(1)
        : []
      return {
        lesson_id: lesson.id,
        course_id: lesson.courseId,
        title: lesson.title,
        video_url: await playUrl(app, secret, LESSON_VIDEO, lesson.videoUrl, lesson.id, userId ?? 0),
        duration_sec: lesson.durationSec,
        position_sec: progress?.positionSec ?? 0
      }
    }
  )

  serveSignedMedia(app, secret, LESSON_VIDEO, async (grant) => {
    const [lesson] = await app.db.select().from(courseLessons).where(eq(courseLessons.id, grant.id)).limit(1)
    const file = lesson && mediaFile(lesson.videoUrl)
    // The course and enrollment are checked again so a link stops working once either is gone.
    if (!file || !(await visibleCourse(app.db, lesson.courseId).catch(() => undefined))) return 'gone'
    if (!lesson.preview && !(await isEnrolled(app.db, grant.uid, lesson.courseId))) return 'refused'
    return { file }
  })

  userRoute(
    app,
    {
      method: 'POST',
      path: '/course.lesson/progress',
      input: z.object({
        lesson_id: idParam(),
        position_sec: intParam(0, 86_400),
        // The player saw the video end: counts for a lesson whose length was never entered.
        ended: z
          .union([z.boolean(), z.enum(['1', 'true', '0', 'false']).transform((v) => v === '1' || v === 'true')])
          .default(false)
      })
    },
    async ({ input, userId }): Promise<LessonProgressResponse> => {
      const lesson = await playableLesson(app.db, input.lesson_id, userId)
      const position = lesson.durationSec > 0 ? Math.min(input.position_sec, lesson.durationSec) : input.position_sec
      const completed = lesson.durationSec > 0 ? position >= lesson.durationSec * COMPLETED_SHARE : input.ended === true
      // Once learnt a lesson stays learnt, even when it is watched again from the start.
      const [row] = await app.db
        .insert(lessonProgress)
        .values({ userId, lessonId: lesson.id, courseId: lesson.courseId, positionSec: position, completed })
        .onConflictDoUpdate({
          target: [lessonProgress.userId, lessonProgress.lessonId],
          set: {
            positionSec: position,
            completed: sql`${lessonProgress.completed} or ${completed}`,
            updatedAt: new Date()
          }
        })
        .returning()
      return { position_sec: row.positionSec, completed: row.completed }
    }
  )
}
