// ---- exams and quizzes ----
import type { Paged, PageParams } from '.'

export type ExamTopic = 'bazi' | 'wuxing' | 'bagua' | 'fengshui'
export type ExamPaperKind = 'exam' | 'certification'
/** judge: true/false, options 正确 and 错误. */
export type ExamQuestionType = 'single' | 'multiple' | 'judge'

export interface ExamPaper {
  paper_id: number
  kind: ExamPaperKind
  title: string
  summary: string
  cover: string
  /** null: questions from every topic. */
  topic: ExamTopic | null
  question_count: number
  duration_sec: number
  /** Pass mark, out of full_score. */
  pass_score: number
  /** What all questions right scores (100 unless the paper says otherwise). */
  full_score: number
  /** My best submitted score, null when never submitted (or a visitor). */
  best_score: number | null
  /** My attempt in progress (resume it), 0 when none. */
  ongoing_attempt_id: number
}

/** GET /api/exam.paper/lists */
export interface ExamPaperListRequest {
  kind?: ExamPaperKind
}
export interface ExamPaperListResponse {
  list: ExamPaper[]
}

/** A question as the client sees it before submission: no answer, no explanation. */
export interface ExamQuestionView {
  question_id: number
  type: ExamQuestionType
  topic: ExamTopic
  stem: string
  options: string[]
}

export interface ExamResultItem extends ExamQuestionView {
  /** Right option indexes. */
  answer: number[]
  /** What I chose ([] = not answered). */
  chosen: number[]
  correct: boolean
  explanation: string
}

export interface ExamResult {
  score: number
  full_score: number
  correct_count: number
  total: number
  passed: boolean
  used_sec: number
  submitted_at: string
  items: ExamResultItem[]
}

export interface ExamAttempt {
  attempt_id: number
  paper: Pick<
    ExamPaper,
    'paper_id' | 'kind' | 'title' | 'pass_score' | 'full_score' | 'duration_sec' | 'question_count'
  >
  status: 'ongoing' | 'submitted'
  questions: ExamQuestionView[]
  /** question id -> chosen option indexes, as saved on the server. */
  answers: Record<string, number[]>
  started_at: string
  deadline: string
  /** Seconds left (0 once submitted). */
  remaining_sec: number
  /** Present once submitted. */
  result: ExamResult | null
}

/** POST /api/exam.attempt/start — resumes my attempt in progress, or starts one. */
export interface ExamStartRequest {
  paper_id: number
}
/** GET /api/exam.attempt/detail */
export interface ExamAttemptRequest {
  attempt_id: number
}
export interface ExamAttemptResponse {
  attempt: ExamAttempt
}

/** POST /api/exam.attempt/answer — saves one answer as it is chosen. */
export interface ExamAnswerRequest {
  attempt_id: number
  question_id: number
  answer: number[]
}
export interface ExamAnswerResponse {
  answered: number
  remaining_sec: number
}

export interface ExamAttemptSummary {
  attempt_id: number
  paper_id: number
  paper_title: string
  kind: ExamPaperKind
  status: 'ongoing' | 'submitted'
  score: number
  full_score: number
  passed: boolean
  started_at: string
  submitted_at: string | null
}
/** GET /api/exam.attempt/lists */
export type ExamAttemptListResponse = Paged<ExamAttemptSummary>

export interface ExamRankingRow {
  rank: number
  nickname: string
  avatar: string
  score: number
  used_sec: number
  is_me: boolean
}
/** GET /api/exam.paper/ranking — each user's best score, higher first, faster first on a tie. */
export interface ExamRankingRequest extends PageParams {
  paper_id: number
}
export interface ExamRankingResponse extends Paged<ExamRankingRow> {
  paper: { paper_id: number; title: string; full_score: number }
  mine: { rank: number; score: number; used_sec: number } | null
}

/** GET /api/exam.question/practice — practice questions (their own bank, never in exams). */
export interface ExamPracticeRequest {
  topic?: ExamTopic
  count?: number
}
export interface ExamPracticeResponse {
  list: ExamQuestionView[]
}

/** POST /api/exam.question/check — instant feedback on one practice answer. */
export interface ExamCheckRequest {
  question_id: number
  answer: number[]
}
export interface ExamCheckResponse {
  correct: boolean
  answer: number[]
  explanation: string
}
