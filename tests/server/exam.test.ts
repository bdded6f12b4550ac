import './helpers/native-modules'

import { eq } from 'drizzle-orm'

import { MSG_NOT_OWNER } from '../../server/core/envelope'
import { examAttempts, examPapers, examQuestions } from '../../server/db/schema'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

let ctx: TestContext
const paperOf: Record<string, number> = {}

beforeAll(async () => {
  ctx = await createTestContext()
  for (const p of await ctx.database.db.select().from(examPapers)) paperOf[p.slug] = p.id
})
afterAll(() => ctx.close())

const api = (method: 'GET' | 'POST', action: string, params: Record<string, unknown> = {}, token?: string) =>
  call(ctx.app, method, `/api/${action}`, params, token)
const bank = async () => new Map((await ctx.database.db.select().from(examQuestions)).map((q) => [q.id, q]))
/** No field of a question view or answer map may carry the right answers or explanations. */
const leaks = (body: unknown) => /"(answer|explanation|correct)"\s*:/.test(JSON.stringify(body))

describe('the question bank', () => {
  test('at least 40 exam questions over the four topics, each with an explanation and valid answers', async () => {
    const all = [...(await bank()).values()]
    const exam = all.filter((q) => q.bank === 'exam')
    expect(exam.length).toBeGreaterThanOrEqual(40)
    expect(new Set(exam.map((q) => q.topic))).toEqual(new Set(['bazi', 'wuxing', 'bagua', 'fengshui']))
    for (const q of all) {
      expect(q.explanation.length).toBeGreaterThan(8)
      expect(q.answer.every((i) => i >= 0 && i < q.options.length)).toBe(true)
      expect(q.type === 'single' ? q.answer.length === 1 : q.answer.length > 1).toBe(true)
    }
  })
})

describe('papers', () => {
  test('lists papers with the pass mark from the database; kind filters; a bad kind names the field', async () => {
    const all = (await api('GET', 'exam.paper/lists')).data.list
    expect(all.length).toBeGreaterThanOrEqual(6)
    expect(all[0]).toMatchObject({ title: '八字基础测试', question_count: 10, best_score: null, ongoing_attempt_id: 0 })
    expect(all[0].cover).toMatch(/^http.*\/static\/demo\/exam\/bazi\.png$/)
    for (const p of all) expect((await ctx.app.inject({ url: new URL(p.cover).pathname })).statusCode).toBe(200)
    const cert = (await api('GET', 'exam.paper/lists', { kind: 'certification' })).data.list
    expect(cert).toHaveLength(1)
    await ctx.database.db.update(examPapers).set({ passScore: 85 }).where(eq(examPapers.id, cert[0].paper_id))
    expect((await api('GET', 'exam.paper/lists', { kind: 'certification' })).data.list[0].pass_score).toBe(85)
    await ctx.database.db.update(examPapers).set({ passScore: 80 }).where(eq(examPapers.id, cert[0].paper_id))
    expect(await api('GET', 'exam.paper/lists', { kind: 'quiz' })).toMatchObject({ code: 0, msg: '类别不正确' })
  })
})

