import { and, count, eq, gt, gte, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { ReadingResponse } from '../../../contract'
import { chinaDayStart } from '../../../contract/china-time'
import { AppError, ownedBy } from '../../core/envelope'
import { userRoute } from '../../core/route'
import { idParam } from '../../core/validate'
import { baziReadings, users } from '../../db/schema'
import { chartSourceSchema, pillarsOf } from '../chart/birth'
import { passagesFor } from '../chart/books'
import { resolveChart } from '../chart/chart-source'
import { beijingYear } from '../chart/clock'
import { refuseHiddenFeature } from '../home/features'
import type { ChatMessage } from './ai-client'
import { AI_STALE_MS, aiWriter } from './ai-writer'
import { readingMessages, sectionsOfText } from './prompt'
import { rulesReading } from './rules'

type ReadingRow = typeof baziReadings.$inferSelect

/** Told when the day's AI readings are used up (AI_DAILY_LIMIT). */
export const aiQuotaMessage = (limit: number) => `今天的 ${limit} 次 AI 解读已用完，请明天再来`

function toResponse(row: ReadingRow): ReadingResponse {
  const rules = row.source === 'rules'
  return {
    id: row.id,
    source: row.source,
    status: row.status,
    pillars: row.pillars.split(' '),
    sections: rules ? JSON.parse(row.content || '[]') : sectionsOfText(row.content),
    text: rules ? '' : row.content,
    error: row.error
  }
}

/**
 * The reading of a chart. With an AI provider the model's answer is streamed into the row and the
 * page polls it (plain requests work the same on H5 and in the mini-program, where server-sent
 * events are not available); without one the rules reading is stored at once.
 */
export default async function readingRoutes(app: FastifyInstance): Promise<void> {
  const { ai } = app.config
  const write = ai && aiWriter(app, ai)
  const generate = (id: number, messages: ChatMessage[]) =>
    write!('AI reading', messages, ({ text, status, error }) =>
      app.db
        .update(baziReadings)
        .set({ content: text, updatedAt: new Date(), ...(status ? { status } : {}), ...(error ? { error } : {}) })
        .where(eq(baziReadings.id, id))
    )

  userRoute(
    app,
    { method: 'POST', path: '/tools.reading/start', input: chartSourceSchema },
    async ({ input, userId, req }): Promise<ReadingResponse> => {
      await refuseHiddenFeature(app, req, 'ai')
      const { chart, birth } = await resolveChart(app, input, { userId })
      const pillars = pillarsOf(chart).join(' ')
      const year = beijingYear()
      if (!ai) {
        const [row] = await app.db
          .insert(baziReadings)
          .values({
            userId,
            pillars,
            input: birth,
            source: 'rules',
            status: 'done',
            content: JSON.stringify(rulesReading(chart, year))
          })
          .returning()
        return toResponse(row)
      }
      // One model answer at a time per user: a second tap returns the one under way.
      const { row, fresh } = await app.db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
        const [busy] = await tx
          .select()
          .from(baziReadings)
          .where(
            and(
              eq(baziReadings.userId, userId),
              eq(baziReadings.status, 'streaming'),
              gt(baziReadings.updatedAt, new Date(Date.now() - AI_STALE_MS))
            )
          )
          .limit(1)
        if (busy) {
          if (busy.pillars === pillars) return { row: busy, fresh: false }
          throw new AppError('上一份解读还在生成中，请稍候再试')
        }
        // Under the same user lock, so readings started at once cannot pass the limit together; a
        // reading that failed gave the user nothing and does not count.
        const [today] = await tx
          .select({ n: count() })
          .from(baziReadings)
          .where(
            and(
              eq(baziReadings.userId, userId),
              eq(baziReadings.source, 'ai'),
              ne(baziReadings.status, 'failed'),
              gte(baziReadings.createdAt, chinaDayStart(new Date()))
            )
          )
        if (today.n >= ai.dailyLimit) throw new AppError(aiQuotaMessage(ai.dailyLimit))
        const [created] = await tx
          .insert(baziReadings)
          .values({ userId, pillars, input: birth, source: 'ai', status: 'streaming' })
          .returning()
        return { row: created, fresh: true }
      })
      if (fresh) void generate(row.id, readingMessages(chart, passagesFor(chart), year))
      return toResponse(row)
    }
  )

  userRoute(
    app,
    { method: 'GET', path: '/tools.reading/detail', input: z.object({ id: idParam() }) },
    async ({ input, userId }): Promise<ReadingResponse> => {
      const [row] = await app.db.select().from(baziReadings).where(eq(baziReadings.id, input.id)).limit(1)
      return toResponse(ownedBy(row, userId, '解读不存在'))
    }
  )
}
