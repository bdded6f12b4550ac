import { and, asc, eq, gt, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { ServiceDetailResponse, ServiceListResponse, ServiceSlotsResponse } from '../../../contract'
import { AppError } from '../../core/envelope'
import { publicRoute } from '../../core/route'
import { idParam, optional } from '../../core/validate'
import { consultServices, serviceSlots, serviceTeachers, teachers } from '../../db/schema'
import { releaseExpiredBookings } from './expiry'
import { LEAD_MS, upcomingSlotTimes } from './schedule'
import { serviceSummary, teacherBrief } from './serialize'

export const SERVICE_KINDS = ['consult', 'plan', 'house'] as const

/** Services by kind, one service with its teachers, and a teacher's bookable hours. */
export default async function catalogRoutes(app: FastifyInstance): Promise<void> {
  publicRoute(
    app,
    { method: 'GET', path: '/service.index/lists', input: z.object({ kind: optional(z.enum(SERVICE_KINDS)) }) },
    async ({ input }): Promise<ServiceListResponse> => {
      const rows = await app.db
        .select()
        .from(consultServices)
        .where(and(eq(consultServices.visible, true), input.kind ? eq(consultServices.kind, input.kind) : undefined))
        .orderBy(asc(consultServices.sort), asc(consultServices.id))
      return { list: rows.map((s) => serviceSummary(app.config.publicUrl, s)) }
    }
  )

  publicRoute(
    app,
    { method: 'GET', path: '/service.index/detail', input: z.object({ service_id: idParam() }) },
    async ({ input }): Promise<ServiceDetailResponse> => {
      const [s] = await app.db
        .select()
        .from(consultServices)
        .where(and(eq(consultServices.id, input.service_id), eq(consultServices.visible, true)))
        .limit(1)
      if (!s) throw new AppError('服务不存在')
      const people = await app.db
        .select({ t: teachers })
        .from(serviceTeachers)
        .innerJoin(teachers, eq(teachers.id, serviceTeachers.teacherId))
        .where(and(eq(serviceTeachers.serviceId, s.id), eq(teachers.visible, true)))
        .orderBy(asc(teachers.sort), asc(teachers.id))
      return {
        detail: {
          ...serviceSummary(app.config.publicUrl, s),
          content: s.content,
          teachers: people.map(({ t }) => teacherBrief(app.config.publicUrl, t))
        }
      }
    }
  )

  publicRoute(
    app,
    { method: 'GET', path: '/service.slot/lists', input: z.object({ teacher_id: idParam() }) },
    async ({ input }): Promise<ServiceSlotsResponse> => {
      const [t] = await app.db
        .select()
        .from(teachers)
        .where(and(eq(teachers.id, input.teacher_id), eq(teachers.visible, true)))
        .limit(1)
      if (!t) throw new AppError('老师不存在')
      // Slots held past their pay window show as free again.
      await releaseExpiredBookings(app.db, { teacherId: t.id })
      const now = new Date()
      const times = upcomingSlotTimes(t, now)
      if (!times.length) return { list: [] }
      await app.db
        .insert(serviceSlots)
        .values(times.map((startsAt) => ({ teacherId: t.id, startsAt })))
        .onConflictDoNothing()
      const rows = await app.db
        .select()
        .from(serviceSlots)
        .where(
          and(
            eq(serviceSlots.teacherId, t.id),
            gt(serviceSlots.startsAt, new Date(now.getTime() + LEAD_MS)),
            inArray(serviceSlots.startsAt, times)
          )
        )
        .orderBy(asc(serviceSlots.startsAt))
      return {
        list: rows.map((s) => ({ slot_id: s.id, starts_at: s.startsAt.toISOString(), free: s.orderId === null }))
      }
    }
  )
}
