import { normaliseDegrees } from '@/metaphysics/luopan/mountains'
import { type PlanSectors, planSectors } from '@/metaphysics/luopan/plan-geometry'

/** Where the overlay sits on a plan shown w × h px: the centre as fractions of the plan, the turn in degrees. */
export interface OverlayPlacement {
  width: number
  height: number
  centerX: number
  centerY: number
  rotation: number
  facingDegrees: number
  mode: '8' | '9' | '24'
}

/** Fractions the centre may take: the engine needs it strictly inside the plan. */
export const CENTER_MIN = 0.01
export const CENTER_MAX = 0.99

export const clampFraction = (f: number): number =>
  Math.min(CENTER_MAX, Math.max(CENTER_MIN, Math.round(f * 1000) / 1000))

/** The sectors in display pixels. */
export function overlaySectors(p: OverlayPlacement): PlanSectors {
  return planSectors({
    center: { x: p.centerX * p.width, y: p.centerY * p.height },
    facingDegrees: p.facingDegrees,
    rotation: p.rotation,
    width: p.width,
    height: p.height,
    mode: p.mode
  })
}

/** A tap at (x, y) inside a box at (left, top) of w × h becomes the centre as fractions of the plan. */
export function tapToCenter(
  x: number,
  y: number,
  box: { left: number; top: number; width: number; height: number }
): { centerX: number; centerY: number } {
  return { centerX: clampFraction((x - box.left) / box.width), centerY: clampFraction((y - box.top) / box.height) }
}

/** The compass bearing drawn at an image angle (clockwise from the plan's up) on the placed overlay. */
export const bearingAtImageAngle = (imageAngle: number, sectors: Pick<PlanSectors, 'northAngle'>): number =>
  normaliseDegrees(imageAngle - sectors.northAngle)

const svgPoints = (poly: { x: number; y: number }[]) => poly.map((q) => `${q.x},${q.y}`).join(' ')

const RAD = Math.PI / 180

/**
 * The overlay's lines and the facing arrow from the 立极 centre as an SVG data URI, drawn over the plan by an Image of
 * the same size.
 */
export function overlaySvg(sectors: PlanSectors, p: OverlayPlacement, highlight?: string): string {
  const cx = Math.round(p.centerX * p.width * 100) / 100
  const cy = Math.round(p.centerY * p.height * 100) / 100
  const cells = sectors.cells
    .map(
      (c) =>
        `<polygon points="${svgPoints(c.polygon)}" fill="` +
        `${c.label === highlight ? 'rgba(245,124,0,0.25)' : 'none'}" stroke="#F57C00" stroke-width="1"/>`
    )
    .join('')
  const reach = Math.min(p.width, p.height) / 4
  const fx = Math.round((cx + reach * Math.sin(sectors.facingAngle * RAD)) * 100) / 100
  const fy = Math.round((cy - reach * Math.cos(sectors.facingAngle * RAD)) * 100) / 100
  const arrow =
    `<line x1="${cx}" y1="${cy}" x2="${fx}" y2="${fy}" stroke="#D32F2F" stroke-width="2"/><circle cx="${fx}" ` +
    `cy="${fy}" r="3" fill="#D32F2F"/>`
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${p.width}" height="${p.height}" viewBox="0 0 ${p.width} ` +
    `${p.height}">${cells}${arrow}</svg>`
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
}
