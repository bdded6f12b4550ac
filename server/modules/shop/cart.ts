import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { CartResponse } from '../../../contract'
import { MAX_ORDER_QUANTITY } from '../../../contract/shop'
import { assetUrl } from '../../core/asset-url'
import { AppError } from '../../core/envelope'
import { userRoute } from '../../core/route'
import { idParam, intParam, optional } from '../../core/validate'
import type { Executor } from '../../db/database'
import { freightTemplates, shopAddresses, shopCartItems } from '../../db/schema'
import { MAX_CART_LINES } from './constants'
import { computeFreight, type FreightRegion, type FreightTemplate } from './freight'
import { loadSkuLines, type SkuLine } from './lines'
import { flag } from './validate'

const quantity = intParam(1, MAX_ORDER_QUANTITY)

/**
 * The freight of the selected lines to the user's default address (the one the checkout starts from), before coupons:
 * templates and address are read once per call, only when something is selected.
 */
async function cartFreight(db: Executor, userId: number, lines: SkuLine[]): Promise<{ fee: number; text: string }> {
  if (!lines.length) return { fee: 0, text: '' }
  const ids = [...new Set(lines.flatMap((l) => (l.freightTemplateId === null ? [] : [l.freightTemplateId])))]
  const [templates, [address]] = await Promise.all([
    db
      .select()
      .from(freightTemplates)
      .where(
        ids.length
          ? or(eq(freightTemplates.isDefault, true), inArray(freightTemplates.id, ids))
          : eq(freightTemplates.isDefault, true)
      ) as Promise<FreightTemplate[]>,
    db
      .select({ provinceCode: shopAddresses.provinceCode, cityCode: shopAddresses.cityCode })
      .from(shopAddresses)
      .where(eq(shopAddresses.userId, userId))
      .orderBy(desc(shopAddresses.isDefault), desc(shopAddresses.id))
      .limit(1)
  ])
  const region: FreightRegion = address ?? null
  const { fee, text } = computeFreight(templates, lines, region)
  return { fee, text }
}

export async function cartOf(db: Executor, userId: number, publicUrl: string): Promise<CartResponse> {
  const rows = await db
    .select()
    .from(shopCartItems)
    .where(eq(shopCartItems.userId, userId))
    .orderBy(asc(shopCartItems.createdAt), asc(shopCartItems.id))
  const lines = new Map(
    (
      await loadSkuLines(
        db,
        rows.map((r) => ({ skuId: r.skuId, quantity: r.quantity }))
      )
    ).map((l) => [l.skuId, l])
  )
  const list = rows.flatMap((r) => {
    const l = lines.get(r.skuId)
    if (!l) return []
    return [
      {
        cart_id: r.id,
        goods_id: l.goodsId,
        sku_id: l.skuId,
        name: l.name,
        image: assetUrl(publicUrl, l.image),
        spec_text: l.specText,
        price: l.price,
        quantity: r.quantity,
        stock: l.stock,
        max_buy: l.maxBuy,
        selected: r.selected,
        status: l.status,
        status_text: l.statusText
      }
    ]
  })
  const buyable = list.filter((i) => i.status === 'ok')
  const chosen = buyable.filter((i) => i.selected)
  const freight = await cartFreight(
    db,
    userId,
    chosen.map((i) => lines.get(i.sku_id)!)
  )
  return {
    list,
    summary: {
      count: list.length,
      quantity: list.reduce((s, i) => s + i.quantity, 0),
      selected_quantity: chosen.reduce((s, i) => s + i.quantity, 0),
      selected_amount: chosen.reduce((s, i) => s + i.price * i.quantity, 0),
      all_selected: buyable.length > 0 && chosen.length === buyable.length,
      freight: freight.fee,
      freight_text: freight.text
    }
  }
}

/** Quantity rules of one line: within the good's limit and the stock. */
function checkQuantity(q: number, line: { maxBuy: number; stock: number; onShelf: boolean }): void {
  if (!line.onShelf) throw new AppError('该商品已下架')
  if (line.stock <= 0) throw new AppError('该商品已售罄')
  if (q > line.maxBuy) throw new AppError(`每单最多购买 ${line.maxBuy} 件`)
  if (q > line.stock) throw new AppError(`库存仅剩 ${line.stock} 件`)
}

