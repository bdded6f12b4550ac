import crypto from 'node:crypto'

import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type {
  AdminCourseChapter,
  AdminCourseDetail,
  AdminCourseListItem,
  AdminCourseSaved,
  AdminLiveSession,
  AdminOfflineClass
} from '../../../contract/admin'
import { streamKind } from '../../../contract/course'
import { AppError, MSG_STALE } from '../../core/envelope'
import { paged } from '../../core/paging'
import { idParam, intParam, multiline, optional, text } from '../../core/validate'
import type { Executor, Tx } from '../../db/database'
import {
  COURSE_KINDS,
  courseCategories,
  courseChapters,
  type CourseKind,
  courseLessons,
  courses,
  lessonProgress,
  liveSessions,
  offlineClasses,
  offlineSignups
} from '../../db/schema'
import { sanitizeArticleHtml } from '../article/sanitize'
import { chapterRowsOf, lessonRowsOf } from '../course/access'
import { liveStatus } from '../course/live-status'
import { mediaFile } from '../course/media'
import { type AdminContext, adminPaging, adminRoute, boolParam } from './route'

type Course = typeof courses.$inferSelect

const WRONG_KIND: Record<CourseKind, string> = {
  recorded: '只有录播课可以编辑章节和课时',
  live: '只有直播课可以安排直播场次',
  offline: '只有线下课可以开班'
}

/** 100,000 yuan: far above any course, low enough that a typo of extra zeros is caught. */
const MAX_PRICE_FEN = 10_000_000

const LABELS: Record<string, string> = {
  course_id: '课程',
  chapter_id: '章节',
  lesson_id: '课时',
  version: '记录版本',
  title: '标题',
  subtitle: '副标题',
  cover: '封面',
  intro: '课程介绍',
  price_fen: '价格',
  original_price_fen: '划线价',
  teacher: '讲师',
  teacher_title: '讲师头衔',
  category_id: '分类',
  visible: '上架状态',
  preview: '免费试看',
  duration_sec: '时长',
  video: '视频',
  chapters: '章节顺序',
  lesson_ids: '课时顺序',
  keyword: '关键词',
  kind: '课程类型',
  session_id: '直播场次',
  starts_at: '开播时间',
  duration_min: '直播时长',
  stream_url: '直播拉流地址',
  replay_url: '回放地址',
  class_id: '线下班',
  ends_at: '结束时间',
  signup_deadline: '报名截止时间',
  city: '城市',
  address: '上课地址',
  latitude: '纬度',
  longitude: '经度',
  seats: '名额'
}

// An uploaded image is a site path or an http(s) address.
const coverField = text(512).refine(
  (v) => v === '' || (v.startsWith('/') && !v.startsWith('//')) || /^https?:\/\/\S+$/.test(v),
  { message: '封面应为上传后的图片地址' }
)
// A file in our private media area plays only through signed links; an https address is an operator's CDN.
const videoField = text(512, 1).refine((v) => mediaFile(v) !== undefined || /^https:\/\/\S+$/.test(v), {
  message: '视频应为上传后的媒体文件 (media:…) 或 https 地址'
})

// A live provider's pull address (HLS .m3u8, HTTP-FLV or RTMP: streamKind); the app plays it as given.
const streamField = text(512).refine((v) => v === '' || streamKind(v) !== undefined, {
  message: '拉流地址应为 http(s) 开头的 .m3u8 或 .flv 地址，或 rtmp:// 地址'
})
// A replay is a file in our media area, or the provider's recording (MP4 or HLS).
const replayField = text(512).refine((v) => v === '' || mediaFile(v) !== undefined || /^https?:\/\/\S+$/.test(v), {
  message: '回放应为上传后的媒体文件 (media:…) 或 http(s) 地址'
})

const courseFields = {
  title: text(64, 1),
  subtitle: text(128),
  cover: coverField,
  intro: multiline(50_000),
  price_fen: intParam(0, MAX_PRICE_FEN),
  original_price_fen: intParam(0, MAX_PRICE_FEN).default(0),
  teacher: text(32, 1),
  teacher_title: text(64).default(''),
  category_id: idParam()
}
const versioned = { course_id: idParam(), version: intParam(1, 2_147_483_647) }

