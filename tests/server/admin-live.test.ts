import './helpers/native-modules'

import { count, desc, eq } from 'drizzle-orm'

import { MSG_STALE } from '../../server/core/envelope'
import { adminAuditLogs, courseCategories, liveSessions } from '../../server/db/schema'
import { ensureInitialOwner } from '../../server/modules/admin/operators'
import { type AdminClient, adminLogin } from './helpers/admin'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

// The context migrates and seeds a database and hashes passwords: slow on a loaded machine.
jest.setTimeout(300_000)

let ctx: TestContext
let owner: AdminClient
let content: AdminClient
let categoryId: number
const OWNER_PASSWORD = 'Owner-pass-1'
const STREAM = 'https://live.example.com/app/room1.m3u8?auth_key=abc'

const api = (method: 'GET' | 'POST', action: string, params: Record<string, unknown> = {}, token?: string) =>
  call(ctx.app, method, `/api/${action}`, params, token)
const sessionRows = async () => (await ctx.database.db.select({ n: count() }).from(liveSessions))[0].n
const auditOf = (action: string) =>
  ctx.database.db
    .select()
    .from(adminAuditLogs)
    .where(eq(adminAuditLogs.action, action))
    .orderBy(desc(adminAuditLogs.id))
const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000).toISOString()

const liveCourse = (over: Record<string, unknown> = {}) => ({
  kind: 'live',
  title: '奇门遁甲直播班',
  subtitle: '每周三晚八点',
  cover: '/static/demo/course/bazi.svg',
  intro: '<p>直播</p>',
  price_fen: 0,
  teacher: '王老师',
  category_id: categoryId,
  ...over
})

beforeAll(async () => {
  ctx = await createTestContext()
  await ensureInitialOwner(ctx.database.db, OWNER_PASSWORD)
  owner = (await adminLogin(ctx.app, 'admin', OWNER_PASSWORD)).client!
  expect(
    (await owner.post('/operator/add', { username: 'live_editor', password: 'Secret-Pine-123', role: 'content' })).code
  ).toBe(1)
  content = (await adminLogin(ctx.app, 'live_editor', 'Secret-Pine-123')).client!
  ;[{ id: categoryId }] = await ctx.database.db.select({ id: courseCategories.id }).from(courseCategories).limit(1)
})
afterAll(() => ctx.close())

async function newLiveCourse() {
  const added = await content.post('/course/add', liveCourse())
  expect(added.code).toBe(1)
  return added.data as { course_id: number; version: number }
}

test('only content editors and the owner schedule live sessions; an app token is not a session', async () => {
  const course = await newLiveCourse()
  const session = {
    ...course,
    title: '第一讲',
    starts_at: minutesFromNow(60),
    duration_min: 90,
    stream_url: STREAM,
    replay_url: ''
  }
  const before = await sessionRows()
  expect(
    (await ctx.app.inject({ method: 'POST', url: '/api/admin/course/liveSave', payload: session })).json().code
  ).toBe(-9999)
  const user = await login(ctx.app, '直播路人')
  expect(
    (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/course/liveSave',
        headers: { authorization: user.token },
        payload: session
      })
    ).json().code
  ).toBe(-9999)
  for (const role of ['operations', 'finance']) {
    expect(
      (await owner.post('/operator/add', { username: `live_${role}`, password: 'Secret-Pine-123', role })).code
    ).toBe(1)
    const client = (await adminLogin(ctx.app, `live_${role}`, 'Secret-Pine-123')).client!
    expect(await client.post('/course/liveSave', session)).toMatchObject({ code: 0, msg: '没有权限执行此操作' })
    expect(await client.get('/course/liveSessions', { course_id: course.course_id })).toMatchObject({
      code: 0,
      msg: '没有权限执行此操作'
    })
  }
  expect(await sessionRows()).toBe(before)
})

test('bad input is named in Chinese and writes nothing', async () => {
  const course = await newLiveCourse()
  const ok = {
    ...course,
    title: '第一讲',
    starts_at: minutesFromNow(60),
    duration_min: 90,
    stream_url: STREAM,
    replay_url: ''
  }
  const before = [await sessionRows(), (await auditOf('course.live_add')).length]
  expect((await content.post('/course/liveSave', { ...ok, title: '' })).msg).toBe('标题不能为空')
  expect((await content.post('/course/liveSave', { ...ok, starts_at: '明天晚上' })).msg).toMatch(/^开播时间/)
  expect((await content.post('/course/liveSave', { ...ok, duration_min: 0 })).msg).toMatch(/^直播时长至少/)
  const refused = '拉流地址应为 http(s) 开头的 .m3u8 或 .flv 地址，或 rtmp:// 地址'
  expect((await content.post('/course/liveSave', { ...ok, stream_url: 'ftp://live.example.com/room1.flv' })).msg).toBe(
    refused
  )
  expect((await content.post('/course/liveSave', { ...ok, stream_url: 'javascript:alert(1)//.m3u8' })).msg).toBe(
    refused
  )
  expect(
    (await content.post('/course/liveSave', { ...ok, stream_url: 'https://live.example.com/room1.mp4' })).msg
  ).toBe(refused)
  expect((await content.post('/course/liveSave', { ...ok, replay_url: 'media:../../package.json' })).msg).toMatch(
    /^回放应为/
  )
  // A recorded course has lessons, not live sessions.
  const recorded = (await content.post('/course/add', liveCourse({ kind: 'recorded' }))).data
  expect((await content.post('/course/liveSave', { ...ok, ...recorded })).msg).toBe('只有直播课可以安排直播场次')
  expect([await sessionRows(), (await auditOf('course.live_add')).length]).toEqual(before)
})

