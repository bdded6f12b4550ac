import crypto from 'node:crypto'

import { and, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type {
  AdminNotifyChannel,
  AdminNotifyDeliveries,
  AdminNotifyDelivery,
  AdminNotifyEvent,
  AdminNotifyEvents,
  AdminNotifySetting,
  AdminNotifyTestResult
} from '../../../contract/admin-notify'
import { chinaClock, DAY_MS } from '../../../contract/china-time'
import { AppError, MSG_STALE } from '../../core/envelope'
import { paged } from '../../core/paging'
import { idParam, optional } from '../../core/validate'
import type { Executor } from '../../db/database'
import {
  adminAuditLogs,
  DELIVERY_STATES,
  notificationDeliveries,
  notificationTemplates,
  NOTIFY_CHANNELS,
  users
} from '../../db/schema'
import { EVENT_KEYS, type EventDef, type EventKey, EVENTS, isEventKey } from '../notify/events'
import { checkMapping, FIELD_KINDS, type FieldKind, KIND_LABELS, KIND_MAX } from '../notify/fields'
import { auditPage, dayParam } from './audit-routes'
import { chinaDate } from './order-queries'
import { versionField } from './order-routes'
import { adminPaging, adminRoute, boolParam } from './route'

type TemplateRow = typeof notificationTemplates.$inferSelect
type DeliveryRow = typeof notificationDeliveries.$inferSelect

/** A test send's dedupe key starts so: the 发送记录 marks it, and it never meets an event's own key. */
const TEST_PREFIX = 'test:'
/** The 发送记录 counts this many matching rows at most; beyond, it says there are more (`more`). */
const COUNT_CAP = 10_000
/** How long a test send waits for a delivery another server process took before answering it as it stands. */
const TEST_WAIT_MS = 5_000

const channelsOf = (def: EventDef): AdminNotifyChannel[] =>
  def.audience === 'user' ? ['subscribe', 'template'] : def.robot === false ? [] : ['robot']

/**
 * The template key types a field may fill, asked of checkMapping itself (one key of each type): the console
 * offers exactly what a save would accept.
 */
function fitsOf(event: EventKey, field: string): FieldKind[] {
  const known = fitsKnown.get(`${event}.${field}`)
  if (known) return known
  const fits = FIELD_KINDS.filter((kind) => {
    try {
      checkMapping(event, { [`${kind}1`]: field })
      return true
    } catch {
      return false
    }
  })
  fitsKnown.set(`${event}.${field}`, fits)
  return fits
}
/** The catalogue is code: what a field fits is worked out once per process. */
const fitsKnown = new Map<string, FieldKind[]>()

const settingView = (t: TemplateRow): AdminNotifySetting => ({
  enabled: t.enabled,
  template_id: t.templateId,
  fields: t.fields,
  updated_at: t.updatedAt.toISOString()
})

function eventView(event: EventKey, rows: TemplateRow[]): AdminNotifyEvent {
  const def: EventDef = EVENTS[event]
  const settings: AdminNotifyEvent['settings'] = {}
  for (const r of rows) if (r.event === event) settings[r.channel] = settingView(r)
  return {
    event,
    label: def.label,
    audience: def.audience,
    fields: Object.entries(def.fields).map(([name, f]) => ({
      name,
      label: f.label,
      kind: f.kind,
      kind_label: KIND_LABELS[f.kind],
      fits: fitsOf(event, name)
    })),
    channels: channelsOf(def),
    settings
  }
}

const pad = (n: number) => String(n).padStart(2, '0')

/**
 * A value of each field kind that WeChat takes for that kind, to show a test message as a real one would look:
 * the values are written from the kind (and the field's name), never stored beside the event.
 */
function sampleValue(kind: FieldKind, label: string, now: Date): string {
  const c = chinaClock(now)
  const day = `${c.year}年${c.month}月${c.day}日`
  switch (kind) {
    case 'thing':
      return Array.from(`测试${label}`).slice(0, KIND_MAX.thing).join('')
    case 'character_string':
      return `TEST${c.year}${pad(c.month)}${pad(c.day)}${pad(c.hour)}${pad(c.minute)}`
    case 'number':
      return '1'
    case 'letter':
      return 'TEST'
    case 'symbol':
      return '#'
    case 'time':
      return `${day} ${pad(c.hour)}:${pad(c.minute)}`
    case 'date':
      return day
    case 'amount':
      return '¥0.01'
    case 'phone_number':
      return '400-000-0000'
    case 'car_number':
      return '京A00000'
    case 'name':
      return '张三'
    case 'phrase':
      return '测试'
  }
}

export function sampleFields(event: EventKey, now = new Date()): Record<string, string> {
  const fields: Record<string, { label: string; kind: FieldKind }> = EVENTS[event].fields
  return Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, sampleValue(f.kind, f.label, now)]))
}