type CourseInput = z.output<z.ZodObject<typeof courseFields>>

/** The course columns an operator sets; the intro is sanitized like an article's. */
function columnsOf(input: CourseInput) {
  return {
    categoryId: input.category_id,
    title: input.title,
    subtitle: input.subtitle,
    cover: input.cover,
    intro: sanitizeArticleHtml(input.intro),
    priceFen: input.price_fen,
    originalPriceFen: input.original_price_fen,
    teacher: input.teacher,
    teacherTitle: input.teacher_title
  }
}

const slug = (prefix: string) => `${prefix}-${crypto.randomBytes(8).toString('hex')}`

function courseSnapshot(c: Course) {
  return {
    title: c.title,
    subtitle: c.subtitle,
    cover: c.cover,
    teacher: c.teacher,
    teacher_title: c.teacherTitle,
    price_fen: c.priceFen,
    original_price_fen: c.originalPriceFen,
    category_id: c.categoryId,
    visible: c.visible,
    intro: c.intro
  }
}

async function categoryExists(db: Executor, id: number): Promise<void> {
  const [row] = await db
    .select({ id: courseCategories.id })
    .from(courseCategories)
    .where(eq(courseCategories.id, id))
    .limit(1)
  if (!row) throw new AppError('课程分类不存在')
}

/** The course locked for this write, when the editor still shows its current version. */
async function lockCourse(tx: Tx, id: number, version: number): Promise<Course> {
  const [row] = await tx.select().from(courses).where(eq(courses.id, id)).for('update').limit(1)
  if (!row) throw new AppError('课程不存在')
  if (row.version !== version) throw new AppError(MSG_STALE)
  return row
}

async function bumpVersion(tx: Tx, id: number, change: Partial<typeof courses.$inferInsert> = {}): Promise<Course> {
  const [row] = await tx
    .update(courses)
    .set({ ...change, version: sql`${courses.version} + 1`, updatedAt: new Date() })
    .where(eq(courses.id, id))
    .returning()
  return row
}

const enrollmentsOf = sql<number>`(select count(*)::int from course_enrollments e where e.course_id = "courses"."id")`
// Lessons of a recorded course, sessions of a live one, classes of an offline one.
const lessonsOf = sql<number>`(case "courses"."kind"
  when 'live' then (select count(*)::int from live_sessions x where x.course_id = "courses"."id")
  when 'offline' then (select count(*)::int from offline_classes x where x.course_id = "courses"."id")
  else (select count(*)::int from course_lessons l where l.course_id = "courses"."id") end)`

function listItem(row: {
  course: Course
  categoryName: string | null
  enrollments: number
  lessons: number
}): AdminCourseListItem {
  const c = row.course
  return {
    course_id: c.id,
    kind: c.kind,
    title: c.title,
    subtitle: c.subtitle,
    cover: c.cover,
    teacher: c.teacher,
    category_id: c.categoryId,
    category_name: row.categoryName ?? '',
    price_fen: c.priceFen,
    visible: c.visible,
    enrollments: Number(row.enrollments),
    lessons: Number(row.lessons),
    version: c.version,
    updated_at: c.updatedAt.toISOString()
  }
}

function courseRows(db: Executor) {
  return db
    .select({ course: courses, categoryName: courseCategories.name, enrollments: enrollmentsOf, lessons: lessonsOf })
    .from(courses)
    .leftJoin(courseCategories, eq(courseCategories.id, courses.categoryId))
}

async function outline(db: Executor, courseId: number): Promise<AdminCourseChapter[]> {
  const chapters = await chapterRowsOf(db, courseId)
  const lessons = await lessonRowsOf(db, courseId)
  return chapters.map((ch) => ({
    chapter_id: ch.id,
    title: ch.title,
    lessons: lessons
      .filter((l) => l.chapterId === ch.id)
      .map((l) => ({
        lesson_id: l.id,
        title: l.title,
        preview: l.preview,
        duration_sec: l.durationSec,
        video: l.videoUrl
      }))
  }))
}

async function courseDetail(db: Executor, id: number): Promise<AdminCourseDetail> {
  const [row] = await courseRows(db).where(eq(courses.id, id)).limit(1)
  if (!row) throw new AppError('课程不存在')
  const c = row.course
  return {
    ...listItem(row),
    teacher_title: c.teacherTitle,
    intro: c.intro,
    original_price_fen: c.originalPriceFen,
    chapters: await outline(db, id)
  }
}

