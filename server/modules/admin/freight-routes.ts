import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { AdminFreightPreview, AdminFreightTemplateRow, AdminRegionOption } from '../../../contract/admin'
import { AppError, MSG_STALE } from '../../core/envelope'
import { idParam, intParam, optional, text } from '../../core/validate'
import { REGIONS } from '../../data/regions'
import type { Tx } from '../../db/database'
import { freightTemplates, shopGoods } from '../../db/schema'
import { computeFreight, type FreightTemplate, REGION_NAMES } from '../shop/freight'
import { versionField } from './order-routes'
import { adminRoute } from './route'

type TemplateRecord = typeof freightTemplates.$inferSelect

const MAX_FEN = 99_999_99
/** Pieces or grams a rule may count: up to 1,000 kg. */
const MAX_UNITS = 1_000_000

const regionCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/)
  .refine((c) => REGION_NAMES.has(c), '地区不正确，请从地区列表中选择')
const regionList = z.array(regionCode).max(400)

const feeRule = {
  first: intParam(1, MAX_UNITS),
  first_fee: intParam(0, MAX_FEN),
  additional: intParam(1, MAX_UNITS),
  additional_fee: intParam(0, MAX_FEN)
}

const templateFields = {
  name: text(32, 1),
  charge_by: z.enum(['piece', 'weight']),
  default_rule: z.object(feeRule),
  region_rules: z
    .array(z.object({ regions: regionList, ...feeRule }))
    .max(50)
    .default([]),
  free_rules: z
    .array(
      z.object({
        regions: regionList,
        min_amount: intParam(0, MAX_FEN).default(0),
        min_pieces: intParam(0, 9999).default(0)
      })
    )
    .max(50)
    .default([]),
  undeliverable: regionList.default([])
}

const previewFields = {
  province_code: regionCode,
  city_code: z.preprocess((v) => v ?? '', z.union([z.literal(''), regionCode])),
  pieces: intParam(1, 9999),
  weight: intParam(0, MAX_UNITS).default(0),
  amount: intParam(0, 100_000_000)
}

/** What the console calls these fields, so a refused one is named (`指定地区运费 第 1 个 首费最多 …`). */
const labels = {
  template_id: '运费模板',
  updated_at: '记录版本',
  name: '模板名称',
  charge_by: '计费方式',
  default_rule: '默认运费',
  first: '首件/首重',
  first_fee: '首费',
  additional: '续件/续重',
  additional_fee: '续费',
  region_rules: '指定地区运费',
  regions: '地区',
  free_rules: '包邮条件',
  min_amount: '包邮金额',
  min_pieces: '包邮件数',
  undeliverable: '不配送地区',
  province_code: '省份',
  city_code: '城市',
  pieces: '件数',
  weight: '每件重量',
  amount: '商品金额'
}

type TemplateInput = z.output<z.ZodObject<typeof templateFields>>

const regionName = (code: string) => REGION_NAMES.get(code) ?? code

/** Rules the fields cannot say one by one: a region priced twice would leave the buyer's freight to chance. */
function checkTemplate(t: TemplateInput): void {
  const priced = new Map<string, number>()
  t.region_rules.forEach((r, i) => {
    if (!r.regions.length) throw new AppError(`第 ${i + 1} 条指定地区运费请选择地区`)
    for (const code of r.regions) {
      const earlier = priced.get(code)
      if (earlier !== undefined && earlier !== i)
        throw new AppError(`「${regionName(code)}」同时在第 ${earlier + 1} 条和第 ${i + 1} 条指定地区运费中`)
      priced.set(code, i)
    }
  })
  t.free_rules.forEach((r, i) => {
    if (r.min_amount <= 0 && r.min_pieces <= 0) throw new AppError(`第 ${i + 1} 条包邮条件请填写包邮金额或包邮件数`)
  })
}

const recordValues = (t: TemplateInput) => ({
  name: t.name,
  chargeBy: t.charge_by,
  defaultRule: feeRuleOf(t.default_rule),
  regionRules: t.region_rules.map((r) => ({ regions: [...new Set(r.regions)], ...feeRuleOf(r) })),
  freeRules: t.free_rules.map((r) => ({
    regions: [...new Set(r.regions)],
    minAmount: r.min_amount,
    minPieces: r.min_pieces
  })),
  undeliverable: [...new Set(t.undeliverable)]
})

