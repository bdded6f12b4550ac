import './helpers/native-modules'

import { eq } from 'drizzle-orm'

import { offlineClasses, offlineSignups } from '../../server/db/schema'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

let ctx: TestContext

beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(() => ctx.close())

const api = (method: 'GET' | 'POST', action: string, params: Record<string, unknown> = {}, token?: string) =>
  call(ctx.app, method, `/api/${action}`, params, token)
const classBySlug = async (slug: string) =>
  (await ctx.database.db.select().from(offlineClasses).where(eq(offlineClasses.slug, slug)))[0]
const form = { name: '张三', mobile: '13800138000' }

describe('offline classes', () => {
  test('lists classes soonest first with seats, place and coordinates', async () => {
    const res = await api('GET', 'course.offline/lists')
    expect(res.data.list.map((k: { city: string }) => k.city)).toEqual(['北京', '广州', '杭州'])
    expect(res.data.list[0]).toMatchObject({
      title: '北京班',
      seats: 30,
      seats_left: 12,
      open: true,
      signed_up: false,
      latitude: 39.9408
    })
    expect(res.data.list[2]).toMatchObject({ seats_left: 0, open: false })
    const detail = await api('GET', 'course.offline/detail', { class_id: res.data.list[0].class_id })
    expect(detail.data.detail).toMatchObject({
      course_title: '风水实地勘察研修',
      address: '北京市东城区东直门南大街 11 号 三层研修室'
    })
    expect(detail.data.detail.intro).toContain('<p>')
    expect((await api('GET', 'course.offline/detail', { class_id: 999999 })).msg).toBe('线下课程不存在或已下架')
  })

  test('a full class refuses more sign-ups even under concurrent requests', async () => {
    const klass = await classBySlug('gz')
    const left = klass.seats - klass.seatsTaken
    const users = await Promise.all(Array.from({ length: left + 4 }, (_, i) => login(ctx.app, `抢座${i}`)))
    const results = await Promise.all(
      users.map((u) => api('POST', 'course.offline/signup', { class_id: klass.id, ...form }, u.token))
    )
    expect(results.filter((r) => r.code === 1)).toHaveLength(left)
    expect(results.filter((r) => r.code === 0).map((r) => r.msg)).toEqual(Array(4).fill('名额已满'))
    const after = await classBySlug('gz')
    expect(after.seatsTaken).toBe(after.seats)
    // Refused requests leave no sign-up behind.
    expect(
      await ctx.database.db.select().from(offlineSignups).where(eq(offlineSignups.classId, klass.id))
    ).toHaveLength(left)
  })

  test('one seat per user, however often sent at once; my seat shows only to me', async () => {
    const klass = await classBySlug('bj')
    const me = await login(ctx.app, '只占一座')
    const other = await login(ctx.app, '没报名')
    const results = await Promise.all(
      [1, 2, 3].map(() => api('POST', 'course.offline/signup', { class_id: klass.id, ...form }, me.token))
    )
    expect(results.filter((r) => r.code === 1)).toHaveLength(1)
    expect(results.filter((r) => r.code === 0).map((r) => r.msg)).toEqual(['您已报名该课程', '您已报名该课程'])
    expect((await classBySlug('bj')).seatsTaken).toBe(klass.seatsTaken + 1)
    expect((await api('GET', 'course.offline/detail', { class_id: klass.id }, me.token)).data.detail.signed_up).toBe(
      true
    )
    expect((await api('GET', 'course.offline/detail', { class_id: klass.id }, other.token)).data.detail.signed_up).toBe(
      false
    )
    const list = (await api('GET', 'course.offline/lists', {}, me.token)).data.list
    expect(list.find((k: { class_id: number }) => k.class_id === klass.id).signed_up).toBe(true)
  })

  test('past the deadline sign-up is closed', async () => {
    const klass = await classBySlug('bj')
    await ctx.database.db
      .update(offlineClasses)
      .set({ signupDeadline: new Date(Date.now() - 1000) })
      .where(eq(offlineClasses.id, klass.id))
    const me = await login(ctx.app, '迟到者')
    expect(await api('POST', 'course.offline/signup', { class_id: klass.id, ...form }, me.token)).toMatchObject({
      code: 0,
      msg: '报名已截止'
    })
    await ctx.database.db
      .update(offlineClasses)
      .set({ signupDeadline: klass.signupDeadline })
      .where(eq(offlineClasses.id, klass.id))
  })

  test('bad input names the field and takes no seat; login is needed', async () => {
    const klass = await classBySlug('bj')
    const me = await login(ctx.app, '填错者')
    expect(
      (await api('POST', 'course.offline/signup', { class_id: klass.id, name: '张', mobile: form.mobile }, me.token))
        .msg
    ).toBe('姓名至少 2 个字')
    expect(
      (await api('POST', 'course.offline/signup', { class_id: klass.id, name: '张三', mobile: '1380013800' }, me.token))
        .msg
    ).toBe('手机号码格式不正确')
    expect((await api('POST', 'course.offline/signup', { name: '张三', mobile: form.mobile }, me.token)).msg).toBe(
      '线下课不能为空'
    )
    expect((await api('POST', 'course.offline/signup', { class_id: klass.id, ...form })).code).toBe(-9999)
    expect((await classBySlug('bj')).seatsTaken).toBe(klass.seatsTaken)
    expect(
      await ctx.database.db.select().from(offlineSignups).where(eq(offlineSignups.userId, me.userId))
    ).toHaveLength(0)
  })
})
