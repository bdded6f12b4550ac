import { breakLines } from '@contract/line-break'

import type { QrCode } from './qr'

/** The part of the Canvas 2D context the posters use (the same on H5 and in the mini-program). */
export interface PosterContext {
  fillStyle: unknown
  font: string
  textAlign: string
  textBaseline: string
  fillRect(x: number, y: number, w: number, h: number): void
  fillText(text: string, x: number, y: number): void
  measureText(text: string): { width: number }
  beginPath(): void
  arc(x: number, y: number, r: number, start: number, end: number): void
  closePath(): void
  fill(): void
  save(): void
  restore(): void
  clip(): void
  drawImage(image: unknown, x: number, y: number, w: number, h: number): void
  createLinearGradient(
    x0: number,
    y0: number,
    x1: number,
    y1: number
  ): { addColorStop(offset: number, color: string): void }
}

/** The scan target of a poster: the QR of a link, or a loaded mini-program code image. */
export type PosterCode = { qr: QrCode } | { image: unknown }

/**
 * Breaks `text` into lines no wider than `max` px, character by character (Chinese has no spaces), by
 * the Chinese line-breaking rule the report's PDF also uses: no line starts with ，。、）》 and the like,
 * none ends with （《.
 */
export function wrapText(ctx: Pick<PosterContext, 'measureText'>, text: string, max: number): string[] {
  const lines = breakLines(text, (line) => ctx.measureText(line).width, max)
  return lines.filter((l, i) => l !== '' || i < lines.length - 1)
}

/** Side in px of a QR drawn with whole-pixel modules of at least 2 px within about `target` px, quiet zone included. */
export function qrSide(qr: QrCode, target: number, quiet = 8): number {
  return Math.max(2, Math.floor((target - quiet * 2) / qr.size)) * qr.size + quiet * 2
}

/** The QR matrix on a white square at (x, y) of side `side` (see qrSide), leaving a quiet zone. */
export function drawQr(ctx: PosterContext, qr: QrCode, x: number, y: number, side: number, quiet = 8): void {
  const cell = Math.max(2, Math.floor((side - quiet * 2) / qr.size))
  const ox = x + (side - cell * qr.size) / 2
  const oy = y + (side - cell * qr.size) / 2
  ctx.fillStyle = '#FFFFFF'
  ctx.fillRect(x, y, side, side)
  ctx.fillStyle = '#1F1F1F'
  for (let row = 0; row < qr.size; row++) {
    for (let col = 0; col < qr.size; col++)
      if (qr.dark[row][col]) ctx.fillRect(ox + col * cell, oy + row * cell, cell, cell)
  }
}

/** A column of a chart drawn on a poster: 年柱 … 时柱. */
export interface PosterPillar {
  label: string
  /** 十神 of the stem (元男/元女 for the day) */
  god: string
  gan: string
  zhi: string
  ganColor: string
  zhiColor: string
  /** under the branch, e.g. the 纳音 */
  note?: string
}

/** What a poster is made of, top to bottom; the renderer lays it out on a 375 px wide page. */
export type PosterBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'text'; text: string; size?: number; color?: string; bold?: boolean; center?: boolean }
  | { kind: 'quote'; text: string; source: string }
  | { kind: 'pillars'; pillars: PosterPillar[] }
  /** label–value rows, e.g. 喜用 / 忌神 */
  | { kind: 'pairs'; items: Array<{ label: string; value: string; color?: string }> }
  | { kind: 'space'; height: number }

export interface PosterDoc {
  /** e.g. '八字命盘'; drawn after the app's name in the header */
  title: string
  /** under the title, e.g. the person's name */
  subtitle?: string
  blocks: PosterBlock[]
  code: PosterCode
  /** beside the code, e.g. ['长按识别二维码', '查看完整命盘'] */
  caption: string[]
}

export const POSTER_WIDTH = 375
const MARGIN = 20
const PAD = 16
const TEXT_W = POSTER_WIDTH - (MARGIN + PAD) * 2
const LEFT = MARGIN + PAD
const HEADER_H = 92
const QR_TARGET = 132
const FONT = 'sans-serif'

interface Painter {
  ctx: PosterContext
  draw: boolean
}

function text(p: Painter, value: string, x: number, y: number, font: string, color: string, align = 'left'): void {
  if (!p.draw) return
  p.ctx.font = font
  p.ctx.fillStyle = color
  p.ctx.textAlign = align
  p.ctx.fillText(value, x, y)
}

/** Lines of `value` at (LEFT, y); returns the y below them. */
function paragraph(
  p: Painter,
  value: string,
  y: number,
  size: number,
  color: string,
  bold = false,
  center = false
): number {
  const font = `${bold ? 'bold ' : ''}${size}px ${FONT}`
  p.ctx.font = font
  const lineH = Math.round(size * 1.7)
  for (const line of wrapText(p.ctx, value, TEXT_W)) {
    text(p, line, center ? POSTER_WIDTH / 2 : LEFT, y + lineH / 2, font, color, center ? 'center' : 'left')
    y += lineH
  }
  return y
}

