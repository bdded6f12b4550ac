import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type {
  CategoryListsResponse,
  HotSearchResponse,
  ProductCategory,
  ProductDetailResponse,
  ProductListsResponse
} from '../../../contract'
import { assetUrl } from '../../core/asset-url'
import { AppError } from '../../core/envelope'
import { offsetOf, paged, pagingFields } from '../../core/paging'
import { optionalUserId, publicRoute } from '../../core/route'
import { idParam, intParam, optional, text } from '../../core/validate'
import { shopCategories, shopFavorites, shopGoods, shopSearchWords, shopSkus } from '../../db/schema'
import { outputHtml } from '../article/sanitize'
import {
  absoluteHtml,
  categoryWithChildren,
  likePattern,
  listItemColumns,
  MSG_GOODS_DELETED,
  toListItem
} from './catalog-queries'

const HOT_WORDS_SHOWN = 10

const listInput = z.object({
  ...pagingFields,
  category_id: optional(intParam(0, 2_147_483_647)),
  keyword: optional(text(32)),
  sort: optional(z.enum(['sales', 'price_asc', 'price_desc', 'newest']))
})

const ORDERINGS: Record<string, SQL[]> = {
  sales: [desc(shopGoods.sales), desc(shopGoods.id)],
  price_asc: [asc(shopGoods.priceMin), asc(shopGoods.id)],
  price_desc: [desc(shopGoods.priceMin), desc(shopGoods.id)],
  newest: [desc(shopGoods.createdAt), desc(shopGoods.id)]
}

export default async function catalogRoutes(app: FastifyInstance): Promise<void> {
  const url = (u: string) => assetUrl(app.config.publicUrl, u)

  publicRoute(
    app,
    { method: 'GET', path: '/product.category/lists', input: z.object({}) },
    async (): Promise<CategoryListsResponse> => {
      const rows = await app.db
        .select()
        .from(shopCategories)
        .where(eq(shopCategories.visible, true))
        .orderBy(asc(shopCategories.sort), asc(shopCategories.id))
      const node = (r: (typeof rows)[number]): ProductCategory => ({
        category_id: r.id,
        name: r.name,
        image: url(r.image),
        children: []
      })
      const tops = rows.filter((r) => r.parentId === 0).map(node)
      const byId = new Map(tops.map((t) => [t.category_id, t]))
      for (const r of rows) if (r.parentId !== 0) byId.get(r.parentId)?.children.push(node(r))
      return { list: tops }
    }
  )

  publicRoute(
    app,
    { method: 'GET', path: '/product.product/lists', input: listInput },
    async ({ input }): Promise<ProductListsResponse> => {
      const conditions: SQL[] = [eq(shopGoods.onShelf, true), isNull(shopGoods.deletedAt)]
      if (input.category_id) {
        const ids = await categoryWithChildren(app.db, input.category_id)
        if (!ids.length) return paged([], 0, input.page, input.per_page)
        conditions.push(inArray(shopGoods.categoryId, ids))
      }
      const keyword = input.keyword ?? ''
      if (keyword) {
        const pattern = likePattern(keyword)
        conditions.push(or(ilike(shopGoods.name, pattern), ilike(shopGoods.subtitle, pattern))!)
      }
      const where = and(...conditions)
      const [rows, [{ n }]] = await Promise.all([
        app.db
          .select(listItemColumns)
          .from(shopGoods)
          .where(where)
          .orderBy(...ORDERINGS[input.sort ?? 'sales'])
          .limit(input.per_page)
          .offset(offsetOf(input.page, input.per_page)),
        app.db.select({ n: count() }).from(shopGoods).where(where)
      ])
      // A search that found something counts towards the hot words (first page only: paging is not a new search).
      if (keyword && n > 0 && input.page === 1) {
        await app.db
          .insert(shopSearchWords)
          .values({ word: keyword, hits: 1 })
          .onConflictDoUpdate({ target: shopSearchWords.word, set: { hits: sql`${shopSearchWords.hits} + 1` } })
      }
      return paged(
        rows.map((r) => toListItem(r, app.config.publicUrl)),
        n,
        input.page,
        input.per_page
      )
    }
  )

  publicRoute(
    app,
    { method: 'GET', path: '/product.product/detail', input: z.object({ goods_id: idParam() }) },
    async ({ input, req }): Promise<ProductDetailResponse> => {
      const [goods] = await app.db
        .select({
          ...listItemColumns,
          categoryId: shopGoods.categoryId,
          content: shopGoods.content,
          specs: shopGoods.specs,
          maxBuy: shopGoods.maxBuy,
          onShelf: shopGoods.onShelf,
          deletedAt: shopGoods.deletedAt
        })
        .from(shopGoods)
        .where(eq(shopGoods.id, input.goods_id))
        .limit(1)
      if (!goods) throw new AppError('商品不存在')
      // A product in the console's 回收站 is gone for buyers, even from an old link or a favorite.
      if (goods.deletedAt) throw new AppError(MSG_GOODS_DELETED)
      const [skus, userId] = await Promise.all([
        app.db.select().from(shopSkus).where(eq(shopSkus.goodsId, goods.id)).orderBy(asc(shopSkus.id)),
        optionalUserId(app, req)
      ])
      let isFavorite = false
      if (userId) {
        const [fav] = await app.db
          .select({ goodsId: shopFavorites.goodsId })
          .from(shopFavorites)
          .where(and(eq(shopFavorites.userId, userId), eq(shopFavorites.goodsId, goods.id)))
          .limit(1)
        isFavorite = Boolean(fav)
      }
      const cover = goods.images[0] ?? ''
      return {
        detail: {
          ...toListItem(goods, app.config.publicUrl),
          category_id: goods.categoryId,
          images: goods.images.map(url),
          content: absoluteHtml(app.config.publicUrl, outputHtml(goods.content)),
          specs: goods.specs,
          skus: skus.map((s) => {
            const onShelf = goods.onShelf && s.onShelf
            return {
              sku_id: s.id,
              spec_values: s.specValues,
              spec_text: s.specValues.join(' / '),
              price: s.price,
              line_price: s.linePrice,
              stock: s.stock,
              image: url(s.image || cover),
              on_shelf: onShelf,
              available: onShelf && s.stock > 0
            }
          }),
          on_shelf: goods.onShelf,
          max_buy: goods.maxBuy,
          is_favorite: isFavorite
        }
      }
    }
  )

  publicRoute(
    app,
    { method: 'GET', path: '/product.search/hot', input: z.object({}) },
    async (): Promise<HotSearchResponse> => {
      const rows = await app.db
        .select({ word: shopSearchWords.word })
        .from(shopSearchWords)
        .orderBy(
          desc(sql`${shopSearchWords.sort} > 0`),
          asc(sql`nullif(${shopSearchWords.sort}, 0)`),
          desc(shopSearchWords.hits),
          asc(shopSearchWords.id)
        )
        .limit(HOT_WORDS_SHOWN)
      return { list: rows.map((r) => r.word) }
    }
  )
}
