import { TRIGRAMS } from '@/metaphysics/hexagram'
import { fenJinAt, MOUNTAINS } from '@/metaphysics/luopan'

/**
 * The turning plate (天盘) of the luopan as one SVG, north up, centre at (0,0), radius 300:
 * from the rim inwards 一百二十分金, 二十四山 (阳 red, 阴 black), the 360° ring, and the 后天八卦
 * with the 初爻 nearest the centre, as a luopan's rings are read.
 */
const R = { rim: 300, fenJin: 262, mountains: 222, degrees: 198, bagua: 136 }
const COLOR = {
  ink: '#2B2B2B',
  yang: '#C62828',
  paper: '#FBEFD5',
  paperAlt: '#F5E0B4',
  plate: '#2F2A24',
  gold: '#F2C14E'
}

const f1 = (x: number) => Math.round(x * 10) / 10
const point = (deg: number, r: number) => {
  const a = (deg * Math.PI) / 180
  return [f1(r * Math.sin(a)), f1(-r * Math.cos(a))]
}

/**
 * A ring between radii r1 < r2 in two shades alternating every `step` degrees from `from`: one circle stroked as
 * wide as the ring, and a dashed one over it (a circle's stroke starts at 3 o'clock and runs clockwise).
 */
function shadedRing(r1: number, r2: number, from: number, step: number, shade: string, alternate: string): string {
  const r = (r1 + r2) / 2
  const dash = f1((2 * Math.PI * r * step) / 360)
  const ring = (stroke: string, extra = '') =>
    `<circle r="${r}" fill="none" stroke="${stroke}" stroke-width="${r2 - r1}"${extra}/>`
  return (
    ring(shade) + ring(alternate, ` stroke-dasharray="${dash} ${dash}" transform="rotate(${f1(from + step - 90)})"`)
  )
}

/** Radial strokes of one width and colour as one path: [degrees, r1, r2] each. */
function radials(lines: [number, number, number][], width: number, color = COLOR.ink): string {
  const d = lines
    .map(([deg, r1, r2]) => {
      const [ax, ay] = point(deg, r1)
      const [bx, by] = point(deg, r2)
      return `M${ax} ${ay}L${bx} ${by}`
    })
    .join('')
  return `<path d="${d}" stroke="${color}" stroke-width="${width}"/>`
}

/** Text standing on the ring, each at [degrees, radius, text] (or a colour of its own), centred on that point. */
function labels(items: [number, number, string, string?][], size: number, color: string, weight?: string): string {
  const texts = items
    .map(
      ([deg, r, text, own]) =>
        `<text transform="rotate(${f1(deg)})translate(0 ${-r})"${own && own !== color ? ` fill="${own}"` : ''}>` +
        `${text}</text>`
    )
    .join('')
  return (
    `<g font-size="${size}" fill="${color}"${weight ? ` font-weight="${weight}"` : ''} text-anchor="middle" ` +
    `dominant-baseline="central">${texts}</g>`
  )
}

const circle = (r: number, fill: string, stroke = COLOR.ink, width = 1.5) =>
  `<circle r="${r}" fill="${fill}" stroke="${stroke}" stroke-width="${width}"/>`

const range = (n: number) => Array.from({ length: n }, (_, i) => i)

function fenJinRing(): string {
  const cells = range(120).map((i) => {
    const start = 337.5 + i * 3
    return { i, start, cell: fenJinAt(start + 1.5) }
  })
  // Each mountain's five cells share a shade; the two 旺相 cells of each, the ones used, are inked red.
  const ink = (c: (typeof cells)[number]) => (c.cell.grade === '旺相' ? COLOR.yang : COLOR.ink)
  return (
    shadedRing(R.fenJin, R.rim, 337.5, 15, COLOR.paper, COLOR.paperAlt) +
    radials(
      cells.filter((c) => c.i % 5 === 0).map((c) => [c.start, R.fenJin, R.rim]),
      1.2
    ) +
    radials(
      cells.filter((c) => c.i % 5 !== 0).map((c) => [c.start, R.fenJin, R.rim]),
      0.4
    ) +
    labels(
      cells.flatMap((c) => [
        [c.start + 1.5, 289, c.cell.ganZhi[0], ink(c)],
        [c.start + 1.5, 274, c.cell.ganZhi[1], ink(c)]
      ]),
      12,
      COLOR.ink
    )
  )
}

