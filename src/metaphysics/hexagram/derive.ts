import { MetaphysicsError } from '../errors'
import { type Hexagram, hexagramOfLines } from './hexagram'

/**
 * A cast line: 6 老阴 (moving yin), 7 少阳, 8 少阴, 9 老阳 (moving yang) — the 大衍筮法 / coin values.
 * Lines may instead be given as 0 (yin) / 1 (yang) with the moving positions listed separately.
 */
export type CastValue = 6 | 7 | 8 | 9

export interface CastLine {
  /** 1..6 from the bottom */
  position: number
  yang: boolean
  moving: boolean
}

export interface HexagramReading {
  lines: CastLine[]
  /** 本卦 */
  benGua: Hexagram
  /** 变卦: the moving lines changed; null when nothing moves */
  bianGua: Hexagram | null
  /** 互卦: lines 2-4 as lower, 3-5 as upper trigram of the 本卦 */
  huGua: Hexagram
  /** 错卦: every line inverted */
  cuoGua: Hexagram
  /** 综卦: the 本卦 turned upside down */
  zongGua: Hexagram
  /** 1-based positions of the moving lines */
  movingLines: number[]
}

function toCastLines(values: readonly number[], moving?: readonly number[]): CastLine[] {
  if (!Array.isArray(values) || values.length !== 6) throw new MetaphysicsError('需要自下而上的六个爻')
  const casted = values.every((v) => v === 6 || v === 7 || v === 8 || v === 9)
  const binary = values.every((v) => v === 0 || v === 1)
  if (!casted && !binary) throw new MetaphysicsError('爻值只能全部为 6、7、8、9，或全部为 0、1')
  if (casted) {
    if (moving && moving.length) throw new MetaphysicsError('用 6/7/8/9 表示爻时已含动爻，不要再另给动爻')
    return values.map((v, i) => ({ position: i + 1, yang: v === 7 || v === 9, moving: v === 6 || v === 9 }))
  }
  const movingSet = new Set(moving ?? [])
  for (const p of movingSet) {
    if (!Number.isInteger(p) || p < 1 || p > 6) throw new MetaphysicsError('动爻位置必须是 1 到 6')
  }
  return values.map((v, i) => ({ position: i + 1, yang: v === 1, moving: movingSet.has(i + 1) }))
}

/**
 * 本卦, 变卦, 互卦, 错卦, 综卦 of a cast.
 * @param lines six values bottom to top: 6/7/8/9, or 0/1 together with `moving`
 * @param moving 1-based positions of moving lines, only with 0/1 lines
 */
export function hexagram(lines: readonly number[], moving?: readonly number[]): HexagramReading {
  const cast = toCastLines(lines, moving)
  const ben = cast.map((l) => (l.yang ? 1 : 0))
  const movingLines = cast.filter((l) => l.moving).map((l) => l.position)
  const bian = cast.map((l) => (l.yang !== l.moving ? 1 : 0))
  return {
    lines: cast,
    benGua: hexagramOfLines(ben),
    bianGua: movingLines.length ? hexagramOfLines(bian) : null,
    huGua: hexagramOfLines([ben[1], ben[2], ben[3], ben[2], ben[3], ben[4]]),
    cuoGua: hexagramOfLines(ben.map((v) => 1 - v)),
    zongGua: hexagramOfLines(ben.slice().reverse()),
    movingLines
  }
}
