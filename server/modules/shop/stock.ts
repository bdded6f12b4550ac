import crypto from 'node:crypto'

import { and, eq, sql } from 'drizzle-orm'

import type { Tx } from '../../db/database'
import { shopGoods, shopSkus } from '../../db/schema'
import type { Notifier } from '../notify/notifier'

export type StockSku = typeof shopSkus.$inferSelect

export interface StockMove {
  /** Who tells the operators of a fall to the 库存预警; a rise (stock given back) tells no one. */
  notify?: Notifier
  /** A sale: only a SKU on shelf, of goods on shelf and not in the 回收站, gives stock. */
  sellable?: boolean
}

/** A SKU is low when it has a threshold and its stock is at or below it. */
const isLow = (s: Pick<StockSku, 'stock' | 'lowStock'>) => s.lowStock > 0 && s.stock <= s.lowStock

/**
 * Every change of a SKU's stock goes through here: a sale, a cancellation or refund giving units back, an
 * operator's adjustment. One conditional statement, so stock never goes below zero whatever runs alongside;
 * undefined when the SKU could not give that much (or is not for sale, for a sale). It also keeps the
 * 库存预警 flag: back above the threshold clears it, so the next fall is told again; a fall to the
 * threshold or below tells the operators once, in the caller's transaction (a rolled-back sale tells no one).
 */
export async function moveStock(
  tx: Tx,
  skuId: number,
  delta: number,
  opts: StockMove = {}
): Promise<StockSku | undefined> {
  const after = sql`${shopSkus.stock} + ${delta}`
  // The flag stays only while the stock is still at or below the threshold: above it, the next fall is told.
  const stillTold = sql`${shopSkus.lowStockAlerted} and ${shopSkus.lowStock} > 0 and ${after} <= ${shopSkus.lowStock}`
  const goodsForSale = sql`exists (select 1 from shop_goods g where g.id = ${shopSkus.goodsId}
    and g.on_shelf and g.deleted_at is null)`
  const [row] = await tx
    .update(shopSkus)
    .set({ stock: after, lowStockAlerted: stillTold })
    .where(
      and(
        eq(shopSkus.id, skuId),
        sql`${after} >= 0`,
        opts.sellable ? eq(shopSkus.onShelf, true) : undefined,
        opts.sellable ? goodsForSale : undefined
      )
    )
    .returning()
  if (!row || delta >= 0 || !row.onShelf || !isLow(row) || row.lowStockAlerted) return row
  if (!opts.notify) throw new Error('a fall in stock needs the notifier to tell of its 库存预警')
  // The row is ours until commit (the update above locks it): of two falls, one sets the flag and tells.
  const [flagged] = await tx
    .update(shopSkus)
    .set({ lowStockAlerted: true })
    .where(and(eq(shopSkus.id, skuId), eq(shopSkus.lowStockAlerted, false)))
    .returning()
  if (!flagged) return row
  const [goods] = await tx.select({ name: shopGoods.name }).from(shopGoods).where(eq(shopGoods.id, row.goodsId))
  await opts.notify.toOperators(tx, 'op.goods.low_stock', {
    // Each fall is an occurrence of its own (the flag makes it once); the key only has to be new.
    key: `${row.id}:${crypto.randomBytes(6).toString('hex')}`,
    fields: { goods: goods?.name ?? '', spec: row.specValues.join(' / '), stock: String(row.stock) },
    link: `/goods/${row.goodsId}`
  })
  return flagged
}
