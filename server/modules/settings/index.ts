import { inArray } from 'drizzle-orm'
import { z } from 'zod'

import type { Executor } from '../../db/database'
import { businessSettings } from '../../db/schema'

/**
 * The owner's business rules, each with its form, its default (what a shop runs with before the owner changes it)
 * and its name in the console. A new rule is one entry here.
 */
export const BUSINESS_SETTINGS = {
  /** 售后期: days after receipt (or automatic receipt) a buyer may still apply for an after-sale. */
  after_sale_days: { label: '售后期（天）', schema: z.number().int().min(0).max(90), default: 7 },
  /** 自动确认收货: days after shipping an unconfirmed order is confirmed received. */
  auto_receive_days: { label: '自动确认收货（天）', schema: z.number().int().min(3).max(60), default: 10 },
  /** 退货地址: where buyers send goods back (receiver, phone, address in one line), offered at each approval. */
  return_address: { label: '退货地址', schema: z.string().max(200), default: '' }
} as const

export type BusinessSettingKey = keyof typeof BUSINESS_SETTINGS
export type BusinessSettingValues = { [K in BusinessSettingKey]: z.infer<(typeof BUSINESS_SETTINGS)[K]['schema']> }

/** The rules asked for, each the owner's value or its default (a stored value that no longer fits falls back). */
export async function businessSettingValues<K extends BusinessSettingKey>(
  db: Executor,
  keys: K[]
): Promise<Pick<BusinessSettingValues, K>> {
  const rows = await db.select().from(businessSettings).where(inArray(businessSettings.key, keys))
  const stored = new Map(rows.map((r) => [r.key, r.value]))
  const out = {} as Record<K, unknown>
  for (const key of keys) {
    const def = BUSINESS_SETTINGS[key]
    const parsed = def.schema.safeParse(stored.get(key))
    out[key] = parsed.success ? parsed.data : def.default
  }
  return out as Pick<BusinessSettingValues, K>
}

export async function businessSetting<K extends BusinessSettingKey>(
  db: Executor,
  key: K
): Promise<BusinessSettingValues[K]> {
  return (await businessSettingValues(db, [key]))[key]
}

/** Saves some rules (each already checked against its schema by the caller's input). */
export async function saveBusinessSettings(db: Executor, values: Partial<BusinessSettingValues>): Promise<void> {
  const now = new Date()
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue
    await db
      .insert(businessSettings)
      .values({ key, value, updatedAt: now })
      .onConflictDoUpdate({ target: businessSettings.key, set: { value, updatedAt: now } })
  }
}
