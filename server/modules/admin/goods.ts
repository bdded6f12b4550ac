import crypto from 'node:crypto'

import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm'

import type {
  AdminCategoryInput,
  AdminCategoryRow,
  AdminGoodsBatchAction,
  AdminGoodsBatchResult,
  AdminGoodsDetail,
  AdminGoodsInput,
  AdminGoodsQuery,
  AdminGoodsRow,
  AdminGoodsTab,
  AdminStockLogRow
} from '../../../contract/admin'
import { AppError, MSG_STALE } from '../../core/envelope'
import { offsetOf } from '../../core/paging'
import type { Db, Executor, Tx } from '../../db/database'
import { freightTemplates, shopCategories, shopGoods, shopSkus, shopStockLogs } from '../../db/schema'
import { sanitizeArticleHtml } from '../article/sanitize'
import type { Notifier } from '../notify/notifier'
import { goodsStock, likePattern } from '../shop/catalog-queries'
import { moveStock } from '../shop/stock'
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

/** Some SKU on shelf is at or below its 库存预警 (the same rule that tells the operators, shop/stock.ts). */
const hasLowStock = sql<boolean>`exists (select 1 from shop_skus s where s.goods_id = "shop_goods"."id"
  and s.on_shelf and s.low_stock > 0 and s.stock <= s.low_stock)`

const notDeleted = isNull(shopGoods.deletedAt)
const TABS: Record<AdminGoodsTab, SQL> = {
  selling: and(notDeleted, eq(shopGoods.onShelf, true), sql`${goodsStock} > 0`)!,
  warehouse: and(notDeleted, eq(shopGoods.onShelf, false))!,
  sold_out: and(notDeleted, eq(shopGoods.onShelf, true), sql`${goodsStock} = 0`)!,
  bin: isNotNull(shopGoods.deletedAt)
}
const TAB_KEYS = Object.keys(TABS) as AdminGoodsTab[]

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
    tab?: AdminGoodsTab
    low_stock?: boolean
    sort?: AdminGoodsQuery['sort']
    page: number
    per_page: number
  }
): Promise<{ list: AdminGoodsRow[]; total: number; counts: Record<AdminGoodsTab, number> }> {
  // The tabs count under the same search, so each tab's number is what opening it shows.
  const searched = and(
    q.keyword ? ilike(shopGoods.name, likePattern(q.keyword)) : undefined,
    q.category_id ? eq(shopGoods.categoryId, q.category_id) : undefined,
    q.on_shelf === undefined ? undefined : eq(shopGoods.onShelf, q.on_shelf),
    q.low_stock ? hasLowStock : undefined
  )
  // Without a tab the bin stays out: the coupon picker and old links list live goods only.
  const where = and(searched, q.tab ? TABS[q.tab] : notDeleted)
  const tabCounts = Object.fromEntries(
    TAB_KEYS.map((t) => [t, sql<number>`(count(*) filter (where ${TABS[t]}))::int`])
  ) as Record<AdminGoodsTab, SQL<number>>
  const [rows, [{ n }], [counts]] = await Promise.all([
    db
      .select({
        goods: shopGoods,
        categoryName: shopCategories.name,
        stock: goodsStock,
        skuCount,
        lowStock: hasLowStock
      })
      .from(shopGoods)
      .leftJoin(shopCategories, eq(shopCategories.id, shopGoods.categoryId))
      .where(where)
      .orderBy(...ORDERINGS[q.sort ?? 'newest'])
      .limit(q.per_page)
      .offset(offsetOf(q.page, q.per_page)),
    db.select({ n: count() }).from(shopGoods).where(where),
    db.select(tabCounts).from(shopGoods).where(searched)
  ])
  return {
    total: n,
    counts,
    list: rows.map(({ goods: g, categoryName, stock, skuCount: skus, lowStock }) => ({
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
      deleted_at: g.deletedAt?.toISOString() ?? null,
      low_stock: lowStock,
      created_at: g.createdAt.toISOString(),
      updated_at: g.updatedAt.toISOString()
    }))
  }
}

