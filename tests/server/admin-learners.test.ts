import './helpers/native-modules'

import { eq } from 'drizzle-orm'

import { sealMobile } from '../../server/core/sealed-columns'
import { courses, examAttempts, examPapers, examQuestions, users } from '../../server/db/schema'
import { type AdminClient, adminLogin, ownerClient } from './helpers/admin'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

// The context migrates and seeds a database and hashes passwords: slow on a loaded machine.
jest.setTimeout(300_000)

let ctx: TestContext
let owner: AdminClient
const idOf: Record<string, number> = {}

const api = (method: 'GET' | 'POST', action: string, params: Record<string, unknown> = {}, token?: string) =>
  call(ctx.app, method, `/api/${action}`, params, token)

async function operator(username: string, role: string): Promise<AdminClient> {
  expect((await owner.post('/operator/add', { username, password: 'Secret-Pine-123', role })).code).toBe(1)
  return (await adminLogin(ctx.app, username, 'Secret-Pine-123')).client!
}

async function learner(nickname: string, mobile: string) {
  const who = await login(ctx.app, nickname)
  await ctx.database.db
    .update(users)
    .set(sealMobile(ctx.app.services.dataCipher, mobile))
    .where(eq(users.id, who.userId))
  return who
}

const lessonsOf = async (courseId: number, token: string) =>
  (await api('GET', 'course.index/getDetail', { course_id: courseId }, token)).data.detail.chapters.flatMap(
    (c: { lessons: { lesson_id: number }[] }) => c.lessons.map((l) => l.lesson_id)
  ) as number[]

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ownerClient(ctx.app, ctx.database.db)
  for (const c of await ctx.database.db.select().from(courses)) idOf[c.slug] = c.id
  for (const p of await ctx.database.db.select().from(examPapers)) idOf[p.slug] = p.id
})
afterAll(() => ctx.close())

