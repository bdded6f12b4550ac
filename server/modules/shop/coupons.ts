import { and, count, desc, eq, gt, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type {
  Coupon,
  CouponDetailResponse,
  CouponListsResponse,
  CouponReceiveResponse,
  UserCoupon,
  UserCouponListsResponse
} from '../../../contract'
import { AppError } from '../../core/envelope'
import { offsetOf, paged, pagingFields, pagingQuery } from '../../core/paging'
import { optionalUserId, publicRoute, userRoute } from '../../core/route'
import { idParam, optional } from '../../core/validate'
import type { Executor } from '../../db/database'
import { shopCategories, shopCoupons, shopGoods, shopUserCoupons } from '../../db/schema'
import { listItemColumns, toListItem } from './catalog-queries'
import { claimedWindow, toCouponRule, userCouponStatus } from './coupon-rules'

type CouponRow = typeof shopCoupons.$inferSelect
type UserCouponRow = typeof shopUserCoupons.$inferSelect

const DETAIL_GOODS_SHOWN = 20

/** Names of the categories a coupon is limited to (for '限书籍类商品'). */
export async function categoryNamesOf(db: Executor, coupons: CouponRow[]): Promise<Map<number, string[]>> {
  const ids = [...new Set(coupons.filter((c) => c.scope === 'category').flatMap((c) => c.scopeIds))]
  const names = new Map<number, string>()
  if (ids.length) {
    for (const r of await db
      .select({ id: shopCategories.id, name: shopCategories.name })
      .from(shopCategories)
      .where(inArray(shopCategories.id, ids)))
      names.set(r.id, r.name)
  }
  return new Map(
    coupons.map((c) => [c.id, c.scope === 'category' ? c.scopeIds.flatMap((id) => names.get(id) ?? []) : []])
  )
}

export function toUserCoupon(uc: UserCouponRow, c: CouponRow, categoryNames: string[], now: Date): UserCoupon {
  return {
    ...toCouponRule(c, categoryNames),
    user_coupon_id: uc.id,
    status: userCouponStatus(uc.status, uc.expireAt, now),
    start_at: uc.startAt.toISOString(),
    expire_at: uc.expireAt.toISOString(),
    used_at: uc.usedAt ? uc.usedAt.toISOString() : '',
    order_id: uc.orderId ?? 0
  }
}

/** Open for claiming: visible, inside its window. */
const claimable = (now: Date): SQL =>
  and(eq(shopCoupons.visible, true), lte(shopCoupons.startAt, now), gt(shopCoupons.endAt, now))!

export default async function couponRoutes(app: FastifyInstance): Promise<void> {
  async function receivedCounts(userId: number | undefined, couponIds: number[]): Promise<Map<number, number>> {
    if (!userId || !couponIds.length) return new Map()
    const rows = await app.db
      .select({ couponId: shopUserCoupons.couponId, n: count() })
      .from(shopUserCoupons)
      .where(and(eq(shopUserCoupons.userId, userId), inArray(shopUserCoupons.couponId, couponIds)))
      .groupBy(shopUserCoupons.couponId)
    return new Map(rows.map((r) => [r.couponId, r.n]))
  }

  function toCoupon(c: CouponRow, names: string[], received: number, loggedIn: boolean): Coupon {
    const remaining = c.total - c.claimed
    const open = c.visible && c.startAt <= new Date() && c.endAt > new Date()
    return {
      ...toCouponRule(c, names),
      start_at: c.startAt.toISOString(),
      end_at: c.endAt.toISOString(),
      valid_days: c.validDays,
      total: c.total,
      remaining,
      per_user_limit: c.perUserLimit,
      received,
      can_receive: open && remaining > 0 && (!loggedIn || received < c.perUserLimit)
    }
  }

  publicRoute(
    app,
    { method: 'GET', path: '/coupon.coupon/lists', input: pagingQuery },
    async ({ input, req }): Promise<CouponListsResponse> => {
      const where = claimable(new Date())
      const [rows, [{ n }], userId] = await Promise.all([
        app.db
          .select()
          .from(shopCoupons)
          .where(where)
          .orderBy(desc(shopCoupons.id))
          .limit(input.per_page)
          .offset(offsetOf(input.page, input.per_page)),
        app.db.select({ n: count() }).from(shopCoupons).where(where),
        optionalUserId(app, req)
      ])
      const [names, received] = await Promise.all([
        categoryNamesOf(app.db, rows),
        receivedCounts(
          userId,
          rows.map((r) => r.id)
        )
      ])
      const list = rows.map((c) => toCoupon(c, names.get(c.id) ?? [], received.get(c.id) ?? 0, Boolean(userId)))
      return paged(list, n, input.page, input.per_page)
    }
  )

  publicRoute(
    app,
    { method: 'GET', path: '/coupon.coupon/detail', input: z.object({ coupon_id: idParam() }) },
    async ({ input, req }): Promise<CouponDetailResponse> => {
      const [c] = await app.db
        .select()
        .from(shopCoupons)
        .where(and(eq(shopCoupons.id, input.coupon_id), eq(shopCoupons.visible, true)))
        .limit(1)
      if (!c) throw new AppError('优惠券不存在')
      const userId = await optionalUserId(app, req)
      const [names, received] = await Promise.all([categoryNamesOf(app.db, [c]), receivedCounts(userId, [c.id])])
      let goodsWhere: SQL = and(eq(shopGoods.onShelf, true), isNull(shopGoods.deletedAt))!
      if (c.scope === 'goods')
        goodsWhere = and(goodsWhere, inArray(shopGoods.id, c.scopeIds.length ? c.scopeIds : [0]))!
      if (c.scope === 'category') {
        const ids = c.scopeIds.length ? c.scopeIds : [0]
        const children = sql`(select ${shopCategories.id} from ${shopCategories} where 
          ${inArray(shopCategories.parentId, ids)})`
        goodsWhere = and(
          goodsWhere,
          sql`(${inArray(shopGoods.categoryId, ids)} or ${shopGoods.categoryId} in ${children})`
        )!
      }
      const goods = await app.db
        .select(listItemColumns)
        .from(shopGoods)
        .where(goodsWhere)
        .orderBy(desc(shopGoods.sales), desc(shopGoods.id))
        .limit(DETAIL_GOODS_SHOWN)
      return {
        detail: {
          ...toCoupon(c, names.get(c.id) ?? [], received.get(c.id) ?? 0, Boolean(userId)),
          description: c.description
            .split('\n')
            .map((l) => l.trim())
            .filter(Boolean),
          goods: goods.map((g) => toListItem(g, app.config.publicUrl))
        }
      }
    }
  )

  userRoute(
    app,
    { method: 'POST', path: '/user.coupon/receive', input: z.object({ coupon_id: idParam() }) },
    async ({ input, userId }): Promise<CouponReceiveResponse> => {
      const now = new Date()
      const { uc, c } = await app.db.transaction(async (tx) => {
        // The coupon row is locked: claims of one coupon queue up, so neither the total nor the per-user limit can be
        // passed.
        const [c] = await tx
          .select()
          .from(shopCoupons)
          .where(eq(shopCoupons.id, input.coupon_id))
          .for('update')
          .limit(1)
        if (!c || !c.visible) throw new AppError('优惠券不存在')
        if (c.startAt > now) throw new AppError('优惠券尚未开始领取')
        if (c.endAt <= now) throw new AppError('优惠券已过期')
        if (c.claimed >= c.total) throw new AppError('优惠券已被领完')
        const [{ n }] = await tx
          .select({ n: count() })
          .from(shopUserCoupons)
          .where(and(eq(shopUserCoupons.userId, userId), eq(shopUserCoupons.couponId, c.id)))
        if (n >= c.perUserLimit) throw new AppError(`每人限领 ${c.perUserLimit} 张`)
        const [uc] = await tx
          .insert(shopUserCoupons)
          .values({ userId, couponId: c.id, ...claimedWindow(c, now) })
          .returning()
        await tx
          .update(shopCoupons)
          .set({ claimed: sql`${shopCoupons.claimed} + 1` })
          .where(eq(shopCoupons.id, c.id))
        return { uc, c }
      })
      const names = await categoryNamesOf(app.db, [c])
      return { coupon: toUserCoupon(uc, c, names.get(c.id) ?? [], now) }
    }
  )

  userRoute(
    app,
    {
      method: 'GET',
      path: '/user.coupon/lists',
      input: z.object({ ...pagingFields, status: optional(z.enum(['unused', 'used', 'expired'])) })
    },
    async ({ input, userId }): Promise<UserCouponListsResponse> => {
      const now = new Date()
      const status = input.status ?? 'unused'
      const byStatus: Record<typeof status, SQL> = {
        unused: and(eq(shopUserCoupons.status, 'unused'), gt(shopUserCoupons.expireAt, now))!,
        used: eq(shopUserCoupons.status, 'used'),
        expired: and(eq(shopUserCoupons.status, 'unused'), lte(shopUserCoupons.expireAt, now))!
      }
      const where = and(eq(shopUserCoupons.userId, userId), byStatus[status])
      const [rows, [{ n }]] = await Promise.all([
        app.db
          .select({ uc: shopUserCoupons, c: shopCoupons })
          .from(shopUserCoupons)
          .innerJoin(shopCoupons, eq(shopCoupons.id, shopUserCoupons.couponId))
          .where(where)
          .orderBy(
            status === 'unused' ? sql`${shopUserCoupons.expireAt} asc` : desc(shopUserCoupons.id),
            desc(shopUserCoupons.id)
          )
          .limit(input.per_page)
          .offset(offsetOf(input.page, input.per_page)),
        app.db.select({ n: count() }).from(shopUserCoupons).where(where)
      ])
      const names = await categoryNamesOf(
        app.db,
        rows.map((r) => r.c)
      )
      return paged(
        rows.map((r) => toUserCoupon(r.uc, r.c, names.get(r.c.id) ?? [], now)),
        n,
        input.page,
        input.per_page
      )
    }
  )
}
