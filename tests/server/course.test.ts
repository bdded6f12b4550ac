import './helpers/native-modules'

import { eq } from 'drizzle-orm'

import {
  courseEnrollments,
  courseFavorites,
  courseLessons,
  courses,
  lessonProgress,
  liveSessions
} from '../../server/db/schema'
import { liveStatus } from '../../server/modules/course/live-status'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

let ctx: TestContext
const idOf: Record<string, number> = {}

beforeAll(async () => {
  ctx = await createTestContext()
  for (const c of await ctx.database.db.select().from(courses)) idOf[c.slug] = c.id
})
afterAll(() => ctx.close())

const api = (method: 'GET' | 'POST', action: string, params: Record<string, unknown> = {}, token?: string) =>
  call(ctx.app, method, `/api/${action}`, params, token)

async function detail(courseId: number, token?: string) {
  const res = await api('GET', 'course.index/getDetail', { course_id: courseId }, token)
  expect(res.code).toBe(1)
  return res.data.detail
}

describe('catalogue', () => {
  test('getCategory lists the categories in order', async () => {
    const res = await api('POST', 'course.index/getCategory')
    expect(res.code).toBe(1)
    expect(res.data.list.map((c: { name: string }) => c.name)).toEqual([
      '八字命理',
      '周易六爻',
      '风水堪舆',
      '奇门遁甲',
      '姓名择日'
    ])
  })

  test('getList filters by category, kind and keyword, and pages', async () => {
    const cats = (await api('POST', 'course.index/getCategory')).data.list
    const bazi = cats.find((c: { name: string }) => c.name === '八字命理').category_id
    const byCategory = await api('POST', 'course.index/getList', { category_id: bazi })
    expect(byCategory.data.list.map((c: { title: string }) => c.title).sort()).toEqual(
      ['八字命理入门', '八字实战直播答疑'].sort()
    )
    const offline = await api('POST', 'course.index/getList', { kind: 'offline' })
    expect(offline.data.list.every((c: { kind: string }) => c.kind === 'offline')).toBe(true)
    expect(offline.data.total).toBe(2)
    const byTeacher = await api('POST', 'course.index/getList', { keyword: '陈景山' })
    expect(byTeacher.data.total).toBe(2)
    // A LIKE wildcard is matched literally, not as "anything".
    expect((await api('POST', 'course.index/getList', { keyword: '%' })).data.total).toBe(0)
    const page2 = await api('POST', 'course.index/getList', { page: 2, per_page: 3 })
    expect(page2.data).toMatchObject({ page: 2, per_page: 3, total: 8, last_page: 3 })
    expect(page2.data.list).toHaveLength(3)
    const recorded = (await api('POST', 'course.index/getList', { keyword: '八字命理入门' })).data.list[0]
    expect(recorded).toMatchObject({ kind: 'recorded', price: 19900, parts: 8 })
    expect(recorded.cover).toMatch(/^http:\/\/.+\/static\/demo\/course\/bazi\.png$/)
  })

  test('bad list input names the field', async () => {
    expect((await api('POST', 'course.index/getList', { kind: 'vip' })).msg).toBe('类别不正确')
    expect((await api('POST', 'course.index/getList', { category_id: 'x' })).msg).toBe('分类格式不正确')
    expect((await api('POST', 'course.index/getList', { per_page: 51 })).msg).toBe('每页条数最多 50 条')
    expect((await api('POST', 'course.index/getList', { keyword: 'x'.repeat(33) })).msg).toBe('搜索词不能超过 32 个字')
  })

  test('a visitor sees the outline with previews open and the rest locked, and no video address', async () => {
    const d = await detail(idOf['bazi-basics'])
    expect(d).toMatchObject({ title: '八字命理入门', enrolled: false, favorited: false })
    const lessons = d.chapters.flatMap((c: { lessons: unknown[] }) => c.lessons)
    expect(lessons).toHaveLength(8)
    expect(lessons.filter((l: { locked: boolean }) => !l.locked).map((l: { preview: boolean }) => l.preview)).toEqual([
      true,
      true
    ])
    expect(JSON.stringify(d)).not.toContain('.mp4')
    expect(d.resume_lesson_id).toBe(lessons[0].lesson_id)
  })

  test('getDetail of a missing or hidden course fails, and bad ids name the field', async () => {
    expect(await api('GET', 'course.index/getDetail', { course_id: 999999 })).toMatchObject({
      code: 0,
      msg: '课程不存在或已下架'
    })
    expect((await api('GET', 'course.index/getDetail', { course_id: 0 })).msg).toBe('课程不正确')
    expect((await api('GET', 'course.index/getDetail', {})).msg).toBe('课程不能为空')
  })
})

