import type { Font } from 'fontkit'

import { outlineSvgText } from '../../scripts/lib/outline-svg-text'

/**
 * A font of 1000 units to the em whose every glyph is a 500 x 1000 box advancing 500: where each glyph
 * lands in the picture is then plain to compute.
 */
const BOX: Font = {
  unitsPerEm: 1000,
  layout: (text) => ({
    glyphs: [...text].map(() => ({
      path: {
        commands: [
          { command: 'moveTo', args: [0, 0] },
          { command: 'lineTo', args: [500, 0] },
          { command: 'lineTo', args: [500, 1000] },
          { command: 'closePath', args: [] }
        ]
      }
    })),
    positions: [...text].map(() => ({ xAdvance: 500, xOffset: 0, yOffset: 0 }))
  })
}

/** The path's glyphs as lists of absolute points (the test font's paths use M, m, l and z alone). */
function glyphs(out: string): number[][][] {
  const d = / d="([^"]+)"/.exec(out)?.[1] ?? ''
  const shapes: number[][][] = []
  let pen = [0, 0]
  for (const [, letter, args] of d.matchAll(/([MmLlZz])([^MmLlZz]*)/g)) {
    const [dx, dy] = (args.match(/-?\d*\.?\d+/g) ?? []).map(Number)
    if (/z/i.test(letter)) continue
    pen = letter === 'M' || letter === 'L' ? [dx, dy] : [pen[0] + dx, pen[1] + dy]
    if (/m/i.test(letter)) shapes.push([])
    shapes[shapes.length - 1].push(pen)
  }
  return shapes
}

const svg = (text: string) => `<svg xmlns="http://www.w3.org/2000/svg">${text}<rect width="1"/></svg>`

test('each glyph is placed at the pen, the font scaled to font-size, y pointing down', () => {
  const out = outlineSvgText(svg('<text x="10" y="100" font-size="20" fill="#fff">命理</text>'), BOX)
  expect(out).toMatch(/^<svg [^>]*><path fill="#fff" d="[^"]+"\/><rect width="1"\/><\/svg>$/)
  expect(glyphs(out)).toEqual([
    [
      [10, 100],
      [20, 100],
      [20, 80]
    ],
    [
      [20, 100],
      [30, 100],
      [30, 80]
    ]
  ])
})

test('text-anchor middle centres the line on x; opacity and synthetic bold are kept', () => {
  const text =
    '<text x="100" y="50" text-anchor="middle" font-size="32" font-weight="bold" fill="#d9480f" ' +
    'fill-opacity=".9">立即体验</text>'
  const out = outlineSvgText(svg(text), BOX)
  // Four glyphs of 16 wide: 64 in all, from 68 to 132.
  expect(glyphs(out).map((g) => g[0][0])).toEqual([68, 84, 100, 116])
  expect(glyphs(out)[3]).toEqual([
    [116, 50],
    [132, 50],
    [132, 18]
  ])
  expect(out).toContain('fill="#d9480f" fill-opacity=".9" stroke="#d9480f" stroke-width="1" ')
  expect(out).toContain('stroke-opacity=".9"')
  expect(out).not.toContain('<text')
})

test('entities are read as the characters they stand for, and a text without a size is refused', () => {
  const out = outlineSvgText(svg('<text font-size="10">a&amp;b</text>'), BOX)
  expect(glyphs(out)).toHaveLength(3)
  expect(() => outlineSvgText(svg('<text x="1">字</text>'), BOX)).toThrow('no font-size')
})