describe('taking an exam', () => {
  test('start hides the answers, a reload resumes, answers are kept, submit scores once and explains', async () => {
    const me = await login(ctx.app, '考生甲')
    const starts = await Promise.all(
      [1, 2, 3].map(() => api('POST', 'exam.attempt/start', { paper_id: paperOf['bazi-basic'] }, me.token))
    )
    expect(starts.every((r) => r.code === 1)).toBe(true)
    const attempt = starts[0].data.attempt
    expect(new Set(starts.map((r) => r.data.attempt.attempt_id)).size).toBe(1)
    expect(await ctx.database.db.select().from(examAttempts).where(eq(examAttempts.userId, me.userId))).toHaveLength(1)
    expect(attempt.questions).toHaveLength(10)
    expect(attempt.status).toBe('ongoing')
    expect(attempt.result).toBeNull()
    expect(attempt.remaining_sec).toBeGreaterThan(590)
    expect(leaks(starts)).toBe(false)

    // Answer all right except the last question, which is left blank; save concurrently.
    const questions = await bank()
    const ids: number[] = attempt.questions.map((q: { question_id: number }) => q.question_id)
    const saves = await Promise.all(
      ids
        .slice(0, 9)
        .map((id) =>
          api(
            'POST',
            'exam.attempt/answer',
            { attempt_id: attempt.attempt_id, question_id: id, answer: questions.get(id)!.answer },
            me.token
          )
        )
    )
    expect(saves.every((r) => r.code === 1)).toBe(true)
    expect(leaks(saves)).toBe(false)
    // Change one answer to a wrong one.
    const wrong = questions.get(ids[0])!
    const wrongChoice = [wrong.answer[0] === 0 ? 1 : 0]
    expect(
      (
        await api(
          'POST',
          'exam.attempt/answer',
          { attempt_id: attempt.attempt_id, question_id: ids[0], answer: wrongChoice },
          me.token
        )
      ).data.answered
    ).toBe(9)

    const resumed = (await api('POST', 'exam.attempt/start', { paper_id: paperOf['bazi-basic'] }, me.token)).data
      .attempt
    expect(resumed.attempt_id).toBe(attempt.attempt_id)
    expect(Object.keys(resumed.answers)).toHaveLength(9)
    expect(resumed.answers[String(ids[0])]).toEqual(wrongChoice)
    expect(leaks(resumed)).toBe(false)
    const detail = await api('GET', 'exam.attempt/detail', { attempt_id: attempt.attempt_id }, me.token)
    expect(leaks(detail)).toBe(false)

    const submits = await Promise.all(
      [1, 2].map(() => api('POST', 'exam.attempt/submit', { attempt_id: attempt.attempt_id }, me.token))
    )
    const result = submits[0].data.attempt.result
    expect(submits[1].data.attempt.result.score).toBe(result.score)
    expect(result).toMatchObject({ score: 80, correct_count: 8, total: 10, passed: true })
    const first = result.items.find((i: { question_id: number }) => i.question_id === ids[0])
    expect(first).toMatchObject({
      correct: false,
      chosen: wrongChoice,
      answer: wrong.answer,
      explanation: wrong.explanation
    })
    expect(result.items.find((i: { question_id: number }) => i.question_id === ids[9])).toMatchObject({
      correct: false,
      chosen: []
    })

    expect(
      await api(
        'POST',
        'exam.attempt/answer',
        { attempt_id: attempt.attempt_id, question_id: ids[9], answer: [0] },
        me.token
      )
    ).toMatchObject({
      code: 0,
      msg: '试卷已提交，不能再修改答案'
    })
    const papers = (await api('GET', 'exam.paper/lists', {}, me.token)).data.list
    expect(papers.find((p: { paper_id: number }) => p.paper_id === paperOf['bazi-basic']).best_score).toBe(80)
    const mine = (await api('GET', 'exam.attempt/lists', {}, me.token)).data
    expect(mine.total).toBe(1)
    expect(mine.list[0]).toMatchObject({
      attempt_id: attempt.attempt_id,
      status: 'submitted',
      score: 80,
      passed: true,
      paper_title: '八字基础测试'
    })
    // A new start after submitting is a new attempt.
    expect(
      (await api('POST', 'exam.attempt/start', { paper_id: paperOf['bazi-basic'] }, me.token)).data.attempt.attempt_id
    ).not.toBe(attempt.attempt_id)
  })

  test('a multiple-choice question scores only when the chosen set is exactly right', async () => {
    const me = await login(ctx.app, '多选考生')
    const attempt = (await api('POST', 'exam.attempt/start', { paper_id: paperOf['wuxing-basic'] }, me.token)).data
      .attempt
    const questions = await bank()
    for (const q of attempt.questions) {
      const right = questions.get(q.question_id)!.answer
      const answer = q.type === 'multiple' ? right.slice(1) : right
      expect(
        (
          await api(
            'POST',
            'exam.attempt/answer',
            { attempt_id: attempt.attempt_id, question_id: q.question_id, answer },
            me.token
          )
        ).code
      ).toBe(1)
    }
    const multiples = attempt.questions.filter((q: { type: string }) => q.type === 'multiple').length
    expect(multiples).toBeGreaterThan(0)
    const result = (await api('POST', 'exam.attempt/submit', { attempt_id: attempt.attempt_id }, me.token)).data.attempt
      .result
    expect(result.correct_count).toBe(10 - multiples)
  })

  test('the time limit is the server’s: late answers are refused and the attempt submits itself', async () => {
    const me = await login(ctx.app, '超时考生')
    const attempt = (await api('POST', 'exam.attempt/start', { paper_id: paperOf['bagua-basic'] }, me.token)).data
      .attempt
    const q = attempt.questions[0]
    const right = (await bank()).get(q.question_id)!.answer
    expect(
      (
        await api(
          'POST',
          'exam.attempt/answer',
          { attempt_id: attempt.attempt_id, question_id: q.question_id, answer: right },
          me.token
        )
      ).code
    ).toBe(1)
    await ctx.database.db
      .update(examAttempts)
      .set({ deadline: new Date(Date.now() - 60_000) })
      .where(eq(examAttempts.id, attempt.attempt_id))
    const late = attempt.questions[1]
    expect(
      await api(
        'POST',
        'exam.attempt/answer',
        { attempt_id: attempt.attempt_id, question_id: late.question_id, answer: [0] },
        me.token
      )
    ).toMatchObject({
      code: 0,
      msg: '考试时间已到，试卷已自动提交'
    })
    const detail = (await api('GET', 'exam.attempt/detail', { attempt_id: attempt.attempt_id }, me.token)).data.attempt
    expect(detail.status).toBe('submitted')
    expect(detail.result).toMatchObject({ correct_count: 1, score: 10 })
    expect(Object.keys(detail.answers)).toEqual([String(q.question_id)])
  })

  test('an expired attempt is not resumed: start submits it and begins a new one', async () => {
    const me = await login(ctx.app, '隔天考生')
    const first = (await api('POST', 'exam.attempt/start', { paper_id: paperOf['fengshui-basic'] }, me.token)).data
      .attempt
    await ctx.database.db
      .update(examAttempts)
      .set({ deadline: new Date(Date.now() - 60_000) })
      .where(eq(examAttempts.id, first.attempt_id))
    const second = (await api('POST', 'exam.attempt/start', { paper_id: paperOf['fengshui-basic'] }, me.token)).data
      .attempt
    expect(second.attempt_id).not.toBe(first.attempt_id)
    const [old] = await ctx.database.db.select().from(examAttempts).where(eq(examAttempts.id, first.attempt_id))
    expect(old.status).toBe('submitted')
  })

  test('bad input names the field and writes nothing; another user cannot read or answer my attempt', async () => {
    const me = await login(ctx.app, '考生乙')
    const other = await login(ctx.app, '旁观者')
    const attempt = (await api('POST', 'exam.attempt/start', { paper_id: paperOf['comprehensive'] }, me.token)).data
      .attempt
    expect(attempt.questions).toHaveLength(20)
    const q = attempt.questions.find((x: { type: string }) => x.type === 'single')
    const bad: [Record<string, unknown>, string][] = [
      [{ attempt_id: attempt.attempt_id, question_id: q.question_id, answer: [] }, '请选择答案'],
      [{ attempt_id: attempt.attempt_id, question_id: q.question_id, answer: 'A' }, '答案格式不正确'],
      [{ attempt_id: attempt.attempt_id, question_id: q.question_id, answer: [0, 1] }, '单选题只能选一个选项'],
      [{ attempt_id: attempt.attempt_id, question_id: q.question_id, answer: [7] }, '答案中的选项不存在'],
      [{ attempt_id: 'x', question_id: q.question_id, answer: [0] }, '考试记录格式不正确'],
      [{ attempt_id: attempt.attempt_id, question_id: 999999, answer: [0] }, '这道题不是本场考试的题目']
    ]
    for (const [params, msg] of bad)
      expect(await api('POST', 'exam.attempt/answer', params, me.token)).toMatchObject({ code: 0, msg })
    expect(
      (await ctx.database.db.select().from(examAttempts).where(eq(examAttempts.id, attempt.attempt_id)))[0].answers
    ).toEqual({})
    expect(await api('POST', 'exam.attempt/start', { paper_id: 999999 }, me.token)).toMatchObject({
      code: 0,
      msg: '试卷不存在'
    })
    expect(await api('POST', 'exam.attempt/start', {}, me.token)).toMatchObject({ code: 0, msg: '试卷不能为空' })

    for (const [method, action, params] of [
      ['GET', 'exam.attempt/detail', { attempt_id: attempt.attempt_id }],
      ['POST', 'exam.attempt/answer', { attempt_id: attempt.attempt_id, question_id: q.question_id, answer: [0] }],
      ['POST', 'exam.attempt/submit', { attempt_id: attempt.attempt_id }]
    ] as const) {
      expect(await api(method, action, params, other.token)).toMatchObject({ code: 0, msg: MSG_NOT_OWNER })
      expect((await api(method, action, params)).code).toBe(-9999)
    }
    expect((await api('GET', 'exam.attempt/lists', {}, other.token)).data.total).toBe(0)
    const [row] = await ctx.database.db.select().from(examAttempts).where(eq(examAttempts.id, attempt.attempt_id))
    expect(row).toMatchObject({ status: 'ongoing', answers: {} })
  })
})

