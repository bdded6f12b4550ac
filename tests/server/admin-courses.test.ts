import './helpers/native-modules'

import fs from 'node:fs'
import path from 'node:path'

import { count, desc, eq } from 'drizzle-orm'

import { MSG_STALE } from '../../server/core/envelope'
import { adminAuditLogs, courseCategories, courseChapters, courseLessons, courses } from '../../server/db/schema'
import { VIDEO_PART_BYTES } from '../../server/modules/admin/course-video'
import { ensureInitialOwner } from '../../server/modules/admin/operators'
import { MEDIA_DIR } from '../../server/modules/course/media'
import { type AdminClient, adminLogin, shelvedPreviewLesson } from './helpers/admin'
import { removeMedia } from './helpers/media'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

// The context migrates and seeds a database and hashes passwords: slow on a loaded machine.
jest.setTimeout(300_000)

let ctx: TestContext
let owner: AdminClient
let content: AdminClient
let categoryId: number
const OWNER_PASSWORD = 'Owner-pass-1'

async function operator(username: string, role: string): Promise<AdminClient> {
  expect((await owner.post('/operator/add', { username, password: 'Secret-Pine-123', role })).code).toBe(1)
  return (await adminLogin(ctx.app, username, 'Secret-Pine-123')).client!
}

const api = (method: 'GET' | 'POST', action: string, params: Record<string, unknown> = {}, token?: string) =>
  call(ctx.app, method, `/api/${action}`, params, token)
const rowsOf = async (table: typeof courses | typeof courseChapters | typeof courseLessons) =>
  (await ctx.database.db.select({ n: count() }).from(table))[0].n
const auditOf = (action: string) =>
  ctx.database.db
    .select()
    .from(adminAuditLogs)
    .where(eq(adminAuditLogs.action, action))
    .orderBy(desc(adminAuditLogs.id))

const fields = (over: Record<string, unknown> = {}) => ({
  title: '紫微斗数精讲',
  subtitle: '十四主星逐一讲透',
  cover: '/static/demo/course/bazi.svg',
  intro: '<p>第一讲</p><script>alert(1)</script><img src="x" onerror="alert(2)">',
  price_fen: 29900,
  original_price_fen: 39900,
  teacher: '陈老师',
  teacher_title: '命理讲师',
  category_id: categoryId,
  ...over
})

beforeAll(async () => {
  ctx = await createTestContext()
  await ensureInitialOwner(ctx.database.db, OWNER_PASSWORD)
  owner = (await adminLogin(ctx.app, 'admin', OWNER_PASSWORD)).client!
  content = await operator('editor', 'content')
  ;[{ id: categoryId }] = await ctx.database.db.select({ id: courseCategories.id }).from(courseCategories).limit(1)
})
afterAll(() => ctx.close())

describe('who may edit courses', () => {
  test('no session, an app token, operations and finance are refused; content and owner may', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/course/lists' })).json().code).toBe(-9999)
    const user = await login(ctx.app, '课程编辑路人')
    const withToken = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/course/add',
      headers: { authorization: user.token },
      payload: fields()
    })
    expect(withToken.json().code).toBe(-9999)
    const before = await rowsOf(courses)
    for (const role of ['operations', 'finance']) {
      const client = await operator(`c_${role}`, role)
      expect(await client.get('/course/lists')).toMatchObject({ code: 0, msg: '没有权限执行此操作' })
      expect(await client.post('/course/add', fields())).toMatchObject({ code: 0, msg: '没有权限执行此操作' })
    }
    expect(await rowsOf(courses)).toBe(before)
    expect((await content.get('/course/lists')).code).toBe(1)
    expect((await owner.get('/course/lists')).code).toBe(1)
  })
})

