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

/** An annular sector from `from` to `to` degrees (clockwise) between radii r1 < r2. */
function sector(from: number, to: number, r1: number, r2: number, fill: string): string {
  const [ax, ay] = point(from, r2)
  const [bx, by] = point(to, r2)
  const [cx, cy] = point(to, r1)
  const [dx, dy] = point(from, r1)
  return (
    `<path d="M${ax} ${ay}A${r2} ${r2} 0 0 1 ${bx} ${by}L${cx} ${cy}A${r1} ${r1} 0 0 0 ${dx} ${dy}Z" ` +
    `fill="${fill}"/>`
  )
}

const radial = (deg: number, r1: number, r2: number, width = 1, color = COLOR.ink) => {
  const [ax, ay] = point(deg, r1)
  const [bx, by] = point(deg, r2)
  return `<line x1="${ax}" y1="${ay}" x2="${bx}" y2="${by}" stroke="${color}" stroke-width="${width}"/>`
}

/** Text standing on the ring at `deg`, its baseline centred `r` from the centre. */
const label = (deg: number, r: number, text: string, size: number, color: string, weight = 'normal') =>
  `<text transform="rotate(${f1(deg)}) translate(0 ${-r})" font-size="${size}" fill="${color}" ` +
  `font-weight="${weight}" text-anchor="middle" dominant-baseline="central">${text}</text>`

const circle = (r: number, fill: string, stroke = COLOR.ink, width = 1.5) =>
  `<circle r="${r}" fill="${fill}" stroke="${stroke}" stroke-width="${width}"/>`

function fenJinRing(): string {
  const parts: string[] = []
  for (let i = 0; i < 120; i++) {
    const start = 337.5 + i * 3
    const cell = fenJinAt(start + 1.5)
    // Each mountain's five cells share a shade; the two 旺相 cells of each, the ones used, are inked red.
    const shade = Math.floor(i / 5) % 2 === 0 ? COLOR.paper : COLOR.paperAlt
    parts.push(sector(start, start + 3, R.fenJin, R.rim, shade))
    parts.push(radial(start, R.fenJin, R.rim, i % 5 === 0 ? 1.2 : 0.4))
    const ink = cell.grade === '旺相' ? COLOR.yang : COLOR.ink
    parts.push(label(start + 1.5, 289, cell.ganZhi[0], 12, ink))
    parts.push(label(start + 1.5, 274, cell.ganZhi[1], 12, ink))
  }
  return parts.join('')
}

function mountainRing(): string {
  return MOUNTAINS.map((m) => {
    const shade = Math.floor(m.index / 3) % 2 === 0 ? COLOR.paper : COLOR.paperAlt
    return (
      sector(m.start, m.start + 15, R.mountains, R.fenJin, shade) +
      radial(m.start, R.mountains, R.fenJin, m.index % 3 === 0 ? 2 : 1) +
      label(m.center, 243, m.name, 25, m.yang ? COLOR.yang : COLOR.ink, 'bold')
    )
  }).join('')
}

function degreeRing(): string {
  const parts = [circle(R.mountains, '#FFFFFF')]
  for (let d = 0; d < 360; d++) {
    const length = d % 10 === 0 ? 10 : d % 5 === 0 ? 7 : 4
    parts.push(radial(d, R.mountains - length, R.mountains, d % 5 === 0 ? 1 : 0.5))
  }
  for (let d = 0; d < 360; d += 30) parts.push(label(d, 204, String(d), 11, d === 0 ? COLOR.yang : COLOR.ink))
  return parts.join('')
}

/** A trigram's three bars, 初爻 innermost; a yin bar is split in the middle. */
function trigramBars(bearing: number, lines: readonly number[]): string {
  return lines
    .map((yang, i) => {
      const r = 162 + i * 11
      const bar = (x: number, w: number) =>
        `<rect transform="rotate(${bearing}) translate(0 ${-r})" x="${x}" y="-3" width="${w}" height="6" ` +
        `fill="${COLOR.gold}"/>`
      return yang ? bar(-20, 40) : bar(-20, 17) + bar(3, 17)
    })
    .join('')
}

function baguaRing(): string {
  const parts = [circle(R.degrees, COLOR.plate)]
  for (const t of TRIGRAMS) {
    parts.push(trigramBars(t.bearing, t.lines))
    parts.push(label(t.bearing, 146, t.name, 16, COLOR.gold))
    parts.push(radial(t.bearing + 22.5, R.bagua, R.degrees, 1, COLOR.gold))
  }
  return parts.join('')
}

function centre(): string {
  return (
    circle(R.bagua, '#FFFDF7') +
    label(0, 112, '北', 18, COLOR.yang, 'bold') +
    label(180, 112, '南', 18, COLOR.ink) +
    label(90, 112, '东', 18, COLOR.ink) +
    label(270, 112, '西', 18, COLOR.ink) +
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
