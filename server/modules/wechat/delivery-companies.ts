import { asc, notInArray, sql } from 'drizzle-orm'

import type { Db } from '../../db/database'
import { wechatDeliveryCompanies } from '../../db/schema'
import type { DeliveryCompany, ShippingApi } from './wechat-shipping'

const INSERT_BATCH = 500

const normalize = (s: string) => s.normalize('NFKC').replace(/\s+/g, '').toLowerCase()
/** A carrier's name without the words every name has, so 顺丰 finds 顺丰速运 and 京东物流 finds 京东快递. */
const core = (s: string) =>
  normalize(s).replace(/(快递|速运|速递|物流|快运|包裹|快件|集团|股份|有限公司|公司|\(.*\)|（.*）)+$/u, '')

/**
 * The carrier an operator means: WeChat's code itself (SF), its name (顺丰速运), or a name that
 * leaves one carrier (顺丰, 邮政EMS). Undefined when none or several fit.
 */
export function matchCarrier(given: string, list: DeliveryCompany[]): DeliveryCompany | undefined {
  const g = normalize(given)
  if (!g) return undefined
  const exact = list.find((c) => normalize(c.deliveryName) === g || c.deliveryId.toLowerCase() === g)
  if (exact) return exact
  const gc = core(given)
  if (!gc) return undefined
  const same = list.filter((c) => core(c.deliveryName) === gc)
  if (same.length) return same.length === 1 ? same[0] : undefined
  // One name inside the other: the longest such name, when no other is as long (邮政EMS: EMS over 邮政).
  const near = list
    .map((c) => ({ c, cc: core(c.deliveryName) }))
    .filter(({ cc }) => cc.length >= 2 && (gc.includes(cc) || cc.includes(gc)))
    .sort((a, b) => b.cc.length - a.cc.length)
  return near.length && (near.length === 1 || near[0].cc.length > near[1].cc.length) ? near[0].c : undefined
}

/** The carriers as last fetched from WeChat, by name. */
export function storedCarriers(db: Db): Promise<DeliveryCompany[]> {
  return db
    .select({ deliveryId: wechatDeliveryCompanies.deliveryId, deliveryName: wechatDeliveryCompanies.deliveryName })
    .from(wechatDeliveryCompanies)
    .orderBy(asc(wechatDeliveryCompanies.deliveryName))
}

/** Replaces the stored carriers by WeChat's list (an empty answer keeps what is stored). Returns how many. */
export async function refreshCarriers(db: Db, api: ShippingApi): Promise<number> {
  const fetched = await api.deliveryCompanies()
  const list = [...new Map(fetched.map((c) => [c.deliveryId, c])).values()].map((c) => ({
    deliveryId: c.deliveryId,
    deliveryName: c.deliveryName.slice(0, 64)
  }))
  if (!list.length) return 0
  await db.transaction(async (tx) => {
    for (let i = 0; i < list.length; i += INSERT_BATCH) {
      await tx
        .insert(wechatDeliveryCompanies)
        .values(list.slice(i, i + INSERT_BATCH))
        .onConflictDoUpdate({
          target: wechatDeliveryCompanies.deliveryId,
          set: { deliveryName: sql`excluded.delivery_name`, updatedAt: new Date() }
        })
    }
    await tx.delete(wechatDeliveryCompanies).where(
      notInArray(
        wechatDeliveryCompanies.deliveryId,
        list.map((c) => c.deliveryId)
      )
    )
  })
  return list.length
}