describe('editing a course', () => {
  test('bad input is named in Chinese and writes nothing', async () => {
    const before = [await rowsOf(courses), (await auditOf('course.add')).length]
    expect((await content.post('/course/add', fields({ title: '' }))).msg).toBe('标题不能为空')
    expect((await content.post('/course/add', fields({ price_fen: -1 }))).msg).toBe('价格至少 0')
    expect((await content.post('/course/add', fields({ price_fen: 1e12 }))).msg).toMatch(/^价格最多/)
    expect((await content.post('/course/add', fields({ cover: 'javascript:alert(1)' }))).msg).toBe(
      '封面应为上传后的图片地址'
    )
    expect((await content.post('/course/add', fields({ category_id: 999_999 }))).msg).toBe('课程分类不存在')
    expect([await rowsOf(courses), (await auditOf('course.add')).length]).toEqual(before)
  })

  test('a course built in the console: listed with its enrollments, audited, a stale save refused', async () => {
    const added = await content.post('/course/add', fields())
    expect(added.code).toBe(1)
    const id = added.data.course_id
    let version = added.data.version
    const detail = (await content.get('/course/detail', { course_id: id })).data
    expect(detail).toMatchObject({
      title: '紫微斗数精讲',
      kind: 'recorded',
      visible: false,
      price_fen: 29900,
      enrollments: 0,
      chapters: []
    })
    expect(detail.intro).toContain('<p>第一讲</p>')
    expect(detail.intro).not.toMatch(/script|onerror/)
    const [audit] = await auditOf('course.add')
    expect(audit).toMatchObject({ operatorName: 'editor', targetType: 'course', targetId: String(id) })

    // Two editors opened the same version: the second save is refused and changes nothing.
    const first = await content.post('/course/edit', {
      ...fields({ title: '紫微斗数精讲（第二版）' }),
      course_id: id,
      version
    })
    expect(first.code).toBe(1)
    expect(first.data.version).toBe(version + 1)
    expect(
      await owner.post('/course/edit', { ...fields({ title: '别人的标题' }), course_id: id, version })
    ).toMatchObject({ code: 0, msg: MSG_STALE })
    expect((await content.get('/course/detail', { course_id: id })).data.title).toBe('紫微斗数精讲（第二版）')
    const [edit] = await auditOf('course.edit')
    expect(edit.before).toMatchObject({ title: '紫微斗数精讲' })
    expect(edit.after).toMatchObject({ title: '紫微斗数精讲（第二版）' })
    version = first.data.version

    // Not on the shelf without lessons.
    expect((await content.post('/course/shelf', { course_id: id, version, visible: true })).msg).toBe(
      '课程还没有课时，不能上架'
    )

    const chapter = await content.post('/course/chapterSave', { course_id: id, version, title: '第一章 星曜' })
    expect(chapter.code).toBe(1)
    // An outline write with the version before it is stale too.
    expect((await content.post('/course/chapterSave', { course_id: id, version, title: '重复' })).msg).toBe(MSG_STALE)
    version = chapter.data.version
    const chapterId = chapter.data.id
    const lessons = await rowsOf(courseLessons)
    expect(
      (
        await content.post('/course/lessonSave', {
          course_id: id,
          version,
          chapter_id: chapterId,
          title: '坏视频',
          duration_sec: 60,
          video: 'media:../../package.json'
        })
      ).msg
    ).toMatch(/^视频应为/)
    expect(await rowsOf(courseLessons)).toBe(lessons)
    // Without a length a lesson could never be learnt: refused, naming the field.
    expect(
      (
        await content.post('/course/lessonSave', {
          course_id: id,
          version,
          chapter_id: chapterId,
          title: '无时长',
          duration_sec: 0,
          video: 'media:course/bazi.mp4'
        })
      ).msg
    ).toMatch(/^时长/)
    expect(await rowsOf(courseLessons)).toBe(lessons)
    const paid = await content.post('/course/lessonSave', {
      course_id: id,
      version,
      chapter_id: chapterId,
      title: '紫微星',
      duration_sec: 600,
      video: 'media:course/bazi.mp4'
    })
    expect(paid.code).toBe(1)
    const preview = await content.post('/course/lessonSave', {
      course_id: paid.data.course_id,
      version: paid.data.version,
      chapter_id: chapterId,
      title: '导论',
      preview: true,
      duration_sec: 300,
      video: 'media:course/yinyang.mp4'
    })
    expect(preview.code).toBe(1)
    // The preview goes first.
    const order = await content.post('/course/reorder', {
      course_id: id,
      version: preview.data.version,
      chapters: [{ chapter_id: chapterId, lesson_ids: [preview.data.id, paid.data.id] }]
    })
    expect(order.code).toBe(1)
    const shelf = await content.post('/course/shelf', { course_id: id, version: order.data.version, visible: true })
    expect(shelf.code).toBe(1)
    expect((await auditOf('course.lesson_add')).slice(0, 2).map((a) => a.targetId)).toEqual([
      String(preview.data.id),
      String(paid.data.id)
    ])
    expect(await auditOf('course.on_shelf')).toHaveLength(1)

    // The app lists it and shows the outline in the new order.
    const list = (await api('POST', 'course.index/getList', { category_id: categoryId, per_page: 50 })).data.list
    expect(list.map((c: { course_id: number }) => c.course_id)).toContain(id)
    const app = (await api('GET', 'course.index/getDetail', { course_id: id })).data.detail
    expect(app).toMatchObject({ title: '紫微斗数精讲（第二版）', price: 29900, teacher: '陈老师' })
    expect(
      app.chapters[0].lessons.map((l: { lesson_id: number; preview: boolean }) => [l.lesson_id, l.preview])
    ).toEqual([
      [preview.data.id, true],
      [paid.data.id, false]
    ])

    // The preview plays for anyone; the paid lesson only after enrolment.
    const previewUrl = (await api('GET', 'course.lesson/detail', { lesson_id: preview.data.id })).data.video_url
    const played = await ctx.app.inject({ method: 'GET', url: previewUrl.slice(ctx.config.publicUrl.length) })
    expect(played.statusCode).toBe(200)
    expect(played.headers['content-type']).toBe('video/mp4')
    const buyer = await login(ctx.app, '紫微学员')
    expect((await api('GET', 'course.lesson/detail', { lesson_id: paid.data.id }, buyer.token)).msg).toBe(
      '该课时需购买课程后观看'
    )
    const orderAdd = await api('POST', 'course.order/add', { course_id: id }, buyer.token)
    const pay = await api('POST', 'course.order/pay', { order_id: orderAdd.data.order_id }, buyer.token)
    expect(pay.data.amount_fen).toBe(29900)
    expect((await api('POST', 'pay.sandbox/confirm', { out_trade_no: pay.data.out_trade_no }, buyer.token)).code).toBe(
      1
    )
    const paidUrl = (await api('GET', 'course.lesson/detail', { lesson_id: paid.data.id }, buyer.token)).data.video_url
    expect((await ctx.app.inject({ method: 'GET', url: paidUrl.slice(ctx.config.publicUrl.length) })).statusCode).toBe(
      200
    )

    // The console counts the enrolment and finds the course by its teacher.
    const found = (await content.get('/course/lists', { keyword: '陈老师' })).data
    expect(found.list[0]).toMatchObject({ course_id: id, enrollments: 1, lessons: 2, visible: true })

    // Off the shelf: gone from the app, and its links stop playing.
    expect(
      (await content.post('/course/shelf', { course_id: id, version: shelf.data.version, visible: false })).code
    ).toBe(1)
    expect((await api('GET', 'course.index/getDetail', { course_id: id })).msg).toBe('课程不存在或已下架')
    expect(
      (await ctx.app.inject({ method: 'GET', url: previewUrl.slice(ctx.config.publicUrl.length) })).statusCode
    ).not.toBe(200)
  })

  test('a chapter with lessons is not deleted; a lesson is, with its audit row', async () => {
    const added = (await content.post('/course/add', fields({ title: '删改测试' }))).data
    const ch = (
      await content.post('/course/chapterSave', {
        course_id: added.course_id,
        version: added.version,
        title: '唯一一章'
      })
    ).data
    const lesson = (
      await content.post('/course/lessonSave', {
        course_id: added.course_id,
        version: ch.version,
        chapter_id: ch.id,
        title: '课时一',
        duration_sec: 60,
        video: 'https://cdn.example.com/v/1.mp4'
      })
    ).data
    expect(
      (
        await content.post('/course/chapterDelete', {
          course_id: added.course_id,
          version: lesson.version,
          chapter_id: ch.id
        })
      ).msg
    ).toBe('请先删除或移走本章的课时')
    // A reorder that leaves a lesson out is refused.
    expect(
      (
        await content.post('/course/reorder', {
          course_id: added.course_id,
          version: lesson.version,
          chapters: [{ chapter_id: ch.id, lesson_ids: [] }]
        })
      ).msg
    ).toBe('章节或课时已变化，请刷新后再排序')
    const del = await content.post('/course/lessonDelete', {
      course_id: added.course_id,
      version: lesson.version,
      lesson_id: lesson.id
    })
    expect(del.code).toBe(1)
    expect((await auditOf('course.lesson_delete'))[0]).toMatchObject({
      targetId: String(lesson.id),
      before: { title: '课时一' }
    })
    expect(
      (
        await content.post('/course/chapterDelete', {
          course_id: added.course_id,
          version: del.data.version,
          chapter_id: ch.id
        })
      ).code
    ).toBe(1)
    expect((await content.get('/course/detail', { course_id: added.course_id })).data.chapters).toEqual([])
  })
})

