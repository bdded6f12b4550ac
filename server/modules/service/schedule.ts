/**
 * Teachers take bookings at fixed hours, China time (UTC+8, no daylight saving), over the coming
 * days. Slots are rows created on demand from this schedule, so a booking locks a real row.
 */
export const SLOT_HOURS: [number, number][] = [
  [10, 0],
  [14, 0],
  [16, 0],
  [19, 30]
]
export const BOOKING_DAYS = 7
const CHINA_OFFSET_MS = 8 * 3600 * 1000
/** A slot must start at least this long after booking, so the teacher can prepare. */
export const LEAD_MS = 2 * 3600 * 1000

/** The slot start times from tomorrow (China date) for BOOKING_DAYS days. */
export function upcomingSlotTimes(now: Date): Date[] {
  const local = new Date(now.getTime() + CHINA_OFFSET_MS)
  const times: Date[] = []
  for (let day = 1; day <= BOOKING_DAYS; day++) {
    for (const [h, m] of SLOT_HOURS) {
      const utc = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + day, h, m) - CHINA_OFFSET_MS
      times.push(new Date(utc))
    }
  }
  return times
}
