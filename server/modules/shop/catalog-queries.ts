import { and, eq, sql } from 'drizzle-orm'

import type { ProductListItem } from '../../../contract'
import { assetUrl } from '../../core/asset-url'
import type { Executor } from '../../db/database'
import { shopCategories, shopGoods } from '../../db/schema'

// Spelled with explicit table names: drizzle leaves columns unqualified in single-table selects,
// which inside this subquery would bind to shop_skus instead of the outer shop_goods.
/** Stock that can still be sold: the SKUs on shelf. */
export const goodsStock = sql<number>`coalesce((select sum(s.stock) from shop_skus s where s.goods_id = 
  "shop_goods"."id" and s.on_shelf), 0)::int`

/** What a buyer is told of a product moved to the console's 回收站. */
export const MSG_GOODS_DELETED = '商品已删除或已下架'

export const listItemColumns = {
  id: shopGoods.id,
  name: shopGoods.name,
  subtitle: shopGoods.subtitle,
  images: shopGoods.images,
  priceMin: shopGoods.priceMin,
  priceMax: shopGoods.priceMax,
  linePrice: shopGoods.linePrice,
  sales: shopGoods.sales,
  stock: goodsStock
}

export type ListItemRow = {
  id: number
  name: string
  subtitle: string
  images: string[]
  priceMin: number
  priceMax: number
  linePrice: number
  sales: number
  stock: number
}

export function toListItem(r: ListItemRow, publicUrl: string): ProductListItem {
  return {
    goods_id: r.id,
    name: r.name,
    subtitle: r.subtitle,
    image: assetUrl(publicUrl, r.images[0] ?? ''),
    price_min: r.priceMin,
    price_max: r.priceMax,
    line_price: r.linePrice,
    sales: r.sales,
    stock: r.stock
  }
}

/** An ILIKE pattern matching the keyword anywhere, its wildcards taken literally. */
export const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** Site-relative image paths inside stored HTML, made absolute for the mini-program. */
export function absoluteHtml(publicUrl: string, html: string): string {
  return html.replace(
    /(<img\b[^>]*\ssrc=")(\/(?!\/)[^"]*)"/g,
    (_m, head: string, path: string) => `${head}${publicUrl}${path}"`
  )
}

/** The category and its children (a top category covers its second level). */
export async function categoryWithChildren(db: Executor, categoryId: number): Promise<number[]> {
  const rows = await db
    .select({ id: shopCategories.id })
    .from(shopCategories)
    .where(
      and(
        eq(shopCategories.visible, true),
        sql`(${shopCategories.id} = ${categoryId} or ${shopCategories.parentId} = ${categoryId})`
      )
    )
  return rows.map((r) => r.id)
}
