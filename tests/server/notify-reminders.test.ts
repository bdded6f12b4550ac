import './helpers/native-modules'

import { and, eq, inArray } from 'drizzle-orm'

import { fromChinaClock } from '../../contract/china-time'
import { JOBS_SCHEMA, queueName } from '../../server/core/jobs'
import {
  activities,
  activitySignups,
  consultServices,
  courseCategories,
  courseEnrollments,
  courses,
  liveSessions,
  offlineClasses,
  offlineSignups,
  operatorNotices,
  serviceOrders,
  serviceSlots,
  teachers,
  userMessages,
  users
} from '../../server/db/schema'
import { remainingPhrase, remindersRound } from '../../server/modules/notify/reminders'
import { createTestContext, type TestContext } from './helpers/test-app'

/**
 * Reminders that come due with time: each round is run at a chosen `now`, far from the real clock (2031), so the
 * server's own minute-by-minute round never sees these rows.
 */
let ctx: TestContext
const db = () => ctx.database.db
const round = (now: Date) => remindersRound(db(), ctx.app.services.notify, now)
const MIN = 60_000
const HOUR = 60 * MIN
const at = (base: Date, ms: number) => new Date(base.getTime() + ms)
let seq = 0

beforeAll(async () => {
  ctx = await createTestContext()
}, 120_000)
afterAll(async () => {
  await ctx?.close()
})

async function newUsers(n: number): Promise<number[]> {
  const rows = await db()
    .insert(users)
    .values(Array.from({ length: n }, () => ({ nickname: `提醒${++seq}` })))
    .returning({ id: users.id })
  return rows.map((r) => r.id)
}

async function messagesOf(userIds: number[]) {
  return db().select().from(userMessages).where(inArray(userMessages.userId, userIds)).orderBy(userMessages.id)
}

async function newCourse(kind: 'live' | 'offline', title: string, visible = true): Promise<number> {
  const [category] = await db().select().from(courseCategories).limit(1)
  const [c] = await db()
    .insert(courses)
    .values({ slug: `remind-${++seq}`, categoryId: category.id, kind, title, visible })
    .returning()
  return c.id
}

async function liveSession(courseId: number, title: string, startsAt: Date): Promise<number> {
  const [s] = await db()
    .insert(liveSessions)
    .values({ courseId, slug: `s-${++seq}`, title, startsAt, endsAt: at(startsAt, HOUR) })
    .returning()
  return s.id
}

test('a live session 15 minutes before its start: every learner of the course, once', async () => {
  const now = fromChinaClock(2031, 3, 10, 19, 50)
  const courseId = await newCourse('live', '六爻入门直播课')
  const hiddenId = await newCourse('live', '下架的直播课', false)
  const [a, b, outsider, late] = await newUsers(4)
  await db()
    .insert(courseEnrollments)
    .values([
      { userId: a, courseId, source: 'signup' },
      { userId: b, courseId, source: 'order' },
      { userId: a, courseId: hiddenId, source: 'order' }
    ])
  const soon = await liveSession(courseId, '第一讲', fromChinaClock(2031, 3, 10, 20, 0))
  const later = await liveSession(courseId, '第二讲', fromChinaClock(2031, 3, 10, 20, 30))
  await liveSession(courseId, '已开始', fromChinaClock(2031, 3, 10, 19, 45))
  await liveSession(hiddenId, '看不了', fromChinaClock(2031, 3, 10, 19, 55))

  expect((await round(now)).live).toBe(2)
  const told = await messagesOf([a, b, outsider])
  expect(told.map((m) => [m.userId, m.event, m.link])).toEqual([
    [a, 'live.starting', `live/pages/index/index?session_id=${soon}`],
    [b, 'live.starting', `live/pages/index/index?session_id=${soon}`]
  ])
  expect(told[0]).toMatchObject({
    title: '直播 15 分钟后开始',
    body: '六爻入门直播课「第一讲」将于 2031年3月10日 20:00 开始'
  })

  // The next round, a restart's round, the same round twice: nobody is told again.
  expect(await round(now)).toEqual({ live: 0, offline: 0, activity: 0, consult: 0 })
  expect(await round(at(now, MIN))).toMatchObject({ live: 0 })
  // A learner who joins before the start is still told; the second session comes due in its own 15 minutes.
  await db().insert(courseEnrollments).values({ userId: late, courseId, source: 'signup' })
  expect((await round(at(now, 5 * MIN))).live).toBe(1)
  expect((await round(at(now, 25 * MIN))).live).toBe(3)
  const all = await messagesOf([a, b, late])
  expect(all.filter((m) => m.link.endsWith(`=${soon}`)).map((m) => m.userId)).toEqual([a, b, late])
  expect(all.filter((m) => m.link.endsWith(`=${later}`)).map((m) => m.userId)).toEqual([a, b, late])
  expect(await round(at(now, 26 * MIN))).toMatchObject({ live: 0 })
})

