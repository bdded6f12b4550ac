import crypto from 'node:crypto'

import { and, asc, count, desc, eq, ilike, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type {
  AdminExamBank,
  AdminExamPaper,
  AdminExamQuestion,
  AdminExamRanking,
  AdminExamResult,
  AdminExamSaved
} from '../../../contract/admin'
import { AppError, MSG_STALE } from '../../core/envelope'
import { paged } from '../../core/paging'
import { idParam, intParam, multiline, optional, text } from '../../core/validate'
import type { Executor, Tx } from '../../db/database'
import {
  EXAM_TOPICS,
  examAttempts,
  examBanks,
  examPapers,
  examQuestions,
  type QuestionType,
  users
} from '../../db/schema'
import { paperOf } from '../exam/attempts-store'
import { paperRanking } from '../exam/ranking'
import { parseCsvRecords } from './csv'
import { adminPaging, adminRoute, boolParam } from './route'

type Bank = typeof examBanks.$inferSelect
type Paper = typeof examPapers.$inferSelect
type Question = typeof examQuestions.$inferSelect

const LABELS: Record<string, string> = {
  bank_id: '题库',
  question_id: '题目',
  paper_id: '试卷',
  version: '记录版本',
  name: '题库名称',
  topic: '题目分类',
  intro: '题库说明',
  type: '题型',
  stem: '题干',
  options: '选项',
  answer: '答案',
  explanation: '解析',
  csv: '题目文件',
  keyword: '关键词',
  kind: '试卷类型',
  title: '试卷名称',
  summary: '试卷说明',
  question_count: '题目数量',
  duration_min: '考试时长',
  pass_score: '及格分',
  full_score: '满分',
  visible: '上架状态'
}

const JUDGE_OPTIONS = ['正确', '错误']
const TYPE_NAMES: Record<string, QuestionType> = {
  单选: 'single',
  单选题: 'single',
  多选: 'multiple',
  多选题: 'multiple',
  判断: 'judge',
  判断题: 'judge'
}
const TYPE_TEXT: Record<QuestionType, string> = { single: '单选题', multiple: '多选题', judge: '判断题' }
const JUDGE_ANSWERS: Record<string, number> = {
  正确: 0,
  对: 0,
  '√': 0,
  T: 0,
  TRUE: 0,
  A: 0,
  错误: 1,
  错: 1,
  '×': 1,
  F: 1,
  FALSE: 1,
  B: 1
}
const LETTERS = 'ABCDEFGHIJ'
/** Rows one import may hold: a whole bank at once, small enough for one transaction. */
const IMPORT_MAX_ROWS = 1000

interface QuestionDraft {
  type: QuestionType
  stem: string
  options: string[]
  answer: number[]
  explanation: string
}

/** What is wrong with a question, in Chinese, or null. The console form and the CSV import share it. */
function questionProblem(q: QuestionDraft): string | null {
  if (!q.stem) return '题干不能为空'
  if (q.stem.length > 256) return '题干最多 256 字'
  if (q.explanation.length > 2000) return '解析最多 2000 字'
  if (q.type === 'judge') return q.answer.length === 1 && q.answer[0] <= 1 ? null : '判断题答案应为 正确 或 错误'
  if (q.options.length < 2) return '至少要有 2 个选项'
  if (q.options.length > LETTERS.length) return `最多 ${LETTERS.length} 个选项`
  if (q.options.some((o) => !o)) return '选项不能为空'
  if (q.options.some((o) => o.length > 100)) return '每个选项最多 100 字'
  if (!q.answer.length) return '答案不能为空'
  if (new Set(q.answer).size !== q.answer.length) return '答案中的选项重复'
  const missing = q.answer.find((i) => i >= q.options.length)
  if (missing !== undefined) return `答案“${String.fromCharCode(65 + missing)}”不在选项中`
  if (q.type === 'single' && q.answer.length !== 1) return '单选题只能有一个答案'
  if (q.type === 'multiple' && q.answer.length < 2) return '多选题至少要有两个答案'
  return null
}

/** One CSV row as a question, or its problem. Columns are found by the header: 题型, 题干, 选项A…, 答案, 解析. */
function rowQuestion(fields: string[], at: Record<string, number>, optionCols: number[]): QuestionDraft | string {
  const cell = (name: string) => (at[name] === undefined ? '' : (fields[at[name]] ?? '').trim())
  const type = TYPE_NAMES[cell('题型')]
  if (!type) return `题型应为 单选、多选 或 判断（现为“${cell('题型')}”）`
  const raw = cell('答案').toUpperCase()
  let options = optionCols.map((i) => (fields[i] ?? '').trim())
  let answer: number[]
  if (type === 'judge') {
    options = JUDGE_OPTIONS
    const v = JUDGE_ANSWERS[raw]
    if (v === undefined) return `判断题答案应为 正确 或 错误（现为“${cell('答案')}”）`
    answer = [v]
  } else {
    // Options may stop early (C and D left empty) but not skip one.
    while (options.length && !options[options.length - 1]) options.pop()
    const letters = raw.replace(/[\s,，、;；]/g, '')
    if (!/^[A-Z]+$/.test(letters)) return `答案应为选项字母，如 A 或 AC（现为“${cell('答案')}”）`
    answer = [...letters].map((l) => l.charCodeAt(0) - 65).sort((x, y) => x - y)
  }
  const q = { type, stem: cell('题干'), options, answer, explanation: cell('解析') }
  return questionProblem(q) ?? q
}

/** The whole file as questions, or every bad row by its line number (nothing is written then). */
export function questionsFromCsv(csv: string): QuestionDraft[] {
  const records = parseCsvRecords(csv)
  if (!records.length) throw new AppError('文件是空的')
  const [header, ...rows] = records
  const at: Record<string, number> = {}
  header.fields.forEach((h, i) => (at[h.replace(/\s/g, '')] ??= i))
  const lacking = ['题型', '题干', '答案'].filter((h) => at[h] === undefined)
  if (lacking.length)
    throw new AppError(
      `第 ${header.line} 行表头缺少 ${lacking.map((h) => `“${h}”`).join('、')} 列（应为：题型,题干,选项A,选项B,选项C,选项D,答案,解析）`
    )
  const optionCols = [...LETTERS].map((l) => at[`选项${l}`]).filter((i): i is number => i !== undefined)
  if (!rows.length) throw new AppError('文件里没有题目')
  if (rows.length > IMPORT_MAX_ROWS) throw new AppError(`一次最多导入 ${IMPORT_MAX_ROWS} 道题`)
  const problems: string[] = []
  const questions: QuestionDraft[] = []
  for (const row of rows) {
    const q = rowQuestion(row.fields, at, optionCols)
    if (typeof q === 'string') problems.push(`第 ${row.line} 行：${q}`)
    else questions.push(q)
  }
  if (problems.length) {
    const shown = problems.slice(0, 10).join('；')
    throw new AppError(
      `导入失败，${problems.length} 行有误，没有导入任何题目。${shown}${problems.length > 10 ? '；……' : ''}`
    )
  }
  return questions
}

const slug = (prefix: string) => `${prefix}-${crypto.randomBytes(8).toString('hex')}`
const version = intParam(1, 2_147_483_647)

function questionItem(q: Question): AdminExamQuestion {
  return {
    question_id: q.id,
    type: q.type,
    stem: q.stem,
    options: q.options,
    answer: q.answer,
    explanation: q.explanation
  }
}

async function lockBank(tx: Tx, id: number, seen: number): Promise<Bank> {
  const [row] = await tx.select().from(examBanks).where(eq(examBanks.id, id)).for('update').limit(1)
  if (!row) throw new AppError('题库不存在')
  if (row.version !== seen) throw new AppError(MSG_STALE)
  return row
}

async function bumpBank(tx: Tx, id: number, change: Partial<typeof examBanks.$inferInsert> = {}): Promise<Bank> {
  const [row] = await tx
    .update(examBanks)
    .set({ ...change, version: sql`${examBanks.version} + 1`, updatedAt: new Date() })
    .where(eq(examBanks.id, id))
    .returning()
  return row
}

async function bankSize(db: Executor, bankId: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(examQuestions).where(eq(examQuestions.bankId, bankId))
  return n
}

const paperSnapshot = (p: Paper) => ({
  kind: p.kind,
  title: p.title,
  summary: p.summary,
  bank_id: p.bankId,
  question_count: p.questionCount,
  duration_sec: p.durationSec,
  pass_score: p.passScore,
  full_score: p.fullScore,
  visible: p.visible
})

/** 题库 and 试卷: question banks (one by one or imported from CSV) and the papers drawn from them. */
export default async function examRoutes(app: FastifyInstance): Promise<void> {
  adminRoute(
    app,
    { method: 'GET', path: '/exam/banks', input: z.object({}), permission: 'exam.view' },
    async (): Promise<AdminExamBank[]> => {
      const byType = (t: QuestionType) =>
        sql<number>`(select count(*)::int from exam_questions q where q.bank_id = "exam_banks"."id" and q.type = ${t})`
      const rows = await app.db
        .select({ b: examBanks, single: byType('single'), multiple: byType('multiple'), judge: byType('judge') })
        .from(examBanks)
        .orderBy(desc(examBanks.id))
      return rows.map(({ b, single, multiple, judge }) => ({
        bank_id: b.id,
        name: b.name,
        topic: b.topic,
        intro: b.intro,
        single: Number(single),
        multiple: Number(multiple),
        judge: Number(judge),
        version: b.version,
        updated_at: b.updatedAt.toISOString()
      }))
    }
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/exam/bankSave',
      input: z.object({
        bank_id: optional(idParam()),
        version: optional(version),
        name: text(32, 1),
        topic: z.enum(EXAM_TOPICS),
        intro: multiline(200).default('')
      }),
      permission: 'exam.edit',
      labels: LABELS
    },
    async ({ input, audit }): Promise<AdminExamSaved> =>
      app.db.transaction(async (tx) => {
        const fields = { name: input.name, topic: input.topic, intro: input.intro }
        if (input.bank_id) {
          const before = await lockBank(tx, input.bank_id, input.version ?? 0)
          const after = await bumpBank(tx, before.id, fields)
          // Its questions are filed under the bank's topic in the app.
          if (before.topic !== after.topic)
            await tx.update(examQuestions).set({ topic: after.topic }).where(eq(examQuestions.bankId, before.id))
          await audit(
            {
              action: 'exam.bank_edit',
              targetType: 'exam_bank',
              targetId: before.id,
              before: { name: before.name, topic: before.topic, intro: before.intro },
              after: fields
            },
            tx
          )
          return { version: after.version, id: after.id }
        }
        const [row] = await tx.insert(examBanks).values(fields).returning()
        await audit({ action: 'exam.bank_add', targetType: 'exam_bank', targetId: row.id, after: fields }, tx)
        return { version: row.version, id: row.id }
      })
  )

  adminRoute(
    app,
    {
      method: 'GET',
      path: '/exam/questions',
      input: z.object({ ...adminPaging, bank_id: idParam(), keyword: optional(text(64)) }),
      permission: 'exam.view',
      labels: LABELS
    },
    async ({ input }) => {
      const where = and(
        eq(examQuestions.bankId, input.bank_id),
        input.keyword ? ilike(examQuestions.stem, `%${input.keyword.replace(/[\\%_]/g, (c) => '\\' + c)}%`) : undefined
      )
      const [rows, [{ n }]] = await Promise.all([
        app.db
          .select()
          .from(examQuestions)
          .where(where)
          .orderBy(asc(examQuestions.id))
          .limit(input.per_page)
          .offset((input.page - 1) * input.per_page),
        app.db.select({ n: count() }).from(examQuestions).where(where)
      ])
      return paged(rows.map(questionItem), n, input.page, input.per_page)
    }
  )

  /**
   * A write to a bank's questions: the bank locked at the version the editor saw, the write and its audit row together.
   */
  function bankWrite<S extends z.ZodRawShape>(
    path: string,
    shape: S,
    write: (
      tx: Tx,
      bank: Bank,
      input: z.output<z.ZodObject<S>>
    ) => Promise<{ action: string; targetId: number; before?: unknown; after?: unknown; imported?: number }>,
    bodyLimit?: number
  ) {
    adminRoute(
      app,
      {
        method: 'POST',
        path,
        input: z.object({ bank_id: idParam(), version, ...shape }),
        permission: 'exam.edit',
        labels: LABELS,
        bodyLimit
      },
      async ({ input, audit }): Promise<AdminExamSaved> =>
        app.db.transaction(async (tx) => {
          const { bank_id, version: seen } = input as { bank_id: number; version: number }
          const bank = await lockBank(tx, bank_id, seen)
          const done = await write(tx, bank, input as z.output<z.ZodObject<S>>)
          const after = await bumpBank(tx, bank.id)
          await audit(
            {
              action: done.action,
              targetType: done.action === 'exam.import' ? 'exam_bank' : 'exam_question',
              targetId: done.targetId,
              before: done.before,
              after: done.after
            },
            tx
          )
          return { version: after.version, id: done.targetId, imported: done.imported }
        })
    )
  }

  bankWrite(
    '/exam/questionSave',
    {
      question_id: optional(idParam()),
      type: z.enum(['single', 'multiple', 'judge']),
      stem: multiline(256, 1),
      options: z.array(text(100)).max(LETTERS.length).default([]),
      answer: z
        .array(intParam(0, LETTERS.length - 1))
        .min(1)
        .max(LETTERS.length),
      explanation: multiline(2000).default('')
    },
    async (tx, bank, input) => {
      const q: QuestionDraft = {
        type: input.type,
        stem: input.stem,
        options: input.type === 'judge' ? JUDGE_OPTIONS : input.options,
        answer: [...input.answer].sort((a, b) => a - b),
        explanation: input.explanation
      }
      const problem = questionProblem(q)
      if (problem) throw new AppError(problem)
      if (input.question_id) {
        const [before] = await tx
          .select()
          .from(examQuestions)
          .where(and(eq(examQuestions.id, input.question_id), eq(examQuestions.bankId, bank.id)))
          .limit(1)
        if (!before) throw new AppError('题目不存在')
        await tx.update(examQuestions).set(q).where(eq(examQuestions.id, before.id))
        return { action: 'exam.question_edit', targetId: before.id, before: questionItem(before), after: q }
      }
      const [row] = await tx
        .insert(examQuestions)
        .values({ ...q, slug: slug('q'), bank: 'exam', topic: bank.topic, bankId: bank.id })
        .returning()
      return { action: 'exam.question_add', targetId: row.id, after: q }
    }
  )

  bankWrite('/exam/questionDelete', { question_id: idParam() }, async (tx, bank, input) => {
    const [before] = await tx
      .select()
      .from(examQuestions)
      .where(and(eq(examQuestions.id, input.question_id), eq(examQuestions.bankId, bank.id)))
      .limit(1)
    if (!before) throw new AppError('题目不存在')
    // A sat paper keeps its questions, so its result and explanations still read.
    const [{ used }] = await tx
      .select({ used: count() })
      .from(examAttempts)
      .where(sql`${examAttempts.questionIds} @> ${JSON.stringify([before.id])}::jsonb`)
    if (used > 0) throw new AppError('该题已有考生作答过，不能删除，可修改题目内容')
    await tx.delete(examQuestions).where(eq(examQuestions.id, before.id))
    return { action: 'exam.question_delete', targetId: before.id, before: questionItem(before) }
  })

  // A CSV of up to 1000 questions is a few hundred KB.
  bankWrite(
    '/exam/questionImport',
    { csv: multiline(2_000_000, 1) },
    async (tx, bank, input) => {
      const questions = questionsFromCsv(input.csv)
      await tx
        .insert(examQuestions)
        .values(
          questions.map((q) => ({ ...q, slug: slug('q'), bank: 'exam' as const, topic: bank.topic, bankId: bank.id }))
        )
      const byType = Object.fromEntries(
        (['single', 'multiple', 'judge'] as const).map((t) => [
          TYPE_TEXT[t],
          questions.filter((q) => q.type === t).length
        ])
      )
      return {
        action: 'exam.import',
        targetId: bank.id,
        after: { imported: questions.length, ...byType },
        imported: questions.length
      }
    },
    4 * 1024 * 1024
  )

  adminRoute(
    app,
    { method: 'GET', path: '/exam/papers', input: z.object({}), permission: 'exam.view' },
    async (): Promise<AdminExamPaper[]> => {
      const attempts = sql<number>`(select count(*)::int from exam_attempts a where a.paper_id = "exam_papers"."id" 
        and a.status = 'submitted')`
      const rows = await app.db
        .select({ p: examPapers, bankName: examBanks.name, attempts })
        .from(examPapers)
        .leftJoin(examBanks, eq(examBanks.id, examPapers.bankId))
        .orderBy(asc(examPapers.sort), asc(examPapers.id))
      return rows.map(({ p, bankName, attempts: n }) => ({
        paper_id: p.id,
        kind: p.kind,
        title: p.title,
        summary: p.summary,
        bank_id: p.bankId,
        bank_name: bankName ?? '',
        question_count: p.questionCount,
        duration_min: Math.round(p.durationSec / 60),
        pass_score: p.passScore,
        full_score: p.fullScore,
        visible: p.visible,
        attempts: Number(n),
        version: p.version
      }))
    }
  )

  async function lockPaper(tx: Tx, id: number, seen: number): Promise<Paper> {
    const [row] = await tx.select().from(examPapers).where(eq(examPapers.id, id)).for('update').limit(1)
    if (!row) throw new AppError('试卷不存在')
    if (row.version !== seen) throw new AppError(MSG_STALE)
    return row
  }

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/exam/paperSave',
      input: z.object({
        paper_id: optional(idParam()),
        version: optional(version),
        kind: z.enum(['exam', 'certification']),
        title: text(64, 1),
        summary: multiline(200).default(''),
        bank_id: optional(idParam()),
        question_count: intParam(1, 200),
        duration_min: intParam(1, 600),
        pass_score: intParam(0, 1000),
        full_score: intParam(1, 1000)
      }),
      permission: 'exam.edit',
      labels: LABELS
    },
    async ({ input, audit }): Promise<AdminExamSaved> =>
      app.db.transaction(async (tx) => {
        if (input.pass_score > input.full_score) throw new AppError('及格分不能高于满分')
        const before = input.paper_id ? await lockPaper(tx, input.paper_id, input.version ?? 0) : undefined
        // A built-in paper keeps drawing from its topic unless a bank is chosen; a new one needs a bank.
        const bankId = input.bank_id ?? before?.bankId ?? null
        if (!before && !bankId) throw new AppError('请选择题库')
        let topic = before?.topic ?? null
        if (bankId) {
          const [bank] = await tx.select().from(examBanks).where(eq(examBanks.id, bankId)).limit(1)
          if (!bank) throw new AppError('题库不存在')
          const size = await bankSize(tx, bank.id)
          if (size < input.question_count)
            throw new AppError(`题库“${bank.name}”只有 ${size} 道题，少于试卷的 ${input.question_count} 题`)
          topic = bank.topic
        }
        const fields = {
          kind: input.kind,
          title: input.title,
          summary: input.summary,
          bankId,
          topic,
          questionCount: input.question_count,
          durationSec: input.duration_min * 60,
          passScore: input.pass_score,
          fullScore: input.full_score
        }
        if (before) {
          const [after] = await tx
            .update(examPapers)
            .set({ ...fields, version: sql`${examPapers.version} + 1` })
            .where(eq(examPapers.id, before.id))
            .returning()
          await audit(
            {
              action: 'exam.paper_edit',
              targetType: 'exam_paper',
              targetId: before.id,
              before: paperSnapshot(before),
              after: paperSnapshot(after)
            },
            tx
          )
          return { version: after.version, id: after.id }
        }
        // A new paper starts off the shelf, so it can be checked before students see it.
        const [row] = await tx
          .insert(examPapers)
          .values({ ...fields, slug: slug('paper'), visible: false })
          .returning()
        await audit(
          { action: 'exam.paper_add', targetType: 'exam_paper', targetId: row.id, after: paperSnapshot(row) },
          tx
        )
        return { version: row.version, id: row.id }
      })
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/exam/paperShelf',
      input: z.object({ paper_id: idParam(), version, visible: boolParam }),
      permission: 'exam.edit',
      labels: LABELS
    },
    async ({ input, audit }): Promise<AdminExamSaved> =>
      app.db.transaction(async (tx) => {
        const before = await lockPaper(tx, input.paper_id, input.version)
        if (input.visible && before.bankId) {
          const size = await bankSize(tx, before.bankId)
          if (size < before.questionCount)
            throw new AppError(`题库只有 ${size} 道题，少于试卷的 ${before.questionCount} 题，不能上架`)
        }
        const [after] = await tx
          .update(examPapers)
          .set({ visible: input.visible, version: sql`${examPapers.version} + 1` })
          .where(eq(examPapers.id, before.id))
          .returning()
        await audit(
          {
            action: input.visible ? 'exam.paper_on' : 'exam.paper_off',
            targetType: 'exam_paper',
            targetId: before.id,
            before: { visible: before.visible },
            after: { visible: after.visible }
          },
          tx
        )
        return { version: after.version, id: after.id }
      })
  )

  // Submitted papers, best score first (then fastest): the ranking as the app shows it, with every sitting.
  adminRoute(
    app,
    {
      method: 'GET',
      path: '/exam/results',
      input: z.object({ ...adminPaging, paper_id: idParam() }),
      permission: 'exam.view',
      labels: LABELS
    },
    async ({ input }) => {
      const paper = await paperOf(app.db, input.paper_id)
      const where = and(eq(examAttempts.paperId, paper.id), eq(examAttempts.status, 'submitted'))
      const [rows, [{ n }]] = await Promise.all([
        app.db
          .select({ a: examAttempts, nickname: users.nickname })
          .from(examAttempts)
          .innerJoin(users, eq(users.id, examAttempts.userId))
          .where(where)
          .orderBy(desc(examAttempts.score), asc(examAttempts.usedSec), asc(examAttempts.id))
          .limit(input.per_page)
          .offset((input.page - 1) * input.per_page),
        app.db.select({ n: count() }).from(examAttempts).where(where)
      ])
      const list: AdminExamResult[] = rows.map(({ a, nickname }, i) => ({
        place: (input.page - 1) * input.per_page + i + 1,
        attempt_id: a.id,
        user_id: a.userId,
        nickname,
        score: a.score,
        passed: a.score >= paper.passScore,
        correct_count: a.correctCount,
        total: a.questionIds.length,
        used_sec: a.usedSec,
        submitted_at: a.submittedAt!.toISOString()
      }))
      return paged(list, n, input.page, input.per_page)
    }
  )

  adminRoute(
    app,
    {
      method: 'GET',
      path: '/exam/ranking',
      input: z.object({ ...adminPaging, paper_id: idParam() }),
      permission: 'exam.view',
      labels: LABELS
    },
    async ({ input }) => {
      const paper = await paperOf(app.db, input.paper_id)
      const { rows, total } = await paperRanking(app.db, paper, {
        limit: input.per_page,
        offset: (input.page - 1) * input.per_page
      })
      const list: AdminExamRanking[] = rows.map((r) => ({
        place: r.place,
        user_id: r.userId,
        nickname: r.nickname,
        best_score: r.score,
        passed: r.score >= paper.passScore,
        used_sec: r.usedSec,
        best_at: r.bestAt.toISOString(),
        sittings: r.sittings,
        first_passed_at: r.firstPassedAt?.toISOString() ?? null
      }))
      return paged(list, total, input.page, input.per_page)
    }
  )
}
