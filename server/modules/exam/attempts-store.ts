import { eq, inArray } from 'drizzle-orm'

import type { ExamAttempt } from '../../../contract'
import { AppError, ownedBy } from '../../core/envelope'
import type { Db } from '../../db/database'
import { examAttempts, examPapers, examQuestions } from '../../db/schema'
import { grade, type QuestionRow, questionView, resultOf } from './grading'

export type AttemptRow = typeof examAttempts.$inferSelect
export type PaperRow = typeof examPapers.$inferSelect

/** Answers arriving this long after the deadline still count (network delay). */
export const GRACE_MS = 5000

export async function questionsOf(db: Db, ids: number[]): Promise<QuestionRow[]> {
  if (!ids.length) return []
  const rows = await db.select().from(examQuestions).where(inArray(examQuestions.id, ids))
  const byId = new Map(rows.map((r) => [r.id, r]))
  return ids.map((id) => byId.get(id)).filter((r): r is QuestionRow => !!r)
}

export async function ownAttempt(db: Db, attemptId: number, userId: number): Promise<AttemptRow> {
  const [a] = await db.select().from(examAttempts).where(eq(examAttempts.id, attemptId)).limit(1)
  return ownedBy(a, userId, '考试记录不存在')
}

export async function paperOf(db: Db, paperId: number): Promise<PaperRow> {
  const [p] = await db.select().from(examPapers).where(eq(examPapers.id, paperId)).limit(1)
  if (!p) throw new AppError('试卷不存在')
  return p
}

export const isExpired = (a: AttemptRow, now = new Date()) => now.getTime() > a.deadline.getTime() + GRACE_MS

/**
 * Scores an ongoing attempt from its saved answers. The row lock (and status = 'ongoing') makes it
 * happen once however many submits race, and no answer is saved between grading and marking.
 */
export async function finalize(db: Db, a: AttemptRow, paper: PaperRow): Promise<AttemptRow> {
  if (a.status === 'submitted') return a
  const questions = await questionsOf(db, a.questionIds)
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(examAttempts).where(eq(examAttempts.id, a.id)).limit(1).for('update')
    if (locked.status === 'submitted') return locked
    const now = new Date()
    const usedSec = Math.min(
      paper.durationSec,
      Math.max(0, Math.floor((now.getTime() - locked.startedAt.getTime()) / 1000))
    )
    const { score, correctCount } = grade(questions, locked.answers, paper.fullScore)
    const [done] = await tx
      .update(examAttempts)
      .set({ status: 'submitted', submittedAt: now, score, correctCount, usedSec })
      .where(eq(examAttempts.id, a.id))
      .returning()
    return done
  })
}

export async function attemptView(db: Db, a: AttemptRow, paper: PaperRow): Promise<ExamAttempt> {
  const questions = await questionsOf(db, a.questionIds)
  const submitted = a.status === 'submitted'
  return {
    attempt_id: a.id,
    paper: {
      paper_id: paper.id,
      kind: paper.kind,
      title: paper.title,
      pass_score: paper.passScore,
      full_score: paper.fullScore,
      duration_sec: paper.durationSec,
      question_count: questions.length
    },
    status: a.status,
    questions: questions.map(questionView),
    answers: a.answers,
    started_at: a.startedAt.toISOString(),
    deadline: a.deadline.toISOString(),
    remaining_sec: submitted ? 0 : Math.max(0, Math.ceil((a.deadline.getTime() - Date.now()) / 1000)),
    result: submitted ? resultOf(questions, a, paper) : null
  }
}
