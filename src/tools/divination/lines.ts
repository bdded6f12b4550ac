import type { CastValue } from '@/metaphysics/hexagram'

/** The four kinds of cast line by their value (《火珠林》 coin reading: 背 counts 3, 字 counts 2). */
export const LINE_KINDS: Record<CastValue, { name: string; mark: string; yang: boolean; moving: boolean }> = {
  6: { name: '老阴', mark: '×', yang: false, moving: true },
  7: { name: '少阳', mark: '', yang: true, moving: false },
  8: { name: '少阴', mark: '', yang: false, moving: false },
  9: { name: '老阳', mark: '○', yang: true, moving: true }
}

/** The order hand entry offers the kinds in. */
export const CAST_VALUES: readonly CastValue[] = [7, 8, 9, 6]

/** Line names bottom to top. */
export const LINE_POSITIONS = ['初爻', '二爻', '三爻', '四爻', '五爻', '上爻']