describe('ranking', () => {
  test('each user’s best score, higher first and faster first on a tie, with my own rank', async () => {
    const paperId = paperOf['comprehensive']
    const users = await Promise.all(['榜首', '次席', '第三'].map((n) => login(ctx.app, `排行${n}`)))
    const questions = await bank()
    // Scores: 榜首 all right, 次席 and 第三 half right, 次席 submitted faster.
    for (const [i, u] of users.entries()) {
      const a = (await api('POST', 'exam.attempt/start', { paper_id: paperId }, u.token)).data.attempt
      const rightCount = i === 0 ? 20 : 10
      for (const q of a.questions.slice(0, rightCount))
        await api(
          'POST',
          'exam.attempt/answer',
          { attempt_id: a.attempt_id, question_id: q.question_id, answer: questions.get(q.question_id)!.answer },
          u.token
        )
      await api('POST', 'exam.attempt/submit', { attempt_id: a.attempt_id }, u.token)
      await ctx.database.db
        .update(examAttempts)
        .set({ usedSec: [300, 200, 400][i] })
        .where(eq(examAttempts.id, a.attempt_id))
    }
    // A worse second try of 榜首 does not lower the best.
    const again = (await api('POST', 'exam.attempt/start', { paper_id: paperId }, users[0].token)).data.attempt
    await api('POST', 'exam.attempt/submit', { attempt_id: again.attempt_id }, users[0].token)

    const ranking = (await api('GET', 'exam.paper/ranking', { paper_id: paperId }, users[2].token)).data
    expect(ranking.paper.title).toBe('易学综合测试')
    const names = ranking.list.map((r: { nickname: string }) => r.nickname)
    expect(names.indexOf('排行榜首')).toBe(0)
    expect(names.indexOf('排行次席')).toBeLessThan(names.indexOf('排行第三'))
    expect(ranking.list[0]).toMatchObject({ rank: 1, score: 100, used_sec: 300, is_me: false })
    expect(ranking.list.filter((r: { nickname: string }) => r.nickname === '排行榜首')).toHaveLength(1)
    const me = ranking.list.find((r: { is_me: boolean }) => r.is_me)
    expect(ranking.mine).toMatchObject({ rank: me.rank, score: 50, used_sec: 400 })
    expect((await api('GET', 'exam.paper/ranking', { paper_id: paperId })).data.mine).toBeNull()
    expect(await api('GET', 'exam.paper/ranking', { paper_id: paperId, per_page: 100 })).toMatchObject({
      code: 0,
      msg: '每页条数最多 50 条'
    })
  })
})

