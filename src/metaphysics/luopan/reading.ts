import { trigramByName, type TrigramName } from '../hexagram'
import { type FenJin, fenJinAt } from './fenjin'
import { mountainAt, normaliseDegrees, oppositeMountain, type YuanLong } from './mountains'

export interface LuopanReading {
  /** the bearing normalised to 0 <= degrees < 360 */
  degrees: number
  mountain: { name: string; start: number; end: number; yuan: YuanLong; yang: boolean }
  trigram: { name: TrigramName; symbol: string; direction: string }
  /** 120 分金 */
  fenJin: FenJin
  /** the mountain 180° across: the 向 when this bearing is the 坐, and the other way round */
  opposite: string
  /** degrees from the centre line of the mountain (negative = counter-clockwise side), for 兼向 */
  offsetFromCenter: number
}

/** A compass bearing read on the 正针 ring: mountain, trigram and 分金. */
export function luopanReading(degrees: number): LuopanReading {
  const d = normaliseDegrees(degrees)
  const m = mountainAt(d)
  const t = trigramByName(m.trigram)
  const offset = ((d - m.center + 540) % 360) - 180
  return {
    degrees: d,
    mountain: { name: m.name, start: m.start, end: m.end, yuan: m.yuan, yang: m.yang },
    trigram: { name: t.name, symbol: t.symbol, direction: t.direction },
    fenJin: fenJinAt(d),
    opposite: oppositeMountain(m).name,
    offsetFromCenter: Math.round(offset * 1000) / 1000
  }
}