describe('a course’s learners', () => {
  test('who enrolled, how they paid, lessons finished of total and when they last studied; searchable', async () => {
    const content = await operator('learncontent', 'content')
    const courseId = idOf['zhouyi-open']
    const free = await learner('自学者', '13812345678')
    const idle = await learner('只报名', '13900001111')
    for (const who of [free, idle])
      expect((await api('POST', 'course.index/signup', { course_id: courseId }, who.token)).code).toBe(1)
    const lessons = await lessonsOf(courseId, free.token)
    expect(lessons.length).toBeGreaterThan(1)
    // The first lesson watched to the end, the second begun.
    await api('POST', 'course.lesson/progress', { lesson_id: lessons[0], position_sec: 86_400 }, free.token)
    await api('POST', 'course.lesson/progress', { lesson_id: lessons[1], position_sec: 2 }, free.token)

    const page = await content.get('/course/learners', { course_id: courseId })
    expect(page.code).toBe(1)
    expect(page.data.total).toBe(2)
    // Newest enrolment first.
    expect(page.data.list.map((r: { nickname: string }) => r.nickname)).toEqual(['只报名', '自学者'])
    const row = page.data.list[1]
    expect(row).toMatchObject({
      user_id: free.userId,
      mobile: '138****5678',
      source: 'signup',
      paid_fen: 0,
      lessons_done: 1,
      lessons_total: lessons.length,
      percent: Math.round(100 / lessons.length)
    })
    expect(Date.parse(row.last_studied_at)).toBeGreaterThan(Date.now() - 60_000)
    expect(page.data.list[0]).toMatchObject({ lessons_done: 0, percent: 0, last_studied_at: null })
    expect(JSON.stringify(page.data)).not.toContain('13812345678')

    // Searched by nickname or by the whole number (shown masked; sealed at rest, so never by a part of it).
    const byMobile = await content.get('/course/learners', { course_id: courseId, keyword: '13812345678' })
    expect(byMobile.data.list.map((r: { user_id: number }) => r.user_id)).toEqual([free.userId])
    expect((await content.get('/course/learners', { course_id: courseId, keyword: '2345' })).data.total).toBe(0)
    const byName = await content.get('/course/learners', { course_id: courseId, keyword: '报名' })
    expect(byName.data.list.map((r: { user_id: number }) => r.user_id)).toEqual([idle.userId])
    expect((await content.get('/course/learners', { course_id: courseId, keyword: '%' })).data.total).toBe(0)
    const second = await content.get('/course/learners', { course_id: courseId, page: 2, per_page: 1 })
    expect(second.data).toMatchObject({ total: 2, last_page: 2 })
    expect(second.data.list[0].user_id).toBe(free.userId)

    // Lesson by lesson, in the outline's order.
    const detail = await content.get('/course/learnerProgress', { course_id: courseId, user_id: free.userId })
    expect(detail.data.learner).toMatchObject({ user_id: free.userId, lessons_done: 1 })
    const flat = detail.data.chapters.flatMap((c: { lessons: unknown[] }) => c.lessons)
    expect(flat.map((l: { lesson_id: number }) => l.lesson_id)).toEqual(lessons)
    expect(flat[0]).toMatchObject({ completed: true })
    expect(flat[0].position_sec).toBe(flat[0].duration_sec)
    expect(flat[1]).toMatchObject({ position_sec: 2, completed: false })
    expect(flat[2]).toMatchObject({ position_sec: 0, completed: false, updated_at: null })
  })

  test('a bought course shows the amount paid', async () => {
    const courseId = idOf['bazi-basics']
    const buyer = await learner('买课学员', '13700002222')
    const orderId = (await api('POST', 'course.order/add', { course_id: courseId }, buyer.token)).data.order_id
    const tradeNo = (await api('POST', 'course.order/pay', { order_id: orderId }, buyer.token)).data.out_trade_no
    expect((await api('POST', 'pay.sandbox/confirm', { out_trade_no: tradeNo }, buyer.token)).code).toBe(1)
    const list = (await owner.get('/course/learners', { course_id: courseId, keyword: '买课' })).data.list
    expect(list).toEqual([expect.objectContaining({ user_id: buyer.userId, source: 'order', paid_fen: 19900 })])
  })

  test('refused: other roles, no session, an unenrolled user, no such course; bad input named in Chinese', async () => {
    const finance = await operator('learnfinance', 'finance')
    const courseId = idOf['zhouyi-open']
    expect((await finance.get('/course/learners', { course_id: courseId })).msg).toBe('没有权限执行此操作')
    expect((await finance.get('/course/learnerProgress', { course_id: courseId, user_id: 1 })).msg).toBe(
      '没有权限执行此操作'
    )
    const anon = await ctx.app.inject({ method: 'GET', url: `/api/admin/course/learners?course_id=${courseId}` })
    expect(anon.json().code).toBe(-9999)
    const stranger = await login(ctx.app, '路人')
    expect((await owner.get('/course/learnerProgress', { course_id: courseId, user_id: stranger.userId })).msg).toBe(
      '该用户没有报名这门课程'
    )
    expect((await owner.get('/course/learners', { course_id: 999_999 })).msg).toBe('课程不存在')
    expect((await owner.get('/course/learners', { course_id: 'x' })).msg).toMatch(/课程/)
    expect((await owner.get('/course/learners', { course_id: courseId, keyword: 'x'.repeat(40) })).msg).toMatch(
      /昵称或手机号/
    )
  })
})

