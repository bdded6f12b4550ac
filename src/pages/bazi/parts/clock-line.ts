import { type ZoneOffset, zoneText } from '@/metaphysics/time'
import type { BirthForm } from '@/pages/bazi/chart-query'

import { longitudeText } from './CityPicker'

interface Clock {
  local: string
  beijing: string
  trueSolarTime: boolean
  dstMinutes: number
  zone?: ZoneOffset
}

/**
 * The clock a plate assumed, in one line: the time its hour is read from (真太阳时 or 北京时间), whether summer time
 * was taken off, and the place with its zone: '真太阳时 1990-07-04 10:20（已扣夏令时） 纽约 UTC-4（夏令时） 西经74.01°'.
 */
export function clockLine(clock: Clock, form: BirthForm): string {
  const where = form.city && clock.zone ? zoneText(clock.zone, form.city) : form.city
  const place = form.city ? `${where} ${longitudeText(form.longitude ?? 0)}` : '未选出生地'
  const time = clock.trueSolarTime ? `真太阳时 ${clock.local}` : `北京时间 ${clock.beijing}`
  return `${time}${clock.dstMinutes ? '（已扣夏令时）' : ''}\u3000${place}`
}