test("tomorrow's offline class and activity: from 09:00 China time the day before, to those going", async () => {
  const courseId = await newCourse('offline', '风水实地勘察班')
  const [seated, alsoSeated, signed, unpaid, cancelled, lateSeat] = await newUsers(6)
  const klass = async (title: string, startsAt: Date) => {
    const [k] = await db()
      .insert(offlineClasses)
      .values({
        courseId,
        slug: `k-${++seq}`,
        title,
        startsAt,
        endsAt: at(startsAt, 3 * HOUR),
        signupDeadline: at(startsAt, -HOUR),
        city: '杭州',
        address: '杭州市西湖区龙井路 1 号',
        latitude: 30.2,
        longitude: 120.1,
        seats: 30
      })
      .returning()
    return k.id
  }
  const tomorrow = await klass('明天的班', fromChinaClock(2031, 4, 2, 9, 30))
  const dayAfter = await klass('后天的班', fromChinaClock(2031, 4, 3, 9, 30))
  await db()
    .insert(offlineSignups)
    .values([
      { classId: tomorrow, userId: seated, name: '张三', mobile: '13800138000' },
      { classId: tomorrow, userId: alsoSeated, name: '李四', mobile: '13800138001' },
      { classId: dayAfter, userId: seated, name: '张三', mobile: '13800138000' }
    ])
  const [activity] = await db()
    .insert(activities)
    .values({
      slug: `a-${++seq}`,
      title: '易学茶话会',
      city: '北京',
      address: '北京市东城区东直门南大街 11 号',
      startsAt: fromChinaClock(2031, 4, 2, 23, 30),
      endsAt: fromChinaClock(2031, 4, 3, 1, 0),
      signupDeadline: fromChinaClock(2031, 4, 2, 12, 0),
      capacity: 10,
      feeFen: 5000
    })
    .returning()
  await db()
    .insert(activitySignups)
    .values([
      {
        activityId: activity.id,
        userId: signed,
        name: '王五',
        mobile: '13800138002',
        status: 'signed',
        amountFen: 5000
      },
      {
        activityId: activity.id,
        userId: unpaid,
        name: '赵六',
        mobile: '13800138003',
        status: 'unpaid',
        amountFen: 5000
      },
      {
        activityId: activity.id,
        userId: cancelled,
        name: '钱七',
        mobile: '13800138004',
        status: 'cancelled',
        amountFen: 5000
      }
    ])
  const everyone = [seated, alsoSeated, signed, unpaid, cancelled, lateSeat]

  // 08:59 in China (00:59 UTC): not yet. 09:00: tomorrow's, not the day after's.
  expect(await round(fromChinaClock(2031, 4, 1, 8, 59))).toMatchObject({ offline: 0, activity: 0 })
  expect(await messagesOf(everyone)).toEqual([])
  expect(await round(fromChinaClock(2031, 4, 1, 9, 0))).toMatchObject({ offline: 2, activity: 1 })
  const told = await messagesOf(everyone)
  expect(told.map((m) => [m.userId, m.event])).toEqual([
    [seated, 'offline.tomorrow'],
    [alsoSeated, 'offline.tomorrow'],
    [signed, 'activity.tomorrow']
  ])
  expect(told[0]).toMatchObject({
    title: '线下课明天开课',
    body: '风水实地勘察班 将于 2031年4月2日 09:30 在 杭州市西湖区龙井路 1 号 开课',
    link: 'pages/my/offline'
  })
  expect(told[2]).toMatchObject({
    title: '活动明天开始',
    body: '易学茶话会 将于 2031年4月2日 23:30 在 北京市东城区东直门南大街 11 号 开始',
    link: 'pages/my/activity'
  })
  expect(await round(fromChinaClock(2031, 4, 1, 9, 1))).toMatchObject({ offline: 0, activity: 0 })

  // A class added in the afternoon for tomorrow, and a seat taken late, are told in the next round.
  const added = await klass('临时加开', fromChinaClock(2031, 4, 2, 14, 0))
  await db()
    .insert(offlineSignups)
    .values([
      { classId: added, userId: lateSeat, name: '孙八', mobile: '13800138005' },
      { classId: tomorrow, userId: lateSeat, name: '孙八', mobile: '13800138005' }
    ])
  expect(await round(fromChinaClock(2031, 4, 1, 15, 0))).toMatchObject({ offline: 2, activity: 0 })
  expect((await messagesOf([lateSeat])).map((m) => m.dedupeKey).sort()).toEqual(
    [`offline.tomorrow:${added}`, `offline.tomorrow:${tomorrow}`].sort()
  )
  // The next day's 09:00 is the day before the class after: its seat is told then, and only it.
  expect(await round(fromChinaClock(2031, 4, 2, 9, 0))).toMatchObject({ offline: 1, activity: 0 })
  expect((await messagesOf([seated])).map((m) => m.dedupeKey)).toEqual([
    `offline.tomorrow:${tomorrow}`,
    `offline.tomorrow:${dayAfter}`
  ])
})