function feeRuleOf(r: { first: number; first_fee: number; additional: number; additional_fee: number }) {
  return { first: r.first, firstFee: r.first_fee, additional: r.additional, additionalFee: r.additional_fee }
}

function templateView(t: TemplateRecord, goodsCount: number): AdminFreightTemplateRow {
  const rule = (r: FreightTemplate['defaultRule']) => ({
    first: r.first,
    first_fee: r.firstFee,
    additional: r.additional,
    additional_fee: r.additionalFee
  })
  return {
    template_id: t.id,
    name: t.name,
    charge_by: t.chargeBy,
    default_rule: rule(t.defaultRule),
    region_rules: t.regionRules.map((r) => ({ regions: r.regions, ...rule(r) })),
    free_rules: t.freeRules.map((r) => ({ regions: r.regions, min_amount: r.minAmount, min_pieces: r.minPieces })),
    undeliverable: t.undeliverable,
    is_default: t.isDefault,
    goods_count: goodsCount,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString()
  }
}

const goodsUsing = sql<number>`(select count(*) from shop_goods g
  where g.freight_template_id = "freight_templates"."id")::int`

/** Provinces and their cities (districts are not priced apart), made once. */
const REGION_OPTIONS: AdminRegionOption[] = REGIONS.map((p) => ({
  code: p.code,
  name: p.name,
  ...(p.children?.length ? { children: p.children.map((c) => ({ code: c.code, name: c.name })) } : {})
}))

async function lockTemplate(tx: Tx, id: number): Promise<TemplateRecord> {
  const [row] = await tx.select().from(freightTemplates).where(eq(freightTemplates.id, id)).for('update').limit(1)
  if (!row) throw new AppError('运费模板不存在')
  return row
}

async function usedBy(tx: Tx, id: number): Promise<number> {
  const [{ n }] = await tx.select({ n: count() }).from(shopGoods).where(eq(shopGoods.freightTemplateId, id))
  return n
}

async function checkUniqueName(tx: Tx, name: string, selfId?: number): Promise<void> {
  const [twin] = await tx
    .select({ id: freightTemplates.id })
    .from(freightTemplates)
    .where(and(eq(freightTemplates.name, name), selfId ? ne(freightTemplates.id, selfId) : undefined))
    .limit(1)
  if (twin) throw new AppError(`已有名为「${name}」的运费模板`)
}

/**
 * 运费模板: list, create, edit, delete (refused while goods use it), set the default, and a preview that prices a
 * template as filled in (saved or not) for a region. Checkouts read the templates fresh (shop/quote.ts), so a save
 * applies to the next quote on every server process.
 */
