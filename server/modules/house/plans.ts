import { and, count, desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { Empty, HouseListResponse, HousePlan } from '../../../contract'
import { AppError, ownedBy } from '../../core/envelope'
import { offsetOf, paged, pagingFields } from '../../core/paging'
import { userRoute } from '../../core/route'
import { idParam, intParam, optional, text } from '../../core/validate'
import type { Executor } from '../../db/database'
import { housePlans, users } from '../../db/schema'
import { ownUploads } from '../file/own-upload'
import { viewableUrl } from '../file/private'
import { type HouseRow, toHousePlan } from './serialize'

/** Plans one user may keep. */
export const MAX_HOUSES_PER_USER = 100
export const MSG_HOUSE_MISSING = '户型分析不存在或已删除'

const numberIn = (min: number, max: number) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number().min(min).max(max))
const planType = z.enum(['floorplan', 'sketch', 'photo'])
const PLAN_TITLES: Record<z.infer<typeof planType>, string> = {
  floorplan: '户型图',
  sketch: '手绘图',
  photo: '实景方位'
}

const editFields = {
  title: optional(text(32, 1)),
  plan_type: optional(planType),
  file_id: optional(idParam()),
  image_width: optional(intParam(1, 20_000)),
  image_height: optional(intParam(1, 20_000)),
  facing_degrees: optional(numberIn(0, 359.99)),
  build_year: optional(intParam(1864, 2100)),
  period: optional(intParam(1, 9)),
  method: optional(z.enum(['xiagua', 'tigua'])),
  owner_birth_year: optional(intParam(1900, 2100)),
  owner_gender: optional(z.enum(['male', 'female'])),
  center_x: optional(numberIn(0.01, 0.99)),
  center_y: optional(numberIn(0.01, 0.99)),
  rotation: optional(numberIn(0, 359.99)),
  mode: optional(z.enum(['8', '9', '24']))
}

const ownFile = async (db: Executor, userId: number, fileId: number): Promise<string> =>
  (await ownUploads(db, userId, [fileId], '户型图'))[0]

/** The user's own plan; someone else's is refused as such. */
async function ownHouse(db: Executor, userId: number, id: number): Promise<HouseRow> {
  const [row] = await db.select().from(housePlans).where(eq(housePlans.id, id)).limit(1)
  return ownedBy(row, userId, MSG_HOUSE_MISSING)
}

/** Saved house analyses: add (with the uploaded plan), edit step by step, list, detail, delete. */
export default async function planRoutes(app: FastifyInstance): Promise<void> {
  // The plan image goes only to its owner, as a link that expires.
  const view = async (row: HouseRow): Promise<HousePlan> => ({
    ...toHousePlan(row),
    image_url: await viewableUrl(app, row.imageUrl)
  })

  userRoute(
    app,
    {
      method: 'POST',
      path: '/tools.house/add',
      input: z.object({ title: optional(text(32, 1)), plan_type: planType, file_id: idParam() })
    },
    async ({ input, userId }): Promise<HousePlan> =>
      app.db
        .transaction(async (tx) => {
          await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
          const imageUrl = await ownFile(tx, userId, input.file_id)
          const [{ n }] = await tx.select({ n: count() }).from(housePlans).where(eq(housePlans.userId, userId))
          if (n >= MAX_HOUSES_PER_USER) throw new AppError(`户型分析最多保存 ${MAX_HOUSES_PER_USER} 个，请先删除不用的`)
          const title = input.title ?? `${PLAN_TITLES[input.plan_type]} ${n + 1}`
          const [row] = await tx
            .insert(housePlans)
            .values({ userId, title, planType: input.plan_type, fileId: input.file_id, imageUrl })
            .returning()
          return row
        })
        .then(view)
  )

  userRoute(
    app,
    { method: 'POST', path: '/tools.house/edit', input: z.object({ id: idParam(), ...editFields }) },
    async ({ input, userId }): Promise<HousePlan> => {
      await ownHouse(app.db, userId, input.id)
      const imageUrl = input.file_id !== undefined ? await ownFile(app.db, userId, input.file_id) : undefined
      const set: Partial<typeof housePlans.$inferInsert> = {
        title: input.title,
        planType: input.plan_type,
        fileId: input.file_id,
        imageUrl,
        imageWidth: input.image_width,
        imageHeight: input.image_height,
        facingDegrees: input.facing_degrees,
        buildYear: input.build_year,
        period: input.period,
        method: input.method,
        ownerBirthYear: input.owner_birth_year,
        ownerGender: input.owner_gender,
        centerX: input.center_x,
        centerY: input.center_y,
        rotation: input.rotation,
        mode: input.mode,
        updatedAt: new Date()
      }
      const [row] = await app.db
        .update(housePlans)
        .set(set)
        .where(and(eq(housePlans.id, input.id), eq(housePlans.userId, userId)))
        .returning()
      if (!row) throw new AppError(MSG_HOUSE_MISSING)
      return view(row)
    }
  )

  userRoute(
    app,
    { method: 'GET', path: '/tools.house/lists', input: z.object(pagingFields) },
    async ({ input, userId }): Promise<HouseListResponse> => {
      const mine = eq(housePlans.userId, userId)
      const [rows, [{ n }]] = await Promise.all([
        app.db
          .select()
          .from(housePlans)
          .where(mine)
          .orderBy(desc(housePlans.id))
          .limit(input.per_page)
          .offset(offsetOf(input.page, input.per_page)),
        app.db.select({ n: count() }).from(housePlans).where(mine)
      ])
      return paged(await Promise.all(rows.map(view)), n, input.page, input.per_page)
    }
  )

  userRoute(
    app,
    { method: 'GET', path: '/tools.house/detail', input: z.object({ id: idParam() }) },
    async ({ input, userId }): Promise<HousePlan> => view(await ownHouse(app.db, userId, input.id))
  )

  userRoute(
    app,
    { method: 'POST', path: '/tools.house/delete', input: z.object({ id: idParam() }) },
    async ({ input, userId }): Promise<Empty> => {
      await ownHouse(app.db, userId, input.id)
      const gone = await app.db
        .delete(housePlans)
        .where(and(eq(housePlans.id, input.id), eq(housePlans.userId, userId)))
        .returning({ id: housePlans.id })
      if (gone.length === 0) throw new AppError(MSG_HOUSE_MISSING)
      return {}
    }
  )
}
