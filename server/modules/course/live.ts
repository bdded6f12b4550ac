import { and, asc, count, desc, eq, gt, lte, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { LiveListResponse, LivePlayResponse } from '../../../contract'
import { AppError } from '../../core/envelope'
import { offsetOf, paged, pagingFields } from '../../core/paging'
import { publicRoute, userRoute } from '../../core/route'
import { idParam } from '../../core/validate'
import { courses, liveSessions } from '../../db/schema'
import { isEnrolled, visibleCourse } from './access'
import { liveStatus } from './live-status'
import { LIVE_VIDEO, loadMediaSecret, mediaFile, playUrl, serveSignedMedia } from './media'
import { liveSession } from './serialize'

const listInput = z.object({ ...pagingFields, status: z.enum(['upcoming', 'live', 'replay']) })

/** The live schedule: the next sessions first, then those on air, then replays newest first. */
export default async function liveRoutes(app: FastifyInstance): Promise<void> {
  const secret = loadMediaSecret(app.config)
  publicRoute(
    app,
    { method: 'GET', path: '/course.live/lists', input: listInput },
    async ({ input }): Promise<LiveListResponse> => {
      const now = new Date()
      const when: Record<typeof input.status, SQL> = {
        upcoming: gt(liveSessions.startsAt, now),
        live: and(lte(liveSessions.startsAt, now), gt(liveSessions.endsAt, now))!,
        replay: lte(liveSessions.endsAt, now)
      }
      const where = and(eq(courses.visible, true), when[input.status])
      const [rows, [{ total }]] = await Promise.all([
        app.db
          .select({ session: liveSessions, course: courses })
          .from(liveSessions)
          .innerJoin(courses, eq(courses.id, liveSessions.courseId))
          .where(where)
          .orderBy(
            input.status === 'replay' ? desc(liveSessions.endsAt) : asc(liveSessions.startsAt),
            asc(liveSessions.id)
          )
          .limit(input.per_page)
          .offset(offsetOf(input.page, input.per_page)),
        app.db
          .select({ total: count() })
          .from(liveSessions)
          .innerJoin(courses, eq(courses.id, liveSessions.courseId))
          .where(where)
      ])
      return paged(
        rows.map((r) => liveSession(app.config.publicUrl, r.session, r.course, now)),
        total,
        input.page,
        input.per_page
      )
    }
  )

  userRoute(
    app,
    { method: 'GET', path: '/course.live/play', input: z.object({ session_id: idParam() }) },
    async ({ input, userId }): Promise<LivePlayResponse> => {
      const [session] = await app.db.select().from(liveSessions).where(eq(liveSessions.id, input.session_id)).limit(1)
      if (!session) throw new AppError('直播不存在')
      const course = await visibleCourse(app.db, session.courseId)
      if (!(await isEnrolled(app.db, userId, course.id)))
        throw new AppError(course.priceFen > 0 ? '购买课程后即可观看直播' : '报名后即可观看直播')
      const status = liveStatus(session.startsAt, session.endsAt, new Date())
      if (status === 'upcoming') throw new AppError('直播尚未开始')
      const video = status === 'live' ? session.streamUrl : session.replayUrl
      if (!video) throw new AppError(status === 'live' ? '直播信号暂未接入，请稍后再试' : '回放正在制作中')
      return {
        session_id: session.id,
        title: session.title,
        status,
        video_url: await playUrl(app, secret, LIVE_VIDEO, video, session.id, userId)
      }
    }
  )

  // Our own stream or replay files play through signed links only (lessons.ts registers sendFile).
  serveSignedMedia(app, secret, LIVE_VIDEO, async (grant) => {
    const [session] = await app.db.select().from(liveSessions).where(eq(liveSessions.id, grant.id)).limit(1)
    if (!session || !(await visibleCourse(app.db, session.courseId).catch(() => undefined))) return 'gone'
    if (!(await isEnrolled(app.db, grant.uid, session.courseId))) return 'refused'
    // What plays follows the session's time now: the stream while on air, then the replay.
    const status = liveStatus(session.startsAt, session.endsAt, new Date())
    const file = mediaFile((status === 'live' ? session.streamUrl : status === 'replay' ? session.replayUrl : '') ?? '')
    return file ? { file } : 'gone'
  })
}
