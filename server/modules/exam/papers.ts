import { and, asc, count, desc, eq, gt, lt, max, or } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { ExamPaperListResponse, ExamRankingResponse } from '../../../contract'
import { assetUrl } from '../../core/asset-url'
import { offsetOf, paged, pagingFields } from '../../core/paging'
import { optionalUserId, publicRoute } from '../../core/route'
import { idParam, optional } from '../../core/validate'
import { examAttempts, examPapers, users } from '../../db/schema'
import { paperOf } from './attempts-store'

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

  /** Each user's best submitted attempt (highest score, then fastest), ranked the same way. */
  publicRoute(
    app,
    { method: 'GET', path: '/exam.paper/ranking', input: z.object({ paper_id: idParam(), ...pagingFields }) },
    async ({ input, req }): Promise<ExamRankingResponse> => {
      const paper = await paperOf(app.db, input.paper_id)
      const best = app.db.$with('best').as(
        app.db
          .selectDistinctOn([examAttempts.userId], {
            userId: examAttempts.userId,
            score: examAttempts.score,
            usedSec: examAttempts.usedSec
          })
          .from(examAttempts)
          .where(and(eq(examAttempts.paperId, paper.id), eq(examAttempts.status, 'submitted')))
          .orderBy(examAttempts.userId, desc(examAttempts.score), asc(examAttempts.usedSec))
      )
      const [rows, [{ total }]] = await Promise.all([
        app.db
          .with(best)
          .select({
            userId: best.userId,
            score: best.score,
            usedSec: best.usedSec,
            nickname: users.nickname,
            avatar: users.avatar
          })
          .from(best)
          .innerJoin(users, eq(users.id, best.userId))
          .orderBy(desc(best.score), asc(best.usedSec), asc(best.userId))
          .limit(input.per_page)
          .offset(offsetOf(input.page, input.per_page)),
        app.db.with(best).select({ total: count() }).from(best)
      ])
      const userId = await optionalUserId(app, req)
      let mine: ExamRankingResponse['mine'] = null
      if (userId) {
        const [me] = await app.db.with(best).select().from(best).where(eq(best.userId, userId))
        if (me) {
          const [{ ahead }] = await app.db
            .with(best)
            .select({ ahead: count() })
            .from(best)
            .where(
              or(
                gt(best.score, me.score),
                and(
                  eq(best.score, me.score),
                  or(lt(best.usedSec, me.usedSec), and(eq(best.usedSec, me.usedSec), lt(best.userId, userId)))
                )
              )
            )
          mine = { rank: ahead + 1, score: me.score, used_sec: me.usedSec }
        }
      }
      const first = offsetOf(input.page, input.per_page)
      return {
        ...paged(
          rows.map((r, i) => ({
            rank: first + i + 1,
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
        mine
      }
    }
  )
}
