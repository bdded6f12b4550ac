/**
 * Teachers take bookings at the hours of their weekly template (China time, UTC+8, no daylight
 * saving) over the coming days, less their days off, plus their one-off extra hours. Slots are rows
 * created on demand from this schedule, so a booking locks a real row.
 */
export const BOOKING_DAYS = 7
const CHINA_OFFSET_MS = 8 * 3600 * 1000
/** A slot must start at least this long after booking, so the teacher can prepare. */
export const LEAD_MS = 2 * 3600 * 1000

export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/
export const CHINA_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/

export interface TeacherSchedule {
  /** Monday first: 'HH:MM' start times for each weekday. */
  weeklySlots: string[][]
  /** 'YYYY-MM-DD' */
  daysOff: string[]
  /** 'YYYY-MM-DD HH:MM' */
  extraSlots: string[]
}

/** The instant of a China date and time of day. */
export function chinaInstant(date: string, time: string): Date {
  const [y, mo, d] = date.split('-').map(Number)
  const [h, mi] = time.split(':').map(Number)
  return new Date(Date.UTC(y, mo - 1, d, h, mi) - CHINA_OFFSET_MS)
}

const pad = (n: number) => String(n).padStart(2, '0')

/** The bookable start times from tomorrow (China date) for BOOKING_DAYS days, in order. */
export function upcomingSlotTimes(schedule: TeacherSchedule, now: Date): Date[] {
  const local = new Date(now.getTime() + CHINA_OFFSET_MS)
  const off = new Set(schedule.daysOff)
  const days: string[] = []
  const times = new Map<number, Date>()
  for (let day = 1; day <= BOOKING_DAYS; day++) {
    const d = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + day))
    const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`
    days.push(date)
    if (off.has(date)) continue
    // getUTCDay: 0 is Sunday; the template starts on Monday.
    for (const time of schedule.weeklySlots[(d.getUTCDay() + 6) % 7] ?? []) {
      const at = chinaInstant(date, time)
      times.set(at.getTime(), at)
    }
  }
  for (const extra of schedule.extraSlots) {
    const [date, time] = extra.split(' ')
    if (!days.includes(date)) continue
    const at = chinaInstant(date, time)
    times.set(at.getTime(), at)
  }
  return [...times.values()].sort((a, b) => a.getTime() - b.getTime())
}

/** Whether the schedule offers this start time on its day (an extra hour counts even on a day off). */
export function offersHour(schedule: TeacherSchedule, at: Date): boolean {
  const local = new Date(at.getTime() + CHINA_OFFSET_MS)
  const date = `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`
  const time = `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`
  if (schedule.extraSlots.includes(`${date} ${time}`)) return true
  if (schedule.daysOff.includes(date)) return false
  return (schedule.weeklySlots[(local.getUTCDay() + 6) % 7] ?? []).includes(time)
}