function mountainRing(): string {
  return (
    shadedRing(R.mountains, R.fenJin, MOUNTAINS[0].start, 45, COLOR.paper, COLOR.paperAlt) +
    radials(
      MOUNTAINS.filter((m) => m.index % 3 === 0).map((m) => [m.start, R.mountains, R.fenJin]),
      2
    ) +
    radials(
      MOUNTAINS.filter((m) => m.index % 3 !== 0).map((m) => [m.start, R.mountains, R.fenJin]),
      1
    ) +
    labels(
      MOUNTAINS.map((m) => [m.center, 243, m.name, m.yang ? COLOR.yang : COLOR.ink]),
      25,
      COLOR.ink,
      'bold'
    )
  )
}

function degreeRing(): string {
  const ticks = range(360).map((d) => [d, R.mountains - (d % 10 === 0 ? 10 : d % 5 === 0 ? 7 : 4), R.mountains])
  return (
    circle(R.mountains, '#FFFFFF') +
    radials(ticks.filter(([d]) => d % 5 === 0) as [number, number, number][], 1) +
    radials(ticks.filter(([d]) => d % 5 !== 0) as [number, number, number][], 0.5) +
    labels(
      range(12).map((i) => [i * 30, 204, String(i * 30), i === 0 ? COLOR.yang : COLOR.ink]),
      11,
      COLOR.ink
    )
  )
}

/** A trigram's three bars, 初爻 innermost; a yin bar is split in the middle. */
function trigramBars(bearing: number, lines: readonly number[]): string {
  const bars = lines
    .map((yang, i) => {
      const bar = (x: number, w: number) => `<rect x="${x}" y="${-162 - i * 11 - 3}" width="${w}" height="6"/>`
      return yang ? bar(-20, 40) : bar(-20, 17) + bar(3, 17)
    })
    .join('')
  return `<g transform="rotate(${bearing})">${bars}</g>`
}

function baguaRing(): string {
  return (
    circle(R.degrees, COLOR.plate) +
    `<g fill="${COLOR.gold}">${TRIGRAMS.map((t) => trigramBars(t.bearing, t.lines)).join('')}</g>` +
    labels(
      TRIGRAMS.map((t) => [t.bearing, 146, t.name]),
      16,
      COLOR.gold
    ) +
    radials(
      TRIGRAMS.map((t) => [t.bearing + 22.5, R.bagua, R.degrees]),
      1,
      COLOR.gold
    )
  )
}

function centre(): string {
  return (
    circle(R.bagua, '#FFFDF7') +
    labels([[0, 112, '北']], 18, COLOR.yang, 'bold') +
    labels(
      [
        [180, 112, '南'],
        [90, 112, '东'],
        [270, 112, '西']
      ],
      18,
      COLOR.ink
    ) +
    circle(8, COLOR.yang, COLOR.yang)
  )
}

/** The whole plate as SVG markup. */
export function luopanPlateSvg(): string {
  const body = [
    circle(R.rim, COLOR.paper, COLOR.ink, 3),
    fenJinRing(),
    mountainRing(),
    degreeRing(),
    baguaRing(),
    centre()
  ].join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-302 -302 604 604" font-family="serif">${body}</svg>`
}

let cached: string | undefined

/** The plate as an image address (a data URI, so it renders on both targets without a file). */
export function luopanPlateImage(): string {
  cached ??= `data:image/svg+xml;charset=utf-8,${encodeURIComponent(luopanPlateSvg())}`
  return cached
}
