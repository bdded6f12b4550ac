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
  after_sale_days: {
    label: '售后期（天）',
    help: '确认收货后可申请售后的天数',
    schema: z.number().int().min(0).max(90),
    default: 7
  },
  /** 自动确认收货: days after shipping an unconfirmed order is confirmed received. */
  auto_receive_days: {
    label: '自动确认收货（天）',
    help: '发货后多少天系统自动确认收货',
    schema: z.number().int().min(3).max(60),
    default: 10
  },
  /** 退货地址: where buyers send goods back (receiver, phone, address in one line), offered at each approval. */
  return_address: {
    label: '退货地址',
    help: '审核退货时默认给买家的地址（收件人、电话、地址写在一行）',
    schema: z.string().max(200),
    default: ''
  },
  /**
   * 课程退款期: a paid course may be refunded (by the learner from 课程订单, or by the console) within this many
   * days of payment. 0, the default, keeps the old promise: a virtual course is not refunded once bought.
   */
  course_refund_days: {
    label: '课程退款期（天）',
    help: '课程支付后多少天内可退款；0 表示课程购买后不支持退款',
    schema: z.number().int().min(0).max(365),
    default: 0
  },
  /**
   * 课程退款学习进度上限: within the refund period a course is refundable while the learner has finished at most this
   * percent of its lessons (finished lessons / lessons of the course; one with no lessons counts as 0%). 0 means
   * refundable only before any lesson is finished, 100 that progress never blocks a refund.
   */
  course_refund_max_progress: {
    label: '课程退款学习进度上限（%）',
    help: '退款期内，已学完的课时不超过全部课时的这个比例才可退款；0 表示学完任何一节后不可退款',
    schema: z.number().int().min(0).max(100),
    default: 0
  }
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
