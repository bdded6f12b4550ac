import crypto from 'node:crypto'

import { desc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { AdminActivity, AdminSaved } from '../../../contract/admin'
import { AppError, MSG_STALE } from '../../core/envelope'
import { paged } from '../../core/paging'
import { idParam, imageAddress, intParam, text } from '../../core/validate'
import { activities } from '../../db/schema'
import { sanitizeArticleHtml } from '../article/sanitize'
import { adminPaging, adminRoute, boolParam } from './route'

type Activity = typeof activities.$inferSelect

/** 100,000 yuan: far above any activity fee, low enough that a typo of extra zeros is caught. */
const MAX_FEE_FEN = 10_000_000
const LABELS: Record<string, string> = {
  activity_id: '活动',
  version: '记录版本',
  title: '活动名称',
  summary: '简介',
  cover: '封面',
  content: '活动详情',
  organizer: '主办方',
  city: '城市',
  address: '地点',
  starts_at: '开始时间',
  ends_at: '结束时间',
  signup_deadline: '报名截止时间',
  capacity: '名额',
  fee_fen: '报名费',
  refund_hours: '可退款截止（开始前小时数）',
  form_fields: '报名表问题',
  label: '问题名称',
  required: '必填',
  visible: '上架状态'
}

const instant = z
  .string()
  .trim()
  .datetime({ offset: true })
  .transform((v) => new Date(v))

const fields = z
  .object({
    title: text(64, 1),
    summary: text(128).default(''),
    cover: imageAddress('封面').default(''),
    content: z.string().max(50_000).default(''),
    organizer: text(32).default(''),
    city: text(16, 1),
    address: text(128, 1),
    starts_at: instant,
    ends_at: instant,
    signup_deadline: instant,
    capacity: intParam(1, 100_000),
    fee_fen: intParam(0, MAX_FEE_FEN),
    refund_hours: intParam(0, 720).default(24),
    form_fields: z
      .array(z.object({ label: text(16, 1), required: boolParam.default(false) }))
      .max(10)
      .refine((l) => l.length === new Set(l.map((f) => f.label)).size, '报名表问题不能重名')
      .default([]),
    visible: boolParam.default(true)
  })
  .refine((a) => a.ends_at > a.starts_at, { message: '结束时间应晚于开始时间', path: ['ends_at'] })
  .refine((a) => a.signup_deadline <= a.starts_at, {
    message: '报名截止时间不能晚于开始时间',
    path: ['signup_deadline']
  })
type Input = z.output<typeof fields>

function columnsOf(input: Input) {
  return {
    title: input.title,
    summary: input.summary,
    cover: input.cover,
    content: sanitizeArticleHtml(input.content),
    organizer: input.organizer,
    city: input.city,
    address: input.address,
    startsAt: input.starts_at,
    endsAt: input.ends_at,
    signupDeadline: input.signup_deadline,
    capacity: input.capacity,
    feeFen: input.fee_fen,
    refundHours: input.refund_hours,
    formFields: input.form_fields,
    visible: input.visible
  }
}

const snapshot = (a: Activity) => ({
  title: a.title,
  city: a.city,
  address: a.address,
  starts_at: a.startsAt.toISOString(),
  signup_deadline: a.signupDeadline.toISOString(),
  capacity: a.capacity,
  fee_fen: a.feeFen,
  refund_hours: a.refundHours,
  form_fields: a.formFields,
  visible: a.visible
})

function view(a: Activity): AdminActivity {
  return {
    activity_id: a.id,
    title: a.title,
    summary: a.summary,
    cover: a.cover,
    content: a.content,
    organizer: a.organizer,
    city: a.city,
    address: a.address,
    starts_at: a.startsAt.toISOString(),
    ends_at: a.endsAt.toISOString(),
    signup_deadline: a.signupDeadline.toISOString(),
    capacity: a.capacity,
    taken: a.taken,
    fee_fen: a.feeFen,
    refund_hours: a.refundHours,
    form_fields: a.formFields,
    visible: a.visible,
    version: a.version
  }
}

/** 活动: creating and editing activities — time, place, seats, fee, refund rule and the sign-up form. */
export default async function activityRoutes(app: FastifyInstance): Promise<void> {
  adminRoute(
    app,
    {
      method: 'GET',
      path: '/activity/lists',
      input: z.object(adminPaging),
      permission: 'activity.edit',
      labels: LABELS
    },
    async ({ input }) => {
      const [rows, [{ n }]] = await Promise.all([
        app.db
          .select()
          .from(activities)
          .orderBy(desc(activities.startsAt), desc(activities.id))
          .limit(input.per_page)
          .offset((input.page - 1) * input.per_page),
        app.db.select({ n: sql<number>`count(*)::int` }).from(activities)
      ])
      return paged(rows.map(view), Number(n), input.page, input.per_page)
    }
  )

  adminRoute(
    app,
    { method: 'POST', path: '/activity/add', input: fields, permission: 'activity.edit', labels: LABELS },
    async ({ input, audit }): Promise<AdminSaved> =>
      app.db.transaction(async (tx) => {
        const [a] = await tx
          .insert(activities)
          .values({ slug: `activity-${crypto.randomBytes(8).toString('hex')}`, ...columnsOf(input) })
          .returning()
        await audit({ action: 'activity.add', targetType: 'activity', targetId: a.id, after: snapshot(a) }, tx)
        return { id: a.id, version: a.version }
      })
  )

  // Sign-ups already made keep the fee and answers they were made with; seats cannot drop below those taken.
  adminRoute(
    app,
    {
      method: 'POST',
      path: '/activity/edit',
      input: z.object({ activity_id: idParam(), version: intParam(1, 2_147_483_647) }).and(fields),
      permission: 'activity.edit',
      labels: LABELS
    },
    async ({ input, audit }): Promise<AdminSaved> =>
      app.db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(activities)
          .where(eq(activities.id, input.activity_id))
          .for('update')
          .limit(1)
        if (!before) throw new AppError('活动不存在')
        if (before.version !== input.version) throw new AppError(MSG_STALE)
        if (input.capacity < before.taken) throw new AppError(`名额不能少于已占用的 ${before.taken} 个`)
        const [a] = await tx
          .update(activities)
          .set({ ...columnsOf(input), version: sql`${activities.version} + 1` })
          .where(eq(activities.id, before.id))
          .returning()
        await audit(
          {
            action: 'activity.edit',
            targetType: 'activity',
            targetId: a.id,
            before: snapshot(before),
            after: snapshot(a)
          },
          tx
        )
        return { id: a.id, version: a.version }
      })
  )
}
