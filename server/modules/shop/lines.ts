import { eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'

import type { CartItemStatus } from '../../../contract'
import { type Executor, preparedQuery } from '../../db/database'
import { shopCategories, shopGoods, shopSkus } from '../../db/schema'
import type { CouponLine } from './coupon-rules'

/** A SKU with a quantity, as the cart and the checkout see it now. */
export interface SkuLine extends CouponLine {
  skuId: number
  name: string
  image: string
  specText: string
  price: number
  quantity: number
  stock: number
  maxBuy: number
  onShelf: boolean
  /** Grams per unit, and the goods' 运费模板 (null: the default). */
  weight: number
  freightTemplateId: number | null
  status: CartItemStatus
  statusText: string
}

export function lineStatus(
  onShelf: boolean,
  stock: number,
  quantity: number
): { status: CartItemStatus; statusText: string } {
  if (!onShelf) return { status: 'off_shelf', statusText: '已下架' }
  if (stock <= 0) return { status: 'sold_out', statusText: '已售罄' }
  if (stock < quantity) return { status: 'short', statusText: `库存仅剩 ${stock} 件` }
  return { status: 'ok', statusText: '' }
}

const parent = alias(shopCategories, 'parent_category')

const skuRows = preparedQuery((db) =>
  db
    .select({
      skuId: shopSkus.id,
      goodsId: shopGoods.id,
      name: shopGoods.name,
      images: shopGoods.images,
      skuImage: shopSkus.image,
      specValues: shopSkus.specValues,
      price: shopSkus.price,
      stock: shopSkus.stock,
      skuOnShelf: shopSkus.onShelf,
      goodsOnShelf: shopGoods.onShelf,
      goodsDeletedAt: shopGoods.deletedAt,
      maxBuy: shopGoods.maxBuy,
      categoryId: shopGoods.categoryId,
      parentId: parent.id,
      weight: shopSkus.weight,
      freightTemplateId: shopGoods.freightTemplateId
    })
    .from(shopSkus)
    .innerJoin(shopGoods, eq(shopGoods.id, shopSkus.goodsId))
    .innerJoin(shopCategories, eq(shopCategories.id, shopGoods.categoryId))
    .leftJoin(parent, eq(parent.id, shopCategories.parentId))
    // One statement for any number of SKUs: the ids travel as one array.
    .where(eq(shopSkus.id, sql`any(${sql.placeholder('ids')})`))
    .prepare('sku_lines')
)

/** A SKU's row as read for a line: its goods, category and the category's parent. */
export type SkuRow = Awaited<ReturnType<ReturnType<typeof skuRows>['execute']>>[number]

/** The current price, stock and shelf state of the given SKUs, in the order asked (unknown SKUs are left out). */
export async function loadSkuLines(db: Executor, wanted: { skuId: number; quantity: number }[]): Promise<SkuLine[]> {
  if (!wanted.length) return []
  return toSkuLines(wanted, await skuRows(db).execute({ ids: wanted.map((w) => w.skuId) }))
}

/** The lines of the wanted SKUs from their rows, in the order asked (SKUs without a row are left out). */
export function toSkuLines(wanted: { skuId: number; quantity: number }[], rows: SkuRow[]): SkuLine[] {
  const bySku = new Map(rows.map((r) => [r.skuId, r]))
  return wanted.flatMap((w) => {
    const r = bySku.get(w.skuId)
    if (!r) return []
    // A product in the 回收站 is off shelf for the cart. The checkout's reads (checkout_reads) carry no
    // deleted_at: there the bin's own off-shelf flag refuses it, and the stock decrement checks both.
    const onShelf = r.goodsOnShelf && r.skuOnShelf && !r.goodsDeletedAt
    return [
      {
        skuId: r.skuId,
        goodsId: r.goodsId,
        categoryId: r.categoryId,
        topCategoryId: r.parentId ?? r.categoryId,
        name: r.name,
        image: r.skuImage || r.images[0] || '',
        specText: r.specValues.join(' / '),
        price: r.price,
        quantity: w.quantity,
        amount: r.price * w.quantity,
        stock: r.stock,
        maxBuy: r.maxBuy,
        onShelf,
        weight: r.weight,
        freightTemplateId: r.freightTemplateId,
        ...lineStatus(onShelf, r.stock, w.quantity)
      }
    ]
  })
}
