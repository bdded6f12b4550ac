import { z } from 'zod'

import type { BaziBirth, StoredBirth } from '../../../contract'
import { type BaziChart, baziChart, type BaziInput } from '../../../src/metaphysics/bazi'
import { MetaphysicsError } from '../../../src/metaphysics/errors'
import { isTimeZone } from '../../../src/metaphysics/time/time-zone'
import { AppError } from '../../core/envelope'
import { idParam, optional, text } from '../../core/validate'

/** true/false as JSON booleans, 1/0, or their string forms (a GET query). */
const flag = () =>
  z.preprocess((v) => {
    if (v === '' || v === null || v === undefined) return undefined
    if (v === 1 || v === '1' || v === 'true') return true
    if (v === 0 || v === '0' || v === 'false') return false
    return v
  }, z.boolean().optional())

const number = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v),
    z.number().min(min).max(max)
  )

/**
 * An IANA zone name that this Node's tz database knows (tried with Intl.DateTimeFormat, which also
 * takes the links zone.tab's names may be, e.g. Asia/Calcutta).
 */
const timeZone = () =>
  optional(
    z
      .string()
      .trim()
      .max(64)
      .refine((v) => isTimeZone(v), { message: '出生地时区无效：应为 IANA 时区名，如 Asia/Shanghai、America/New_York' })
  )

/** The birth fields of a request; what the engine checks beyond their shape it reports itself. */
export const birthFields = {
  gender: z.enum(['male', 'female']),
  date: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
  calendar: optional(z.enum(['solar', 'lunar'])),
  leap_month: flag(),
  city: optional(text(32)),
  longitude: optional(number(-180, 180)),
  utc_offset: optional(number(-12, 14)),
  time_zone: timeZone(),
  true_solar_time: flag(),
  zi_hour: optional(z.enum(['next-day', 'same-day']))
}
export const birthSchema = z.object(birthFields)

/** A chart's source: a saved record or a raw birth (one of them). */
export const chartSourceSchema = z
  .object({ record_id: optional(idParam()), birth: optional(birthSchema) })
  .refine((v) => v.record_id !== undefined || v.birth !== undefined, {
    message: '请提供档案或出生信息',
    path: ['birth']
  })

/** Every field filled in, as stored and returned. */
export function normalizeBirth(b: z.output<typeof birthSchema>): StoredBirth {
  const calendar = b.calendar ?? 'solar'
  if (b.true_solar_time && b.longitude === undefined) throw new AppError('开启真太阳时需要选择出生地')
  return {
    gender: b.gender,
    date: b.date,
    calendar,
    leap_month: calendar === 'lunar' && b.leap_month === true,
    city: b.city ?? '',
    ...(b.longitude !== undefined ? { longitude: b.longitude } : {}),
    utc_offset: b.utc_offset ?? 8,
    ...(b.time_zone ? { time_zone: b.time_zone } : {}),
    true_solar_time: b.true_solar_time === true && b.longitude !== undefined,
    zi_hour: b.zi_hour ?? 'next-day'
  }
}

export function toEngineInput(b: BaziBirth): BaziInput {
  return {
    date: b.date,
    gender: b.gender,
    calendar: b.calendar ?? 'solar',
    leapMonth: b.calendar === 'lunar' && b.leap_month === true,
    ...(b.longitude !== undefined && b.longitude !== null ? { longitude: b.longitude } : {}),
    utcOffset: b.utc_offset ?? 8,
    ...(b.time_zone ? { timeZone: b.time_zone } : {}),
    trueSolarTime: b.true_solar_time === true && b.longitude !== undefined && b.longitude !== null,
    ziHour: b.zi_hour ?? 'next-day'
  }
}

/**
 * The engine's chart; an impossible birth (a 30th of February, a missing leap month) is code 0 with the engine's
 * reason.
 */
export function chartOf(b: BaziBirth): BaziChart {
  try {
    return baziChart(toEngineInput(b))
  } catch (e) {
    if (e instanceof MetaphysicsError) throw new AppError(`出生信息有误: ${e.message}`)
    throw e
  }
}

export const pillarsOf = (chart: BaziChart): string[] => [
  chart.pillars.year.ganZhi,
  chart.pillars.month.ganZhi,
  chart.pillars.day.ganZhi,
  chart.pillars.hour.ganZhi
]