const detailSku = (s: SkuRow): AdminGoodsDetail['skus'][number] => ({
  sku_id: s.id,
  spec_values: s.specValues,
  price: s.price,
  line_price: s.linePrice,
  stock: s.stock,
  sales: s.sales,
  on_shelf: s.onShelf,
  weight: s.weight,
  low_stock: s.lowStock
})

function detailOf(g: GoodsRow, skus: SkuRow[]): AdminGoodsDetail {
  return {
    goods_id: g.id,
    category_id: g.categoryId,
    name: g.name,
    subtitle: g.subtitle,
    images: g.images,
    content: sanitizeArticleHtml(g.content),
    specs: g.specs,
    skus: skus.map(detailSku),
    max_buy: g.maxBuy,
    on_shelf: g.onShelf,
    deleted_at: g.deletedAt?.toISOString() ?? null,
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
      weight: s.weight,
      low_stock: s.low_stock
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
        weight: s.weight ?? 0,
        lowStock: s.low_stock ?? 0
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
    if (g.deletedAt && input.on_shelf) throw new AppError(inBin(g.name))
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
      const lowStock = s.low_stock ?? 0
      await tx
        .update(shopSkus)
        .set({
          price: s.price,
          linePrice: s.line_price,
          onShelf: s.on_shelf,
          weight: s.weight ?? 0,
          lowStock,
          // A threshold moved below the stock clears the flag, so the next fall to it is told.
          lowStockAlerted: sql`${shopSkus.lowStockAlerted} and ${lowStock} > 0 and ${shopSkus.stock} <= ${lowStock}`
        })
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
    const problem = onShelf ? shelvingProblem(before) : undefined
    if (problem) throw new AppError(`${problem}，不能上架`)
    await tx
      .update(shopGoods)
      .set({ onShelf, updatedAt: new Date(Math.max(Date.now(), g.updatedAt.getTime() + 1)) })
      .where(eq(shopGoods.id, id))
    const after = await goodsDetail(tx, id)
    await inTx(tx, before, after)
    return after
  })
}

const inBin = (name: string) => `「${name}」在回收站中，请先恢复`

/** Why a product cannot go on shelf (named, for a batch), or undefined when it can. */
function shelvingProblem(d: Pick<AdminGoodsDetail, 'name' | 'deleted_at' | 'skus'>): string | undefined {
  if (d.deleted_at) return inBin(d.name)
  const selling = d.skus.filter((s) => s.on_shelf)
  if (!selling.length) return `「${d.name}」没有上架的 SKU，请先编辑商品`
  // On shelf with nothing to sell it would only be 已售罄: restock first.
  if (!selling.some((s) => s.stock > 0)) return `「${d.name}」没有库存，请先补货`
  return undefined
}

/** What each batch action makes of a product, and how the audit log names it. */
const BATCH: Record<AdminGoodsBatchAction, { audit: string; onShelf: boolean; deleted: boolean }> = {
  on_shelf: { audit: 'goods.onShelf', onShelf: true, deleted: false },
  off_shelf: { audit: 'goods.offShelf', onShelf: false, deleted: false },
  trash: { audit: 'goods.trash', onShelf: false, deleted: true },
  restore: { audit: 'goods.restore', onShelf: false, deleted: false }
}

export interface BatchChange {
  goods_id: number
  on_shelf: boolean
  deleted: boolean
}

/** Problems named in a refusal: a few names, then how many in all. */
function refusal(problems: string[], tail: string): string {
  const shown = problems.slice(0, 3).join('；')
  return `${shown}${problems.length > 3 ? `，等 ${problems.length} 件商品` : ''}${tail}`
}

/**
 * 批量上架 / 下架 / 移入回收站 / 恢复 in one transaction, every product at the version the list showed: a
 * stale one, or one that cannot go on shelf, refuses the whole batch and names it. Products already as
 * asked are left as they are (no new version, no audit row). Into the bin means off shelf too, and out
 * of it back to 仓库中, so the app's on-shelf checks keep a deleted product out everywhere.
 */