describe('practice quiz', () => {
  test('practice questions come without answers; check explains; exam questions cannot be checked', async () => {
    const list = (await api('GET', 'exam.question/practice', { topic: 'bagua', count: 5 })).data.list
    expect(list.length).toBe(3)
    expect(list.every((q: { topic: string }) => q.topic === 'bagua')).toBe(true)
    expect(leaks(list)).toBe(false)
    const questions = await bank()
    const q = questions.get(list[0].question_id)!
    expect((await api('POST', 'exam.question/check', { question_id: q.id, answer: q.answer })).data).toEqual({
      correct: true,
      answer: q.answer,
      explanation: q.explanation
    })
    const wrong = [q.answer[0] === 0 ? 1 : 0]
    expect((await api('POST', 'exam.question/check', { question_id: q.id, answer: wrong })).data.correct).toBe(false)
    const examQuestion = [...questions.values()].find((x) => x.bank === 'exam')!
    expect(await api('POST', 'exam.question/check', { question_id: examQuestion.id, answer: [0] })).toMatchObject({
      code: 0,
      msg: '练习题不存在'
    })
    expect(await api('GET', 'exam.question/practice', { topic: 'ziwei' })).toMatchObject({
      code: 0,
      msg: '题目范围不正确'
    })
    expect(await api('GET', 'exam.question/practice', { count: 0 })).toMatchObject({
      code: 0,
      msg: '题目数量至少 1 道'
    })
  })
})