function block(p: Painter, b: PosterBlock, y: number): number {
  const { ctx } = p
  switch (b.kind) {
    case 'space':
      return y + b.height
    case 'heading':
      y += 10
      if (p.draw) {
        ctx.fillStyle = '#F57C00'
        ctx.fillRect(LEFT, y + 3, 3, 16)
      }
      text(p, b.text, LEFT + 10, y + 11, `bold 16px ${FONT}`, '#1F1F1F')
      return y + 28
    case 'text':
      return paragraph(p, b.text, y, b.size ?? 14, b.color ?? '#333333', b.bold, b.center) + 2
    case 'quote': {
      ctx.font = `13px ${FONT}`
      const lines = wrapText(ctx, b.text, TEXT_W - 20)
      const h = lines.length * 22 + 34
      if (p.draw) {
        ctx.fillStyle = '#FBF6EE'
        ctx.fillRect(LEFT, y + 4, TEXT_W, h)
        ctx.fillStyle = '#C8A06A'
        ctx.fillRect(LEFT, y + 4, 3, h)
      }
      lines.forEach((line, i) => text(p, line, LEFT + 12, y + 4 + 10 + i * 22 + 11, `13px ${FONT}`, '#5A4632'))
      text(p, `——${b.source}`, LEFT + TEXT_W - 8, y + 4 + h - 12, `12px ${FONT}`, '#A08060', 'right')
      return y + h + 10
    }
    case 'pillars': {
      const colW = TEXT_W / b.pillars.length
      // without 十神 the stems move up into that row
      const top = b.pillars.some((c) => c.god) ? y : y - 20
      b.pillars.forEach((c, i) => {
        const cx = LEFT + colW * i + colW / 2
        text(p, c.label, cx, y + 10, `12px ${FONT}`, '#999999', 'center')
        if (c.god) text(p, c.god, cx, top + 30, `12px ${FONT}`, '#8B4513', 'center')
        text(p, c.gan, cx, top + 60, `bold 28px ${FONT}`, c.ganColor, 'center')
        text(p, c.zhi, cx, top + 96, `bold 28px ${FONT}`, c.zhiColor, 'center')
        if (c.note) text(p, c.note, cx, top + 126, `11px ${FONT}`, '#999999', 'center')
      })
      return top + (b.pillars.some((c) => c.note) ? 142 : 120)
    }
    case 'pairs':
      for (const item of b.items) {
        text(p, item.label, LEFT, y + 12, `13px ${FONT}`, '#999999')
        ctx.font = `14px ${FONT}`
        const lines = wrapText(ctx, item.value, TEXT_W - 64)
        lines.forEach((line, i) => text(p, line, LEFT + 64, y + 12 + i * 22, `14px ${FONT}`, item.color ?? '#333333'))
        y += lines.length * 22 + 4
      }
      return y + 2
  }
}

/**
 * Lays out (and, with `draw`, paints) a poster: the header band, a white card with the blocks, and the
 * code with its caption at the foot. Returns the poster's height in px; call it once without drawing
 * to size the canvas.
 */
export function renderPoster(ctx: PosterContext, doc: PosterDoc, draw: boolean): number {
  const p: Painter = { ctx, draw }
  ctx.textBaseline = 'middle'
  let y = HEADER_H + 14
  const cardTop = HEADER_H - 14
  // measured first (the card behind the blocks needs their height), drawn after the background
  for (const b of doc.blocks) y = block({ ctx, draw: false }, b, y)
  const cardBottom = y + 10
  const side = 'qr' in doc.code ? qrSide(doc.code.qr, QR_TARGET) : QR_TARGET
  const footTop = cardBottom + 16
  const height = footTop + side + 24
  if (!draw) return height

  const bg = ctx.createLinearGradient(0, 0, 0, height)
  bg.addColorStop(0, '#E65100')
  bg.addColorStop(Math.min(0.5, 240 / height), '#FFB74D')
  bg.addColorStop(Math.min(0.6, 400 / height), '#FFF3E0')
  bg.addColorStop(1, '#FFF3E0')
  ctx.fillStyle = bg
  ctx.fillRect(0, 0, POSTER_WIDTH, height)
  text(p, `易学 · ${doc.title}`, POSTER_WIDTH / 2, 34, `bold 22px ${FONT}`, '#FFFFFF', 'center')
  if (doc.subtitle) text(p, doc.subtitle, POSTER_WIDTH / 2, 62, `14px ${FONT}`, '#FFF3E0', 'center')
  ctx.fillStyle = '#FFFFFF'
  ctx.fillRect(MARGIN, cardTop, POSTER_WIDTH - MARGIN * 2, cardBottom - cardTop)
  // second pass: the blocks over the card
  y = HEADER_H + 14
  for (const b of doc.blocks) y = block(p, b, y)

  const codeX = MARGIN
  if ('qr' in doc.code) drawQr(ctx, doc.code.qr, codeX, footTop, side)
  else {
    ctx.fillStyle = '#FFFFFF'
    ctx.fillRect(codeX, footTop, side, side)
    ctx.drawImage(doc.code.image, codeX + 6, footTop + 6, side - 12, side - 12)
  }
  const capX = codeX + side + 16
  doc.caption.forEach((line, i) =>
    text(
      p,
      line,
      capX,
      footTop + side / 2 + (i - (doc.caption.length - 1) / 2) * 24,
      i === 0 ? `bold 15px ${FONT}` : `13px ${FONT}`,
      i === 0 ? '#E65100' : '#8A6A4A'
    )
  )
  return height
}

/**
 * The device-pixel ratio to draw a poster of this height at: sharp on the phone's screen, but within
 * what phones paint (iOS caps a canvas at ~16.7 M pixels, Chrome a side at 32,767 px).
 */
export function posterRatio(height: number, deviceRatio: number): number {
  const byArea = Math.sqrt(16_000_000 / (POSTER_WIDTH * height))
  return Math.max(0.5, Math.min(deviceRatio || 2, 2, byArea, 32_000 / height))
}
