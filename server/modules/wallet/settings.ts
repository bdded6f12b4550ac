import { inArray } from 'drizzle-orm'

import { AppError } from '../../core/envelope'
import type { Executor } from '../../db/database'
import { walletSettings } from '../../db/schema'

export const SETTING_KEYS = { minFen: 'withdraw_min_fen', dailyLimitFen: 'withdraw_daily_limit_fen' } as const

export interface WithdrawRules {
  minFen: number
  dailyLimitFen: number
}

/** The operator's withdrawal rules; withdrawing stays closed until both are set. */
export async function withdrawRules(db: Executor): Promise<WithdrawRules | undefined> {
  const rows = await db
    .select()
    .from(walletSettings)
    .where(inArray(walletSettings.key, Object.values(SETTING_KEYS)))
  const byKey = new Map(rows.map((r) => [r.key, r.value]))
  const minFen = byKey.get(SETTING_KEYS.minFen)
  const dailyLimitFen = byKey.get(SETTING_KEYS.dailyLimitFen)
  return minFen === undefined || dailyLimitFen === undefined ? undefined : { minFen, dailyLimitFen }
}

export async function requireWithdrawRules(db: Executor): Promise<WithdrawRules> {
  const rules = await withdrawRules(db)
  if (!rules) throw new AppError('提现规则尚未设置，无法提现')
  return rules
}