test('a scheduled class is 预告, then 直播中 with stream, then 回放, by the clock; audited; stale edits refused', async () => {
  const created = await newLiveCourse()
  const { course_id } = created
  let { version } = created
  expect((await content.post('/course/shelf', { course_id, version, visible: true })).msg).toBe(
    '直播课还没有安排场次，不能上架'
  )

  const upcoming = await content.post('/course/liveSave', {
    course_id,
    version,
    title: '第一讲 起局',
    starts_at: minutesFromNow(60),
    duration_min: 90,
    stream_url: STREAM,
    replay_url: ''
  })
  expect(upcoming.code).toBe(1)
  const [added] = await auditOf('course.live_add')
  expect(added).toMatchObject({
    operatorName: 'live_editor',
    targetType: 'live_session',
    targetId: String(upcoming.data.id)
  })
  expect(added.after).toMatchObject({ title: '第一讲 起局', stream_url: STREAM })
  // The version before that write is stale now.
  expect(
    (
      await content.post('/course/liveSave', {
        course_id,
        version,
        title: '重复',
        starts_at: minutesFromNow(60),
        duration_min: 30,
        stream_url: '',
        replay_url: ''
      })
    ).msg
  ).toBe(MSG_STALE)
  version = upcoming.data.version

  // On air: started 10 minutes ago for an hour.
  const onAir = await content.post('/course/liveSave', {
    course_id,
    version,
    title: '第二讲 布盘',
    starts_at: minutesFromNow(-10),
    duration_min: 60,
    stream_url: STREAM,
    replay_url: ''
  })
  expect(onAir.code).toBe(1)
  version = onAir.data.version
  const sessions = (await content.get('/course/liveSessions', { course_id })).data
  expect(
    sessions.map((s: { title: string; status: string; duration_min: number }) => [s.title, s.status, s.duration_min])
  ).toEqual([
    ['第二讲 布盘', 'live', 60],
    ['第一讲 起局', 'upcoming', 90]
  ])
  expect((await content.get('/course/detail', { course_id })).data.lessons).toBe(2)

  const shelf = await content.post('/course/shelf', { course_id, version, visible: true })
  expect(shelf.code).toBe(1)
  version = shelf.data.version

  // The app's schedule reads them: one on air, one upcoming.
  const live = (await api('GET', 'course.live/lists', { status: 'live', per_page: 50 })).data.list
  expect(live.find((s: { session_id: number }) => s.session_id === onAir.data.id)).toMatchObject({
    title: '第二讲 布盘',
    status: 'live',
    teacher: '王老师'
  })
  const soon = (await api('GET', 'course.live/lists', { status: 'upcoming', per_page: 50 })).data.list
  expect(soon.map((s: { session_id: number }) => s.session_id)).toContain(upcoming.data.id)

  // A user who signed up (free course) gets the provider's stream to play.
  const user = await login(ctx.app, '直播学员')
  expect((await api('GET', 'course.live/play', { session_id: onAir.data.id }, user.token)).msg).toBe(
    '报名后即可观看直播'
  )
  expect((await api('POST', 'course.index/signup', { course_id }, user.token)).code).toBe(1)
  expect((await api('GET', 'course.live/play', { session_id: onAir.data.id }, user.token)).data).toMatchObject({
    status: 'live',
    video_url: STREAM
  })

  // Moved into the past with a replay: it becomes a 回放 and the replay plays instead of the stream.
  const ended = await content.post('/course/liveSave', {
    course_id,
    version,
    session_id: onAir.data.id,
    title: '第二讲 布盘',
    starts_at: minutesFromNow(-120),
    duration_min: 60,
    stream_url: STREAM,
    replay_url: 'https://vod.example.com/replay/2.m3u8'
  })
  expect(ended.code).toBe(1)
  version = ended.data.version
  const [edit] = await auditOf('course.live_edit')
  expect(edit.before).toMatchObject({ replay_url: '' })
  expect(edit.after).toMatchObject({ replay_url: 'https://vod.example.com/replay/2.m3u8' })
  expect((await api('GET', 'course.live/play', { session_id: onAir.data.id }, user.token)).data).toMatchObject({
    status: 'replay',
    video_url: 'https://vod.example.com/replay/2.m3u8'
  })

  // Taken off: the session is gone from the app.
  const removed = await content.post('/course/liveDelete', { course_id, version, session_id: upcoming.data.id })
  expect(removed.code).toBe(1)
  expect((await auditOf('course.live_delete'))[0]).toMatchObject({ targetId: String(upcoming.data.id) })
  const after = (await api('GET', 'course.live/lists', { status: 'upcoming', per_page: 50 })).data.list
  expect(after.map((s: { session_id: number }) => s.session_id)).not.toContain(upcoming.data.id)
  // Another course's session id is not this course's.
  const other = await newLiveCourse()
  expect((await content.post('/course/liveDelete', { ...other, session_id: onAir.data.id })).msg).toBe('直播场次不存在')
})
