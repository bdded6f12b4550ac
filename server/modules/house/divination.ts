import { and, count, desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { DivinationListResponse, DivinationSaved, Empty } from '../../../contract'
import { AppError } from '../../core/envelope'
import { offsetOf, paged, pagingFields } from '../../core/paging'
import { userRoute } from '../../core/route'
import { idParam, text } from '../../core/validate'
import { divinationRecords, users } from '../../db/schema'

/** Charts one user keeps; the oldest go first when a new one would pass the limit. */
export const MAX_DIVINATIONS_PER_USER = 200

type Row = typeof divinationRecords.$inferSelect
const toSaved = (r: Row): DivinationSaved => ({
  id: r.id,
  question: r.question,
  date: r.castAt,
  values: r.lines,
  title: r.title,
  created_at: r.createdAt.toISOString()
})

const saveInput = z.object({
  question: text(100),
  date: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
  values: z.array(z.union([z.literal(6), z.literal(7), z.literal(8), z.literal(9)])).length(6),
  title: text(64, 1)
})

/** 六爻 history of a logged-in user: save (once per identical cast), list, delete. */
export default async function divinationRoutes(app: FastifyInstance): Promise<void> {
  userRoute(
    app,
    { method: 'POST', path: '/tools.divination/save', input: saveInput },
    async ({ input, userId }): Promise<DivinationSaved> =>
      app.db.transaction(async (tx) => {
        // Serialise one user's saves: a double tap must not store the same cast twice.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
        const mine = eq(divinationRecords.userId, userId)
        const [same] = await tx
          .select()
          .from(divinationRecords)
          .where(and(mine, eq(divinationRecords.castAt, input.date), eq(divinationRecords.question, input.question)))
          .orderBy(desc(divinationRecords.id))
          .limit(1)
        if (same && same.lines.join('') === input.values.join('')) return toSaved(same)
        const [{ n }] = await tx.select({ n: count() }).from(divinationRecords).where(mine)
        if (n >= MAX_DIVINATIONS_PER_USER) {
          const [oldest] = await tx
            .select({ id: divinationRecords.id })
            .from(divinationRecords)
            .where(mine)
            .orderBy(divinationRecords.id)
            .limit(1)
          await tx.delete(divinationRecords).where(eq(divinationRecords.id, oldest.id))
        }
        const [row] = await tx
          .insert(divinationRecords)
          .values({ userId, question: input.question, castAt: input.date, lines: input.values, title: input.title })
          .returning()
        return toSaved(row)
      })
  )

  userRoute(
    app,
    { method: 'GET', path: '/tools.divination/lists', input: z.object(pagingFields) },
    async ({ input, userId }): Promise<DivinationListResponse> => {
      const mine = eq(divinationRecords.userId, userId)
      const [rows, [{ n }]] = await Promise.all([
        app.db
          .select()
          .from(divinationRecords)
          .where(mine)
          .orderBy(desc(divinationRecords.id))
          .limit(input.per_page)
          .offset(offsetOf(input.page, input.per_page)),
        app.db.select({ n: count() }).from(divinationRecords).where(mine)
      ])
      return paged(rows.map(toSaved), n, input.page, input.per_page)
    }
  )

  userRoute(
    app,
    { method: 'POST', path: '/tools.divination/delete', input: z.object({ id: idParam() }) },
    async ({ input, userId }): Promise<Empty> => {
      const gone = await app.db
        .delete(divinationRecords)
        .where(and(eq(divinationRecords.id, input.id), eq(divinationRecords.userId, userId)))
        .returning({ id: divinationRecords.id })
      if (gone.length === 0) throw new AppError('记录不存在或已删除')
      return {}
    }
  )
}