test('a paid consultation: a day before and an hour before, to the client; a cancelled one gets none', async () => {
  const [teacher] = await db().select().from(teachers).limit(1)
  const [service] = await db().select().from(consultServices).limit(1)
  const [early, late, gone] = await newUsers(3)
  const book = async (userId: number, startsAt: Date, paidAt: Date, status: 'paid' | 'cancelled' = 'paid') => {
    const [slot] = await db().insert(serviceSlots).values({ teacherId: teacher.id, startsAt }).returning()
    const [order] = await db()
      .insert(serviceOrders)
      .values({
        userId,
        serviceId: service.id,
        teacherId: teacher.id,
        slotId: slot.id,
        startsAt,
        name: '张三',
        mobile: '13800138000',
        amountFen: service.priceFen,
        status,
        paidAt,
        createdAt: paidAt
      })
      .returning()
    if (status === 'paid')
      await db().update(serviceSlots).set({ orderId: order.id }).where(eq(serviceSlots.id, slot.id))
    return order.id
  }
  const start = fromChinaClock(2031, 5, 20, 15, 0)
  const booked = fromChinaClock(2031, 5, 10, 12, 0)
  const earlyOrder = await book(early, start, booked)
  // Booked five hours ahead: 预约成功 has just said it all; only the hour-before reminder follows.
  const lateOrder = await book(late, at(start, HOUR), at(start, -4 * HOUR))
  const goneOrder = await book(gone, at(start, 2 * HOUR), booked)

  // 25 hours before: nothing due yet. 23 h 59 min before: the day-before reminder.
  expect((await round(at(start, -25 * HOUR))).consult).toBe(0)
  // Cancelled before its reminder: the slot is free and the order is no longer paid.
  await db()
    .update(serviceOrders)
    .set({ status: 'cancelled', cancelledBy: 'user' })
    .where(eq(serviceOrders.id, goneOrder))
  await db().update(serviceSlots).set({ orderId: null }).where(eq(serviceSlots.orderId, goneOrder))
  expect((await round(at(start, -24 * HOUR + MIN))).consult).toBe(1)
  const [dayBefore] = await messagesOf([early])
  expect(dayBefore).toMatchObject({
    event: 'consult.reminder',
    dedupeKey: `consult.reminder:${earlyOrder}:24h`,
    title: '预约明天开始',
    body: `${teacher.name} 老师的「${service.title}」将于 2031年5月20日 15:00 开始`,
    link: 'pages/my/service'
  })
  // The teacher hears of it in its own console account, never in the operators' group.
  const teacherNotices = await db()
    .select()
    .from(operatorNotices)
    .where(eq(operatorNotices.event, 'op.consult.reminder'))
  expect(teacherNotices).toEqual([
    expect.objectContaining({
      permission: 'consult.own',
      teacherId: teacher.id,
      link: '/desk',
      title: '预约明天开始',
      body: `张三 预约的「${service.title}」将于 2031年5月20日 15:00 开始`
    })
  ])
  expect((await round(at(start, -23 * HOUR))).consult).toBe(0)
  expect((await round(at(start, -3 * HOUR))).consult).toBe(0)

  // An hour before each start.
  expect((await round(at(start, -HOUR))).consult).toBe(1)
  expect((await messagesOf([early])).map((m) => [m.dedupeKey, m.title])).toEqual([
    [`consult.reminder:${earlyOrder}:24h`, '预约明天开始'],
    [`consult.reminder:${earlyOrder}:1h`, '预约一小时后开始']
  ])
  expect((await round(at(start, -HOUR + MIN))).consult).toBe(0)
  expect((await round(at(start, MIN))).consult).toBe(1)
  expect((await messagesOf([late])).map((m) => [m.dedupeKey, m.title])).toEqual([
    [`consult.reminder:${lateOrder}:1h`, '预约一小时后开始']
  ])
  expect(await messagesOf([gone])).toEqual([])
  expect(await round(at(start, 2 * MIN))).toEqual({ live: 0, offline: 0, activity: 0, consult: 0 })
})

