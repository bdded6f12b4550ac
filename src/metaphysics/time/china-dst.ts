import type { DateTimeParts } from './datetime'

/**
 * China's daylight saving time, 1986-1991: clocks went forward at 02:00 on the start day and back
 * at 02:00 (daylight time) on the end day. Source: 国务院办公厅《关于在全国范围内实行夏时制的通知》
 * (1986; from 1987 "四月中旬第一个星期日" to "九月中旬第一个星期日"), as recorded in the IANA
 * time zone database (asia, Rule PRC 1986-1991).
 */
const CHINA_DST: ReadonlyArray<
  readonly [year: number, start: readonly [number, number], end: readonly [number, number]]
> = [
  [1986, [5, 4], [9, 14]],
  [1987, [4, 12], [9, 13]],
  [1988, [4, 17], [9, 11]],
  [1989, [4, 16], [9, 17]],
  [1990, [4, 15], [9, 16]],
  [1991, [4, 14], [9, 15]]
]
const SWITCH_HOUR = 2

const clockValue = (month: number, day: number, hour: number, minute: number): number =>
  ((month * 100 + day) * 100 + hour) * 100 + minute

/**
 * Minutes that a Beijing clock reading was ahead of standard time: 60 inside a summer-time window,
 * else 0. The repeated hour 01:00-01:59 of an end day is read as its first (daylight) pass.
 */
export const chinaDstMinutes = (clock: DateTimeParts): number => {
  const rule = CHINA_DST.find(([year]) => year === clock.year)
  if (!rule) return 0
  const [, [sm, sd], [em, ed]] = rule
  const t = clockValue(clock.month, clock.day, clock.hour, clock.minute)
  return t >= clockValue(sm, sd, SWITCH_HOUR, 0) && t < clockValue(em, ed, SWITCH_HOUR, 0) ? 60 : 0
}

export const CHINA_DST_PERIODS = CHINA_DST.map(([year, [sm, sd], [em, ed]]) => ({
  year,
  start: `${year}-${String(sm).padStart(2, '0')}-${String(sd).padStart(2, '0')} 02:00`,
  end: `${year}-${String(em).padStart(2, '0')}-${String(ed).padStart(2, '0')} 02:00`
}))
