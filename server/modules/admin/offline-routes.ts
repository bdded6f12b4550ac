import { and, asc, count, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { AdminOfflineSignup } from '../../../contract/admin'
import { chinaDateTime, chinaToday } from '../../../contract/china-time'
import { AppError } from '../../core/envelope'
import { paged } from '../../core/paging'
import { openMobile } from '../../core/sealed-columns'
import { idParam } from '../../core/validate'
import { offlineClasses, offlineSignups, users } from '../../db/schema'
import { toCsv } from './csv'
import { adminPaging, adminRoute } from './route'

const LABELS = { class_id: '线下班', signup_id: '报名' }

/** A class's sign-up list, as the console shows it and as the CSV carries it (oldest first: the order they came). */
function signupsOf(app: FastifyInstance, classId: number) {
  return app.db
    .select({ s: offlineSignups, nickname: users.nickname })
    .from(offlineSignups)
    .innerJoin(users, eq(users.id, offlineSignups.userId))
    .where(eq(offlineSignups.classId, classId))
    .orderBy(asc(offlineSignups.id))
}

async function classExists(app: FastifyInstance, classId: number) {
  const [row] = await app.db.select().from(offlineClasses).where(eq(offlineClasses.id, classId)).limit(1)
  if (!row) throw new AppError('线下班不存在')
  return row
}

/** 线下课 sign-ups: the list, its CSV, and check-in at the door. */
export default async function offlineRoutes(app: FastifyInstance): Promise<void> {
  adminRoute(
    app,
    {
      method: 'GET',
      path: '/offline/signups',
      input: z.object({ ...adminPaging, class_id: idParam() }),
      permission: 'course.view',
      labels: LABELS
    },
    async ({ input }) => {
      await classExists(app, input.class_id)
      const [rows, [{ n }]] = await Promise.all([
        signupsOf(app, input.class_id)
          .limit(input.per_page)
          .offset((input.page - 1) * input.per_page),
        app.db.select({ n: count() }).from(offlineSignups).where(eq(offlineSignups.classId, input.class_id))
      ])
      const list: AdminOfflineSignup[] = rows.map(({ s, nickname }) => ({
        signup_id: s.id,
        user_id: s.userId,
        nickname,
        name: s.name,
        mobile: openMobile(app.services.dataCipher, s.mobile),
        created_at: s.createdAt.toISOString(),
        checked_in_at: s.checkedInAt?.toISOString() ?? null
      }))
      return paged(list, n, input.page, input.per_page)
    }
  )

  adminRoute(
    app,
    {
      method: 'GET',
      path: '/offline/export',
      input: z.object({ class_id: idParam() }),
      permission: 'course.view',
      labels: LABELS
    },
    async ({ input, reply }) => {
      const klass = await classExists(app, input.class_id)
      const rows = await signupsOf(app, input.class_id)
      const csv = toCsv(
        ['序号', '姓名', '手机号', '用户ID', '昵称', '报名时间', '签到时间'],
        rows.map(({ s, nickname }, i) => [
          i + 1,
          s.name,
          openMobile(app.services.dataCipher, s.mobile),
          s.userId,
          nickname,
          chinaDateTime(s.createdAt),
          s.checkedInAt ? chinaDateTime(s.checkedInAt) : '未签到'
        ])
      )
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="offline-${klass.id}-${chinaToday()}.csv"`)
        .send(csv)
    }
  )

  // Checked in once: the conditional update lets one of two operators at the door through, the other is told.
  adminRoute(
    app,
    {
      method: 'POST',
      path: '/offline/checkin',
      input: z.object({ signup_id: idParam() }),
      permission: 'course.edit',
      labels: LABELS
    },
    async ({ input, audit }) =>
      app.db.transaction(async (tx) => {
        const [done] = await tx
          .update(offlineSignups)
          .set({ checkedInAt: new Date() })
          .where(and(eq(offlineSignups.id, input.signup_id), isNull(offlineSignups.checkedInAt)))
          .returning()
        if (!done) {
          const [row] = await tx
            .select({ id: offlineSignups.id })
            .from(offlineSignups)
            .where(eq(offlineSignups.id, input.signup_id))
            .limit(1)
          throw new AppError(row ? '该学员已签到' : '报名不存在')
        }
        await audit(
          {
            action: 'offline.checkin',
            targetType: 'offline_signup',
            targetId: done.id,
            before: { checked_in: false },
            after: { checked_in: true, class_id: done.classId, name: done.name }
          },
          tx
        )
        return { checked_in_at: done.checkedInAt!.toISOString() }
      })
  )
}
