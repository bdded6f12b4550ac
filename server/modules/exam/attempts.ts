import { and, count, desc, eq, gt, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { ExamAnswerResponse, ExamAttemptListResponse, ExamAttemptResponse } from '../../../contract'
import { AppError } from '../../core/envelope'
import { offsetOf, paged, pagingQuery } from '../../core/paging'
import { userRoute } from '../../core/route'
import { idParam, intParam } from '../../core/validate'
import type { Db } from '../../db/database'
import { examAttempts, examPapers, examQuestions } from '../../db/schema'
import {
  attemptView,
  finalize,
  GRACE_MS,
  isExpired,
  ownAttempt,
  paperOf,
  type PaperRow,
  questionsOf
} from './attempts-store'
import { answerProblem } from './grading'

const attemptInput = z.object({ attempt_id: idParam() })
export const answerList = z.array(intParam(0, 9)).min(1).max(10)

/** The ongoing attempt of this user and paper, finalized first when its time ran out. */
async function liveAttempt(db: Db, userId: number, paper: PaperRow) {
  const [a] = await db
    .select()
    .from(examAttempts)
    .where(and(eq(examAttempts.userId, userId), eq(examAttempts.paperId, paper.id), eq(examAttempts.status, 'ongoing')))
    .limit(1)
  if (a && isExpired(a)) {
    await finalize(db, a, paper)
    return undefined
  }
  return a
}

/** Timed exams: start or resume, save answers as they are chosen, submit, results and my attempts. */
export default async function attemptRoutes(app: FastifyInstance): Promise<void> {
  /**
   * Resumes my attempt in progress or draws a new one. The unique index on (user, paper) for
   * ongoing attempts makes concurrent starts end in one attempt.
   */
  userRoute(
    app,
    { method: 'POST', path: '/exam.attempt/start', input: z.object({ paper_id: idParam() }) },
    async ({ input, userId }): Promise<ExamAttemptResponse> => {
      const paper = await paperOf(app.db, input.paper_id)
      let attempt = await liveAttempt(app.db, userId, paper)
      if (!attempt) {
        if (!paper.visible) throw new AppError('试卷已下架')
        // A console paper draws from its bank; a built-in one from the exam questions of its topic.
        const from = paper.bankId
          ? eq(examQuestions.bankId, paper.bankId)
          : and(eq(examQuestions.bank, 'exam'), paper.topic ? eq(examQuestions.topic, paper.topic) : undefined)
        const drawn = await app.db
          .select({ id: examQuestions.id })
          .from(examQuestions)
          .where(from)
          .orderBy(sql`random()`)
          .limit(paper.questionCount)
        if (!drawn.length) throw new AppError('题库暂无题目')
        const now = new Date()
        const [added] = await app.db
          .insert(examAttempts)
          .values({
            paperId: paper.id,
            userId,
            questionIds: drawn.map((d) => d.id),
            startedAt: now,
            deadline: new Date(now.getTime() + paper.durationSec * 1000)
          })
          .onConflictDoNothing()
          .returning()
        attempt = added ?? (await liveAttempt(app.db, userId, paper))
        if (!attempt) throw new AppError('开始考试失败，请重试')
      }
      return { attempt: await attemptView(app.db, attempt, paper) }
    }
  )

  // Reading an attempt whose time ran out submits it: the time limit holds even if the page closed.
  userRoute(
    app,
    { method: 'GET', path: '/exam.attempt/detail', input: attemptInput },
    async ({ input, userId }): Promise<ExamAttemptResponse> => {
      let a = await ownAttempt(app.db, input.attempt_id, userId)
      const paper = await paperOf(app.db, a.paperId)
      if (a.status === 'ongoing' && isExpired(a)) a = await finalize(app.db, a, paper)
      return { attempt: await attemptView(app.db, a, paper) }
    }
  )

  /** Saves one answer atomically (a jsonb merge), only while the attempt is open and in time. */
  userRoute(
    app,
    {
      method: 'POST',
      path: '/exam.attempt/answer',
      input: z.object({ attempt_id: idParam(), question_id: idParam(), answer: answerList })
    },
    async ({ input, userId }): Promise<ExamAnswerResponse> => {
      const a = await ownAttempt(app.db, input.attempt_id, userId)
      if (!a.questionIds.includes(input.question_id)) throw new AppError('这道题不是本场考试的题目')
      const [q] = await questionsOf(app.db, [input.question_id])
      const problem = answerProblem(q, input.answer)
      if (problem) throw new AppError(problem)
      if (a.status === 'submitted') throw new AppError('试卷已提交，不能再修改答案')
      const chosen = [...input.answer].sort((x, y) => x - y)
      const [saved] = await app.db
        .update(examAttempts)
        .set({ answers: sql`${examAttempts.answers} || ${JSON.stringify({ [input.question_id]: chosen })}::jsonb` })
        .where(
          and(
            eq(examAttempts.id, a.id),
            eq(examAttempts.status, 'ongoing'),
            gt(examAttempts.deadline, new Date(Date.now() - GRACE_MS))
          )
        )
        .returning()
      if (!saved) {
        const current = await ownAttempt(app.db, a.id, userId)
        if (current.status === 'ongoing') await finalize(app.db, current, await paperOf(app.db, a.paperId))
        throw new AppError(
          current.status === 'submitted' ? '试卷已提交，不能再修改答案' : '考试时间已到，试卷已自动提交'
        )
      }
      return {
        answered: Object.keys(saved.answers).length,
        remaining_sec: Math.max(0, Math.ceil((saved.deadline.getTime() - Date.now()) / 1000))
      }
    }
  )

  userRoute(
    app,
    { method: 'POST', path: '/exam.attempt/submit', input: attemptInput },
    async ({ input, userId }): Promise<ExamAttemptResponse> => {
      const a = await ownAttempt(app.db, input.attempt_id, userId)
      const paper = await paperOf(app.db, a.paperId)
      return { attempt: await attemptView(app.db, await finalize(app.db, a, paper), paper) }
    }
  )

  userRoute(
    app,
    { method: 'GET', path: '/exam.attempt/lists', input: pagingQuery },
    async ({ input, userId }): Promise<ExamAttemptListResponse> => {
      const mine = eq(examAttempts.userId, userId)
      const [rows, [{ total }]] = await Promise.all([
        app.db
          .select({ a: examAttempts, p: examPapers })
          .from(examAttempts)
          .innerJoin(examPapers, eq(examPapers.id, examAttempts.paperId))
          .where(mine)
          .orderBy(desc(examAttempts.startedAt), desc(examAttempts.id))
          .limit(input.per_page)
          .offset(offsetOf(input.page, input.per_page)),
        app.db.select({ total: count() }).from(examAttempts).where(mine)
      ])
      return paged(
        rows.map(({ a, p }) => ({
          attempt_id: a.id,
          paper_id: p.id,
          paper_title: p.title,
          kind: p.kind,
          status: a.status,
          score: a.score,
          full_score: p.fullScore,
          passed: a.status === 'submitted' && a.score >= p.passScore,
          started_at: a.startedAt.toISOString(),
          submitted_at: a.submittedAt?.toISOString() ?? null
        })),
        total,
        input.page,
        input.per_page
      )
    }
  )
}