describe('favorites', () => {
  test('favorite adds and removes once however often it is sent, and lists only my own', async () => {
    const a = await login(ctx.app, '收藏甲')
    const b = await login(ctx.app, '收藏乙')
    const id = idOf['liuyao-najia']
    const before = (await detail(id)).favorites
    const adds = await Promise.all(
      [1, 2, 3].map(() => api('GET', 'course.index/favorite', { course_id: id, favorite: 1 }, a.token))
    )
    expect(adds.every((r) => r.code === 1 && r.data.favorited)).toBe(true)
    expect((await detail(id, a.token)).favorites).toBe(before + 1)
    expect((await detail(id, a.token)).favorited).toBe(true)
    expect((await detail(id, b.token)).favorited).toBe(false)
    const mine = await api('GET', 'course.favorite/lists', {}, a.token)
    expect(mine.data.list.map((c: { course_id: number }) => c.course_id)).toEqual([id])
    expect((await api('GET', 'course.favorite/lists', {}, b.token)).data.total).toBe(0)
    expect((await api('GET', 'course.index/favorite', { course_id: id, favorite: 0 }, a.token)).data).toEqual({
      favorited: false,
      favorites: before
    })
    expect((await api('GET', 'course.index/favorite', { course_id: id, favorite: 0 }, a.token)).data).toEqual({
      favorited: false,
      favorites: before
    })
  })

  test('favorite needs login and a valid flag; nothing is written on bad input', async () => {
    const id = idOf['liuyao-najia']
    expect((await api('GET', 'course.index/favorite', { course_id: id, favorite: 1 })).code).toBe(-9999)
    const me = await login(ctx.app, '收藏丙')
    expect((await api('GET', 'course.index/favorite', { course_id: id, favorite: 2 }, me.token)).msg).toBe('收藏最多 1')
    expect((await api('GET', 'course.index/favorite', { course_id: id }, me.token)).msg).toBe('收藏不能为空')
    expect(
      await ctx.database.db.select().from(courseFavorites).where(eq(courseFavorites.userId, me.userId))
    ).toHaveLength(0)
  })
})