export default async function cartRoutes(app: FastifyInstance): Promise<void> {
  const cart = (userId: number) => cartOf(app.db, userId, app.config.publicUrl)

  async function ownLine(userId: number, cartId: number) {
    const [row] = await app.db
      .select()
      .from(shopCartItems)
      .where(and(eq(shopCartItems.id, cartId), eq(shopCartItems.userId, userId)))
      .limit(1)
    if (!row) throw new AppError('购物车中没有该商品')
    return row
  }

  userRoute(app, { method: 'GET', path: '/order.cart/lists', input: z.object({}) }, async ({ userId }) => cart(userId))

  userRoute(
    app,
    { method: 'POST', path: '/order.cart/add', input: z.object({ sku_id: idParam(), quantity: optional(quantity) }) },
    async ({ input, userId }): Promise<CartResponse> => {
      const [line] = await loadSkuLines(app.db, [{ skuId: input.sku_id, quantity: input.quantity ?? 1 }])
      if (!line) throw new AppError('商品规格不存在')
      await app.db.transaction(async (tx) => {
        const [{ n }] = await tx.select({ n: count() }).from(shopCartItems).where(eq(shopCartItems.userId, userId))
        const [row] = await tx
          .insert(shopCartItems)
          .values({ userId, skuId: line.skuId, quantity: line.quantity })
          .onConflictDoUpdate({
            target: [shopCartItems.userId, shopCartItems.skuId],
            set: { quantity: sql`${shopCartItems.quantity} + excluded.quantity`, selected: true, updatedAt: new Date() }
          })
          .returning({ quantity: shopCartItems.quantity, inserted: sql<boolean>`(xmax = 0)` })
        // Checked after the upsert so two concurrent adds cannot together pass the limits; a throw rolls back.
        checkQuantity(row.quantity, line)
        if (n >= MAX_CART_LINES && row.inserted) throw new AppError(`购物车最多放 ${MAX_CART_LINES} 种商品`)
      })
      return cart(userId)
    }
  )

  userRoute(
    app,
    { method: 'POST', path: '/order.cart/edit', input: z.object({ cart_id: idParam(), quantity }) },
    async ({ input, userId }): Promise<CartResponse> => {
      const row = await ownLine(userId, input.cart_id)
      const [line] = await loadSkuLines(app.db, [{ skuId: row.skuId, quantity: input.quantity }])
      // Lowering the quantity is always allowed, so a line that became short can be fixed.
      if (input.quantity > row.quantity || input.quantity > line.maxBuy) checkQuantity(input.quantity, line)
      await app.db
        .update(shopCartItems)
        .set({ quantity: input.quantity, updatedAt: new Date() })
        .where(eq(shopCartItems.id, row.id))
      return cart(userId)
    }
  )

  userRoute(
    app,
    { method: 'POST', path: '/order.cart/select', input: z.object({ cart_id: idParam(), selected: flag }) },
    async ({ input, userId }): Promise<CartResponse> => {
      const row = await ownLine(userId, input.cart_id)
      if (input.selected) {
        const [line] = await loadSkuLines(app.db, [{ skuId: row.skuId, quantity: row.quantity }])
        if (line.status !== 'ok') throw new AppError(`该商品${line.statusText}，无法结算`)
      }
      await app.db.update(shopCartItems).set({ selected: input.selected }).where(eq(shopCartItems.id, row.id))
      return cart(userId)
    }
  )

  userRoute(
    app,
    { method: 'POST', path: '/order.cart/selectAll', input: z.object({ selected: flag }) },
    async ({ input, userId }): Promise<CartResponse> => {
      const current = await cart(userId)
      // Selecting all picks what can be checked out; unselecting clears every line.
      const ids = current.list.filter((i) => !input.selected || i.status === 'ok').map((i) => i.cart_id)
      if (ids.length)
        await app.db
          .update(shopCartItems)
          .set({ selected: input.selected })
          .where(and(eq(shopCartItems.userId, userId), inArray(shopCartItems.id, ids)))
      return cart(userId)
    }
  )

  userRoute(
    app,
    {
      method: 'POST',
      path: '/order.cart/delete',
      input: z.object({ cart_ids: z.array(idParam()).min(1).max(MAX_CART_LINES) })
    },
    async ({ input, userId }): Promise<CartResponse> => {
      await app.db
        .delete(shopCartItems)
        .where(and(eq(shopCartItems.userId, userId), inArray(shopCartItems.id, input.cart_ids)))
      return cart(userId)
    }
  )
}