test('two rounds at once (two processes, a restart mid-round) still tell each person once', async () => {
  const now = fromChinaClock(2031, 6, 1, 10, 0)
  const courseId = await newCourse('live', '并发直播课')
  const learners = await newUsers(30)
  await db()
    .insert(courseEnrollments)
    .values(learners.map((userId) => ({ userId, courseId, source: 'signup' as const })))
  const sessionId = await liveSession(courseId, '开讲', at(now, 10 * MIN))
  await Promise.all([round(now), round(now), round(at(now, MIN))])
  const rows = await db()
    .select({ userId: userMessages.userId })
    .from(userMessages)
    .where(and(inArray(userMessages.userId, learners), eq(userMessages.dedupeKey, `live.starting:${sessionId}`)))
  expect(rows.map((r) => r.userId).sort((x, y) => x - y)).toEqual(learners)
})

test('one reminder that cannot be written holds up no other; the next round sends it', async () => {
  const now = fromChinaClock(2031, 7, 1, 10, 0)
  const courseId = await newCourse('live', '两场直播')
  const [learner] = await newUsers(1)
  await db().insert(courseEnrollments).values({ userId: learner, courseId, source: 'order' })
  const broken = await liveSession(courseId, '写不进去', at(now, 5 * MIN))
  const fine = await liveSession(courseId, '照常', at(now, 10 * MIN))
  const real = ctx.app.services.notify
  const failing = {
    toUsers: (...args: Parameters<typeof real.toUsers>) =>
      args[3].key === broken ? Promise.reject(new Error('the database went away')) : real.toUsers(...args)
  } as unknown as typeof real
  await expect(remindersRound(db(), failing, now)).rejects.toThrow('1 reminders could not be written')
  expect((await messagesOf([learner])).map((m) => m.dedupeKey)).toEqual([`live.starting:${fine}`])
  expect((await round(at(now, MIN))).live).toBe(1)
  expect((await messagesOf([learner])).map((m) => m.dedupeKey).sort()).toEqual(
    [`live.starting:${fine}`, `live.starting:${broken}`].sort()
  )
})

test('the time left reads as a WeChat 汉字短语 (no digits, at most five characters)', () => {
  const start = fromChinaClock(2031, 1, 1, 10, 0)
  expect(remainingPhrase(start, at(start, -23 * HOUR))).toBe('明天')
  expect(remainingPhrase(start, at(start, -5 * HOUR))).toBe('今天')
  expect(remainingPhrase(start, at(start, -HOUR))).toBe('一小时后')
  expect(remainingPhrase(start, at(start, -30 * MIN))).toBe('半小时后')
  expect(remainingPhrase(start, at(start, -10 * MIN))).toBe('即将')
})

test("the server's own round is a job of the queue, run once across processes, and it has not failed", async () => {
  const queue = queueName('notifications: reminders coming due')
  const jobs = await ctx.database.executeSql(`select state from ${JOBS_SCHEMA}.job where name = $1`, [queue])
  expect(jobs.rows.length).toBeGreaterThan(0)
  expect(ctx.logs.filter((line) => line.includes('notifications: reminders coming due'))).toEqual([])
})
