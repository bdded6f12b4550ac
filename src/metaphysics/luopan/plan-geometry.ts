import { MetaphysicsError } from '../errors'
import { type TrigramName, TRIGRAMS } from '../hexagram'
import { mountainAt, MOUNTAINS, normaliseDegrees } from './mountains'

/**
 * Geometry of a 立极 overlay on a floor-plan image. Image coordinates: x to the right, y downwards.
 * An "image angle" is measured clockwise from the image's up direction; a "bearing" is a compass
 * bearing clockwise from north. `rotation` is the image angle the house's facing (向) points to
 * (default 180: the front of the house is drawn at the bottom of the plan).
 */
export interface Point {
  x: number
  y: number
}

export interface PlanInput {
  center: Point
  /** compass bearing of the facing (向), e.g. 180 for a house facing south */
  facingDegrees: number
  rotation?: number
  width: number
  height: number
  mode: '8' | '9' | '24'
}

export interface PlanCell {
  /** trigram for 8 / 9 modes, mountain for 24 mode, 中 for the centre palace */
  label: string
  trigram: TrigramName | null
  /** Luo Shu palace number (1..9), only in the 9 mode */
  palace?: number
  direction: string
  /** centre bearing and, for wedges, the range */
  bearing: number
  startBearing?: number
  endBearing?: number
  polygon: Point[]
  labelPoint: Point
}

export interface PlanRay {
  bearing: number
  imageAngle: number
  from: Point
  to: Point
}

export interface PlanSectors {
  mode: PlanInput['mode']
  /** image angle of north */
  northAngle: number
  facingAngle: number
  cells: PlanCell[]
  /** boundary lines of the wedges (8 and 24 modes) */
  rays: PlanRay[]
}

const RAD = Math.PI / 180
const round = (n: number): number => Math.round(n * 100) / 100
const pt = (x: number, y: number): Point => ({ x: round(x), y: round(y) })

function along(c: Point, angle: number, r: number): Point {
  return pt(c.x + r * Math.sin(angle * RAD), c.y - r * Math.cos(angle * RAD))
}

function imageAngleOf(c: Point, p: Point): number {
  return normaliseDegrees(Math.atan2(p.x - c.x, c.y - p.y) / RAD)
}

/** Where a ray from c at an image angle leaves the w × h image. */
function hitEdge(c: Point, angle: number, w: number, h: number): Point {
  const dx = Math.sin(angle * RAD)
  const dy = -Math.cos(angle * RAD)
  const ts: number[] = []
  if (Math.abs(dx) > 1e-12) ts.push(((dx > 0 ? w : 0) - c.x) / dx)
  if (Math.abs(dy) > 1e-12) ts.push(((dy > 0 ? h : 0) - c.y) / dy)
  const t = Math.min(...ts.filter((v) => v >= 0))
  return pt(c.x + t * dx, c.y + t * dy)
}

/** A wedge from image angle a (clockwise over span degrees) clipped to the image rectangle. */
function wedge(c: Point, a: number, span: number, w: number, h: number): Point[] {
  const corners = [pt(0, 0), pt(w, 0), pt(w, h), pt(0, h)]
    .map((p) => ({ p, d: (imageAngleOf(c, p) - a + 360) % 360 }))
    .filter((k) => k.d > 0 && k.d < span)
    .sort((m, n) => m.d - n.d)
    .map((k) => k.p)
  return [pt(c.x, c.y), hitEdge(c, a, w, h), ...corners, hitEdge(c, a + span, w, h)]
}

function checkInput(input: PlanInput): Required<PlanInput> {
  const { center, width, height, mode } = input ?? ({} as PlanInput)
  if (!(width > 0) || !(height > 0) || !Number.isFinite(width) || !Number.isFinite(height))
    throw new MetaphysicsError('户型图的宽和高必须是正数')
  if (!center || !Number.isFinite(center.x) || !Number.isFinite(center.y))
    throw new MetaphysicsError('请先标出房屋中心点')
  if (center.x <= 0 || center.y <= 0 || center.x >= width || center.y >= height)
    throw new MetaphysicsError('中心点必须在户型图内')
  if (mode !== '8' && mode !== '9' && mode !== '24')
    throw new MetaphysicsError('分区方式只能是 8（八方）、9（九宫）或 24（二十四山）')
  return {
    ...input,
    facingDegrees: normaliseDegrees(input.facingDegrees),
    rotation: normaliseDegrees(input.rotation ?? 180)
  }
}

