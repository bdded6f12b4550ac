import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar
} from 'drizzle-orm/pg-core'

import { users } from './users'

// Exams and quizzes. The question bank holds the right answers; they leave the server only in a
// submitted attempt's result, or for a practice question once the user has answered it.

export const EXAM_TOPICS = ['bazi', 'wuxing', 'bagua', 'fengshui'] as const
export type ExamTopic = (typeof EXAM_TOPICS)[number]
/** judge: a true/false question, options 正确 and 错误, one of them right. */
export type QuestionType = 'single' | 'multiple' | 'judge'
/** 'exam' questions appear only in timed papers; 'practice' ones only in the instant-feedback quiz. */
export type QuestionBank = 'exam' | 'practice'

/** A question bank the console keeps (imported from CSV or written one by one); papers draw from it. */
export const examBanks = pgTable('exam_banks', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 32 }).notNull(),
  /** The topic its questions are filed under in the app. */
  topic: varchar('topic', { length: 16 }).$type<ExamTopic>().notNull(),
  intro: varchar('intro', { length: 200 }).notNull().default(''),
  /** Grows with every console write to the bank or its questions, so a stale editor is refused. */
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
})

export const examQuestions = pgTable(
  'exam_questions',
  {
    id: serial('id').primaryKey(),
    slug: varchar('slug', { length: 64 }).notNull(),
    bank: varchar('bank', { length: 16 }).$type<QuestionBank>().notNull(),
    topic: varchar('topic', { length: 16 }).$type<ExamTopic>().notNull(),
    type: varchar('type', { length: 16 }).$type<QuestionType>().notNull(),
    stem: varchar('stem', { length: 256 }).notNull(),
    options: jsonb('options').$type<string[]>().notNull(),
    /** Indexes into options, ascending. */
    answer: jsonb('answer').$type<number[]>().notNull(),
    explanation: text('explanation').notNull(),
    /** The console bank it belongs to; null for the built-in questions. */
    bankId: integer('bank_id').references(() => examBanks.id)
  },
  (t) => [
    uniqueIndex('exam_questions_slug_uq').on(t.slug),
    index('exam_questions_bank_idx').on(t.bank, t.topic),
    index('exam_questions_bank_id_idx').on(t.bankId)
  ]
)

export type ExamPaperKind = 'exam' | 'certification'

/** A timed paper: its questions are drawn from the exam bank (one topic or all) when an attempt starts. */
export const examPapers = pgTable(
  'exam_papers',
  {
    id: serial('id').primaryKey(),
    slug: varchar('slug', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 16 }).$type<ExamPaperKind>().notNull(),
    title: varchar('title', { length: 64 }).notNull(),
    summary: varchar('summary', { length: 200 }).notNull().default(''),
    cover: varchar('cover', { length: 512 }).notNull().default(''),
    /** null: every topic. */
    topic: varchar('topic', { length: 16 }).$type<ExamTopic>(),
    questionCount: integer('question_count').notNull(),
    durationSec: integer('duration_sec').notNull(),
    /** Pass mark out of the full mark. */
    passScore: integer('pass_score').notNull(),
    /** What all questions right scores; every question weighs the same. */
    fullScore: integer('full_score').notNull().default(100),
    /** Draws from this console bank; null: from the built-in exam questions of `topic`. */
    bankId: integer('bank_id').references(() => examBanks.id),
    /** Off: the app no longer lists it; attempts and rankings stay. */
    visible: boolean('visible').notNull().default(true),
    version: integer('version').notNull().default(1),
    sort: integer('sort').notNull().default(0)
  },
  (t) => [
    uniqueIndex('exam_papers_slug_uq').on(t.slug),
    check(
      'exam_papers_pass_ok',
      sql`${t.fullScore} BETWEEN 1 AND 1000 AND ${t.passScore} BETWEEN 0 AND ${t.fullScore}`
    ),
    check('exam_papers_count_ok', sql`${t.questionCount} > 0 AND ${t.durationSec} > 0`)
  ]
)

export type ExamAttemptStatus = 'ongoing' | 'submitted'

/** One sitting. At most one ongoing attempt per user and paper, so a reload resumes it. */
export const examAttempts = pgTable(
  'exam_attempts',
  {
    id: serial('id').primaryKey(),
    paperId: integer('paper_id')
      .notNull()
      .references(() => examPapers.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    questionIds: jsonb('question_ids').$type<number[]>().notNull(),
    /** question id -> chosen option indexes. */
    answers: jsonb('answers').$type<Record<string, number[]>>().notNull().default({}),
    status: varchar('status', { length: 16 }).$type<ExamAttemptStatus>().notNull().default('ongoing'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    score: integer('score').notNull().default(0),
    correctCount: integer('correct_count').notNull().default(0),
    /** Seconds from start to submission, capped at the paper's limit (ranking tie-break). */
    usedSec: integer('used_sec').notNull().default(0)
  },
  (t) => [
    uniqueIndex('exam_attempts_ongoing_uq')
      .on(t.userId, t.paperId)
      .where(sql`status = 'ongoing'`),
    index('exam_attempts_rank_idx').on(t.paperId, t.status, t.score),
    index('exam_attempts_user_idx').on(t.userId, t.startedAt)
  ]
)
