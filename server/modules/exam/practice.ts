import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { ExamCheckResponse, ExamPracticeResponse } from '../../../contract'
import { AppError } from '../../core/envelope'
import { publicRoute } from '../../core/route'
import { idParam, intParam, optional } from '../../core/validate'
import { EXAM_TOPICS, examQuestions } from '../../db/schema'
import { answerList } from './attempts'
import { answerProblem, isCorrect, questionView } from './grading'

/**
 * The practice quiz: its own bank, so the instant feedback never reveals an exam question's answer.
 * Open to visitors.
 */
export default async function practiceRoutes(app: FastifyInstance): Promise<void> {
  publicRoute(
    app,
    {
      method: 'GET',
      path: '/exam.question/practice',
      input: z.object({ topic: optional(z.enum(EXAM_TOPICS)), count: intParam(1, 20).default(10) })
    },
    async ({ input }): Promise<ExamPracticeResponse> => {
      const rows = await app.db
        .select()
        .from(examQuestions)
        .where(and(eq(examQuestions.bank, 'practice'), input.topic ? eq(examQuestions.topic, input.topic) : undefined))
        .orderBy(sql`random()`)
        .limit(input.count)
      return { list: rows.map(questionView) }
    }
  )

  publicRoute(
    app,
    { method: 'POST', path: '/exam.question/check', input: z.object({ question_id: idParam(), answer: answerList }) },
    async ({ input }): Promise<ExamCheckResponse> => {
      const [q] = await app.db
        .select()
        .from(examQuestions)
        .where(and(eq(examQuestions.id, input.question_id), eq(examQuestions.bank, 'practice')))
        .limit(1)
      if (!q) throw new AppError('练习题不存在')
      const problem = answerProblem(q, input.answer)
      if (problem) throw new AppError(problem)
      return { correct: isCorrect(q, input.answer), answer: q.answer, explanation: q.explanation }
    }
  )
}
