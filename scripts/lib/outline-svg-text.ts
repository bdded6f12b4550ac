import type { Font, PathCommand } from 'fontkit'

/**
 * Replaces each `<text>` of an SVG by the outlines of its glyphs, as one `<path>`: a browser lays out and
 * paints an SVG picture's text with its fonts on the page's main thread (12-52 ms for the home's first
 * banner here, its paths ~2 ms), and a phone without the named font would draw it in another. Reads the
 * attributes our demo pictures use: x, y, font-size, font-weight (bold is drawn as the browsers' synthetic
 * bold, an outline stroke), text-anchor (start or middle), fill and fill-opacity. No library does this
 * for SVG text; fontkit gives the glyphs.
 */
export function outlineSvgText(svg: string, font: Font): string {
  return svg.replace(/<text\b([^>]*)>([^<]*)<\/text>/g, (_, attrs: string, text: string) => {
    const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(attrs)?.[1]
    const size = Number(attr('font-size'))
    const x0 = Number(attr('x') ?? 0)
    const y = Number(attr('y') ?? 0)
    if (!size) throw new Error(`<text>${text}</text> has no font-size`)
    const scale = size / font.unitsPerEm
    const { glyphs, positions } = font.layout(decode(text))
    const width = positions.reduce((sum, p) => sum + p.xAdvance, 0) * scale
    let x = attr('text-anchor') === 'middle' ? x0 - width / 2 : x0
    const d: string[] = []
    glyphs.forEach((glyph, i) => {
      const p = positions[i]
      d.push(pathData(glyph.path.commands, x + p.xOffset * scale, y - p.yOffset * scale, scale))
      x += p.xAdvance * scale
    })
    const fill = attr('fill') ?? '#000'
    const opacity = attr('fill-opacity')
    const paint = [`fill="${fill}"`, opacity && `fill-opacity="${opacity}"`]
    if (attr('font-weight') === 'bold') {
      paint.push(`stroke="${fill}"`, `stroke-width="${num(size / 32)}"`, 'stroke-linejoin="round"')
      if (opacity) paint.push(`stroke-opacity="${opacity}"`)
    }
    return `<path ${paint.filter(Boolean).join(' ')} d="${d.join('')}"/>`
  })
}

/**
 * One glyph's outline, font units (y up) to the picture's (y down) at the pen's position, in relative
 * commands (smaller, once compressed), each taken from the rounded absolute points so no error adds up.
 */
function pathData(commands: PathCommand[], x: number, y: number, scale: number): string {
  const LETTER = { moveTo: 'm', lineTo: 'l', quadraticCurveTo: 'q', bezierCurveTo: 'c', closePath: 'z' }
  let pen = [0, 0]
  let start = [0, 0]
  return commands
    .map(({ command, args }, i) => {
      const points: number[][] = []
      for (let j = 0; j < args.length; j += 2) points.push([round(x + args[j] * scale), round(y - args[j + 1] * scale)])
      // The first move is absolute: the path before it is another glyph's.
      const from = i === 0 ? [0, 0] : pen
      const text = points.map(([px, py]) => `${num(px - from[0])} ${num(py - from[1])}`).join(' ')
      if (points.length) pen = points[points.length - 1]
      if (command === 'moveTo') start = pen
      if (command === 'closePath') pen = start
      return (i === 0 ? 'M' : LETTER[command]) + text
    })
    .join('')
    .replace(/ -/g, '-')
}

/** Tenths of a unit: a banner 750 wide is drawn at ~400 px, so a tenth is far below a pixel. */
function round(value: number): number {
  return Math.round(value * 10) / 10
}

function num(value: number): string {
  return String(round(value)).replace(/^(-?)0\./, '$1.')
}

function decode(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&amp;/g, '&')
}
