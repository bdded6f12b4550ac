import type { BaziBirth, BaziRecord } from '@contract'
import { ZIWEI } from '@contract/routes'

import { type BirthForm, formToQuery, plateUrl, queryString, queryToForm } from '@/pages/bazi/chart-query'

/** The API's birth fields of a birth form. */
export function formToBirth(form: BirthForm): BaziBirth {
  return {
    gender: form.gender,
    date: form.date,
    calendar: form.calendar,
    leap_month: form.calendar === 'lunar' && form.leapMonth,
    city: form.city,
    ...(form.longitude !== undefined ? { longitude: form.longitude } : {}),
    utc_offset: form.utcOffset,
    ...(form.timeZone ? { time_zone: form.timeZone } : {}),
    true_solar_time: form.trueSolarTime && form.longitude !== undefined,
    zi_hour: form.ziHour
  }
}

/** A saved record as the birth form the chart pages read from their query. */
export function recordToForm(record: { name: string; birth: BaziBirth }): BirthForm {
  const b = record.birth
  return {
    name: record.name,
    gender: b.gender,
    calendar: b.calendar ?? 'solar',
    date: b.date,
    leapMonth: !!b.leap_month,
    city: b.city ?? '',
    longitude: b.longitude,
    utcOffset: b.utc_offset ?? 8,
    ...(b.time_zone ? { timeZone: b.time_zone } : {}),
    trueSolarTime: !!b.true_solar_time,
    ziHour: b.zi_hour ?? 'next-day'
  }
}

/** A saved record's chart: its birth, and its id so the chart knows it is saved and offers the report. */
export const recordPlateUrl = (record: Pick<BaziRecord, 'id' | 'name' | 'birth'>): string =>
  `${plateUrl(recordToForm(record))}&record_id=${record.id}`
/** A saved record's 紫微斗数 plate: the record keeps the birth, the plate is drawn from it. */
export const recordZiweiUrl = (record: Pick<BaziRecord, 'name' | 'birth'>): string =>
  `/${ZIWEI}?${queryString(formToQuery(recordToForm(record)))}`

/**
 * Where a chart page's data comes from: `record_id=` in its query (a saved record), else the birth
 * in the query (the same keys as the plate page).
 */
export function chartSourceOf(
  params: Record<string, string | undefined>
): { record_id?: number; birth?: BaziBirth; name: string } | null {
  const id = Number(params.record_id)
  if (Number.isInteger(id) && id > 0) return { record_id: id, name: '' }
  if (!params.date) return null
  const form = queryToForm(params)
  return { birth: formToBirth(form), name: form.name }
}

/** A page url carrying the same chart as the given page query. */
export function withChart(route: string, params: Record<string, string | undefined>): string {
  const id = Number(params.record_id)
  if (Number.isInteger(id) && id > 0) return `${route}?record_id=${id}`
  return `${route}?${queryString(formToQuery(queryToForm(params)))}`
}
