import { asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { AdminToolProduct } from '../../../contract/admin'
import { AppError, MSG_STALE } from '../../core/envelope'
import { intParam, multiline, text } from '../../core/validate'
import { adminAuditLogs, toolProducts } from '../../db/schema'
import { auditPage } from './audit-routes'
import { versionField } from './order-routes'
import { adminPaging, adminRoute, boolParam } from './route'

/** Prices in fen: at least 0.01 元, at most 999,999 元 (tool_products refuses a free tool). */
const MAX_PRICE_FEN = 99_999_900

type Row = typeof toolProducts.$inferSelect

function view(r: Row): AdminToolProduct {
  return {
    key: r.key,
    title: r.title,
    description: r.description,
    price_fen: r.priceFen,
    original_price_fen: r.originalPriceFen,
    visible: r.visible,
    updated_at: r.updatedAt.toISOString()
  }
}
const snapshot = ({ title, description, price_fen, original_price_fen, visible }: AdminToolProduct) => ({
  title,
  description,
  price_fen,
  original_price_fen,
  visible
})

/** The paid tools' prices and sale switch: a change applies to purchases started after it. */
export default async function toolProductRoutes(app: FastifyInstance): Promise<void> {
  const pricing = { permission: 'product.price' as const }

  adminRoute(
    app,
    { method: 'GET', path: '/toolProduct/lists', input: z.object({}), ...pricing },
    async (): Promise<AdminToolProduct[]> => {
      return (await app.db.select().from(toolProducts).orderBy(asc(toolProducts.id))).map(view)
    }
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/toolProduct/save',
      input: z.object({
        key: text(32, 1),
        title: text(64, 1),
        description: multiline(512),
        price_fen: intParam(1, MAX_PRICE_FEN),
        original_price_fen: intParam(0, MAX_PRICE_FEN).default(0),
        visible: boolParam,
        updated_at: versionField
      }),
      ...pricing,
      labels: {
        key: '付费工具',
        title: '名称',
        description: '简介',
        price_fen: '售价',
        original_price_fen: '原价',
        visible: '是否在售',
        updated_at: '记录版本'
      }
    },
    async ({ input, audit }): Promise<AdminToolProduct> => {
      if (input.original_price_fen && input.original_price_fen <= input.price_fen)
        throw new AppError('原价应高于售价，不需要划线价请填 0')
      return app.db.transaction(async (tx) => {
        const [row] = await tx.select().from(toolProducts).where(eq(toolProducts.key, input.key)).for('update').limit(1)
        if (!row) throw new AppError('付费工具不存在')
        if (row.updatedAt.toISOString() !== input.updated_at) throw new AppError(MSG_STALE)
        const [saved] = await tx
          .update(toolProducts)
          .set({
            title: input.title,
            description: input.description,
            priceFen: input.price_fen,
            originalPriceFen: input.original_price_fen || null,
            visible: input.visible,
            updatedAt: new Date()
          })
          .where(eq(toolProducts.id, row.id))
          .returning()
        const after = view(saved)
        await audit(
          {
            action: 'toolProduct.save',
            targetType: 'tool_product',
            targetId: row.key,
            before: snapshot(view(row)),
            after: snapshot(after)
          },
          tx
        )
        return after
      })
    }
  )

  adminRoute(
    app,
    { method: 'GET', path: '/toolProduct/history', input: z.object(adminPaging), ...pricing },
    async ({ input }) => {
      return auditPage(app.db, eq(adminAuditLogs.targetType, 'tool_product'), input.page, input.per_page)
    }
  )
}
