import { and, count, desc, eq, inArray } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { AdminCommissionItem, AdminCommissionRule, AdminWalletSettings } from '../../../contract/admin'
import { AppError, MSG_STALE } from '../../core/envelope'
import { paged } from '../../core/paging'
import { intParam, optional, text } from '../../core/validate'
import type { Executor } from '../../db/database'
import {
  adminAuditLogs,
  COMMISSION_STATUSES,
  commissionRules,
  commissions,
  PAYMENT_BIZ_TYPES,
  users,
  walletSettings
} from '../../db/schema'
import { businessSettingValues } from '../settings'
import { BIZ_TYPE_NAMES } from '../wallet/labels'
import { SETTING_KEYS, withdrawRules } from '../wallet/settings'
import { auditPage } from './audit-routes'
import { userMatch } from './order-queries'
import { versionField } from './order-routes'
import { adminPaging, adminRoute } from './route'

/** A percent with at most two decimals (basis points underneath), 0–100. */
const percent = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z
    .number({ message: '请填写 0-100 之间的数字' })
    .min(0, '不能小于 0%')
    .max(100, '不能大于 100%')
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, '最多两位小数')
)
const toBp = (p: number) => Math.round(p * 100)
const toPercent = (bp: number) => bp / 100

/** null (or '') when the operator saves a setting that did not exist yet. */
const versionOrNew = z.preprocess((v) => (v === '' ? null : v), versionField.nullable())

// Withdrawals are paid in whole fen; WeChat transfers start at 0.1 元 and the daily limit is the business's choice.
const MIN_WITHDRAW_FEN = 10
const MAX_DAILY_FEN = 100_000_000

const HISTORY_TARGETS = ['commission_rule', 'wallet_setting']

function ruleView(
  bizType: (typeof PAYMENT_BIZ_TYPES)[number],
  row?: typeof commissionRules.$inferSelect
): AdminCommissionRule {
  return {
    biz_type: bizType,
    name: BIZ_TYPE_NAMES[bizType],
    level1_percent: row ? toPercent(row.level1Bp) : 0,
    level2_percent: row ? toPercent(row.level2Bp) : 0,
    freeze_days: row?.refundDays ?? 0,
    updated_at: row?.updatedAt.toISOString() ?? null
  }
}

const ruleSnapshot = (r: AdminCommissionRule | undefined) =>
  r?.updated_at
    ? { level1_percent: r.level1_percent, level2_percent: r.level2_percent, freeze_days: r.freeze_days }
    : undefined

async function withdrawView(db: Executor): Promise<AdminWalletSettings['withdraw']> {
  const rules = await withdrawRules(db)
  if (!rules) return null
  const rows = await db
    .select({ updatedAt: walletSettings.updatedAt })
    .from(walletSettings)
    .where(inArray(walletSettings.key, Object.values(SETTING_KEYS)))
  const latest = Math.max(...rows.map((r) => r.updatedAt.getTime()))
  return { min_fen: rules.minFen, daily_limit_fen: rules.dailyLimitFen, updated_at: new Date(latest).toISOString() }
}