export async function batchGoods(
  db: Db,
  action: AdminGoodsBatchAction,
  items: { goods_id: number; updated_at: string }[],
  inTx: (tx: Tx, before: BatchChange, after: BatchChange) => Promise<void>
): Promise<AdminGoodsBatchResult> {
  const target = BATCH[action]
  const versions = new Map(items.map((i) => [i.goods_id, i.updated_at]))
  return db.transaction(async (tx) => {
    // Locked in id order, so two batches over the same goods never wait on each other in a cycle.
    const rows = await tx
      .select()
      .from(shopGoods)
      .where(inArray(shopGoods.id, [...versions.keys()]))
      .orderBy(asc(shopGoods.id))
      .for('update')
    if (rows.length < versions.size) throw new AppError(`有 ${versions.size - rows.length} 件商品不存在，请刷新后重试`)
    const stale = rows.filter((g) => g.updatedAt.toISOString() !== versions.get(g.id)).map((g) => `「${g.name}」`)
    if (stale.length) throw new AppError(refusal(stale, '已被他人修改，请刷新后再操作'))
    const state = (g: GoodsRow): BatchChange => ({ goods_id: g.id, on_shelf: g.onShelf, deleted: Boolean(g.deletedAt) })
    const changing = rows.filter((g) =>
      action === 'restore'
        ? g.deletedAt !== null
        : g.onShelf !== target.onShelf || Boolean(g.deletedAt) !== target.deleted
    )
    if (action === 'on_shelf' || action === 'off_shelf') {
      const binned = changing.filter((g) => g.deletedAt).map((g) => inBin(g.name))
      if (binned.length) throw new AppError(refusal(binned, ''))
    }
    if (action === 'on_shelf') {
      const skus = changing.length
        ? await tx
            .select()
            .from(shopSkus)
            .where(
              inArray(
                shopSkus.goodsId,
                changing.map((g) => g.id)
              )
            )
        : []
      const problems = changing.flatMap((g) => {
        const problem = shelvingProblem({
          name: g.name,
          deleted_at: g.deletedAt?.toISOString() ?? null,
          skus: skus.filter((s) => s.goodsId === g.id).map(detailSku)
        })
        return problem ? [problem] : []
      })
      if (problems.length) throw new AppError(refusal(problems, '，不能上架'))
    }
    const now = Date.now()
    const versionsAfter = new Map(rows.map((g) => [g.id, g.updatedAt]))
    for (const g of changing) {
      // Strictly after the old version, as the single edits do.
      const updatedAt = new Date(Math.max(now, g.updatedAt.getTime() + 1))
      const deletedAt = target.deleted ? (g.deletedAt ?? new Date(now)) : null
      await tx.update(shopGoods).set({ onShelf: target.onShelf, deletedAt, updatedAt }).where(eq(shopGoods.id, g.id))
      versionsAfter.set(g.id, updatedAt)
      await inTx(tx, state(g), { goods_id: g.id, on_shelf: target.onShelf, deleted: target.deleted })
    }
    return {
      goods: items.map((i) => ({ goods_id: i.goods_id, updated_at: versionsAfter.get(i.goods_id)!.toISOString() }))
    }
  })
}

export const batchAuditAction = (action: AdminGoodsBatchAction) => BATCH[action].audit

/**
 * Adds `delta` (negative takes away) to a SKU's stock in one statement, so orders placed meanwhile
 * are never overwritten; stock never goes below zero. Logged with the operator and reason.
 */
export async function adjustStock(
  db: Db,
  notify: Notifier,
  who: StockWho,
  input: { sku_id: number; delta: number; reason: string },
  inTx: (tx: Tx, before: SkuRow, after: SkuRow) => Promise<void>
): Promise<SkuRow> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(shopSkus).where(eq(shopSkus.id, input.sku_id)).limit(1)
    if (!before) throw new AppError('SKU 不存在')
    const after = await moveStock(tx, input.sku_id, input.delta, { notify })
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