interface OutlineChange {
  action: string
  targetType: 'course' | 'chapter' | 'lesson' | 'live_session' | 'offline_class'
  targetId: number
  before?: unknown
  after?: unknown
}

export default async function courseRoutes(app: FastifyInstance): Promise<void> {
  /**
   * A write to a recorded course's outline: the course is locked at the editor's version, the change
   * and its audit row are written together, and the course's version grows.
   */
  function outlineRoute<S extends z.ZodRawShape>(
    path: string,
    shape: S,
    write: (tx: Tx, course: Course, input: z.output<z.ZodObject<S>>) => Promise<OutlineChange>,
    kind: CourseKind = 'recorded'
  ) {
    const schema = z.object({ ...versioned, ...shape })
    adminRoute(
      app,
      { method: 'POST', path, input: schema, permission: 'course.edit', labels: LABELS },
      async (ctx): Promise<AdminCourseSaved> =>
        app.db.transaction(async (tx) => {
          const { input, audit } = ctx as AdminContext<
            { course_id: number; version: number } & z.output<z.ZodObject<S>>
          >
          const course = await lockCourse(tx, input.course_id, input.version)
          if (course.kind !== kind) throw new AppError(WRONG_KIND[kind])
          const change = await write(tx, course, input)
          const after = await bumpVersion(tx, course.id)
          await audit(
            {
              action: change.action,
              targetType: change.targetType,
              targetId: change.targetId,
              before: change.before,
              after: change.after
            },
            tx
          )
          return { course_id: course.id, version: after.version, id: change.targetId }
        })
    )
  }

  // A chapter or lesson id counts only within the course being edited.
  const ofCourse = (table: typeof courseChapters | typeof courseLessons, courseId: number, id: number) =>
    and(eq(table.id, id), eq(table.courseId, courseId))
  const found = <T>(row: T | undefined, missing: string): T => {
    if (!row) throw new AppError(missing)
    return row
  }
  const chapterOf = async (tx: Executor, courseId: number, id: number) =>
    found(
      (
        await tx
          .select()
          .from(courseChapters)
          .where(ofCourse(courseChapters, courseId, id))
          .limit(1)
      )[0],
      '章节不存在'
    )
  const lessonOf = async (tx: Executor, courseId: number, id: number) =>
    found(
      (
        await tx
          .select()
          .from(courseLessons)
          .where(ofCourse(courseLessons, courseId, id))
          .limit(1)
      )[0],
      '课时不存在'
    )

  adminRoute(
    app,
    {
      method: 'GET',
      path: '/course/lists',
      input: z.object({
        ...adminPaging,
        keyword: optional(text(64)),
        kind: optional(z.enum(COURSE_KINDS)),
        visible: optional(boolParam)
      }),
      permission: 'course.view',
      labels: LABELS
    },
    async ({ input }) => {
      const where: SQL[] = []
      if (input.keyword) {
        const like = `%${input.keyword.replace(/[\\%_]/g, (m) => '\\' + m)}%`
        where.push(or(ilike(courses.title, like), ilike(courses.teacher, like))!)
      }
      if (input.kind) where.push(eq(courses.kind, input.kind))
      if (input.visible !== undefined) where.push(eq(courses.visible, input.visible))
      const cond = where.length ? and(...where) : undefined
      const [{ n }] = await app.db.select({ n: count() }).from(courses).where(cond)
      const rows = await courseRows(app.db)
        .where(cond)
        .orderBy(desc(courses.id))
        .limit(input.per_page)
        .offset((input.page - 1) * input.per_page)
      return paged(rows.map(listItem), n, input.page, input.per_page)
    }
  )

  adminRoute(
    app,
    { method: 'GET', path: '/course/categories', input: z.object({}), permission: 'course.view' },
    async () => {
      const rows = await app.db
        .select()
        .from(courseCategories)
        .orderBy(asc(courseCategories.sort), asc(courseCategories.id))
      return rows.map((c) => ({ category_id: c.id, name: c.name }))
    }
  )

  adminRoute(
    app,
    {
      method: 'GET',
      path: '/course/detail',
      input: z.object({ course_id: idParam() }),
      permission: 'course.view',
      labels: LABELS
    },
    ({ input }) => courseDetail(app.db, input.course_id)
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/course/add',
      input: z.object({ ...courseFields, kind: z.enum(COURSE_KINDS).default('recorded') }),
      permission: 'course.edit',
      labels: LABELS
    },
    async ({ input, audit }): Promise<AdminCourseSaved> =>
      app.db.transaction(async (tx) => {
        await categoryExists(tx, input.category_id)
        // A new course starts off the shelf: it goes on once its lessons are in place.
        const [row] = await tx
          .insert(courses)
          .values({
            slug: slug('course'),
            kind: input.kind,
            ...columnsOf(input),
            visible: false
          })
          .returning()
        await audit({ action: 'course.add', targetType: 'course', targetId: row.id, after: courseSnapshot(row) }, tx)
        return { course_id: row.id, version: row.version }
      })
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/course/edit',
      input: z.object({ ...versioned, ...courseFields }),
      permission: 'course.edit',
      labels: LABELS
    },
    async ({ input, audit }): Promise<AdminCourseSaved> =>
      app.db.transaction(async (tx) => {
        const before = await lockCourse(tx, input.course_id, input.version)
        await categoryExists(tx, input.category_id)
        const after = await bumpVersion(tx, before.id, columnsOf(input))
        await audit(
          {
            action: 'course.edit',
            targetType: 'course',
            targetId: before.id,
            before: courseSnapshot(before),
            after: courseSnapshot(after)
          },
          tx
        )
        return { course_id: after.id, version: after.version }
      })
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/course/shelf',
      input: z.object({ ...versioned, visible: boolParam }),
      permission: 'course.edit',
      labels: LABELS
    },
    async ({ input, audit }): Promise<AdminCourseSaved> =>
      app.db.transaction(async (tx) => {
        const before = await lockCourse(tx, input.course_id, input.version)
        if (input.visible) {
          const [{ n }] = await tx.select({ n: lessonsOf }).from(courses).where(eq(courses.id, before.id))
          const missing = {
            recorded: '课程还没有课时，不能上架',
            live: '直播课还没有安排场次，不能上架',
            offline: '线下课还没有开班，不能上架'
          }
          if (Number(n) === 0) throw new AppError(missing[before.kind])
        }
        const after = await bumpVersion(tx, before.id, { visible: input.visible })
        await audit(
          {
            action: input.visible ? 'course.on_shelf' : 'course.off_shelf',
            targetType: 'course',
            targetId: before.id,
            before: { visible: before.visible },
            after: { visible: after.visible }
          },
          tx
        )
        return { course_id: after.id, version: after.version }
      })
  )

  outlineRoute(
    '/course/chapterSave',
    { chapter_id: optional(idParam()), title: text(64, 1) },
    async (tx, course, input) => {
      if (input.chapter_id) {
        const before = await chapterOf(tx, course.id, input.chapter_id)
        await tx.update(courseChapters).set({ title: input.title }).where(eq(courseChapters.id, before.id))
        return {
          action: 'course.chapter_edit',
          targetType: 'chapter',
          targetId: before.id,
          before: { title: before.title },
          after: { title: input.title }
        }
      }
      const [{ next }] = await tx
        .select({ next: sql<number>`coalesce(max(${courseChapters.sort}), 0) + 1` })
        .from(courseChapters)
        .where(eq(courseChapters.courseId, course.id))
      const [row] = await tx
        .insert(courseChapters)
        .values({ courseId: course.id, slug: slug('ch'), title: input.title, sort: Number(next) })
        .returning()
      return {
        action: 'course.chapter_add',
        targetType: 'chapter',
        targetId: row.id,
        after: { course_id: course.id, title: row.title }
      }
    }
  )

  outlineRoute('/course/chapterDelete', { chapter_id: idParam() }, async (tx, course, input) => {
    const before = await chapterOf(tx, course.id, input.chapter_id)
    const [{ n }] = await tx.select({ n: count() }).from(courseLessons).where(eq(courseLessons.chapterId, before.id))
    if (n > 0) throw new AppError('请先删除或移走本章的课时')
    await tx.delete(courseChapters).where(eq(courseChapters.id, before.id))
    return {
      action: 'course.chapter_delete',
      targetType: 'chapter',
      targetId: before.id,
      before: { course_id: course.id, title: before.title }
    }
  })

  outlineRoute(
    '/course/lessonSave',
    {
      lesson_id: optional(idParam()),
      chapter_id: idParam(),
      title: text(64, 1),
      preview: boolParam.default(false),
      // A lesson counts as learnt by the share of its length watched: it needs one.
      duration_sec: intParam(1, 86_400),
      video: videoField
    },
    async (tx, course, input) => {
      await chapterOf(tx, course.id, input.chapter_id)
      const fields = {
        chapterId: input.chapter_id,
        title: input.title,
        preview: input.preview,
        durationSec: input.duration_sec,
        videoUrl: input.video
      }
      const snapshot = (l: typeof fields) => ({
        chapter_id: l.chapterId,
        title: l.title,
        preview: l.preview,
        duration_sec: l.durationSec,
        video: l.videoUrl
      })
      if (input.lesson_id) {
        const before = await lessonOf(tx, course.id, input.lesson_id)
        // A lesson moved to another chapter goes to its end.
        const moved = before.chapterId !== input.chapter_id
        const sort = moved ? await nextLessonSort(tx, input.chapter_id) : before.sort
        await tx
          .update(courseLessons)
          .set({ ...fields, sort })
          .where(eq(courseLessons.id, before.id))
        return {
          action: 'course.lesson_edit',
          targetType: 'lesson',
          targetId: before.id,
          before: snapshot(before),
          after: snapshot(fields)
        }
      }
      const [row] = await tx
        .insert(courseLessons)
        .values({
          ...fields,
          courseId: course.id,
          slug: slug('lesson'),
          sort: await nextLessonSort(tx, input.chapter_id)
        })
        .returning()
      return { action: 'course.lesson_add', targetType: 'lesson', targetId: row.id, after: snapshot(row) }
    }
  )

  async function nextLessonSort(tx: Tx, chapterId: number): Promise<number> {
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${courseLessons.sort}), 0) + 1` })
      .from(courseLessons)
      .where(eq(courseLessons.chapterId, chapterId))
    return Number(next)
  }

  outlineRoute('/course/lessonDelete', { lesson_id: idParam() }, async (tx, course, input) => {
    const before = await lessonOf(tx, course.id, input.lesson_id)
    // Learners' positions in a lesson that no longer exists mean nothing.
    await tx.delete(lessonProgress).where(eq(lessonProgress.lessonId, before.id))
    await tx.delete(courseLessons).where(eq(courseLessons.id, before.id))
    return {
      action: 'course.lesson_delete',
      targetType: 'lesson',
      targetId: before.id,
      before: { chapter_id: before.chapterId, title: before.title, video: before.videoUrl }
    }
  })

  // The whole outline in its new order: every chapter once, every lesson once (it may change chapter).
  outlineRoute(
    '/course/reorder',
    {
      chapters: z
        .array(z.object({ chapter_id: idParam(), lesson_ids: z.array(idParam()).max(500) }))
        .min(1)
        .max(200)
    },
    async (tx, course, input) => {
      const before = await outline(tx, course.id)
      const sameSet = (a: number[], b: number[]) =>
        a.length === b.length && new Set(a).size === a.length && a.every((x) => b.includes(x))
      const lessonIds = before.flatMap((ch) => ch.lessons.map((l) => l.lesson_id))
      if (
        !sameSet(
          input.chapters.map((c) => c.chapter_id),
          before.map((c) => c.chapter_id)
        ) ||
        !sameSet(
          input.chapters.flatMap((c) => c.lesson_ids),
          lessonIds
        )
      ) {
        throw new AppError('章节或课时已变化，请刷新后再排序')
      }
      for (const [i, ch] of input.chapters.entries()) {
        await tx
          .update(courseChapters)
          .set({ sort: i + 1 })
          .where(eq(courseChapters.id, ch.chapter_id))
        for (const [j, id] of ch.lesson_ids.entries())
          await tx
            .update(courseLessons)
            .set({ chapterId: ch.chapter_id, sort: j + 1 })
            .where(eq(courseLessons.id, id))
      }
      const order = (chs: { chapter_id: number; lesson_ids: number[] }[]) =>
        chs.map((c) => ({ chapter_id: c.chapter_id, lesson_ids: c.lesson_ids }))
      return {
        action: 'course.reorder',
        targetType: 'course',
        targetId: course.id,
        before: order(before.map((c) => ({ chapter_id: c.chapter_id, lesson_ids: c.lessons.map((l) => l.lesson_id) }))),
        after: order(input.chapters)
      }
    }
  )

  // ---- live sessions: the status shown follows the clock, never stored ----

  const sessionItem = (s: typeof liveSessions.$inferSelect, now: Date): AdminLiveSession => ({
    session_id: s.id,
    title: s.title,
    starts_at: s.startsAt.toISOString(),
    duration_min: Math.round((s.endsAt.getTime() - s.startsAt.getTime()) / 60_000),
    stream_url: s.streamUrl,
    replay_url: s.replayUrl,
    status: liveStatus(s.startsAt, s.endsAt, now)
  })
  const sessionSnapshot = (
    s: Pick<typeof liveSessions.$inferSelect, 'title' | 'startsAt' | 'endsAt' | 'streamUrl' | 'replayUrl'>
  ) => ({
    title: s.title,
    starts_at: s.startsAt.toISOString(),
    ends_at: s.endsAt.toISOString(),
    stream_url: s.streamUrl,
    replay_url: s.replayUrl
  })
  const sessionOf = async (tx: Executor, courseId: number, id: number) =>
    found(
      (
        await tx
          .select()
          .from(liveSessions)
          .where(and(eq(liveSessions.id, id), eq(liveSessions.courseId, courseId)))
          .limit(1)
      )[0],
      '直播场次不存在'
    )

  adminRoute(
    app,
    {
      method: 'GET',
      path: '/course/liveSessions',
      input: z.object({ course_id: idParam() }),
      permission: 'course.view',
      labels: LABELS
    },
    async ({ input }): Promise<AdminLiveSession[]> => {
      const rows = await app.db
        .select()
        .from(liveSessions)
        .where(eq(liveSessions.courseId, input.course_id))
        .orderBy(asc(liveSessions.startsAt), asc(liveSessions.id))
      const now = new Date()
      return rows.map((r) => sessionItem(r, now))
    }
  )

  outlineRoute(
    '/course/liveSave',
    {
      session_id: optional(idParam()),
      title: text(64, 1),
      starts_at: z.iso.datetime({ offset: true }),
      duration_min: intParam(1, 24 * 60),
      stream_url: streamField,
      replay_url: replayField
    },
    async (tx, course, input) => {
      const startsAt = new Date(input.starts_at)
      const fields = {
        title: input.title,
        startsAt,
        endsAt: new Date(startsAt.getTime() + input.duration_min * 60_000),
        streamUrl: input.stream_url,
        replayUrl: input.replay_url
      }
      if (input.session_id) {
        const before = await sessionOf(tx, course.id, input.session_id)
        await tx.update(liveSessions).set(fields).where(eq(liveSessions.id, before.id))
        return {
          action: 'course.live_edit',
          targetType: 'live_session',
          targetId: before.id,
          before: sessionSnapshot(before),
          after: sessionSnapshot(fields)
        }
      }
      const [row] = await tx
        .insert(liveSessions)
        .values({ ...fields, courseId: course.id, slug: slug('live') })
        .returning()
      return { action: 'course.live_add', targetType: 'live_session', targetId: row.id, after: sessionSnapshot(row) }
    },
    'live'
  )

  outlineRoute(
    '/course/liveDelete',
    { session_id: idParam() },
    async (tx, course, input) => {
      const before = await sessionOf(tx, course.id, input.session_id)
      await tx.delete(liveSessions).where(eq(liveSessions.id, before.id))
      return {
        action: 'course.live_delete',
        targetType: 'live_session',
        targetId: before.id,
        before: sessionSnapshot(before)
      }
    },
    'live'
  )

  // ---- offline classes: place, seats and the sign-up deadline ----

  const classSnapshot = (k: Omit<typeof offlineClasses.$inferInsert, 'courseId' | 'slug'>) => ({
    title: k.title,
    starts_at: k.startsAt.toISOString(),
    ends_at: k.endsAt.toISOString(),
    signup_deadline: k.signupDeadline.toISOString(),
    city: k.city,
    address: k.address,
    latitude: k.latitude,
    longitude: k.longitude,
    seats: k.seats
  })
  const classItem = (k: typeof offlineClasses.$inferSelect, checkedIn: number): AdminOfflineClass => ({
    class_id: k.id,
    ...classSnapshot(k),
    seats_taken: k.seatsTaken,
    checked_in: checkedIn
  })
  const classOf = async (tx: Executor, courseId: number, id: number) =>
    found(
      (
        await tx
          .select()
          .from(offlineClasses)
          .where(and(eq(offlineClasses.id, id), eq(offlineClasses.courseId, courseId)))
          .for('update')
          .limit(1)
      )[0],
      '线下班不存在'
    )

  adminRoute(
    app,
    {
      method: 'GET',
      path: '/course/offlineClasses',
      input: z.object({ course_id: idParam() }),
      permission: 'course.view',
      labels: LABELS
    },
    async ({ input }): Promise<AdminOfflineClass[]> => {
      const checkedIn = sql<number>`(select count(*)::int from offline_signups s where s.class_id = 
        "offline_classes"."id" and s.checked_in_at is not null)`
      const rows = await app.db
        .select({ k: offlineClasses, checkedIn })
        .from(offlineClasses)
        .where(eq(offlineClasses.courseId, input.course_id))
        .orderBy(asc(offlineClasses.startsAt), asc(offlineClasses.id))
      return rows.map((r) => classItem(r.k, Number(r.checkedIn)))
    }
  )

  const time = z.iso.datetime({ offset: true })
  outlineRoute(
    '/course/offlineSave',
    {
      class_id: optional(idParam()),
      title: text(64, 1),
      starts_at: time,
      ends_at: time,
      signup_deadline: time,
      city: text(16, 1),
      address: text(128, 1),
      latitude: z.coerce.number().min(-90).max(90),
      longitude: z.coerce.number().min(-180).max(180),
      seats: intParam(1, 100_000)
    },
    async (tx, course, input) => {
      const fields = {
        title: input.title,
        startsAt: new Date(input.starts_at),
        endsAt: new Date(input.ends_at),
        signupDeadline: new Date(input.signup_deadline),
        city: input.city,
        address: input.address,
        latitude: input.latitude,
        longitude: input.longitude,
        seats: input.seats
      }
      if (fields.endsAt <= fields.startsAt) throw new AppError('结束时间应晚于开始时间')
      if (fields.signupDeadline > fields.endsAt) throw new AppError('报名截止时间不能晚于结束时间')
      if (input.class_id) {
        // Locked, so a sign-up cannot take a seat between this check and the write.
        const before = await classOf(tx, course.id, input.class_id)
        if (input.seats < before.seatsTaken) throw new AppError(`名额不能少于已报名的 ${before.seatsTaken} 人`)
        await tx.update(offlineClasses).set(fields).where(eq(offlineClasses.id, before.id))
        return {
          action: 'course.offline_edit',
          targetType: 'offline_class',
          targetId: before.id,
          before: classSnapshot(before),
          after: classSnapshot(fields)
        }
      }
      const [row] = await tx
        .insert(offlineClasses)
        .values({ ...fields, courseId: course.id, slug: slug('class') })
        .returning()
      return { action: 'course.offline_add', targetType: 'offline_class', targetId: row.id, after: classSnapshot(row) }
    },
    'offline'
  )

  outlineRoute(
    '/course/offlineDelete',
    { class_id: idParam() },
    async (tx, course, input) => {
      const before = await classOf(tx, course.id, input.class_id)
      const [{ n }] = await tx.select({ n: count() }).from(offlineSignups).where(eq(offlineSignups.classId, before.id))
      if (n > 0) throw new AppError('该班已有学员报名，不能删除')
      await tx.delete(offlineClasses).where(eq(offlineClasses.id, before.id))
      return {
        action: 'course.offline_delete',
        targetType: 'offline_class',
        targetId: before.id,
        before: classSnapshot(before)
      }
    },
    'offline'
  )
}
