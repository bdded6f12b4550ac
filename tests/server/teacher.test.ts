import './helpers/native-modules'

import { eq } from 'drizzle-orm'

import { courses, offlineClasses, teacherFollows, teachers } from '../../server/db/schema'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

let ctx: TestContext
const teacherOf: Record<string, number> = {}

beforeAll(async () => {
  ctx = await createTestContext()
  for (const t of await ctx.database.db.select().from(teachers)) teacherOf[t.slug] = t.id
})
afterAll(() => ctx.close())

const api = (method: 'GET' | 'POST', action: string, params: Record<string, unknown> = {}, token?: string) =>
  call(ctx.app, method, `/api/${action}`, params, token)

describe('teacher profiles', () => {
  test('detail carries the courses taught under the same name, services, reviews and rating', async () => {
    const d = (await api('GET', 'teacher.index/detail', { teacher_id: teacherOf['zhou-mingyuan'] })).data.detail
    expect(d).toMatchObject({ name: '周明远', city: '杭州', years: 20, followed: false, review_count: 3, rating: 4.7 })
    const taught = await ctx.database.db.select().from(courses).where(eq(courses.teacher, '周明远'))
    expect(taught.length).toBeGreaterThan(0)
    expect(d.courses.map((c: { title: string }) => c.title).sort()).toEqual(
      taught
        .filter((c) => c.visible)
        .map((c) => c.title)
        .sort()
    )
    expect(d.services.map((s: { title: string }) => s.title)).toEqual([
      '八字详批 · 一对一',
      '流年运势咨询',
      '学业与专业方向规划',
      '职业发展规划'
    ])
    expect(d.reviews[0].content).toContain('周老师')
    expect(d.avatar).toMatch(/\/static\/demo\/teacher\/zhou-mingyuan\.png$/)
    for (const url of [d.avatar, d.cover])
      expect((await ctx.app.inject({ url: new URL(url).pathname })).statusCode).toBe(200)
    expect(await api('GET', 'teacher.index/detail', { teacher_id: 999999 })).toMatchObject({
      code: 0,
      msg: '老师不存在'
    })
    expect(await api('GET', 'teacher.index/detail', {})).toMatchObject({ code: 0, msg: '老师不能为空' })
    expect((await api('GET', 'teacher.index/lists')).data.list.length).toBeGreaterThanOrEqual(5)
  })
})

describe('follows', () => {
  test('follow and unfollow are idempotent under concurrent taps; my follows are mine only', async () => {
    const me = await login(ctx.app, '关注者')
    const other = await login(ctx.app, '另一人')
    const id = teacherOf['chen-jingshan']
    const taps = await Promise.all([1, 2, 3].map(() => api('POST', 'teacher.follow/add', { teacher_id: id }, me.token)))
    expect(taps.every((r) => r.code === 1 && r.data.followed)).toBe(true)
    expect(await ctx.database.db.select().from(teacherFollows).where(eq(teacherFollows.teacherId, id))).toHaveLength(1)
    expect((await api('GET', 'teacher.index/detail', { teacher_id: id }, me.token)).data.detail).toMatchObject({
      followed: true,
      followers: 1
    })
    expect((await api('GET', 'teacher.index/detail', { teacher_id: id }, other.token)).data.detail).toMatchObject({
      followed: false,
      followers: 1
    })
    const mine = (await api('GET', 'teacher.follow/lists', {}, me.token)).data
    expect(mine.total).toBe(1)
    expect(mine.list[0]).toMatchObject({ name: '陈景山', followed: true, followers: 1 })
    expect((await api('GET', 'teacher.follow/lists', {}, other.token)).data.total).toBe(0)
    // Another user's unfollow does not touch mine.
    expect((await api('POST', 'teacher.follow/delete', { teacher_id: id }, other.token)).data).toEqual({
      followed: false,
      followers: 1
    })
    expect((await api('POST', 'teacher.follow/delete', { teacher_id: id }, me.token)).data).toEqual({
      followed: false,
      followers: 0
    })
    expect(await api('POST', 'teacher.follow/add', { teacher_id: 999999 }, me.token)).toMatchObject({
      code: 0,
      msg: '老师不存在'
    })
    expect(await api('POST', 'teacher.follow/add', { teacher_id: -1 }, me.token)).toMatchObject({
      code: 0,
      msg: '老师不正确'
    })
    expect((await api('POST', 'teacher.follow/add', { teacher_id: id })).code).toBe(-9999)
    expect((await api('GET', 'teacher.follow/lists')).code).toBe(-9999)
  })

  test('my offline classes: the ones I signed up for, linked to the teacher’s profile', async () => {
    const me = await login(ctx.app, '线下学员')
    const other = await login(ctx.app, '未报名')
    const open = (await api('GET', 'course.offline/lists')).data.list.find((k: { open: boolean }) => k.open)
    expect(open).toBeDefined()
    expect(
      (
        await api(
          'POST',
          'course.offline/signup',
          { class_id: open.class_id, name: '王五', mobile: '13900139000' },
          me.token
        )
      ).code
    ).toBe(1)
    const mine = (await api('GET', 'teacher.offline/lists', {}, me.token)).data
    expect(mine.total).toBe(1)
    const [klass] = await ctx.database.db.select().from(offlineClasses).where(eq(offlineClasses.id, open.class_id))
    const [course] = await ctx.database.db.select().from(courses).where(eq(courses.id, klass.courseId))
    expect(mine.list[0]).toMatchObject({
      class_id: open.class_id,
      title: klass.title,
      course_title: course.title,
      teacher: course.teacher,
      finished: false
    })
    const [profile] = await ctx.database.db.select().from(teachers).where(eq(teachers.name, course.teacher))
    expect(mine.list[0].teacher_id).toBe(profile?.id ?? 0)
    expect((await api('GET', 'teacher.offline/lists', {}, other.token)).data.total).toBe(0)
    expect(await api('GET', 'teacher.offline/lists', { page: 0 }, me.token)).toMatchObject({
      code: 0,
      msg: '页码至少 1'
    })
  })
})
