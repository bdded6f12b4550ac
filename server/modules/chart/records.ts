import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { BaziDefaultResponse, BaziListResponse, BaziRecord, Empty } from '../../../contract'
import { AppError } from '../../core/envelope'
import { offsetOf, paged, pagingFields } from '../../core/paging'
import { userRoute } from '../../core/route'
import { idParam, text } from '../../core/validate'
import { baziRecords, users } from '../../db/schema'
import { birthFields, chartOf, normalizeBirth, pillarsOf } from './birth'
import { ownRecord, rowValues, toRecord } from './record-store'

/** Records one user may keep: enough for a family and clients, small enough to page quickly. */
export const MAX_RECORDS_PER_USER = 500

const nameField = text(32, 1)
const idInput = z.object({ id: idParam() })

/** Conditions matching a stored record's birth columns. */
function sameBirth(values: ReturnType<typeof rowValues>): SQL[] {
  return (Object.keys(values) as (keyof typeof values)[]).map((key) => {
    const value = values[key]
    return value === null ? isNull(baziRecords[key]) : eq(baziRecords[key], value)
  })
}

/** Saved births: save, list, rename, delete and the default record the daily tools use. */
export default async function recordRoutes(app: FastifyInstance): Promise<void> {
  userRoute(
    app,
    { method: 'POST', path: '/tools.index/saveBazi', input: z.object({ name: nameField, ...birthFields }) },
    async ({ input, userId }): Promise<BaziRecord> => {
      const birth = normalizeBirth(input)
      const pillars = pillarsOf(chartOf(birth)).join(' ')
      return app.db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
        // Saving the same chart under the same name again (a second tap, a reopened link) is the record already kept.
        const values = rowValues(birth)
        const [same] = await tx
          .select()
          .from(baziRecords)
          .where(and(eq(baziRecords.userId, userId), eq(baziRecords.name, input.name), ...sameBirth(values)))
          .limit(1)
        if (same) return toRecord(same)
        const [{ n }] = await tx.select({ n: count() }).from(baziRecords).where(eq(baziRecords.userId, userId))
        if (n >= MAX_RECORDS_PER_USER) throw new AppError(`档案最多保存 ${MAX_RECORDS_PER_USER} 个，请先删除不用的档案`)
        const [row] = await tx
          .insert(baziRecords)
          .values({ userId, name: input.name, pillars, ...values })
          .returning()
        return toRecord(row)
      })
    }
  )

  userRoute(
    app,
    { method: 'POST', path: '/tools.index/baziList', input: z.object(pagingFields) },
    async ({ input, userId }): Promise<BaziListResponse> => {
      const mine = eq(baziRecords.userId, userId)
      const [rows, [{ n }]] = await Promise.all([
        app.db
          .select()
          .from(baziRecords)
          .where(mine)
          .orderBy(desc(baziRecords.id))
          .limit(input.per_page)
          .offset(offsetOf(input.page, input.per_page)),
        app.db.select({ n: count() }).from(baziRecords).where(mine)
      ])
      return paged(rows.map(toRecord), n, input.page, input.per_page)
    }
  )

  userRoute(
    app,
    { method: 'POST', path: '/tools.bazi/rename', input: z.object({ id: idParam(), name: nameField }) },
    async ({ input, userId }): Promise<BaziRecord> => {
      await ownRecord(app.db, userId, input.id)
      const [row] = await app.db
        .update(baziRecords)
        .set({ name: input.name, updatedAt: new Date() })
        .where(and(eq(baziRecords.id, input.id), eq(baziRecords.userId, userId)))
        .returning()
      return toRecord(row)
    }
  )

  userRoute(
    app,
    { method: 'POST', path: '/tools.bazi/delete', input: idInput },
    async ({ input, userId }): Promise<Empty> => {
      await ownRecord(app.db, userId, input.id)
      await app.db.delete(baziRecords).where(and(eq(baziRecords.id, input.id), eq(baziRecords.userId, userId)))
      return {}
    }
  )

  userRoute(
    app,
    { method: 'POST', path: '/tools.bazi/setDefault', input: idInput },
    async ({ input, userId }): Promise<BaziRecord> => {
      return app.db.transaction(async (tx) => {
        // One default change per user at a time: two racing requests would both clear, then both set.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
        await ownRecord(tx, userId, input.id)
        // Clear first: the partial unique index allows one default per user at any moment.
        await tx
          .update(baziRecords)
          .set({ isDefault: false })
          .where(and(eq(baziRecords.userId, userId), eq(baziRecords.isDefault, true)))
        const [row] = await tx
          .update(baziRecords)
          .set({ isDefault: true, updatedAt: new Date() })
          .where(eq(baziRecords.id, input.id))
          .returning()
        return toRecord(row)
      })
    }
  )

  userRoute(
    app,
    { method: 'GET', path: '/tools.bazi/getDefault', input: z.object({}) },
    async ({ userId }): Promise<BaziDefaultResponse> => {
      const [row] = await app.db
        .select()
        .from(baziRecords)
        .where(and(eq(baziRecords.userId, userId), eq(baziRecords.isDefault, true)))
        .limit(1)
      return { record: row ? toRecord(row) : null }
    }
  )
}