const trigramAtBearing = (bearing: number) =>
  TRIGRAMS.find((t) => t.name === mountainAt(bearing).trigram) ?? TRIGRAMS[0]

function wedges(
  p: Required<PlanInput>,
  north: number,
  span: number,
  first: number
): { cells: PlanCell[]; rays: PlanRay[] } {
  const count = 360 / span
  const reach = Math.hypot(p.width, p.height) / 4
  const cells: PlanCell[] = []
  const rays: PlanRay[] = []
  for (let i = 0; i < count; i++) {
    const startBearing = normaliseDegrees(first + i * span)
    const bearing = normaliseDegrees(startBearing + span / 2)
    const a = normaliseDegrees(north + startBearing)
    const t = trigramAtBearing(bearing)
    const label = span === 15 ? mountainAt(bearing).name : t.name
    cells.push({
      label,
      trigram: t.name,
      direction: t.direction,
      bearing,
      startBearing,
      endBearing: normaliseDegrees(startBearing + span),
      polygon: wedge(p.center, a, span, p.width, p.height),
      labelPoint: along(p.center, a + span / 2, reach)
    })
    rays.push({
      bearing: startBearing,
      imageAngle: a,
      from: pt(p.center.x, p.center.y),
      to: hitEdge(p.center, a, p.width, p.height)
    })
  }
  return { cells, rays }
}

/**
 * 九宫 grid turned to the facing: the front row lies toward the facing. Its size is the image's
 * (width across × height deep when the facing is drawn up or down, swapped when drawn left or right),
 * so an upright plan is cut into equal thirds. Each outer cell is named by the direction it lies in
 * from the centre, counted in 45° steps from the facing.
 */
function ninePalaces(p: Required<PlanInput>): PlanCell[] {
  const sideways = Math.round(p.rotation / 90) % 2 === 1
  const across = (sideways ? p.height : p.width) / 3
  const deep = (sideways ? p.width : p.height) / 3
  const f = p.rotation
  const toImage = (u: number, v: number): Point =>
    pt(
      p.center.x + v * Math.sin(f * RAD) + u * Math.sin((f + 90) * RAD),
      p.center.y - v * Math.cos(f * RAD) - u * Math.cos((f + 90) * RAD)
    )
  const cells: PlanCell[] = []
  for (const row of [1, 0, -1]) {
    for (const col of [-1, 0, 1]) {
      const u = col * across
      const v = row * deep
      const polygon = [
        [-0.5, -0.5],
        [0.5, -0.5],
        [0.5, 0.5],
        [-0.5, 0.5]
      ].map(([du, dv]) => toImage(u + du * across, v + dv * deep))
      if (row === 0 && col === 0) {
        cells.push({
          label: '中',
          trigram: null,
          palace: 5,
          direction: '中',
          bearing: 0,
          polygon,
          labelPoint: toImage(0, 0)
        })
        continue
      }
      const bearing = normaliseDegrees(p.facingDegrees + normaliseDegrees(Math.atan2(col, row) / RAD))
      const t = trigramAtBearing(bearing)
      cells.push({
        label: t.name,
        trigram: t.name,
        palace: t.luoShu,
        direction: t.direction,
        bearing,
        polygon,
        labelPoint: toImage(u, v)
      })
    }
  }
  return cells
}

/** Sectors (8 × 45°), nine palaces or the 24 mountains (24 × 15°) of a plan, ready to draw. */
export function planSectors(input: PlanInput): PlanSectors {
  const p = checkInput(input)
  const north = normaliseDegrees(p.rotation - p.facingDegrees)
  const base = { mode: p.mode, northAngle: north, facingAngle: p.rotation }
  if (p.mode === '9') return { ...base, cells: ninePalaces(p), rays: [] }
  if (p.mode === '8') return { ...base, ...wedges(p, north, 45, 337.5) }
  return { ...base, ...wedges(p, north, 15, MOUNTAINS[0].start) }
}