describe('sign-up and lessons', () => {
  test('signing up to a free course once opens all its lessons to me only', async () => {
    const me = await login(ctx.app, '报名者')
    const other = await login(ctx.app, '旁观者')
    const id = idOf['zhouyi-open']
    const students = (await detail(id)).students
    const locked = (await detail(id, me.token)).chapters[0].lessons.find((l: { locked: boolean }) => l.locked)
    expect((await api('GET', 'course.lesson/detail', { lesson_id: locked.lesson_id }, me.token)).msg).toBe(
      '该课时需购买课程后观看'
    )
    const results = await Promise.all([1, 2].map(() => api('POST', 'course.index/signup', { course_id: id }, me.token)))
    expect(results.every((r) => r.code === 1)).toBe(true)
    expect((await detail(id)).students).toBe(students + 1)
    const mine = await detail(id, me.token)
    expect(mine.enrolled).toBe(true)
    expect(mine.chapters[0].lessons.every((l: { locked: boolean }) => !l.locked)).toBe(true)
    const lesson = await api('GET', 'course.lesson/detail', { lesson_id: locked.lesson_id }, me.token)
    expect(lesson.data.video_url).toMatch(
      new RegExp(
        `^http://127\\.0\\.0\\.1:3999/api/course\\.lesson/video\\?lesson_id=${locked.lesson_id}&uid=` +
          `${me.userId}&exp=\\d+&sig=[\\w-]{43}$`
      )
    )
    expect((await api('GET', 'course.lesson/detail', { lesson_id: locked.lesson_id }, other.token)).code).toBe(0)
  })

  test('a paid course and an offline course cannot be signed up to', async () => {
    const me = await login(ctx.app, '想白嫖')
    expect(await api('POST', 'course.index/signup', { course_id: idOf['bazi-basics'] }, me.token)).toMatchObject({
      code: 0,
      msg: '该课程需购买后学习'
    })
    expect(await api('POST', 'course.index/signup', { course_id: idOf['fengshui-field'] }, me.token)).toMatchObject({
      code: 0,
      msg: '线下课程请选择班次报名'
    })
    expect((await api('POST', 'course.index/signup', { course_id: 'abc' }, me.token)).msg).toBe('课程格式不正确')
    expect(
      await ctx.database.db.select().from(courseEnrollments).where(eq(courseEnrollments.userId, me.userId))
    ).toHaveLength(0)
  })

  test('a preview lesson plays for visitors; a locked one asks a visitor to log in', async () => {
    const lessons = (await detail(idOf['bazi-basics'])).chapters.flatMap((c: { lessons: unknown[] }) => c.lessons)
    const preview = await api('GET', 'course.lesson/detail', { lesson_id: lessons[0].lesson_id })
    expect(preview.data).toMatchObject({ title: '阴阳之道：一切变化的起点', duration_sec: 6, position_sec: 0 })
    expect(preview.data.video_url).toContain(`/api/course.lesson/video?lesson_id=${lessons[0].lesson_id}&uid=0&exp=`)
    expect((await api('GET', 'course.lesson/detail', { lesson_id: lessons[2].lesson_id })).code).toBe(-9999)
    expect((await api('GET', 'course.lesson/detail', { lesson_id: 999999 })).msg).toBe('课时不存在')
  })

  test('progress is kept per user and lesson, clamped to the lesson, and completed from 90%', async () => {
    const me = await login(ctx.app, '学习者')
    const other = await login(ctx.app, '另一位')
    const lessons = (await detail(idOf['bazi-basics'])).chapters.flatMap((c: { lessons: unknown[] }) => c.lessons)
    const [first, second, locked] = [lessons[0].lesson_id, lessons[1].lesson_id, lessons[2].lesson_id]
    expect((await api('POST', 'course.lesson/progress', { lesson_id: first, position_sec: 3 }, me.token)).data).toEqual(
      { position_sec: 3, completed: false }
    )
    expect(
      (await api('POST', 'course.lesson/progress', { lesson_id: second, position_sec: 60 }, me.token)).data
    ).toEqual({ position_sec: 6, completed: true })
    // Watching again from the start keeps it learnt.
    expect(
      (await api('POST', 'course.lesson/progress', { lesson_id: second, position_sec: 1 }, me.token)).data
    ).toEqual({ position_sec: 1, completed: true })
    expect((await api('GET', 'course.lesson/detail', { lesson_id: first }, me.token)).data.position_sec).toBe(3)
    expect((await api('GET', 'course.lesson/detail', { lesson_id: first }, other.token)).data.position_sec).toBe(0)
    const mine = await detail(idOf['bazi-basics'], me.token)
    const outline = mine.chapters.flatMap((c: { lessons: unknown[] }) => c.lessons)
    expect(outline[1]).toMatchObject({ position_sec: 1, completed: true })
    expect(mine.resume_lesson_id).toBe(second)
    expect((await detail(idOf['bazi-basics'], other.token)).chapters[0].lessons[0].position_sec).toBe(0)
    // A locked lesson keeps no progress; bad positions name the field.
    expect((await api('POST', 'course.lesson/progress', { lesson_id: locked, position_sec: 2 }, me.token)).msg).toBe(
      '该课时需购买课程后观看'
    )
    expect((await api('POST', 'course.lesson/progress', { lesson_id: first, position_sec: -1 }, me.token)).msg).toBe(
      '播放进度至少 0 秒'
    )
    expect((await api('POST', 'course.lesson/progress', { lesson_id: first, position_sec: 5 })).code).toBe(-9999)
    const rows = await ctx.database.db.select().from(lessonProgress).where(eq(lessonProgress.userId, me.userId))
    expect(rows).toHaveLength(2)
  })

  test('a lesson saved without its length is learnt once the player reaches its end', async () => {
    const me = await login(ctx.app, '看完短片的学习者')
    const lessons = (await detail(idOf['bazi-basics'])).chapters.flatMap((c: { lessons: unknown[] }) => c.lessons)
    const first = lessons[0].lesson_id
    await ctx.database.db.update(courseLessons).set({ durationSec: 0 }).where(eq(courseLessons.id, first))
    const progress = (params: object) =>
      api('POST', 'course.lesson/progress', { lesson_id: first, ...params }, me.token).then((r) => r.data)
    expect(await progress({ position_sec: 11 })).toEqual({ position_sec: 11, completed: false })
    expect(await progress({ position_sec: 12, ended: true })).toEqual({ position_sec: 12, completed: true })
  })
})