function deliveryView(r: DeliveryRow, nickname: string | null): AdminNotifyDelivery {
  return {
    id: r.id,
    event: r.event,
    event_label: isEventKey(r.event) ? EVENTS[r.event].label : r.event,
    channel: r.channel,
    user_id: r.userId,
    user_nickname: nickname ?? '',
    state: r.state,
    attempts: r.attempts,
    last_error: r.lastError,
    fields: r.fields,
    test: r.dedupeKey.startsWith(TEST_PREFIX),
    next_try_at: r.nextTryAt?.toISOString() ?? null,
    sent_at: r.sentAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString()
  }
}

async function deliveryById(db: Executor, id: number): Promise<AdminNotifyDelivery> {
  const [r] = await db
    .select({ d: notificationDeliveries, nickname: users.nickname })
    .from(notificationDeliveries)
    .leftJoin(users, eq(users.id, notificationDeliveries.userId))
    .where(eq(notificationDeliveries.id, id))
  return deliveryView(r.d, r.nickname)
}

/** The audience's words for a channel it cannot use. */
function checkChannel(event: EventKey, channel: AdminNotifyChannel): void {
  const def: EventDef = EVENTS[event]
  if (def.audience === 'user' && channel === 'robot')
    throw new AppError(`「${def.label}」是发给用户的通知，不能发到运营群机器人`)
  if (def.audience === 'operator' && channel !== 'robot')
    throw new AppError(`「${def.label}」是给运营的通知，只能发到群机器人，不能设置微信模板`)
  if (def.audience === 'operator' && def.robot === false)
    throw new AppError(`「${def.label}」只在老师自己的后台提醒，不发到运营群机器人`)
}

const EVENT_ENUM = z.enum(EVENT_KEYS as [EventKey, ...EventKey[]])
const CHANNEL_ENUM = z.enum(NOTIFY_CHANNELS)
// WeChat's template ids are letters, digits, `-` and `_` (e.g. 9Ku4Qk-Ab_Cd…).
const templateIdField = z
  .string()
  .trim()
  .max(64)
  .regex(/^[A-Za-z0-9_-]*$/, '模板 ID 只能包含字母、数字、- 和 _')

const SAVE_LABELS = {
  event: '事件',
  channel: '渠道',
  enabled: '是否开启',
  template_id: '模板 ID',
  fields: '模板字段',
  updated_at: '记录版本'
}

/**
 * 消息设置: the WeChat templates of each event and which of their keys each event field fills, the group
 * robot's events, the 发送记录 and a test send through the outbox. Every change is audited.
 */
