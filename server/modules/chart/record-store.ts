import { eq } from 'drizzle-orm'

import type { BaziBirth, BaziRecord } from '../../../contract'
import { ownedBy } from '../../core/envelope'
import type { Executor } from '../../db/database'
import { baziRecords } from '../../db/schema'

export type RecordRow = typeof baziRecords.$inferSelect

export const MSG_RECORD_MISSING = '档案不存在或已删除'

export function birthOfRow(r: RecordRow): BaziRecord['birth'] {
  return {
    gender: r.gender,
    date: r.birthDate,
    calendar: r.calendar,
    leap_month: r.leapMonth,
    city: r.city,
    ...(r.longitude !== null ? { longitude: r.longitude } : {}),
    utc_offset: r.utcOffset,
    true_solar_time: r.trueSolarTime,
    zi_hour: r.ziHour
  }
}

export function toRecord(r: RecordRow): BaziRecord {
  return {
    id: r.id,
    name: r.name,
    birth: birthOfRow(r),
    pillars: r.pillars.split(' '),
    is_default: r.isDefault,
    created_at: r.createdAt.toISOString()
  }
}

/** The user's own record; someone else's is refused as such. */
export async function ownRecord(db: Executor, userId: number, id: number, lock = false): Promise<RecordRow> {
  const query = db.select().from(baziRecords).where(eq(baziRecords.id, id)).limit(1)
  const [row] = lock ? await query.for('update') : await query
  return ownedBy(row, userId, MSG_RECORD_MISSING)
}

export function rowValues(birth: Required<Omit<BaziBirth, 'longitude'>> & { longitude?: number }) {
  return {
    gender: birth.gender,
    calendar: birth.calendar,
    birthDate: birth.date,
    leapMonth: birth.leap_month,
    city: birth.city,
    longitude: birth.longitude ?? null,
    utcOffset: birth.utc_offset,
    trueSolarTime: birth.true_solar_time,
    ziHour: birth.zi_hour
  }
}
