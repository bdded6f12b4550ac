import { MetaphysicsError } from '../errors'

/**
 * 三元九运: twenty years per period, 上元一运 from 1864 (甲子), so 八运 2004-2023, 九运 2024-2043,
 * and the cycle starts again with 一运 in 2044. Years are counted from 立春.
 */
const EPOCH = 1864

export interface Period {
  period: number
  yuan: '上元' | '中元' | '下元'
  startYear: number
  endYear: number
}

export function periodOfYear(year: number): Period {
  if (!Number.isInteger(year) || year < 1900 || year > 2100)
    throw new MetaphysicsError('年份须是1900至2100年之间的整数')
  const offset = (((year - EPOCH) % 180) + 180) % 180
  const period = Math.floor(offset / 20) + 1
  const startYear = year - (offset % 20)
  return { period, yuan: period <= 3 ? '上元' : period <= 6 ? '中元' : '下元', startYear, endYear: startYear + 19 }
}
