import { and, eq, gt, gte, lt, lte, notExists, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'

import { chinaClock, chinaDayStart, DAY_MS } from '../../../contract/china-time'
import { scheduleSweep } from '../../core/sweep'
import type { Db, Tx } from '../../db/database'
import {
  activities,
  activitySignups,
  consultServices,
  courseEnrollments,
  courses,
  liveSessions,
  offlineClasses,
  offlineSignups,
  serviceOrders,
  serviceSlots,
  teachers,
  userMessages
} from '../../db/schema'
import type { UserEventKey } from './events'
import type { Notifier, UserNotice } from './notifier'
import { timeText } from './values'

// Reminders that come due with time rather than with a request: a live session about to start, an offline
// class or an activity tomorrow, a consultation in a day and in an hour. A round looks for what is due at
// `now`, and tells only those not told yet: the in-app message written by the notifier under the event's
// key is the record, so a round run twice, by two processes or after a restart, tells no one twice.

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
/** A round a minute: a live session's 15-minute notice goes out within a minute of coming due. */
const ROUND_MS = MINUTE_MS
/** How long before its start a live session is announced. */
const LIVE_AHEAD_MS = 15 * MINUTE_MS
/** Tomorrow's classes and activities are told from this China hour on, not in the night. */
const DAY_BEFORE_HOUR = 9

export interface ReminderCounts {
  live: number
  offline: number
  activity: number
  consult: number
}

/**
 * How far off a booking is, for the reminder's title (预约明天开始): the `remaining` field is a WeChat 汉字短语,
 * at most five Chinese characters and no digits.
 */
export function remainingPhrase(startsAt: Date, now: Date): string {
  const ms = startsAt.getTime() - now.getTime()
  if (ms <= 15 * MINUTE_MS) return '即将'
  if (ms <= 45 * MINUTE_MS) return '半小时后'
  if (ms <= 90 * MINUTE_MS) return '一小时后'
  return chinaDayStart(startsAt).getTime() === chinaDayStart(now).getTime() ? '今天' : '明天'
}

/**
 * The user of `userColumn` (in the row being selected) has no message under this key yet: a lookup in the
 * messages' unique (user, key) index, so a round finds nothing left to do in a few reads once all are told.
 */
const notToldYet = (db: Db, userColumn: AnyPgColumn, dedupeKey: string | SQL) =>
  notExists(
    db
      .select({ one: sql`1` })
      .from(userMessages)
      .where(and(eq(userMessages.userId, userColumn), eq(userMessages.dedupeKey, dedupeKey)))
  )

/** The key the notifier files a message under (notifier.ts: `${event}:${key}`). */
const keyOf = (event: UserEventKey, key: string | number) => `${event}:${key}`

/**
 * Tells one occurrence to its people in its own transaction (with `also`, what else it tells there, such as
 * the teacher's own notice); answers how many users were told.
 */
type Tell = <K extends UserEventKey>(
  event: K,
  userIds: number[],
  notice: UserNotice<K>,
  also?: (tx: Tx) => Promise<void>
) => Promise<number>

/**
 * One round at `now`. Each occurrence is told in its own transaction, so its messages and WeChat deliveries are
 * written together or not at all. One that fails does not hold up the rest: they are told, and the round then
 * fails naming how many did not go (logged by the job queue; the next round tries them again).
 */
export async function remindersRound(db: Db, notify: Notifier, now: Date): Promise<ReminderCounts> {
  const failures: unknown[] = []
  const tell: Tell = async (event, userIds, notice, also) => {
    if (!userIds.length) return 0
    try {
      await db.transaction(async (tx) => {
        await notify.toUsers(tx, event, userIds, notice)
        await also?.(tx)
      })
      return userIds.length
    } catch (err) {
      failures.push(err)
      return 0
    }
  }
  const counts = {
    live: await liveStarting(db, tell, now),
    offline: await offlineTomorrow(db, tell, now),
    activity: await activityTomorrow(db, tell, now),
    consult: await consultReminders(db, notify, tell, now)
  }
  if (failures.length) throw new AggregateError(failures, `${failures.length} reminders could not be written`)
  return counts
}

/** Live sessions starting within 15 minutes, not yet started: every learner of the course. */
async function liveStarting(db: Db, tell: Tell, now: Date): Promise<number> {
  const due = await db
    .select({ session: liveSessions, course: courses.title })
    .from(liveSessions)
    .innerJoin(courses, eq(courses.id, liveSessions.courseId))
    // A hidden course's sessions cannot be watched (course.live/play refuses them): nobody is called to one.
    .where(
      and(
        gt(liveSessions.startsAt, now),
        lte(liveSessions.startsAt, new Date(now.getTime() + LIVE_AHEAD_MS)),
        eq(courses.visible, true)
      )
    )
  let told = 0
  for (const { session, course } of due) {
    const learners = await db
      .select({ userId: courseEnrollments.userId })
      .from(courseEnrollments)
      .where(
        and(
          eq(courseEnrollments.courseId, session.courseId),
          notToldYet(db, courseEnrollments.userId, keyOf('live.starting', session.id))
        )
      )
    told += await tell(
      'live.starting',
      learners.map((l) => l.userId),
      {
        key: session.id,
        fields: { course, session: session.title, time: timeText(session.startsAt) },
        link: `live/pages/index/index?session_id=${session.id}`
      }
    )
  }
  return told
}

/** [start, end) of tomorrow in China, once today's 09:00 has come; before that, nothing is due. */
function tomorrowOf(now: Date): [Date, Date] | undefined {
  if (chinaClock(now).hour < DAY_BEFORE_HOUR) return undefined
  const start = new Date(chinaDayStart(now).getTime() + DAY_MS)
  return [start, new Date(start.getTime() + DAY_MS)]
}

/**
 * Offline classes starting tomorrow: everyone with a seat (a sign-up is a seat until then; there is no
 * cancelling one). A sign-up made later that day is told in the next round.
 */
async function offlineTomorrow(db: Db, tell: Tell, now: Date): Promise<number> {
  const day = tomorrowOf(now)
  if (!day) return 0
  const classes = await db
    .select({ klass: offlineClasses, course: courses.title })
    .from(offlineClasses)
    .innerJoin(courses, eq(courses.id, offlineClasses.courseId))
    .where(
      and(gt(offlineClasses.startsAt, now), gte(offlineClasses.startsAt, day[0]), lt(offlineClasses.startsAt, day[1]))
    )
  let told = 0
  for (const { klass, course } of classes) {
    const seats = await db
      .select({ userId: offlineSignups.userId })
      .from(offlineSignups)
      .where(
        and(
          eq(offlineSignups.classId, klass.id),
          notToldYet(db, offlineSignups.userId, keyOf('offline.tomorrow', klass.id))
        )
      )
    told += await tell(
      'offline.tomorrow',
      seats.map((s) => s.userId),
      {
        key: klass.id,
        fields: { course, time: timeText(klass.startsAt), place: klass.address },
        // The user's own sign-ups show the time and place even when the course has left the shelf.
        link: 'pages/my/offline'
      }
    )
  }
  return told
}

/** Activities starting tomorrow: the signed (free, or paid) sign-ups; unpaid and cancelled ones are not going. */
async function activityTomorrow(db: Db, tell: Tell, now: Date): Promise<number> {
  const day = tomorrowOf(now)
  if (!day) return 0
  const due = await db
    .select()
    .from(activities)
    .where(and(gt(activities.startsAt, now), gte(activities.startsAt, day[0]), lt(activities.startsAt, day[1])))
  let told = 0
  for (const a of due) {
    const going = await db
      .select({ userId: activitySignups.userId })
      .from(activitySignups)
      .where(
        and(
          eq(activitySignups.activityId, a.id),
          eq(activitySignups.status, 'signed'),
          notToldYet(db, activitySignups.userId, keyOf('activity.tomorrow', a.id))
        )
      )
    told += await tell(
      'activity.tomorrow',
      going.map((g) => g.userId),
      {
        key: a.id,
        fields: { activity: a.title, time: timeText(a.startsAt), place: a.address },
        link: 'pages/my/activity'
      }
    )
  }
  return told
}

/**
 * A reminder of a paid consultation `lead` before it starts. The window runs from `lead` ahead until the next
 * reminder's (or the start), so a round missed while the server was down still sends it late rather than never.
 * A booking made inside the window is not reminded of it: the 预约成功 message has just told the same.
 */
interface ConsultReminder {
  suffix: '24h' | '1h'
  lead: number
  until: number
}

const CONSULT_REMINDERS: ConsultReminder[] = [
  { suffix: '24h', lead: 24 * HOUR_MS, until: HOUR_MS },
  { suffix: '1h', lead: HOUR_MS, until: 0 }
]

async function consultReminders(db: Db, notify: Notifier, tell: Tell, now: Date): Promise<number> {
  let told = 0
  for (const r of CONSULT_REMINDERS) {
    const key = sql`${keyOf('consult.reminder', '')}::text || ${serviceOrders.id}::text || ${`:${r.suffix}`}::text`
    const paid = sql`coalesce(${serviceOrders.paidAt}, ${serviceOrders.createdAt})`
    const windowOpens = sql`${serviceOrders.startsAt} - ${`${r.lead / 1000} seconds`}::interval`
    // Through the slot's start index: the order a slot holds is the booking at that hour.
    const due = await db
      .select({ order: serviceOrders, service: consultServices.title, teacher: teachers.name })
      .from(serviceSlots)
      .innerJoin(serviceOrders, eq(serviceOrders.id, serviceSlots.orderId))
      .innerJoin(consultServices, eq(consultServices.id, serviceOrders.serviceId))
      .innerJoin(teachers, eq(teachers.id, serviceOrders.teacherId))
      .where(
        and(
          gt(serviceSlots.startsAt, new Date(now.getTime() + r.until)),
          lte(serviceSlots.startsAt, new Date(now.getTime() + r.lead)),
          eq(serviceOrders.status, 'paid'),
          sql`${paid} <= ${windowOpens}`,
          notToldYet(db, serviceOrders.userId, key)
        )
      )
    for (const { order, service, teacher } of due) {
      const time = timeText(order.startsAt)
      const remaining = remainingPhrase(order.startsAt, now)
      const key = `${order.id}:${r.suffix}`
      // The teacher too, in its own console account (我的预约), in the same transaction as the client.
      const teacherNotice = (tx: Tx) =>
        notify.toOperators(tx, 'op.consult.reminder', {
          key,
          fields: { service, client: order.name, time, remaining },
          link: '/desk',
          teacherId: order.teacherId
        })
      told += await tell(
        'consult.reminder',
        [order.userId],
        { key, fields: { service, teacher, time, remaining }, link: 'pages/my/service' },
        teacherNotice
      )
    }
  }
  return told
}

/** Runs a round every minute, once across the server's processes. */
export function registerReminders(app: FastifyInstance): void {
  scheduleSweep(app, 'notifications: reminders coming due', ROUND_MS, () =>
    remindersRound(app.db, app.services.notify, new Date())
  )
}

/** The same as a plugin, so the notify module registers it in one line (`app.register(import('./reminders'))`). */
export default async function remindersPlugin(app: FastifyInstance): Promise<void> {
  registerReminders(app)
}
