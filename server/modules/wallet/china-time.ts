export const DAY_MS = 86_400_000
/** Days and months of the details filter and the daily withdrawal limit are China's (UTC+8, no DST since 1991). */
export const CHINA_OFFSET_MS = 8 * 3_600_000

/** The instant the China day containing `now` began. */
export function chinaDayStart(now: Date): Date {
  const local = now.getTime() + CHINA_OFFSET_MS
  return new Date(local - (local % DAY_MS) - CHINA_OFFSET_MS)
}

/** [start, end) of a China month given as yyyy-mm. */
export function chinaMonthRange(month: string): [Date, Date] {
  const [y, m] = month.split('-').map(Number)
  return [new Date(Date.UTC(y, m - 1, 1) - CHINA_OFFSET_MS), new Date(Date.UTC(y, m, 1) - CHINA_OFFSET_MS)]
}
