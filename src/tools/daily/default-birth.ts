import type { BaziRecord } from '@contract'

import type { BirthValue } from '@/components/BirthInput/birth-value'

/** A saved record's birth as the daily tools take it (the longitude only matters with true solar time). */
export function birthOfRecord(r: BaziRecord): BirthValue {
  const b = r.birth
  return {
    date: b.date,
    calendar: b.calendar,
    leapMonth: b.leap_month,
    gender: b.gender,
    utcOffset: b.utc_offset,
    ...(b.time_zone ? { timeZone: b.time_zone } : {}),
    ...(b.true_solar_time && b.longitude !== undefined ? { longitude: b.longitude } : {}),
    ...(b.city ? { place: b.city } : {})
  }
}
