import crypto from 'node:crypto'

import { and, asc, count, desc, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm'

import type {
  AdminCategoryInput,
  AdminCategoryRow,
  AdminGoodsDetail,
  AdminGoodsInput,
  AdminGoodsQuery,
  AdminGoodsRow,
  AdminStockLogRow
} from '../../../contract/admin'
import { AppError, MSG_STALE } from '../../core/envelope'
import { offsetOf } from '../../core/paging'
import type { Db, Executor, Tx } from '../../db/database'
import { freightTemplates, shopCategories, shopGoods, shopSkus, shopStockLogs } from '../../db/schema'
import { sanitizeArticleHtml } from '../article/sanitize'
import { goodsStock, likePattern } from '../shop/catalog-queries'
import type { Operator } from './sessions'

type GoodsRow = typeof shopGoods.$inferSelect
type SkuRow = typeof shopSkus.$inferSelect

/** Rows created here get a random slug; seeded rows keep their readable one. */
const newSlug = (prefix: string) => `${prefix}-${crypto.randomBytes(8).toString('hex')}`

// ---- categories ----

const goodsCount = sql<number>`(select count(*) from shop_goods g where g.category_id = "shop_categories"."id")::int`

export async function listCategories(db: Db): Promise<AdminCategoryRow[]> {
  const rows = await db
    .select({ category: shopCategories, goodsCount })
    .from(shopCategories)
    .orderBy(asc(shopCategories.sort), asc(shopCategories.id))
  return rows.map(({ category: c, goodsCount: n }) => ({
    category_id: c.id,
    parent_id: c.parentId,
    name: c.name,
    image: c.image,
    sort: c.sort,
    visible: c.visible,
    goods_count: n
  }))
}

async function categoryById(db: Executor, id: number) {
  const [row] = await db.select().from(shopCategories).where(eq(shopCategories.id, id)).limit(1)
  if (!row) throw new AppError('分类不存在')
  return row
}

/** Categories have two levels: a parent must be a top category, and a category with children stays on top. */
async function checkParent(tx: Tx, parentId: number, selfId?: number): Promise<void> {
  if (parentId === 0) return
  if (parentId === selfId) throw new AppError('上级分类不能是它自己')
  const parent = await categoryById(tx, parentId).catch(() => {
    throw new AppError('上级分类不存在')
  })
  if (parent.parentId !== 0) throw new AppError('分类最多两级，上级只能选一级分类')
  if (selfId) {
    const [{ n }] = await tx.select({ n: count() }).from(shopCategories).where(eq(shopCategories.parentId, selfId))
    if (n > 0) throw new AppError('该分类下还有子分类，不能设为二级分类')
  }
}

/**
 * Two categories of one name under one parent look the same to a buyer and in every picker: refused.
 * Adds and edits take turns on a lock so two saves at once cannot both pass the check.
 */
async function checkUniqueName(tx: Tx, parentId: number, name: string, selfId?: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('shop-category-names'))`)
  const [twin] = await tx
    .select({ id: shopCategories.id })
    .from(shopCategories)
    .where(
      and(
        eq(shopCategories.parentId, parentId),
        sql`lower(${shopCategories.name}) = lower(${name.trim()})`,
        selfId ? ne(shopCategories.id, selfId) : undefined
      )
    )
    .limit(1)
  if (twin) throw new AppError(`${parentId ? '该上级分类下' : '一级分类中'}已有名为「${name.trim()}」的分类`)
}

export type CategoryRecord = typeof shopCategories.$inferSelect

export async function createCategory(
  db: Db,
  input: AdminCategoryInput,
  inTx: (tx: Tx, row: CategoryRecord) => Promise<void>
): Promise<CategoryRecord> {
  return db.transaction(async (tx) => {
    await checkParent(tx, input.parent_id)
    await checkUniqueName(tx, input.parent_id, input.name)
    const [row] = await tx
      .insert(shopCategories)
      .values({
        slug: newSlug('c'),
        parentId: input.parent_id,
        name: input.name,
        image: input.image,
        sort: input.sort,
        visible: input.visible
      })
      .returning()
    await inTx(tx, row)
    return row
  })
}

export async function updateCategory(
  db: Db,
  id: number,
  input: AdminCategoryInput,
  inTx: (tx: Tx, before: CategoryRecord, after: CategoryRecord) => Promise<void>
): Promise<CategoryRecord> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(shopCategories).where(eq(shopCategories.id, id)).for('update').limit(1)
    if (!before) throw new AppError('分类不存在')
    await checkParent(tx, input.parent_id, id)
    await checkUniqueName(tx, input.parent_id, input.name, id)
    const [after] = await tx
      .update(shopCategories)
      .set({
        parentId: input.parent_id,
        name: input.name,
        image: input.image,
        sort: input.sort,
        visible: input.visible
      })
      .where(eq(shopCategories.id, id))
      .returning()
    await inTx(tx, before, after)
    return after
  })
}

export async function deleteCategory(
  db: Db,
  id: number,
  inTx: (tx: Tx, before: CategoryRecord) => Promise<void>
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(shopCategories).where(eq(shopCategories.id, id)).for('update').limit(1)
    if (!before) throw new AppError('分类不存在')
    const [{ goods }] = await tx.select({ goods: count() }).from(shopGoods).where(eq(shopGoods.categoryId, id))
    if (goods > 0) throw new AppError(`该分类下还有 ${goods} 件商品，请先把商品移到其他分类再删除`)
    const [{ children }] = await tx
      .select({ children: count() })
      .from(shopCategories)
      .where(eq(shopCategories.parentId, id))
    if (children > 0) throw new AppError(`该分类下还有 ${children} 个子分类，请先删除或移走子分类`)
    await tx.delete(shopCategories).where(eq(shopCategories.id, id))
    await inTx(tx, before)
  })
}

// ---- goods ----

const skuCount = sql<number>`(select count(*) from shop_skus s where s.goods_id = "shop_goods"."id")::int`

const ORDERINGS: Record<NonNullable<AdminGoodsQuery['sort']>, SQL[]> = {
  newest: [desc(shopGoods.id)],
  sales: [desc(shopGoods.sales), desc(shopGoods.id)],
  price_asc: [asc(shopGoods.priceMin), desc(shopGoods.id)],
  price_desc: [desc(shopGoods.priceMax), desc(shopGoods.id)],
  stock: [asc(goodsStock), desc(shopGoods.id)]
}

export async function listGoods(
  db: Db,
  q: {
    keyword?: string
    category_id?: number
    on_shelf?: boolean
    sort?: AdminGoodsQuery['sort']
    page: number
    per_page: number
  }
): Promise<{ list: AdminGoodsRow[]; total: number }> {
  const where = and(
    q.keyword ? ilike(shopGoods.name, likePattern(q.keyword)) : undefined,
    q.category_id ? eq(shopGoods.categoryId, q.category_id) : undefined,
    q.on_shelf === undefined ? undefined : eq(shopGoods.onShelf, q.on_shelf)
  )
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ goods: shopGoods, categoryName: shopCategories.name, stock: goodsStock, skuCount })
      .from(shopGoods)
      .leftJoin(shopCategories, eq(shopCategories.id, shopGoods.categoryId))
      .where(where)
      .orderBy(...ORDERINGS[q.sort ?? 'newest'])
      .limit(q.per_page)
      .offset(offsetOf(q.page, q.per_page)),
    db.select({ n: count() }).from(shopGoods).where(where)
  ])
  return {
    total: n,
    list: rows.map(({ goods: g, categoryName, stock, skuCount: skus }) => ({
      goods_id: g.id,
      name: g.name,
      category_id: g.categoryId,
      category_name: categoryName ?? '',
      image: g.images[0] ?? '',
      price_min: g.priceMin,
      price_max: g.priceMax,
      stock,
      sales: g.sales,
      sku_count: skus,
      on_shelf: g.onShelf,
      created_at: g.createdAt.toISOString(),
      updated_at: g.updatedAt.toISOString()
    }))
  }
}

function detailOf(g: GoodsRow, skus: SkuRow[]): AdminGoodsDetail {
  return {
    goods_id: g.id,
    category_id: g.categoryId,
    name: g.name,
    subtitle: g.subtitle,
    images: g.images,
    content: sanitizeArticleHtml(g.content),
    specs: g.specs,
    skus: skus.map((s) => ({
      sku_id: s.id,
      spec_values: s.specValues,
      price: s.price,
      line_price: s.linePrice,
      stock: s.stock,
      sales: s.sales,
      on_shelf: s.onShelf,
      weight: s.weight
    })),
    max_buy: g.maxBuy,
    on_shelf: g.onShelf,
    freight_template_id: g.freightTemplateId,
    updated_at: g.updatedAt.toISOString()
  }
}

export async function goodsDetail(db: Executor, id: number): Promise<AdminGoodsDetail> {
  const [g] = await db.select().from(shopGoods).where(eq(shopGoods.id, id)).limit(1)
  if (!g) throw new AppError('商品不存在')
  const skus = await db.select().from(shopSkus).where(eq(shopSkus.goodsId, id)).orderBy(asc(shopSkus.id))
  return detailOf(g, skus)
}

/** What the audit log keeps of a product: enough to see what an edit changed. */
export function goodsSnapshot(d: AdminGoodsDetail) {
  return {
    name: d.name,
    subtitle: d.subtitle,
    category_id: d.category_id,
    images: d.images,
    specs: d.specs,
    skus: d.skus.map((s) => ({
      sku_id: s.sku_id,
      spec: s.spec_values.join('/'),
      price: s.price,
      line_price: s.line_price,
      on_shelf: s.on_shelf,
      weight: s.weight
    })),
    max_buy: d.max_buy,
    on_shelf: d.on_shelf,
    freight_template_id: d.freight_template_id,
    content_length: d.content.length
  }
}

const specKeyOf = (values: string[]) => values.join('|')

/** Checks the SKUs against the specs: one value of each spec, every combination at most once. */
function checkSkus(input: AdminGoodsInput): void {
  const names = input.specs.map((s) => s.name)
  if (new Set(names).size !== names.length) throw new AppError('规格名称不能重复')
  for (const spec of input.specs) {
    if (new Set(spec.values).size !== spec.values.length) throw new AppError(`规格「${spec.name}」的取值不能重复`)
  }
  const seen = new Set<string>()
  for (const [i, sku] of input.skus.entries()) {
    const label = `第 ${i + 1} 个 SKU`
    if (sku.spec_values.length !== input.specs.length)
      throw new AppError(input.specs.length ? `${label}应为每个规格各选一个值` : '没有规格的商品只能有一个 SKU')
    sku.spec_values.forEach((v, j) => {
      if (!input.specs[j].values.includes(v))
        throw new AppError(`${label}的「${input.specs[j].name}」取值「${v}」不在规格里`)
    })
    const key = specKeyOf(sku.spec_values)
    if (seen.has(key)) throw new AppError(`规格组合「${sku.spec_values.join(' / ')}」重复`)
    seen.add(key)
    if (sku.line_price && sku.line_price < sku.price) throw new AppError(`${label}的划线价不能低于售价`)
  }
  if (input.on_shelf && !input.skus.some((s) => s.on_shelf)) throw new AppError('上架的商品至少要有一个上架的 SKU')
}

/** The list price range and line price a product shows: from its SKUs on shelf (all of them when none is). */
function priceSummary(skus: { price: number; line_price: number; on_shelf: boolean }[]) {
  const shown = skus.some((s) => s.on_shelf) ? skus.filter((s) => s.on_shelf) : skus
  const cheapest = shown.reduce((a, b) => (b.price < a.price ? b : a))
  return { priceMin: cheapest.price, priceMax: Math.max(...shown.map((s) => s.price)), linePrice: cheapest.line_price }
}

function goodsValues(input: AdminGoodsInput) {
  return {
    categoryId: input.category_id,
    name: input.name,
    subtitle: input.subtitle,
    images: input.images,
    content: sanitizeArticleHtml(input.content),
    specs: input.specs,
    maxBuy: input.max_buy,
    onShelf: input.on_shelf,
    freightTemplateId: input.freight_template_id ?? null,
    ...priceSummary(input.skus)
  }
}

type StockWho = Pick<Operator, 'id' | 'username'>

async function logStock(tx: Tx, who: StockWho, sku: SkuRow, delta: number, reason: string): Promise<void> {
  await tx.insert(shopStockLogs).values({
    goodsId: sku.goodsId,
    skuId: sku.id,
    operatorId: who.id,
    operatorName: who.username,
    delta,
    stockAfter: sku.stock,
    reason
  })
}

async function insertSkus(tx: Tx, who: StockWho, goodsId: number, skus: AdminGoodsInput['skus']): Promise<void> {
  if (!skus.length) return
  const rows = await tx
    .insert(shopSkus)
    .values(
      skus.map((s) => ({
        goodsId,
        specKey: specKeyOf(s.spec_values),
        specValues: s.spec_values,
        price: s.price,
        linePrice: s.line_price,
        stock: s.stock,
        onShelf: s.on_shelf,
        weight: s.weight ?? 0
      }))
    )
    .returning()
  for (const row of rows) if (row.stock > 0) await logStock(tx, who, row, row.stock, '新建规格的初始库存')
}

async function checkCategory(tx: Tx, id: number): Promise<void> {
  const [row] = await tx
    .select({ id: shopCategories.id })
    .from(shopCategories)
    .where(eq(shopCategories.id, id))
    .limit(1)
  if (!row) throw new AppError('所选分类不存在，请刷新后重选')
}

/** A named template must exist; it is read `FOR SHARE` so a delete running alongside waits for this save. */
async function checkFreightTemplate(tx: Tx, id: number | null | undefined): Promise<void> {
  if (!id) return
  const [row] = await tx
    .select({ id: freightTemplates.id })
    .from(freightTemplates)
    .where(eq(freightTemplates.id, id))
    .for('share')
    .limit(1)
  if (!row) throw new AppError('所选运费模板不存在，请刷新后重选')
}

type GoodsAudit = (tx: Tx, before: AdminGoodsDetail | null, after: AdminGoodsDetail) => Promise<void>

export async function createGoods(
  db: Db,
  who: StockWho,
  input: AdminGoodsInput,
  inTx: GoodsAudit
): Promise<AdminGoodsDetail> {
  checkSkus(input)
  return db.transaction(async (tx) => {
    await checkCategory(tx, input.category_id)
    await checkFreightTemplate(tx, input.freight_template_id)
    const [g] = await tx
      .insert(shopGoods)
      .values({ slug: newSlug('g'), ...goodsValues(input) })
      .returning()
    await insertSkus(tx, who, g.id, input.skus)
    const after = await goodsDetail(tx, g.id)
    await inTx(tx, null, after)
    return after
  })
}

/**
 * Saves an edit made from the version `updatedAt`. SKUs are matched by their spec combination: a
 * known one keeps its id, stock and sales (orders and carts point at it), a new one is created with
 * its opening stock, and one left out goes off shelf rather than away.
 */
export async function updateGoods(
  db: Db,
  who: StockWho,
  id: number,
  updatedAt: string,
  input: AdminGoodsInput,
  inTx: GoodsAudit
): Promise<AdminGoodsDetail> {
  checkSkus(input)
  return db.transaction(async (tx) => {
    const [g] = await tx.select().from(shopGoods).where(eq(shopGoods.id, id)).for('update').limit(1)
    if (!g) throw new AppError('商品不存在')
    if (g.updatedAt.toISOString() !== updatedAt) throw new AppError(MSG_STALE)
    await checkCategory(tx, input.category_id)
    await checkFreightTemplate(tx, input.freight_template_id)
    const before = await goodsDetail(tx, id)
    const existing = new Map(
      (await tx.select().from(shopSkus).where(eq(shopSkus.goodsId, id))).map((s) => [s.specKey, s])
    )
    const fresh: AdminGoodsInput['skus'] = []
    const kept = new Set<string>()
    for (const s of input.skus) {
      const known = existing.get(specKeyOf(s.spec_values))
      if (!known) {
        fresh.push(s)
        continue
      }
      kept.add(known.specKey)
      await tx
        .update(shopSkus)
        .set({ price: s.price, linePrice: s.line_price, onShelf: s.on_shelf, weight: s.weight ?? 0 })
        .where(eq(shopSkus.id, known.id))
    }
    const dropped = [...existing.values()].filter((s) => !kept.has(s.specKey)).map((s) => s.id)
    if (dropped.length) await tx.update(shopSkus).set({ onShelf: false }).where(inArray(shopSkus.id, dropped))
    await insertSkus(tx, who, id, fresh)
    // Time strictly after the old version, so a save within the same millisecond still changes it.
    const now = new Date(Math.max(Date.now(), g.updatedAt.getTime() + 1))
    await tx
      .update(shopGoods)
      .set({ ...goodsValues(input), updatedAt: now })
      .where(eq(shopGoods.id, id))
    const after = await goodsDetail(tx, id)
    await inTx(tx, before, after)
    return after
  })
}

export async function setShelf(
  db: Db,
  id: number,
  updatedAt: string,
  onShelf: boolean,
  inTx: GoodsAudit
): Promise<AdminGoodsDetail> {
  return db.transaction(async (tx) => {
    const [g] = await tx.select().from(shopGoods).where(eq(shopGoods.id, id)).for('update').limit(1)
    if (!g) throw new AppError('商品不存在')
    if (g.updatedAt.toISOString() !== updatedAt) throw new AppError(MSG_STALE)
    const before = await goodsDetail(tx, id)
    if (onShelf && !before.skus.some((s) => s.on_shelf)) throw new AppError('该商品没有上架的 SKU，请先编辑商品')
    await tx
      .update(shopGoods)
      .set({ onShelf, updatedAt: new Date(Math.max(Date.now(), g.updatedAt.getTime() + 1)) })
      .where(eq(shopGoods.id, id))
    const after = await goodsDetail(tx, id)
    await inTx(tx, before, after)
    return after
  })
}

/**
 * Adds `delta` (negative takes away) to a SKU's stock in one statement, so orders placed meanwhile
 * are never overwritten; stock never goes below zero. Logged with the operator and reason.
 */
export async function adjustStock(
  db: Db,
  who: StockWho,
  input: { sku_id: number; delta: number; reason: string },
  inTx: (tx: Tx, before: SkuRow, after: SkuRow) => Promise<void>
): Promise<SkuRow> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(shopSkus).where(eq(shopSkus.id, input.sku_id)).limit(1)
    if (!before) throw new AppError('SKU 不存在')
    const [after] = await tx
      .update(shopSkus)
      .set({ stock: sql`${shopSkus.stock} + ${input.delta}` })
      .where(and(eq(shopSkus.id, input.sku_id), sql`${shopSkus.stock} + ${input.delta} >= 0`))
      .returning()
    if (!after) throw new AppError(`库存不足：当前库存 ${before.stock}，最多减少 ${before.stock}`)
    await logStock(tx, who, after, input.delta, input.reason)
    await inTx(tx, before, after)
    return after
  })
}

export async function listStockLogs(
  db: Db,
  q: { goods_id?: number; sku_id?: number; page: number; per_page: number }
): Promise<{ list: AdminStockLogRow[]; total: number }> {
  const where = and(
    q.goods_id ? eq(shopStockLogs.goodsId, q.goods_id) : undefined,
    q.sku_id ? eq(shopStockLogs.skuId, q.sku_id) : undefined
  )
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ log: shopStockLogs, goodsName: shopGoods.name, specValues: shopSkus.specValues })
      .from(shopStockLogs)
      .innerJoin(shopGoods, eq(shopGoods.id, shopStockLogs.goodsId))
      .innerJoin(shopSkus, eq(shopSkus.id, shopStockLogs.skuId))
      .where(where)
      .orderBy(desc(shopStockLogs.id))
      .limit(q.per_page)
      .offset(offsetOf(q.page, q.per_page)),
    db.select({ n: count() }).from(shopStockLogs).where(where)
  ])
  return {
    total: n,
    list: rows.map(({ log, goodsName, specValues }) => ({
      id: log.id,
      goods_id: log.goodsId,
      goods_name: goodsName,
      sku_id: log.skuId,
      spec_text: specValues.join(' / '),
      delta: log.delta,
      stock_after: log.stockAfter,
      reason: log.reason,
      operator_name: log.operatorName,
      created_at: log.createdAt.toISOString()
    }))
  }
}
