import { eq } from 'drizzle-orm'

import type { BaziRecord, StoredBirth } from '../../../contract'
import { zoneOfPlace } from '../../../src/metaphysics/time/cities'
import { ownedBy } from '../../core/envelope'
import type { Executor } from '../../db/database'
import { baziRecords } from '../../db/schema'

export type RecordRow = typeof baziRecords.$inferSelect

export const MSG_RECORD_MISSING = '档案不存在或已删除'

/**
 * A stored birth. The table has no zone column: the zone comes back from the stored city when it is
 * one of the engine's cities with the stored offset (a record whose offset was set by hand keeps the
 * fixed-offset reading).
 */
export function birthOfRow(r: RecordRow): BaziRecord['birth'] {
  const timeZone = zoneOfPlace(r.city, r.utcOffset)
  return {
    gender: r.gender,
    date: r.birthDate,
    calendar: r.calendar,
    leap_month: r.leapMonth,
    city: r.city,
    ...(r.longitude !== null ? { longitude: r.longitude } : {}),
    utc_offset: r.utcOffset,
    ...(timeZone ? { time_zone: timeZone } : {}),
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

/** The columns of a birth (its time_zone is not stored: birthOfRow derives it from the city). */
export function rowValues(birth: StoredBirth) {
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
