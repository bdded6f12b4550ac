/** The part of fontkit (which ships no types) that scripts/lib/outline-svg-text.ts uses. */
declare module 'fontkit' {
  export interface PathCommand {
    command: 'moveTo' | 'lineTo' | 'quadraticCurveTo' | 'bezierCurveTo' | 'closePath'
    args: number[]
  }
  export interface Glyph {
    path: { commands: PathCommand[] }
  }
  export interface GlyphPosition {
    xAdvance: number
    xOffset: number
    yOffset: number
  }
  export interface Font {
    unitsPerEm: number
    layout(text: string): { glyphs: Glyph[]; positions: GlyphPosition[] }
  }
  export function openSync(path: string, postscriptName?: string): Font
}
