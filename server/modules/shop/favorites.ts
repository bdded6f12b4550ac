import { and, count, desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { FavoriteListsResponse, FavoriteResponse } from '../../../contract'
import { AppError } from '../../core/envelope'
import { offsetOf, paged, pagingQuery } from '../../core/paging'
import { userRoute } from '../../core/route'
import { idParam } from '../../core/validate'
import { shopFavorites, shopGoods } from '../../db/schema'
import { listItemColumns, MSG_GOODS_DELETED, toListItem } from './catalog-queries'

const goodsInput = z.object({ goods_id: idParam() })

export default async function favoriteRoutes(app: FastifyInstance): Promise<void> {
  userRoute(
    app,
    { method: 'GET', path: '/user.favorite/lists', input: pagingQuery },
    async ({ input, userId }): Promise<FavoriteListsResponse> => {
      const where = eq(shopFavorites.userId, userId)
      const [rows, [{ n }]] = await Promise.all([
        app.db
          .select({
            ...listItemColumns,
            onShelf: shopGoods.onShelf,
            deletedAt: shopGoods.deletedAt,
            createdAt: shopFavorites.createdAt
          })
          .from(shopFavorites)
          .innerJoin(shopGoods, eq(shopGoods.id, shopFavorites.goodsId))
          .where(where)
          .orderBy(desc(shopFavorites.createdAt), desc(shopFavorites.goodsId))
          .limit(input.per_page)
          .offset(offsetOf(input.page, input.per_page)),
        app.db.select({ n: count() }).from(shopFavorites).where(where)
      ])
      const list = rows.map((r) => ({
        ...toListItem(r, app.config.publicUrl),
        // Kept in the list as an off-shelf one is (the buyer removes it); it opens to 商品已删除或已下架.
        on_shelf: r.onShelf && !r.deletedAt,
        created_at: r.createdAt.toISOString()
      }))
      return paged(list, n, input.page, input.per_page)
    }
  )

  userRoute(
    app,
    { method: 'POST', path: '/user.favorite/add', input: goodsInput },
    async ({ input, userId }): Promise<FavoriteResponse> => {
      const [goods] = await app.db
        .select({ id: shopGoods.id, deletedAt: shopGoods.deletedAt })
        .from(shopGoods)
        .where(eq(shopGoods.id, input.goods_id))
        .limit(1)
      if (!goods) throw new AppError('商品不存在')
      if (goods.deletedAt) throw new AppError(MSG_GOODS_DELETED)
      await app.db.insert(shopFavorites).values({ userId, goodsId: goods.id }).onConflictDoNothing()
      return { is_favorite: true }
    }
  )

  userRoute(
    app,
    { method: 'POST', path: '/user.favorite/delete', input: goodsInput },
    async ({ input, userId }): Promise<FavoriteResponse> => {
      await app.db
        .delete(shopFavorites)
        .where(and(eq(shopFavorites.userId, userId), eq(shopFavorites.goodsId, input.goods_id)))
      return { is_favorite: false }
    }
  )
}