export default async function notifyRoutes(app: FastifyInstance): Promise<void> {
  adminRoute(
    app,
    { method: 'GET', path: '/notify/events', input: z.object({}), permission: 'notify.manage' },
    async (): Promise<AdminNotifyEvents> => {
      const rows = await app.db.select().from(notificationTemplates)
      return {
        events: EVENT_KEYS.map((e) => eventView(e, rows)),
        kinds: FIELD_KINDS.map((kind) => ({ kind, label: KIND_LABELS[kind], max: KIND_MAX[kind] })),
        robot_configured: Boolean(app.config.operatorWebhookUrl),
        wechat: {
          provider: app.services.wechat.name,
          mini_program: app.services.wechat.name === 'simulator' || Boolean(app.config.wechat.mpAppSecret),
          official_account: app.services.wechat.name === 'simulator' || Boolean(app.config.wechat.appSecret)
        }
      }
    }
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/notify/save',
      input: z.object({
        event: EVENT_ENUM,
        channel: CHANNEL_ENUM,
        enabled: boolParam,
        template_id: templateIdField.default(''),
        fields: z.record(z.string().max(40), z.string().max(40)).default({}),
        updated_at: z.preprocess((v) => (v === '' || v === undefined ? null : v), versionField.nullable())
      }),
      permission: 'notify.manage',
      labels: SAVE_LABELS
    },
    async ({ input, audit }): Promise<AdminNotifySetting> => {
      checkChannel(input.event, input.channel)
      const robot = input.channel === 'robot'
      // A template that is on must say which template and what each of its keys shows; one that is off may
      // keep what was set, but only what a save when on would take.
      if (!robot) {
        if (input.enabled && !input.template_id) throw new AppError('请填写微信的模板 ID')
        if (input.enabled || Object.keys(input.fields).length) checkMapping(input.event, input.fields)
      }
      const values = {
        event: input.event,
        channel: input.channel,
        enabled: input.enabled,
        templateId: robot ? '' : input.template_id,
        fields: robot ? {} : input.fields,
        updatedAt: new Date()
      }
      return app.db.transaction(async (tx) => {
        const where = and(
          eq(notificationTemplates.event, input.event),
          eq(notificationTemplates.channel, input.channel)
        )
        const [before] = await tx.select().from(notificationTemplates).where(where).for('update')
        if ((before?.updatedAt.toISOString() ?? null) !== input.updated_at) throw new AppError(MSG_STALE)
        const [saved] = await tx
          .insert(notificationTemplates)
          .values(values)
          .onConflictDoUpdate({ target: [notificationTemplates.event, notificationTemplates.channel], set: values })
          .returning()
        const shown = (t: TemplateRow | undefined) =>
          t && { enabled: t.enabled, template_id: t.templateId, fields: t.fields }
        await audit(
          {
            action: 'notify.save',
            targetType: 'notification_template',
            targetId: `${input.event}:${input.channel}`,
            before: shown(before) ?? null,
            after: shown(saved)
          },
          tx
        )
        return settingView(saved)
      })
    }
  )

  adminRoute(
    app,
    { method: 'GET', path: '/notify/history', input: z.object(adminPaging), permission: 'notify.manage' },
    async ({ input }) =>
      auditPage(app.db, eq(adminAuditLogs.targetType, 'notification_template'), input.page, input.per_page)
  )

  adminRoute(
    app,
    {
      method: 'GET',
      path: '/notify/deliveries',
      input: z.object({
        ...adminPaging,
        event: optional(EVENT_ENUM),
        channel: optional(CHANNEL_ENUM),
        state: optional(z.enum(DELIVERY_STATES)),
        user_id: optional(idParam()),
        date_from: optional(dayParam),
        date_to: optional(dayParam)
      }),
      permission: 'notify.manage',
      labels: {
        event: '事件',
        channel: '渠道',
        state: '状态',
        user_id: '用户 ID',
        date_from: '开始日期',
        date_to: '结束日期'
      }
    },
    async ({ input: q }): Promise<AdminNotifyDeliveries> => {
      const d = notificationDeliveries
      const where: SQL | undefined = and(
        q.event ? eq(d.event, q.event) : undefined,
        q.channel ? eq(d.channel, q.channel) : undefined,
        q.state ? eq(d.state, q.state) : undefined,
        q.user_id ? eq(d.userId, q.user_id) : undefined,
        q.date_from ? gte(d.createdAt, chinaDate(q.date_from)) : undefined,
        q.date_to ? lt(d.createdAt, new Date(chinaDate(q.date_to).getTime() + DAY_MS)) : undefined
      )
      const offset = (q.page - 1) * q.per_page
      // Newest first by id, the order rows are written in: the page's ids come from the primary key alone (a
      // user's from its (user_id, id) index, a date range from created_at's), and only those rows are read whole.
      const ids = app.db.select({ id: d.id }).from(d).where(where).orderBy(desc(d.id)).limit(q.per_page).offset(offset)
      const rows = await app.db
        .select({ d, nickname: users.nickname })
        .from(d)
        .leftJoin(users, eq(users.id, d.userId))
        .where(inArray(d.id, ids))
        .orderBy(desc(d.id))
      const list = rows.map((r) => deliveryView(r.d, r.nickname))
      // A short page that is not past the end is the last one: its total is known without counting.
      if (rows.length < q.per_page && (rows.length > 0 || q.page === 1))
        return { ...paged(list, offset + rows.length, q.page, q.per_page), more: false }
      // Counting a long history row by row would cost more than the page itself: the count stops at COUNT_CAP.
      const counted = app.db
        .select({ one: sql`1` })
        .from(d)
        .where(where)
        .limit(COUNT_CAP + 1)
        .as('counted')
      const [{ n }] = await app.db.select({ n: count() }).from(counted)
      return { ...paged(list, Math.min(n, COUNT_CAP), q.page, q.per_page), more: n > COUNT_CAP }
    }
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/notify/test',
      input: z.object({ event: EVENT_ENUM, channel: CHANNEL_ENUM, user_id: optional(idParam()) }),
      permission: 'notify.manage',
      labels: { event: '事件', channel: '渠道', user_id: '用户 ID' }
    },
    async ({ input, audit }): Promise<AdminNotifyTestResult> => {
      checkChannel(input.event, input.channel)
      let userId: number | null = null
      if (input.channel !== 'robot') {
        if (!input.user_id) throw new AppError('请填写接收测试消息的用户 ID')
        const [u] = await app.db.select({ id: users.id }).from(users).where(eq(users.id, input.user_id))
        if (!u) throw new AppError(`用户 ${input.user_id} 不存在`)
        userId = u.id
      }
      const [row] = await app.db
        .insert(notificationDeliveries)
        .values({
          dedupeKey: `${TEST_PREFIX}${input.event}:${input.channel}:${crypto.randomUUID()}`,
          event: input.event,
          channel: input.channel,
          userId,
          fields: sampleFields(input.event),
          link: ''
        })
        .returning({ id: notificationDeliveries.id })
      await audit({
        action: 'notify.test',
        targetType: 'notification_delivery',
        targetId: row.id,
        after: { event: input.event, channel: input.channel, user_id: userId }
      })
      // Through the outbox as every delivery goes (the same checks, subscription and retries), at once. Another
      // server process may have taken it first: then its outcome is waited for a moment.
      await app.services.notifyOutbox.deliverDue()
      const deadline = Date.now() + TEST_WAIT_MS
      let delivery = await deliveryById(app.db, row.id)
      while (delivery.state === 'pending' && !delivery.last_error && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200))
        delivery = await deliveryById(app.db, row.id)
      }
      return { delivery }
    }
  )
}
