import crypto from 'node:crypto'

import { and, asc, count, eq, gt, ilike, inArray, isNotNull, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { AdminConsultService, AdminSaved, AdminTeacherDetail, AdminTeacherListItem } from '../../../contract/admin'
import { chinaDateTime } from '../../../contract/china-time'
import { AppError, MSG_STALE } from '../../core/envelope'
import { paged } from '../../core/paging'
import { idParam, imageAddress, intParam, multiline, optional, text } from '../../core/validate'
import type { Executor, Tx } from '../../db/database'
import { consultServices, courses, serviceOrders, serviceSlots, serviceTeachers, teachers } from '../../db/schema'
import { SERVICE_KINDS } from '../service/catalog'
import { CHINA_DATE, offersHour, type TeacherSchedule, TIME_OF_DAY, upcomingSlotTimes } from '../service/schedule'
import { adminPaging, adminRoute, boolParam } from './route'

type Teacher = typeof teachers.$inferSelect
type Service = typeof consultServices.$inferSelect

/** 100,000 yuan: far above any consultation, low enough that a typo of extra zeros is caught. */
const MAX_PRICE_FEN = 10_000_000
const versionField = intParam(1, 2_147_483_647)

const LABELS: Record<string, string> = {
  teacher_id: '老师',
  service_id: '服务',
  version: '记录版本',
  keyword: '关键词',
  name: '老师姓名',
  title: '标题',
  avatar: '照片',
  cover: '封面',
  city: '城市',
  years: '从业年限',
  specialties: '擅长领域',
  intro: '简介',
  sort: '排序',
  visible: '显示状态',
  service_ids: '提供的服务',
  weekly_slots: '每周可约时段',
  days_off: '休息日期',
  extra_slots: '加开时段',
  kind: '服务类型',
  summary: '简介',
  content: '服务详情',
  price_fen: '价格',
  duration_min: '时长'
}

const unique = <T>(list: T[]) => list.length === new Set(list).size
const timeOfDay = z.string().trim().regex(TIME_OF_DAY, '每周可约时段的时间应为 HH:MM，如 14:00')
const chinaDate = z.string().trim().regex(CHINA_DATE, '休息日期应为 YYYY-MM-DD，如 2026-01-31')
const dateTime = z
  .string()
  .trim()
  .refine((v) => {
    const [date, time, rest] = v.split(' ')
    return rest === undefined && CHINA_DATE.test(date ?? '') && TIME_OF_DAY.test(time ?? '')
  }, '加开时段应为 YYYY-MM-DD HH:MM，如 2026-01-31 14:00')

const teacherFields = {
  name: text(32, 1),
  title: text(64).default(''),
  avatar: imageAddress('照片').default(''),
  cover: imageAddress('封面').default(''),
  city: text(16).default(''),
  years: intParam(0, 80).default(0),
  specialties: z.array(text(16, 1)).max(8).refine(unique, '不能重复').default([]),
  intro: multiline(5000).default(''),
  sort: intParam(0, 9999).default(0),
  visible: boolParam.default(true),
  service_ids: z.array(idParam()).max(50).refine(unique, '不能重复').default([]),
  weekly_slots: z.array(z.array(timeOfDay).max(24).refine(unique, '每周可约时段同一天的时间不能重复')).length(7),
  days_off: z.array(chinaDate).max(366).default([]),
  extra_slots: z.array(dateTime).max(200).refine(unique, '不能重复').default([])
}
type TeacherInput = z.output<z.ZodObject<typeof teacherFields>>

const serviceFields = {
  kind: z.enum(SERVICE_KINDS),
  title: text(64, 1),
  summary: multiline(200).default(''),
  cover: imageAddress('封面').default(''),
  content: multiline(5000).default(''),
  price_fen: intParam(1, MAX_PRICE_FEN),
  duration_min: intParam(5, 600),
  sort: intParam(0, 9999).default(0),
  visible: boolParam.default(true)
}
type ServiceInput = z.output<z.ZodObject<typeof serviceFields>>

const slug = (prefix: string) => `${prefix}-${crypto.randomBytes(8).toString('hex')}`
const sortTimes = (list: string[]) => [...new Set(list)].sort()

function teacherColumns(input: TeacherInput) {
  return {
    name: input.name,
    title: input.title,
    avatar: input.avatar,
    cover: input.cover,
    city: input.city,
    years: input.years,
    specialties: input.specialties,
    intro: input.intro,
    sort: input.sort,
    visible: input.visible,
    weeklySlots: input.weekly_slots.map(sortTimes),
    daysOff: sortTimes(input.days_off),
    extraSlots: sortTimes(input.extra_slots)
  }
}

function teacherSnapshot(t: Teacher, serviceIds: number[]) {
  return {
    name: t.name,
    title: t.title,
    avatar: t.avatar,
    city: t.city,
    years: t.years,
    specialties: t.specialties,
    visible: t.visible,
    service_ids: serviceIds,
    weekly_slots: t.weeklySlots,
    days_off: t.daysOff,
    extra_slots: t.extraSlots
  }
}

function serviceColumns(input: ServiceInput) {
  return {
    kind: input.kind,
    title: input.title,
    summary: input.summary,
    cover: input.cover,
    content: input.content,
    priceFen: input.price_fen,
    durationMin: input.duration_min,
    sort: input.sort,
    visible: input.visible
  }
}

const serviceSnapshot = (s: Service) => ({
  kind: s.kind,
  title: s.title,
  price_fen: s.priceFen,
  duration_min: s.durationMin,
  visible: s.visible,
  summary: s.summary
})

async function serviceIdsOf(db: Executor, teacherId: number): Promise<number[]> {
  const rows = await db
    .select({ id: serviceTeachers.serviceId })
    .from(serviceTeachers)
    .where(eq(serviceTeachers.teacherId, teacherId))
    .orderBy(asc(serviceTeachers.serviceId))
  return rows.map((r) => r.id)
}

/** Sets which services the teacher takes; every id must be a service. */
async function linkServices(tx: Tx, teacherId: number, serviceIds: number[]): Promise<void> {
  if (serviceIds.length) {
    const [{ n }] = await tx.select({ n: count() }).from(consultServices).where(inArray(consultServices.id, serviceIds))
    if (n !== serviceIds.length) throw new AppError('所选服务不存在')
  }
  await tx.delete(serviceTeachers).where(eq(serviceTeachers.teacherId, teacherId))
  if (serviceIds.length)
    await tx.insert(serviceTeachers).values(serviceIds.map((serviceId) => ({ serviceId, teacherId })))
}

/**
 * A teacher's hour that holds a live booking stays in the schedule: the operator cancels the booking first (in
 * 服务预约, with its refund). The teacher row is locked by the caller and a booking takes it FOR SHARE, so an hour is
 * never removed while it is being booked.
 */
async function keepBookedHours(tx: Tx, teacherId: number, schedule: TeacherSchedule): Promise<void> {
  const live = await tx
    .select({ startsAt: serviceOrders.startsAt, name: serviceOrders.name })
    .from(serviceOrders)
    .where(
      and(
        eq(serviceOrders.teacherId, teacherId),
        inArray(serviceOrders.status, ['unpaid', 'paid']),
        gt(serviceOrders.startsAt, new Date())
      )
    )
    .orderBy(asc(serviceOrders.startsAt))
  const dropped = live.find((o) => !offersHour(schedule, o.startsAt))
  if (dropped)
    throw new AppError(
      `${chinaDateTime(dropped.startsAt).slice(0, 16)} 已有${dropped.name}的预约，请先在服务预约中取消该预约再调整时段`
    )
}

async function teacherDetail(db: Executor, id: number): Promise<AdminTeacherDetail> {
  const [t] = await db.select().from(teachers).where(eq(teachers.id, id)).limit(1)
  if (!t) throw new AppError('老师不存在')
  const times = upcomingSlotTimes(t, new Date())
  const [serviceIds, taught, taken] = await Promise.all([
    serviceIdsOf(db, t.id),
    db.select().from(courses).where(eq(courses.teacher, t.name)).orderBy(asc(courses.sort), asc(courses.id)),
    times.length
      ? db
          .select({ at: serviceSlots.startsAt })
          .from(serviceSlots)
          .where(
            and(
              eq(serviceSlots.teacherId, t.id),
              inArray(serviceSlots.startsAt, times),
              isNotNull(serviceSlots.orderId)
            )
          )
      : Promise.resolve([])
  ])
  const takenAt = new Set(taken.map((r) => r.at.getTime()))
  return {
    teacher_id: t.id,
    name: t.name,
    title: t.title,
    avatar: t.avatar,
    cover: t.cover,
    city: t.city,
    years: t.years,
    specialties: t.specialties,
    intro: t.intro,
    sort: t.sort,
    visible: t.visible,
    service_ids: serviceIds,
    weekly_slots: t.weeklySlots,
    days_off: t.daysOff,
    extra_slots: t.extraSlots,
    version: t.version,
    updated_at: t.updatedAt.toISOString(),
    course_list: taught.map((c) => ({ course_id: c.id, title: c.title, kind: c.kind, visible: c.visible })),
    upcoming: times.map((at) => ({ starts_at: at.toISOString(), taken: takenAt.has(at.getTime()) }))
  }
}

function serviceView(s: Service, people: { teacher_id: number; name: string }[]): AdminConsultService {
  return {
    service_id: s.id,
    kind: s.kind,
    title: s.title,
    summary: s.summary,
    cover: s.cover,
    content: s.content,
    price_fen: s.priceFen,
    duration_min: s.durationMin,
    sort: s.sort,
    visible: s.visible,
    teachers: people,
    version: s.version,
    updated_at: s.updatedAt.toISOString()
  }
}

/** 老师 and 咨询服务: teacher profiles with their services and bookable hours; the services themselves. */
export default async function teacherRoutes(app: FastifyInstance): Promise<void> {
  const servicesOf = sql<number>`(select count(*)::int from service_teachers st where st.teacher_id = "teachers"."id")`
  const coursesOf = sql<number>`(select count(*)::int from courses c where c.teacher = "teachers"."name")`

  adminRoute(
    app,
    {
      method: 'GET',
      path: '/teacher/lists',
      input: z.object({ ...adminPaging, keyword: optional(text(32)) }),
      permission: 'teacher.view',
      labels: LABELS
    },
    async ({ input }) => {
      const where = input.keyword
        ? ilike(teachers.name, `%${input.keyword.replace(/[\\%_]/g, (c) => '\\' + c)}%`)
        : undefined
      const [rows, [{ n }]] = await Promise.all([
        app.db
          .select({ t: teachers, services: servicesOf, courses: coursesOf })
          .from(teachers)
          .where(where)
          .orderBy(asc(teachers.sort), asc(teachers.id))
          .limit(input.per_page)
          .offset((input.page - 1) * input.per_page),
        app.db.select({ n: count() }).from(teachers).where(where)
      ])
      const list: AdminTeacherListItem[] = rows.map(({ t, services, courses: taught }) => ({
        teacher_id: t.id,
        name: t.name,
        title: t.title,
        avatar: t.avatar,
        city: t.city,
        specialties: t.specialties,
        visible: t.visible,
        services: Number(services),
        courses: Number(taught),
        version: t.version,
        updated_at: t.updatedAt.toISOString()
      }))
      return paged(list, n, input.page, input.per_page)
    }
  )

  adminRoute(
    app,
    {
      method: 'GET',
      path: '/teacher/detail',
      input: z.object({ teacher_id: idParam() }),
      permission: 'teacher.view',
      labels: LABELS
    },
    async ({ input }) => teacherDetail(app.db, input.teacher_id)
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/teacher/add',
      input: z.object(teacherFields),
      permission: 'teacher.edit',
      labels: LABELS
    },
    async ({ input, audit }): Promise<AdminSaved> =>
      app.db.transaction(async (tx) => {
        const [t] = await tx
          .insert(teachers)
          .values({ slug: slug('teacher'), ...teacherColumns(input) })
          .returning()
        await linkServices(tx, t.id, input.service_ids)
        await audit(
          {
            action: 'teacher.add',
            targetType: 'teacher',
            targetId: t.id,
            after: teacherSnapshot(t, input.service_ids)
          },
          tx
        )
        return { id: t.id, version: t.version }
      })
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/teacher/edit',
      input: z.object({ teacher_id: idParam(), version: versionField, ...teacherFields }),
      permission: 'teacher.edit',
      labels: LABELS
    },
    async ({ input, audit }): Promise<AdminSaved> =>
      app.db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(teachers)
          .where(eq(teachers.id, input.teacher_id))
          .for('update')
          .limit(1)
        if (!before) throw new AppError('老师不存在')
        if (before.version !== input.version) throw new AppError(MSG_STALE)
        await keepBookedHours(tx, before.id, teacherColumns(input))
        const beforeServices = await serviceIdsOf(tx, before.id)
        const [after] = await tx
          .update(teachers)
          .set({ ...teacherColumns(input), version: sql`${teachers.version} + 1`, updatedAt: new Date() })
          .where(eq(teachers.id, before.id))
          .returning()
        // A teacher's courses are found by name, so a rename takes them along.
        if (after.name !== before.name) {
          await tx
            .update(courses)
            .set({ teacher: after.name, version: sql`${courses.version} + 1`, updatedAt: new Date() })
            .where(eq(courses.teacher, before.name))
        }
        await linkServices(tx, after.id, input.service_ids)
        await audit(
          {
            action: 'teacher.edit',
            targetType: 'teacher',
            targetId: after.id,
            before: teacherSnapshot(before, beforeServices),
            after: teacherSnapshot(after, input.service_ids)
          },
          tx
        )
        return { id: after.id, version: after.version }
      })
  )

  adminRoute(
    app,
    {
      method: 'GET',
      path: '/consult/lists',
      input: z.object({ kind: optional(z.enum(SERVICE_KINDS)) }),
      permission: 'teacher.view',
      labels: LABELS
    },
    async ({ input }) => {
      const rows = await app.db
        .select()
        .from(consultServices)
        .where(input.kind ? eq(consultServices.kind, input.kind) : undefined)
        .orderBy(asc(consultServices.sort), asc(consultServices.id))
      const links = await app.db
        .select({ serviceId: serviceTeachers.serviceId, teacher_id: teachers.id, name: teachers.name })
        .from(serviceTeachers)
        .innerJoin(teachers, eq(teachers.id, serviceTeachers.teacherId))
        .orderBy(asc(teachers.sort), asc(teachers.id))
      return {
        list: rows.map((s) =>
          serviceView(
            s,
            links.filter((l) => l.serviceId === s.id).map(({ teacher_id, name }) => ({ teacher_id, name }))
          )
        )
      }
    }
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/consult/add',
      input: z.object(serviceFields),
      permission: 'teacher.edit',
      labels: LABELS
    },
    async ({ input, audit }): Promise<AdminSaved> =>
      app.db.transaction(async (tx) => {
        const [s] = await tx
          .insert(consultServices)
          .values({ slug: slug('service'), ...serviceColumns(input) })
          .returning()
        await audit(
          { action: 'consult.add', targetType: 'consult_service', targetId: s.id, after: serviceSnapshot(s) },
          tx
        )
        return { id: s.id, version: s.version }
      })
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/consult/edit',
      input: z.object({ service_id: idParam(), version: versionField, ...serviceFields }),
      permission: 'teacher.edit',
      labels: LABELS
    },
    async ({ input, audit }): Promise<AdminSaved> =>
      app.db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(consultServices)
          .where(eq(consultServices.id, input.service_id))
          .for('update')
          .limit(1)
        if (!before) throw new AppError('服务不存在')
        if (before.version !== input.version) throw new AppError(MSG_STALE)
        const [after] = await tx
          .update(consultServices)
          .set({ ...serviceColumns(input), version: sql`${consultServices.version} + 1`, updatedAt: new Date() })
          .where(eq(consultServices.id, before.id))
          .returning()
        await audit(
          {
            action: 'consult.edit',
            targetType: 'consult_service',
            targetId: after.id,
            before: serviceSnapshot(before),
            after: serviceSnapshot(after)
          },
          tx
        )
        return { id: after.id, version: after.version }
      })
  )
}
