import crypto from 'node:crypto'

import { and, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { AdminCouponClaimRow, AdminCouponRow } from '../../../contract/admin'
import { AppError } from '../../core/envelope'
import { offsetOf, paged } from '../../core/paging'
import { idParam, intParam, multiline, optional, text } from '../../core/validate'
import { shopCategories, shopCoupons, shopGoods, shopOrders, shopUserCoupons, users } from '../../db/schema'
import { likePattern } from '../shop/catalog-queries'
import { userCouponStatus } from '../shop/coupon-rules'
import { adminPaging, adminRoute } from './route'

type CouponRow = typeof shopCoupons.$inferSelect

const MAX_FEN = 99_999_999
const usedCount = sql<number>`(select count(*) from shop_user_coupons u where u.coupon_id = "shop_coupons"."id" and 
  u.status = 'used')::int`

function couponView(c: CouponRow, used: number): AdminCouponRow {
  return {
    coupon_id: c.id,
    name: c.name,
    type: c.type,
    amount: c.amount,
    discount: c.discount,
    max_discount: c.maxDiscount,
    min_spend: c.minSpend,
    scope: c.scope,
    scope_ids: c.scopeIds,
    start_at: c.startAt.toISOString(),
    end_at: c.endAt.toISOString(),
    valid_days: c.validDays,
    total: c.total,
    per_user_limit: c.perUserLimit,
    description: c.description,
    claimed: c.claimed,
    used,
    issuing: c.visible,
    created_at: c.createdAt.toISOString()
  }
}

const couponInput = z.object({
  name: text(32, 1),
  type: z.enum(['amount', 'discount']),
  amount: intParam(0, MAX_FEN).default(0),
  discount: intParam(0, 99).default(0),
  max_discount: intParam(0, MAX_FEN).default(0),
  min_spend: intParam(0, MAX_FEN).default(0),
  scope: z.enum(['all', 'goods', 'category']).default('all'),
  scope_ids: z.array(idParam()).max(100).default([]),
  start_at: z.iso.datetime({ offset: true }),
  end_at: z.iso.datetime({ offset: true }),
  valid_days: intParam(0, 3650).default(0),
  total: intParam(1, 10_000_000),
  per_user_limit: intParam(1, 100).default(1),
  description: z.preprocess((v) => v ?? '', multiline(200))
})

const couponLabels = {
  coupon_id: '优惠券',
  name: '优惠券名称',
  type: '类型',
  amount: '减免金额',
  discount: '折扣',
  max_discount: '最多优惠',
  min_spend: '使用门槛',
  scope: '适用范围',
  scope_ids: '适用商品或分类',
  start_at: '开始时间',
  end_at: '结束时间',
  valid_days: '领取后有效天数',
  total: '发放总量',
  per_user_limit: '每人限领',
  description: '使用说明'
}

/** Rules the fields cannot say one by one. */
function checkCoupon(c: z.output<typeof couponInput>): void {
  if (c.type === 'amount' && c.amount < 1) throw new AppError('满减券请填写减免金额')
  if (c.type === 'amount' && c.min_spend > 0 && c.amount >= c.min_spend) throw new AppError('减免金额应小于使用门槛')
  if (c.type === 'discount' && (c.discount < 10 || c.discount > 99)) throw new AppError('折扣应在 1 折到 9.9 折之间')
  if (Date.parse(c.end_at) <= Date.parse(c.start_at)) throw new AppError('结束时间应晚于开始时间')
  if (Date.parse(c.end_at) <= Date.now()) throw new AppError('结束时间应晚于现在')
  if (c.scope !== 'all' && !c.scope_ids.length)
    throw new AppError(c.scope === 'goods' ? '请选择适用的商品' : '请选择适用的分类')
}

/** Coupons for the app's 领券中心: create, stop issuing, and see who claimed and used them. */
export default async function couponRoutes(app: FastifyInstance): Promise<void> {
  const view = { permission: 'coupon.view' as const }
  const edit = { permission: 'coupon.edit' as const }

  adminRoute(
    app,
    { method: 'GET', path: '/coupon/lists', input: z.object({ ...adminPaging, keyword: optional(text(32)) }), ...view },
    async ({ input }) => {
      const where = input.keyword ? ilike(shopCoupons.name, likePattern(input.keyword)) : undefined
      const [rows, [{ n }]] = await Promise.all([
        app.db
          .select({ coupon: shopCoupons, used: usedCount })
          .from(shopCoupons)
          .where(where)
          .orderBy(desc(shopCoupons.id))
          .limit(input.per_page)
          .offset(offsetOf(input.page, input.per_page)),
        app.db.select({ n: count() }).from(shopCoupons).where(where)
      ])
      return paged(
        rows.map((r) => couponView(r.coupon, r.used)),
        n,
        input.page,
        input.per_page
      )
    }
  )

  adminRoute(
    app,
    { method: 'POST', path: '/coupon/add', input: couponInput, labels: couponLabels, ...edit },
    async ({ input, audit }) => {
      checkCoupon(input)
      const ids = [...new Set(input.scope === 'all' ? [] : input.scope_ids)]
      return app.db.transaction(async (tx) => {
        if (ids.length) {
          const table = input.scope === 'goods' ? shopGoods : shopCategories
          const [{ n }] = await tx.select({ n: count() }).from(table).where(inArray(table.id, ids))
          if (n !== ids.length)
            throw new AppError(
              input.scope === 'goods' ? '所选商品有的已不存在，请刷新后重选' : '所选分类有的已不存在，请刷新后重选'
            )
        }
        const [row] = await tx
          .insert(shopCoupons)
          .values({
            slug: `k-${crypto.randomBytes(8).toString('hex')}`,
            name: input.name,
            type: input.type,
            amount: input.type === 'amount' ? input.amount : 0,
            discount: input.type === 'discount' ? input.discount : 0,
            maxDiscount: input.type === 'discount' ? input.max_discount : 0,
            minSpend: input.min_spend,
            scope: input.scope,
            scopeIds: ids,
            startAt: new Date(input.start_at),
            endAt: new Date(input.end_at),
            validDays: input.valid_days,
            total: input.total,
            perUserLimit: input.per_user_limit,
            description: input.description
          })
          .returning()
        const created = couponView(row, 0)
        await audit({ action: 'coupon.add', targetType: 'coupon', targetId: row.id, after: created }, tx)
        return created
      })
    }
  )

  // Stopping takes the coupon out of the 领券中心; coupons already claimed stay usable until they expire.
  adminRoute(
    app,
    { method: 'POST', path: '/coupon/stop', input: z.object({ coupon_id: idParam() }), labels: couponLabels, ...edit },
    async ({ input, audit }) =>
      app.db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(shopCoupons)
          .where(eq(shopCoupons.id, input.coupon_id))
          .for('update')
          .limit(1)
        if (!before) throw new AppError('优惠券不存在')
        if (!before.visible) throw new AppError('该优惠券已停止发放')
        const [after] = await tx
          .update(shopCoupons)
          .set({ visible: false })
          .where(eq(shopCoupons.id, before.id))
          .returning()
        await audit(
          {
            action: 'coupon.stop',
            targetType: 'coupon',
            targetId: before.id,
            before: { issuing: true },
            after: { issuing: false }
          },
          tx
        )
        return couponView(after, 0)
      })
  )

  adminRoute(
    app,
    {
      method: 'GET',
      path: '/coupon/claims',
      input: z.object({ ...adminPaging, coupon_id: idParam() }),
      labels: couponLabels,
      ...view
    },
    async ({ input }) => {
      const where = eq(shopUserCoupons.couponId, input.coupon_id)
      const [rows, [{ n }]] = await Promise.all([
        app.db
          .select({ uc: shopUserCoupons, nickname: users.nickname, orderNo: shopOrders.orderNo })
          .from(shopUserCoupons)
          .innerJoin(users, eq(users.id, shopUserCoupons.userId))
          .leftJoin(shopOrders, eq(shopOrders.id, shopUserCoupons.orderId))
          .where(where)
          .orderBy(desc(shopUserCoupons.id))
          .limit(input.per_page)
          .offset(offsetOf(input.page, input.per_page)),
        app.db.select({ n: count() }).from(shopUserCoupons).where(and(where))
      ])
      const now = new Date()
      const list: AdminCouponClaimRow[] = rows.map(({ uc, nickname, orderNo }) => ({
        id: uc.id,
        user_id: uc.userId,
        nickname,
        status: userCouponStatus(uc.status, uc.expireAt, now),
        claimed_at: uc.createdAt.toISOString(),
        expire_at: uc.expireAt.toISOString(),
        used_at: uc.usedAt?.toISOString() ?? null,
        order_no: orderNo ?? ''
      }))
      return paged(list, n, input.page, input.per_page)
    }
  )
}
