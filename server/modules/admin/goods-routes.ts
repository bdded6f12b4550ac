import multipart from '@fastify/multipart'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type {
  AdminCategoryRow,
  AdminGoodsBatchResult,
  AdminGoodsList,
  AdminUploadResult
} from '../../../contract/admin'
import { paged } from '../../core/paging'
import { idParam, intParam, multiline, optional, text } from '../../core/validate'
import { MULTIPART_LIMITS, receiveImage } from '../file'
import {
  adjustStock,
  batchAuditAction,
  batchGoods,
  type CategoryRecord,
  createCategory,
  createGoods,
  deleteCategory,
  goodsDetail,
  goodsSnapshot,
  listCategories,
  listGoods,
  listStockLogs,
  setShelf,
  updateCategory,
  updateGoods
} from './goods'
import { versionField } from './order-routes'
import { adminPaging, adminRoute, boolParam } from './route'

const MAX_PRICE = 99_999_999
const MAX_STOCK = 9_999_999
/** 1,000 kg: beyond any parcel a courier takes. */
const MAX_WEIGHT_GRAMS = 1_000_000

/** An uploaded image's address, or a site path of a bundled image. */
const imageUrl = z
  .string()
  .trim()
  .max(512)
  .regex(/^(https?:\/\/|\/(?!\/))\S+$/, '图片地址不正确，请重新上传')

const categoryFields = {
  parent_id: intParam(0, 2_147_483_647).default(0),
  name: text(32, 1),
  image: z.preprocess((v) => v ?? '', z.union([z.literal(''), imageUrl])),
  sort: intParam(0, 99_999).default(0),
  visible: boolParam.default(true)
}
const categoryLabels = {
  category_id: '分类',
  parent_id: '上级分类',
  name: '分类名称',
  image: '分类图标',
  sort: '排序',
  visible: '显示'
}

const goodsFields = {
  category_id: idParam(),
  name: text(64, 1),
  subtitle: z.preprocess((v) => v ?? '', text(128)),
  images: z
    .array(imageUrl)
    .max(9)
    .refine((a) => a.length > 0, '请至少上传一张图片'),
  content: z.preprocess((v) => v ?? '', multiline(50_000)),
  specs: z.array(z.object({ name: text(16, 1), values: z.array(text(20, 1)).min(1).max(30) })).max(3),
  skus: z
    .array(
      z.object({
        spec_values: z.array(text(20, 1)).max(3),
        price: intParam(1, MAX_PRICE),
        line_price: intParam(0, MAX_PRICE).default(0),
        stock: intParam(0, MAX_STOCK).default(0),
        on_shelf: boolParam.default(true),
        weight: intParam(0, MAX_WEIGHT_GRAMS).default(0),
        low_stock: intParam(0, MAX_STOCK).default(0)
      })
    )
    .max(300)
    .refine((a) => a.length > 0, '请至少填写一个 SKU'),
  max_buy: intParam(1, 999).default(99),
  on_shelf: boolParam.default(true),
  freight_template_id: z.preprocess((v) => (v === '' || v === 0 ? null : v), idParam().nullable()).default(null)
}
const goodsLabels = {
  goods_id: '商品',
  updated_at: '记录版本',
  category_id: '分类',
  name: '商品名称',
  subtitle: '副标题',
  images: '商品图片',
  content: '商品详情',
  specs: '规格',
  values: '规格值',
  skus: 'SKU',
  spec_values: '规格值',
  price: '售价',
  line_price: '划线价',
  stock: '库存',
  on_shelf: '上架',
  max_buy: '每单限购',
  weight: '重量',
  low_stock: '库存预警',
  freight_template_id: '运费模板'
}

const categoryView = (c: CategoryRecord, goodsCount = 0): AdminCategoryRow => ({
  category_id: c.id,
  parent_id: c.parentId,
  name: c.name,
  image: c.image,
  sort: c.sort,
  visible: c.visible,
  goods_count: goodsCount
})

