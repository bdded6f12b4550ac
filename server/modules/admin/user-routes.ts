import { and, count, desc, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { AdminUserDetail, AdminUserItem } from '../../../contract/admin'
import type { DataCipher } from '../../core/data-key'
import { AppError, MSG_STALE } from '../../core/envelope'
import { paged } from '../../core/paging'
import { openMobile } from '../../core/sealed-columns'
import { idParam, multiline, optional, text } from '../../core/validate'
import { consultServices, serviceOrders, teachers, users, userTokens, wallets } from '../../db/schema'
import { listDetails } from '../wallet/details'
import { listOrders, userMatch } from './order-queries'
import { versionField } from './order-routes'
import { adminPaging, adminRoute, boolParam } from './route'

type UserRow = typeof users.$inferSelect

const DETAIL_ROWS = 20

function userItem(u: UserRow, cipher: DataCipher): AdminUserItem {
  return {
    user_id: u.id,
    nickname: u.nickname,
    avatar: u.avatar,
    mobile: openMobile(cipher, u.mobile),
    disabled: u.status !== 0,
    deleted: Boolean(u.deletedAt),
    merged_into: u.mergedInto,
    referrer_id: u.refereeId,
    created_at: u.createdAt.toISOString(),
    updated_at: u.updatedAt.toISOString()
  }
}

const snapshot = (u: UserRow) => ({ disabled: u.status !== 0, nickname: u.nickname })

async function userRow(app: FastifyInstance, id: number): Promise<UserRow> {
  const [u] = await app.db.select().from(users).where(eq(users.id, id)).limit(1)
  if (!u) throw new AppError('用户不存在')
  return u
}

export default async function userRoutes(app: FastifyInstance): Promise<void> {
  adminRoute(
    app,
    {
      method: 'GET',
      path: '/user/lists',
      input: z.object({
        ...adminPaging,
        keyword: optional(text(32)),
        status: optional(z.enum(['active', 'disabled']))
      }),
      permission: 'user.view',
      labels: { keyword: '搜索内容', status: '账号状态' }
    },
    async ({ input }) => {
      const where = and(
        input.keyword ? userMatch(input.keyword, app.services.dataCipher) : undefined,
        input.status === 'disabled'
          ? sql`${users.status} <> 0`
          : input.status === 'active'
            ? and(eq(users.status, 0), isNull(users.deletedAt))
            : undefined
      )
      const rows = await app.db
        .select()
        .from(users)
        .where(where)
        .orderBy(desc(users.id))
        .limit(input.per_page)
        .offset((input.page - 1) * input.per_page)
      const [{ n }] = await app.db.select({ n: count() }).from(users).where(where)
      return paged(
        rows.map((u) => userItem(u, app.services.dataCipher)),
        n,
        input.page,
        input.per_page
      )
    }
  )

  adminRoute(
    app,
    {
      method: 'GET',
      path: '/user/detail',
      input: z.object({ user_id: idParam() }),
      permission: 'user.view',
      labels: { user_id: '用户ID' }
    },
    async ({ input }): Promise<AdminUserDetail> => {
      const u = await userRow(app, input.user_id)
      const db = app.db
      const [referrer] = u.refereeId
        ? await db
            .select({ user_id: users.id, nickname: users.nickname, mobile: users.mobile })
            .from(users)
            .where(eq(users.id, u.refereeId))
            .limit(1)
        : []
      const referees = await db
        .select({ user_id: users.id, nickname: users.nickname, mobile: users.mobile, createdAt: users.createdAt })
        .from(users)
        .where(eq(users.refereeId, u.id))
        .orderBy(desc(users.id))
        .limit(DETAIL_ROWS)
      const [{ refereeCount }] = await db.select({ refereeCount: count() }).from(users).where(eq(users.refereeId, u.id))
      const orders = await listOrders(db, app.services.dataCipher, { user_id: u.id }, 1, DETAIL_ROWS)
      const bookings = await db
        .select({ o: serviceOrders, service: consultServices.title, teacher: teachers.name })
        .from(serviceOrders)
        .innerJoin(consultServices, eq(consultServices.id, serviceOrders.serviceId))
        .innerJoin(teachers, eq(teachers.id, serviceOrders.teacherId))
        .where(eq(serviceOrders.userId, u.id))
        .orderBy(desc(serviceOrders.id))
        .limit(DETAIL_ROWS)
      const [{ bookingCount }] = await db
        .select({ bookingCount: count() })
        .from(serviceOrders)
        .where(eq(serviceOrders.userId, u.id))
      const [wallet] = await db.select().from(wallets).where(eq(wallets.userId, u.id)).limit(1)
      const logs = await listDetails(db, u.id, { page: 1, per_page: DETAIL_ROWS })
      const [{ sessions }] = await db
        .select({ sessions: count() })
        .from(userTokens)
        .where(and(eq(userTokens.userId, u.id), sql`${userTokens.expiresAt} > now()`))
      return {
        ...userItem(u, app.services.dataCipher),
        gender: u.gender,
        birthday: u.birthday,
        referrer: referrer ? { ...referrer, mobile: openMobile(app.services.dataCipher, referrer.mobile) } : null,
        referees: {
          total: refereeCount,
          list: referees.map((r) => ({
            user_id: r.user_id,
            nickname: r.nickname,
            mobile: openMobile(app.services.dataCipher, r.mobile),
            created_at: r.createdAt.toISOString()
          }))
        },
        orders: { total: orders.total, list: orders.list },
        bookings: {
          total: bookingCount,
          list: bookings.map(({ o, service, teacher }) => ({
            id: o.id,
            service,
            teacher,
            starts_at: o.startsAt.toISOString(),
            amount_fen: o.amountFen,
            status: o.status,
            created_at: o.createdAt.toISOString()
          }))
        },
        wallet: {
          available_fen: wallet?.availableFen ?? 0,
          frozen_fen: wallet?.frozenFen ?? 0,
          total_earned_fen: wallet?.totalEarnedFen ?? 0,
          withdrawn_fen: wallet?.withdrawnFen ?? 0,
          owed_fen: wallet?.owedFen ?? 0
        },
        wallet_logs: {
          total: logs.total,
          list: logs.list.map((l) => ({
            id: l.id,
            type: l.type,
            amount_fen: l.amount_fen,
            title: l.title,
            status: l.status,
            created_at: l.created_at
          }))
        },
        sessions
      }
    }
  )

  // Disabling ends every session of the account in the same transaction: its next request gets the
  // code that makes the app clear its login, and logging in again is refused (user/accounts.ts).
  adminRoute(
    app,
    {
      method: 'POST',
      path: '/user/disable',
      input: z.object({ user_id: idParam(), updated_at: versionField, disabled: boolParam, reason: multiline(128) }),
      permission: 'user.disable',
      labels: { user_id: '用户ID', updated_at: '记录版本', disabled: '停用', reason: '停用原因' }
    },
    async ({ input, audit }) => {
      if (input.disabled && !input.reason) throw new AppError('请填写停用原因')
      return app.db.transaction(async (tx) => {
        const [before] = await tx.select().from(users).where(eq(users.id, input.user_id)).for('update').limit(1)
        if (!before) throw new AppError('用户不存在')
        if (before.updatedAt.toISOString() !== input.updated_at) throw new AppError(MSG_STALE)
        if (before.deletedAt) throw new AppError('该账号已注销，无法操作')
        // Everything it held now belongs to the account it was merged into: enabling it would bring back an empty twin.
        if (before.mergedInto) throw new AppError(`该账号已合并到用户 ${before.mergedInto}，无法操作`)
        if ((before.status !== 0) === input.disabled)
          throw new AppError(input.disabled ? '该账号已是停用状态' : '该账号未被停用')
        const [after] = await tx
          .update(users)
          .set({ status: input.disabled ? 1 : 0, updatedAt: new Date() })
          .where(eq(users.id, before.id))
          .returning()
        const ended = input.disabled
          ? await tx.delete(userTokens).where(eq(userTokens.userId, before.id)).returning({ id: userTokens.id })
          : []
        await audit(
          {
            action: input.disabled ? 'user.disable' : 'user.enable',
            targetType: 'user',
            targetId: before.id,
            before: snapshot(before),
            after: {
              ...snapshot(after),
              ...(input.reason ? { reason: input.reason } : {}),
              ...(input.disabled ? { sessions_ended: ended.length } : {})
            }
          },
          tx
        )
        return userItem(after, app.services.dataCipher)
      })
    }
  )
}