describe('live', () => {
  test('the status follows the clock', () => {
    const start = new Date('2026-01-01T12:00:00Z')
    const end = new Date('2026-01-01T13:30:00Z')
    expect(liveStatus(start, end, new Date('2026-01-01T11:59:59Z'))).toBe('upcoming')
    expect(liveStatus(start, end, start)).toBe('live')
    expect(liveStatus(start, end, new Date('2026-01-01T13:29:59Z'))).toBe('live')
    expect(liveStatus(start, end, end)).toBe('replay')
  })

  test('lists upcoming soonest first, live now, and replays newest first', async () => {
    const upcoming = (await api('GET', 'course.live/lists', { status: 'upcoming' })).data.list
    expect(upcoming.map((s: { title: string }) => s.title)).toEqual([
      '第四讲 用神与格局',
      '命例解读：婚姻与六亲',
      '第五讲 实例问事'
    ])
    expect(upcoming.every((s: { status: string }) => s.status === 'upcoming')).toBe(true)
    const live = (await api('GET', 'course.live/lists', { status: 'live' })).data.list
    expect(live.map((s: { title: string }) => s.title)).toEqual(['第三讲 八门九星八神'])
    const replays = (await api('GET', 'course.live/lists', { status: 'replay' })).data.list
    expect(replays.map((s: { title: string }) => s.title)).toEqual([
      '第二讲 地盘天盘的排法',
      '命例解读：从格局看事业',
      '第一讲 阴遁阳遁与定局'
    ])
    expect((await api('GET', 'course.live/lists', { status: 'soon' })).msg).toBe('状态不正确')
  })

  test('play needs a sign-up (free) or a purchase (paid), and a started session', async () => {
    const me = await login(ctx.app, '看直播')
    const sessions = (await detail(idOf['qimen-live'])).sessions
    const live = sessions.find((s: { status: string }) => s.status === 'live')
    const upcoming = sessions.find((s: { status: string }) => s.status === 'upcoming')
    const replay = sessions.find((s: { status: string }) => s.status === 'replay')
    expect((await api('GET', 'course.live/play', { session_id: live.session_id }, me.token)).msg).toBe(
      '报名后即可观看直播'
    )
    await api('POST', 'course.index/signup', { course_id: idOf['qimen-live'] }, me.token)
    expect((await api('GET', 'course.live/play', { session_id: live.session_id }, me.token)).data).toMatchObject({
      status: 'live'
    })
    // Our replay and stream files play only through a signed link for this user, never a public path.
    const replayUrl = new URL(
      (await api('GET', 'course.live/play', { session_id: replay.session_id }, me.token)).data.video_url
    )
    expect(replayUrl.pathname).toBe('/api/course.live/video')
    expect(replayUrl.searchParams.get('uid')).toBe(String(me.userId))
    const played = await ctx.app.inject({
      method: 'GET',
      url: replayUrl.pathname + replayUrl.search,
      headers: { range: 'bytes=0-15' }
    })
    expect(played.statusCode).toBe(206)
    expect(played.headers['content-type']).toContain('video/mp4')
    const onAir = new URL(
      (await api('GET', 'course.live/play', { session_id: live.session_id }, me.token)).data.video_url
    )
    expect(
      (await ctx.app.inject({ method: 'GET', url: onAir.pathname + onAir.search, headers: { range: 'bytes=0-15' } }))
        .statusCode
    ).toBe(206)
    const tampered = replayUrl.search.replace(`session_id=${replay.session_id}`, `session_id=${live.session_id}`)
    expect((await ctx.app.inject({ method: 'GET', url: replayUrl.pathname + tampered })).statusCode).toBe(403)
    expect((await api('GET', 'course.live/play', { session_id: upcoming.session_id }, me.token)).msg).toBe(
      '直播尚未开始'
    )
    const paid = (await detail(idOf['bazi-live-qa'])).sessions[0]
    expect((await api('GET', 'course.live/play', { session_id: paid.session_id }, me.token)).msg).toBe(
      '购买课程后即可观看直播'
    )
    expect((await api('GET', 'course.live/play', { session_id: 'x' }, me.token)).msg).toBe('直播场次格式不正确')
    const [row] = await ctx.database.db.select().from(liveSessions).where(eq(liveSessions.id, live.session_id))
    expect(row.streamUrl).not.toBe('')
  })
})
