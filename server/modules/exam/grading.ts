import type { ExamQuestionView, ExamResult, ExamResultItem } from '../../../contract'
import type { examQuestions } from '../../db/schema'

export type QuestionRow = typeof examQuestions.$inferSelect

/** What the client may see of a question before submission. */
export function questionView(q: QuestionRow): ExamQuestionView {
  return { question_id: q.id, type: q.type, topic: q.topic, stem: q.stem, options: q.options }
}

/** A multiple-choice answer scores only when the chosen set is exactly the right set. */
export function isCorrect(q: QuestionRow, chosen: number[] | undefined): boolean {
  if (!chosen || chosen.length !== q.answer.length) return false
  const picked = new Set(chosen)
  return q.answer.every((i) => picked.has(i))
}

/** Every question weighs the same; the score is out of the paper's full mark, rounded. */
export function grade(questions: QuestionRow[], answers: Record<string, number[]>, fullScore: number) {
  const items: ExamResultItem[] = questions.map((q) => {
    const chosen = answers[String(q.id)] ?? []
    return { ...questionView(q), answer: q.answer, chosen, correct: isCorrect(q, chosen), explanation: q.explanation }
  })
  const correctCount = items.filter((i) => i.correct).length
  return {
    items,
    correctCount,
    score: questions.length ? Math.round((fullScore * correctCount) / questions.length) : 0
  }
}

export function resultOf(
  questions: QuestionRow[],
  a: {
    answers: Record<string, number[]>
    score: number
    correctCount: number
    usedSec: number
    submittedAt: Date | null
  },
  paper: { passScore: number; fullScore: number }
): ExamResult {
  return {
    score: a.score,
    full_score: paper.fullScore,
    correct_count: a.correctCount,
    total: questions.length,
    passed: a.score >= paper.passScore,
    used_sec: a.usedSec,
    submitted_at: (a.submittedAt ?? new Date()).toISOString(),
    items: grade(questions, a.answers, paper.fullScore).items
  }
}

/**
 * Checks a chosen answer against the question's shape; returns the problem in Chinese, or null.
 * Distinct indexes inside the options; a single-choice question takes exactly one.
 */
export function answerProblem(q: QuestionRow, chosen: number[]): string | null {
  if (chosen.some((i) => i >= q.options.length)) return '答案中的选项不存在'
  if (new Set(chosen).size !== chosen.length) return '答案中的选项重复'
  if (q.type === 'single' && chosen.length !== 1) return '单选题只能选一个选项'
  if (q.type === 'judge' && chosen.length !== 1) return '判断题只能选一个选项'
  return null
}