describe('a paper’s ranking, one row per learner', () => {
  test('best score, pass, sittings, time, first pass; ties by shorter time, then earlier; the app agrees', async () => {
    const paperId = idOf['comprehensive']
    const [paper] = await ctx.database.db.select().from(examPapers).where(eq(examPapers.id, paperId))
    const questions = new Map((await ctx.database.db.select().from(examQuestions)).map((q) => [q.id, q]))
    const people = await Promise.all(['甲', '乙', '丙'].map((n) => login(ctx.app, `排名${n}`)))
    /** One sitting with `right` questions answered right, then its time and hand-in moment set. */
    const sit = async (who: { token: string }, right: number, usedSec: number, submittedAt: string) => {
      const a = (await api('POST', 'exam.attempt/start', { paper_id: paperId }, who.token)).data.attempt
      for (const q of a.questions.slice(0, right))
        await api(
          'POST',
          'exam.attempt/answer',
          { attempt_id: a.attempt_id, question_id: q.question_id, answer: questions.get(q.question_id)!.answer },
          who.token
        )
      expect((await api('POST', 'exam.attempt/submit', { attempt_id: a.attempt_id }, who.token)).code).toBe(1)
      await ctx.database.db
        .update(examAttempts)
        .set({ usedSec, submittedAt: new Date(submittedAt) })
        .where(eq(examAttempts.id, a.attempt_id))
    }
    const full = paper.questionCount
    // 甲: failed, then full marks in 500 s. 乙: full marks in 300 s. 丙: full marks in 300 s, later than 乙.
    await sit(people[0], 1, 100, '2026-01-01T01:00:00Z')
    await sit(people[0], full, 500, '2026-01-02T01:00:00Z')
    await sit(people[1], full, 300, '2026-01-03T01:00:00Z')
    await sit(people[2], full, 300, '2026-01-04T01:00:00Z')
    await sit(people[2], 0, 50, '2026-01-05T01:00:00Z')

    const res = await owner.get('/exam/ranking', { paper_id: paperId })
    expect(res.code).toBe(1)
    expect(res.data.total).toBe(3)
    expect(res.data.list).toEqual([
      expect.objectContaining({
        place: 1,
        user_id: people[1].userId,
        nickname: '排名乙',
        best_score: paper.fullScore,
        passed: true,
        used_sec: 300,
        sittings: 1,
        first_passed_at: '2026-01-03T01:00:00.000Z'
      }),
      expect.objectContaining({ place: 2, user_id: people[2].userId, sittings: 2, used_sec: 300 }),
      expect.objectContaining({
        place: 3,
        user_id: people[0].userId,
        sittings: 2,
        used_sec: 500,
        best_at: '2026-01-02T01:00:00.000Z',
        first_passed_at: '2026-01-02T01:00:00.000Z'
      })
    ])
    const page2 = await owner.get('/exam/ranking', { paper_id: paperId, page: 2, per_page: 2 })
    expect(page2.data.list.map((r: { place: number; user_id: number }) => [r.place, r.user_id])).toEqual([
      [3, people[0].userId]
    ])

    // The app's 成绩排行 reads the same ranking.
    const app = (await api('GET', 'exam.paper/ranking', { paper_id: paperId }, people[0].token)).data
    expect(app.list.map((r: { nickname: string; rank: number }) => [r.rank, r.nickname])).toEqual([
      [1, '排名乙'],
      [2, '排名丙'],
      [3, '排名甲']
    ])
    expect(app.mine).toEqual({ rank: 3, score: paper.fullScore, used_sec: 500 })

    // Nobody passed: a failed row says so.
    await ctx.database.db.update(examPapers).set({ passScore: paper.fullScore }).where(eq(examPapers.id, paperId))
    await sit(await login(ctx.app, '排名丁'), 1, 10, '2026-01-06T01:00:00Z')
    const last = (await owner.get('/exam/ranking', { paper_id: paperId })).data.list[3]
    expect(last).toMatchObject({ nickname: '排名丁', passed: false, first_passed_at: null, sittings: 1 })
  })

  test('refused: a role without exams, a missing paper, bad paging', async () => {
    const ops = await operator('rankops', 'operations')
    expect((await ops.get('/exam/ranking', { paper_id: idOf['comprehensive'] })).msg).toBe('没有权限执行此操作')
    expect((await owner.get('/exam/ranking', { paper_id: 999_999 })).msg).toBe('试卷不存在')
    expect((await owner.get('/exam/ranking', { paper_id: idOf['comprehensive'], per_page: 1000 })).code).toBe(0)
  })
})