/** Categories, products with their SKUs, stock adjustments and image upload. */
export default async function goodsRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: MULTIPART_LIMITS })
  const view = { permission: 'goods.view' as const }
  const edit = { permission: 'goods.edit' as const }

  // Product images, home banners and icons, course covers: whoever edits one of them uploads.
  adminRoute(
    app,
    {
      method: 'POST',
      path: '/upload/image',
      input: z.any(),
      permission: [
        'goods.edit',
        'home.edit',
        'course.edit',
        'teacher.edit',
        'article.edit',
        'certificate.type',
        'activity.edit'
      ]
    },
    async ({ req, audit }): Promise<AdminUploadResult> => {
      const image = await receiveImage(app, req)
      await audit({
        action: 'file.upload',
        targetType: 'file',
        targetId: image.key,
        after: { url: image.url, bytes: image.sizeBytes }
      })
      return { url: image.url }
    }
  )

  // ---- categories ----

  adminRoute(app, { method: 'GET', path: '/category/lists', input: z.object({}), ...view }, async () => ({
    list: await listCategories(app.db)
  }))

  adminRoute(
    app,
    { method: 'POST', path: '/category/add', input: z.object(categoryFields), labels: categoryLabels, ...edit },
    async ({ input, audit }) => {
      const row = await createCategory(app.db, input, (tx, c) =>
        audit({ action: 'category.add', targetType: 'category', targetId: c.id, after: categoryView(c) }, tx)
      )
      return categoryView(row)
    }
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/category/edit',
      input: z.object({ category_id: idParam(), ...categoryFields }),
      labels: categoryLabels,
      ...edit
    },
    async ({ input, audit }) => {
      const row = await updateCategory(app.db, input.category_id, input, (tx, before, after) =>
        audit(
          {
            action: 'category.edit',
            targetType: 'category',
            targetId: after.id,
            before: categoryView(before),
            after: categoryView(after)
          },
          tx
        )
      )
      return categoryView(row)
    }
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/category/delete',
      input: z.object({ category_id: idParam() }),
      labels: categoryLabels,
      ...edit
    },
    async ({ input, audit }) => {
      await deleteCategory(app.db, input.category_id, (tx, before) =>
        audit(
          { action: 'category.delete', targetType: 'category', targetId: before.id, before: categoryView(before) },
          tx
        )
      )
      return {}
    }
  )

  // ---- goods ----

  adminRoute(
    app,
    {
      method: 'GET',
      path: '/goods/lists',
      input: z.object({
        ...adminPaging,
        keyword: optional(text(64)),
        category_id: optional(idParam()),
        on_shelf: optional(boolParam),
        tab: optional(z.enum(['selling', 'warehouse', 'sold_out', 'bin'])),
        low_stock: optional(boolParam),
        sort: optional(z.enum(['newest', 'sales', 'price_asc', 'price_desc', 'stock']))
      }),
      labels: { tab: '商品状态', low_stock: '库存预警' },
      ...view
    },
    async ({ input }): Promise<AdminGoodsList> => {
      const { list, total, counts } = await listGoods(app.db, input)
      return { ...paged(list, total, input.page, input.per_page), counts }
    }
  )

  adminRoute(
    app,
    { method: 'GET', path: '/goods/detail', input: z.object({ goods_id: idParam() }), labels: goodsLabels, ...view },
    async ({ input }) => goodsDetail(app.db, input.goods_id)
  )

  adminRoute(
    app,
    { method: 'POST', path: '/goods/add', input: z.object(goodsFields), labels: goodsLabels, ...edit },
    async ({ input, operator, audit }) =>
      createGoods(app.db, operator, input, (tx, _before, after) =>
        audit({ action: 'goods.add', targetType: 'goods', targetId: after.goods_id, after: goodsSnapshot(after) }, tx)
      )
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/goods/edit',
      input: z.object({ goods_id: idParam(), updated_at: versionField, ...goodsFields }),
      labels: goodsLabels,
      ...edit
    },
    async ({ input, operator, audit }) =>
      updateGoods(app.db, operator, input.goods_id, input.updated_at, input, (tx, before, after) =>
        audit(
          {
            action: 'goods.edit',
            targetType: 'goods',
            targetId: after.goods_id,
            before: before && goodsSnapshot(before),
            after: goodsSnapshot(after)
          },
          tx
        )
      )
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/goods/shelf',
      input: z.object({ goods_id: idParam(), updated_at: versionField, on_shelf: boolParam }),
      labels: goodsLabels,
      ...edit
    },
    async ({ input, audit }) =>
      setShelf(app.db, input.goods_id, input.updated_at, input.on_shelf, (tx, before, after) =>
        audit(
          {
            action: input.on_shelf ? 'goods.onShelf' : 'goods.offShelf',
            targetType: 'goods',
            targetId: after.goods_id,
            before: { on_shelf: before?.on_shelf },
            after: { on_shelf: after.on_shelf }
          },
          tx
        )
      )
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/goods/batch',
      input: z.object({
        action: z.enum(['on_shelf', 'off_shelf', 'trash', 'restore']),
        goods: z
          .array(z.object({ goods_id: idParam(), updated_at: versionField }))
          .min(1)
          .max(100)
          .refine((a) => new Set(a.map((g) => g.goods_id)).size === a.length, '商品不能重复')
      }),
      labels: { ...goodsLabels, action: '操作', goods: '商品' },
      ...edit
    },
    async ({ input, audit }): Promise<AdminGoodsBatchResult> =>
      batchGoods(app.db, input.action, input.goods, (tx, before, after) =>
        audit(
          {
            action: batchAuditAction(input.action),
            targetType: 'goods',
            targetId: after.goods_id,
            before: { on_shelf: before.on_shelf, deleted: before.deleted },
            after: { on_shelf: after.on_shelf, deleted: after.deleted, batch: true }
          },
          tx
        )
      )
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/goods/stock',
      input: z.object({
        sku_id: idParam(),
        delta: intParam(-MAX_STOCK, MAX_STOCK).refine((n) => n !== 0, '调整数量不能为 0'),
        reason: text(100, 1)
      }),
      labels: { sku_id: 'SKU', delta: '调整数量', reason: '调整原因' },
      ...edit
    },
    async ({ input, operator, audit }) => {
      const sku = await adjustStock(app.db, app.services.notify, operator, input, (tx, before, after) =>
        audit(
          {
            action: 'goods.stock',
            targetType: 'sku',
            targetId: after.id,
            before: { stock: before.stock },
            after: { stock: after.stock, delta: input.delta, reason: input.reason }
          },
          tx
        )
      )
      return { sku_id: sku.id, stock: sku.stock }
    }
  )

  adminRoute(
    app,
    {
      method: 'GET',
      path: '/goods/stockLogs',
      input: z.object({ ...adminPaging, goods_id: optional(idParam()), sku_id: optional(idParam()) }),
      ...view
    },
    async ({ input }) => {
      const { list, total } = await listStockLogs(app.db, input)
      return paged(list, total, input.page, input.per_page)
    }
  )
}