export default async function walletRoutes(app: FastifyInstance): Promise<void> {
  const settings = { permission: 'wallet.settings' as const }

  adminRoute(
    app,
    { method: 'GET', path: '/wallet/settings', input: z.object({}), ...settings },
    async (): Promise<AdminWalletSettings> => {
      const rows = await app.db.select().from(commissionRules)
      const byType = new Map(rows.map((r) => [r.bizType, r]))
      const windows = await businessSettingValues(app.db, ['after_sale_days', 'course_refund_days'])
      return {
        rules: PAYMENT_BIZ_TYPES.map((t) => ruleView(t, byType.get(t))),
        withdraw: await withdrawView(app.db),
        ...windows
      }
    }
  )

  // Applies to payments made from now on: commission already earned keeps its rate and release date.
  adminRoute(
    app,
    {
      method: 'POST',
      path: '/wallet/commissionRule',
      input: z.object({
        biz_type: z.enum(PAYMENT_BIZ_TYPES),
        level1_percent: percent,
        level2_percent: percent,
        freeze_days: intParam(0, 365),
        updated_at: versionOrNew
      }),
      ...settings,
      labels: {
        biz_type: '业务类型',
        level1_percent: '一级佣金比例',
        level2_percent: '二级佣金比例',
        freeze_days: '冻结天数',
        updated_at: '记录版本'
      }
    },
    async ({ input, audit }) => {
      if (input.level1_percent + input.level2_percent > 100) throw new AppError('一级与二级佣金比例之和不能超过 100%')
      // A freeze shorter than the window buyers may still get their money back in would let commission be withdrawn
      // before a refund takes it back (业务设置's 售后期, or the course refund days for courses).
      const windows = await businessSettingValues(app.db, ['after_sale_days', 'course_refund_days'])
      const window =
        input.biz_type === 'course'
          ? { days: windows.course_refund_days, name: '课程退款期' }
          : { days: windows.after_sale_days, name: '售后期' }
      if (input.freeze_days < window.days)
        throw new AppError(
          `冻结天数不能少于${window.name} ${window.days} 天（业务设置），否则买家退款时佣金可能已被提现`
        )
      return app.db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(commissionRules)
          .where(eq(commissionRules.bizType, input.biz_type))
          .for('update')
          .limit(1)
        if ((row?.updatedAt.toISOString() ?? null) !== input.updated_at) throw new AppError(MSG_STALE)
        const values = {
          level1Bp: toBp(input.level1_percent),
          level2Bp: toBp(input.level2_percent),
          refundDays: input.freeze_days,
          updatedAt: new Date()
        }
        const [saved] = row
          ? await tx.update(commissionRules).set(values).where(eq(commissionRules.bizType, input.biz_type)).returning()
          : await tx
              .insert(commissionRules)
              .values({ bizType: input.biz_type, ...values })
              .onConflictDoNothing()
              .returning()
        // Two operators creating the same rule at once: the second finds it made.
        if (!saved) throw new AppError(MSG_STALE)
        const before = row ? ruleView(input.biz_type, row) : undefined
        const after = ruleView(input.biz_type, saved)
        await audit(
          {
            action: 'wallet.commissionRule',
            targetType: 'commission_rule',
            targetId: input.biz_type,
            before: ruleSnapshot(before),
            after: ruleSnapshot(after)
          },
          tx
        )
        return after
      })
    }
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/wallet/withdrawRule',
      input: z.object({
        min_fen: intParam(MIN_WITHDRAW_FEN, MAX_DAILY_FEN),
        daily_limit_fen: intParam(MIN_WITHDRAW_FEN, MAX_DAILY_FEN),
        updated_at: versionOrNew
      }),
      ...settings,
      labels: { min_fen: '单笔最低提现金额', daily_limit_fen: '每日提现上限', updated_at: '记录版本' }
    },
    async ({ input, audit }) => {
      if (input.min_fen > input.daily_limit_fen) throw new AppError('单笔最低提现金额不能大于每日提现上限')
      return app.db.transaction(async (tx) => {
        await tx
          .select()
          .from(walletSettings)
          .where(inArray(walletSettings.key, Object.values(SETTING_KEYS)))
          .for('update')
        const before = await withdrawView(tx)
        if ((before?.updated_at ?? null) !== input.updated_at) throw new AppError(MSG_STALE)
        const now = new Date()
        const values = [
          { key: SETTING_KEYS.minFen, value: input.min_fen, remark: '单笔最低提现（分）', updatedAt: now },
          {
            key: SETTING_KEYS.dailyLimitFen,
            value: input.daily_limit_fen,
            remark: '每日提现上限（分）',
            updatedAt: now
          }
        ]
        for (const v of values) {
          await tx
            .insert(walletSettings)
            .values(v)
            .onConflictDoUpdate({ target: walletSettings.key, set: { value: v.value, updatedAt: now } })
        }
        const after = await withdrawView(tx)
        const view = (w: typeof before) => (w ? { min_fen: w.min_fen, daily_limit_fen: w.daily_limit_fen } : undefined)
        await audit(
          {
            action: 'wallet.withdrawRule',
            targetType: 'wallet_setting',
            targetId: 'withdraw',
            before: view(before),
            after: view(after)
          },
          tx
        )
        return after
      })
    }
  )

  // The settings' history is their audit rows: who changed what, when, before and after.
  adminRoute(
    app,
    { method: 'GET', path: '/wallet/history', input: z.object(adminPaging), ...settings },
    async ({ input }) => {
      return auditPage(app.db, inArray(adminAuditLogs.targetType, HISTORY_TARGETS), input.page, input.per_page)
    }
  )

  const from = alias(users, 'from_user')
  adminRoute(
    app,
    {
      method: 'GET',
      path: '/wallet/commissions',
      input: z.object({
        ...adminPaging,
        user: optional(text(32)),
        status: optional(z.enum(COMMISSION_STATUSES)),
        biz_type: optional(z.enum(PAYMENT_BIZ_TYPES))
      }),
      permission: 'commission.view',
      labels: { user: '用户', status: '佣金状态', biz_type: '业务类型' }
    },
    async ({ input }) => {
      const where = and(
        input.user ? userMatch(input.user, app.services.dataCipher) : undefined,
        input.status ? eq(commissions.status, input.status) : undefined,
        input.biz_type ? eq(commissions.bizType, input.biz_type) : undefined
      )
      const rows = await app.db
        .select({ c: commissions, nickname: users.nickname, fromNickname: from.nickname })
        .from(commissions)
        .innerJoin(users, eq(users.id, commissions.userId))
        .innerJoin(from, eq(from.id, commissions.fromUserId))
        .where(where)
        .orderBy(desc(commissions.id))
        .limit(input.per_page)
        .offset((input.page - 1) * input.per_page)
      const [{ n }] = await app.db
        .select({ n: count() })
        .from(commissions)
        .innerJoin(users, eq(users.id, commissions.userId))
        .where(where)
      const list: AdminCommissionItem[] = rows.map(({ c, nickname, fromNickname }) => ({
        id: c.id,
        user_id: c.userId,
        nickname,
        from_user_id: c.fromUserId,
        from_nickname: fromNickname,
        level: c.level as 1 | 2,
        biz_type: c.bizType,
        base_fen: c.baseFen,
        rate_percent: toPercent(c.rateBp),
        amount_fen: c.amountFen,
        status: c.status,
        release_at: c.releaseAt.toISOString(),
        created_at: c.createdAt.toISOString()
      }))
      return paged(list, n, input.page, input.per_page)
    }
  )
}
