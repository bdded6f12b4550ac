import { and, asc, eq, gt, max } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { ExamPaperListResponse, ExamRankingResponse } from '../../../contract'
import { assetUrl } from '../../core/asset-url'
import { offsetOf, paged, pagingFields } from '../../core/paging'
import { optionalUserId, publicRoute } from '../../core/route'
import { idParam, optional } from '../../core/validate'
import { examAttempts, examPapers } from '../../db/schema'
import { paperOf } from './attempts-store'
import { paperRanking } from './ranking'

/** The papers to choose from, and each paper's score ranking. */
export default async function paperRoutes(app: FastifyInstance): Promise<void> {
  publicRoute(
    app,
    {
      method: 'GET',
      path: '/exam.paper/lists',
      input: z.object({ kind: optional(z.enum(['exam', 'certification'])) })
    },
    async ({ input, req }): Promise<ExamPaperListResponse> => {
      const rows = await app.db
        .select()
        .from(examPapers)
        .where(and(eq(examPapers.visible, true), input.kind ? eq(examPapers.kind, input.kind) : undefined))
        .orderBy(asc(examPapers.sort), asc(examPapers.id))
      const userId = await optionalUserId(app, req)
      const best = new Map<number, number>()
      const ongoing = new Map<number, number>()
      if (userId) {
        const scores = await app.db
          .select({ paperId: examAttempts.paperId, best: max(examAttempts.score) })
          .from(examAttempts)
          .where(and(eq(examAttempts.userId, userId), eq(examAttempts.status, 'submitted')))
          .groupBy(examAttempts.paperId)
        for (const s of scores) best.set(s.paperId, s.best ?? 0)
        const open = await app.db
          .select({ id: examAttempts.id, paperId: examAttempts.paperId })
          .from(examAttempts)
          .where(
            and(
              eq(examAttempts.userId, userId),
              eq(examAttempts.status, 'ongoing'),
              gt(examAttempts.deadline, new Date())
            )
          )
        for (const o of open) ongoing.set(o.paperId, o.id)
      }
      return {
        list: rows.map((p) => ({
          paper_id: p.id,
          kind: p.kind,
          title: p.title,
          summary: p.summary,
          cover: assetUrl(app.config.publicUrl, p.cover),
          topic: p.topic,
          question_count: p.questionCount,
          duration_sec: p.durationSec,
          pass_score: p.passScore,
          full_score: p.fullScore,
          best_score: best.get(p.id) ?? null,
          ongoing_attempt_id: ongoing.get(p.id) ?? 0
        }))
      }
    }
  )

  /** Each user's best submitted sitting, ranked: higher score, then shorter time, then earlier (./ranking.ts). */
  publicRoute(
    app,
    { method: 'GET', path: '/exam.paper/ranking', input: z.object({ paper_id: idParam(), ...pagingFields }) },
    async ({ input, req }): Promise<ExamRankingResponse> => {
      const paper = await paperOf(app.db, input.paper_id)
      const userId = await optionalUserId(app, req)
      const [{ rows, total }, mine] = await Promise.all([
        paperRanking(app.db, paper, { limit: input.per_page, offset: offsetOf(input.page, input.per_page) }),
        userId ? paperRanking(app.db, paper, { userId }).then((r) => r.rows[0]) : undefined
      ])
      return {
        ...paged(
          rows.map((r) => ({
            rank: r.place,
            nickname: r.nickname || `学员${String(r.userId).padStart(4, '0')}`,
            avatar: r.avatar ? assetUrl(app.config.publicUrl, r.avatar) : '',
            score: r.score,
            used_sec: r.usedSec,
            is_me: r.userId === userId
          })),
          total,
          input.page,
          input.per_page
        ),
        paper: { paper_id: paper.id, title: paper.title, full_score: paper.fullScore },
        mine: mine ? { rank: mine.place, score: mine.score, used_sec: mine.usedSec } : null
      }
    }
  )
}