export default async function freightRoutes(app: FastifyInstance): Promise<void> {
  const view = { permission: 'goods.view' as const }
  const edit = { permission: 'goods.edit' as const }
  const stamp = (before?: Date) => new Date(Math.max(Date.now(), (before?.getTime() ?? 0) + 1))

  adminRoute(app, { method: 'GET', path: '/freight/lists', input: z.object({}), ...view }, async () => {
    const rows = await app.db
      .select({ t: freightTemplates, goods: goodsUsing })
      .from(freightTemplates)
      .orderBy(desc(freightTemplates.isDefault), asc(freightTemplates.id))
    return { list: rows.map((r) => templateView(r.t, r.goods)) }
  })

  adminRoute(app, { method: 'GET', path: '/freight/regions', input: z.object({}), ...view }, async () => ({
    list: REGION_OPTIONS
  }))

  adminRoute(
    app,
    { method: 'POST', path: '/freight/add', input: z.object(templateFields), labels, ...edit },
    async ({ input, audit }) => {
      checkTemplate(input)
      return app.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('freight-templates'))`)
        await checkUniqueName(tx, input.name)
        const [{ n }] = await tx
          .select({ n: count() })
          .from(freightTemplates)
          .where(eq(freightTemplates.isDefault, true))
        // The first template of an empty database becomes the default: goods without one need some template.
        const [row] = await tx
          .insert(freightTemplates)
          .values({ ...recordValues(input), isDefault: n === 0 })
          .returning()
        const after = templateView(row, 0)
        await audit({ action: 'freight.add', targetType: 'freight_template', targetId: row.id, after }, tx)
        return after
      })
    }
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/freight/edit',
      input: z.object({ template_id: idParam(), updated_at: versionField, ...templateFields }),
      labels,
      ...edit
    },
    async ({ input, audit }) => {
      checkTemplate(input)
      return app.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('freight-templates'))`)
        const before = await lockTemplate(tx, input.template_id)
        if (before.updatedAt.toISOString() !== input.updated_at) throw new AppError(MSG_STALE)
        await checkUniqueName(tx, input.name, before.id)
        const [row] = await tx
          .update(freightTemplates)
          .set({ ...recordValues(input), updatedAt: stamp(before.updatedAt) })
          .where(eq(freightTemplates.id, before.id))
          .returning()
        const goods = await usedBy(tx, row.id)
        const after = templateView(row, goods)
        await audit(
          {
            action: 'freight.edit',
            targetType: 'freight_template',
            targetId: row.id,
            before: templateView(before, goods),
            after
          },
          tx
        )
        return after
      })
    }
  )

  adminRoute(
    app,
    { method: 'POST', path: '/freight/delete', input: z.object({ template_id: idParam() }), labels, ...edit },
    async ({ input, audit }) =>
      app.db.transaction(async (tx) => {
        // Goods saved alongside read the template FOR SHARE (admin/goods.ts), so the count below cannot go stale.
        const before = await lockTemplate(tx, input.template_id)
        if (before.isDefault) throw new AppError('默认运费模板不能删除，请先把另一个模板设为默认')
        const goods = await usedBy(tx, before.id)
        if (goods > 0) throw new AppError(`还有 ${goods} 件商品使用「${before.name}」，请先为这些商品换一个运费模板`)
        await tx.delete(freightTemplates).where(eq(freightTemplates.id, before.id))
        await audit(
          {
            action: 'freight.delete',
            targetType: 'freight_template',
            targetId: before.id,
            before: templateView(before, 0)
          },
          tx
        )
        return { deleted: true }
      })
  )

  adminRoute(
    app,
    { method: 'POST', path: '/freight/setDefault', input: z.object({ template_id: idParam() }), labels, ...edit },
    async ({ input, audit }) =>
      app.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('freight-templates'))`)
        const target = await lockTemplate(tx, input.template_id)
        if (target.isDefault) return templateView(target, await usedBy(tx, target.id))
        const [previous] = await tx
          .update(freightTemplates)
          .set({ isDefault: false, updatedAt: new Date() })
          .where(eq(freightTemplates.isDefault, true))
          .returning({ id: freightTemplates.id, name: freightTemplates.name })
        const [row] = await tx
          .update(freightTemplates)
          .set({ isDefault: true, updatedAt: stamp(target.updatedAt) })
          .where(eq(freightTemplates.id, target.id))
          .returning()
        await audit(
          {
            action: 'freight.setDefault',
            targetType: 'freight_template',
            targetId: row.id,
            before: { default_template: previous ? { template_id: previous.id, name: previous.name } : null },
            after: { default_template: { template_id: row.id, name: row.name } }
          },
          tx
        )
        return templateView(row, await usedBy(tx, row.id))
      })
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/freight/preview',
      input: z.object({
        template_id: optional(idParam()),
        updated_at: optional(z.string()),
        ...templateFields,
        ...previewFields
      }),
      labels,
      ...view
    },
    async ({ input }): Promise<AdminFreightPreview> => {
      checkTemplate(input)
      const template: FreightTemplate = { id: 1, isDefault: true, ...recordValues(input) }
      // A province with cities: the province's rule unless a city is picked (city codes never equal province codes).
      const region = { provinceCode: input.province_code, cityCode: input.city_code || input.province_code }
      const line = {
        name: '该商品',
        freightTemplateId: 1,
        quantity: input.pieces,
        weight: input.weight,
        amount: input.amount
      }
      const r = computeFreight([template], [line], region)
      return { freight: r.fee, text: r.text, deliverable: !r.undeliverable.length }
    }
  )
}