describe('uploading a lesson video', () => {
  const mp4 = fs.readFileSync(path.join(MEDIA_DIR, 'course', 'bazi.mp4'))
  const uploaded: string[] = []
  afterAll(() => {
    for (const key of uploaded) removeMedia(MEDIA_DIR, key)
  })

  test('wrong type, oversize, a short part or a renamed document are refused', async () => {
    expect((await content.post('/course/videoStart', { file_name: 'a.exe', size: 100 })).msg).toBe(
      '只能上传 MP4、M4V 或 WebM 视频'
    )
    expect((await content.post('/course/videoStart', { file_name: 'a.mp4', size: 3 * 1024 ** 3 })).msg).toBe(
      '视频不能超过 2 GB'
    )
    expect(
      (await (await operator('v_fin', 'finance')).post('/course/videoStart', { file_name: 'a.mp4', size: 100 })).msg
    ).toBe('没有权限执行此操作')
    const start = (await content.post('/course/videoStart', { file_name: 'a.mp4', size: 10 })).data
    expect(
      (
        await content.post('/course/videoPart', {
          upload_id: start.upload_id,
          index: 0,
          data: Buffer.from('short').toString('base64')
        })
      ).msg
    ).toBe('视频分片大小不正确，请重试')
    expect((await content.post('/course/videoComplete', { upload_id: start.upload_id })).msg).toBe(
      '视频第 1 段还没有上传完成'
    )
    expect(
      (
        await content.post('/course/videoPart', {
          upload_id: start.upload_id,
          index: 0,
          data: Buffer.from('not a film').toString('base64')
        })
      ).code
    ).toBe(1)
    expect((await content.post('/course/videoComplete', { upload_id: start.upload_id })).msg).toBe(
      '文件内容不是有效的视频'
    )
    // Another operator cannot finish someone else's upload.
    expect((await owner.post('/course/videoComplete', { upload_id: start.upload_id })).msg).toBe(
      '上传已失效，请重新选择文件'
    )
  })

  test('an mp4 sent in parts is stored as private media and plays through the signed link', async () => {
    // Two parts: a whole one and the rest.
    const file = Buffer.concat([mp4, Buffer.alloc(VIDEO_PART_BYTES)])
    const start = (await content.post('/course/videoStart', { file_name: '第一课.MP4', size: file.length })).data
    expect(start).toMatchObject({ target: 'server', part_bytes: VIDEO_PART_BYTES, parts: 2, uploaded: [] })
    for (let i = 0; i < start.parts; i++) {
      const part = file.subarray(i * VIDEO_PART_BYTES, (i + 1) * VIDEO_PART_BYTES)
      expect(
        (
          await content.post('/course/videoPart', {
            upload_id: start.upload_id,
            index: i,
            data: part.toString('base64')
          })
        ).code
      ).toBe(1)
    }
    const done = await content.post('/course/videoComplete', { upload_id: start.upload_id })
    expect(done.data.video).toMatch(/^media:course\/uploads\/\d{6}\/[a-f0-9]{24}\.mp4$/)
    uploaded.push(done.data.video)
    expect((await auditOf('course.video_upload'))[0]).toMatchObject({
      targetId: done.data.video,
      operatorName: 'editor'
    })
    // The upload is used up.
    expect((await content.post('/course/videoComplete', { upload_id: start.upload_id })).msg).toBe(
      '上传已失效，请重新选择文件'
    )

    const lessonId = await shelvedPreviewLesson(content, fields({ title: '上传视频的课' }), done.data.video)
    const url = (await api('GET', 'course.lesson/detail', { lesson_id: lessonId })).data.video_url
    const res = await ctx.app.inject({ method: 'GET', url: url.slice(ctx.config.publicUrl.length) })
    expect(res.statusCode).toBe(200)
    expect(res.rawPayload.equals(file)).toBe(true)
  })
})
