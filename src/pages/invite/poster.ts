import type { QrCode } from './qr'

/** The part of the Canvas 2D context the poster uses (the same on H5 and in the mini-program). */
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
  createLinearGradient(x0: number, y0: number, x1: number, y1: number): { addColorStop(offset: number, color: string): void }
}

export interface PosterContent {
  nickname: string
  /** A loaded image, or undefined to draw the nickname's first character instead. */
  avatar?: unknown
  /** The QR code of the share link, or a loaded mini-program code image in the mini-program. */
  code: { qr: QrCode } | { image: unknown }
}

/** Poster size in CSS px (design width 375: it fits with margins on any phone). */
export const POSTER = { width: 300, height: 460 } as const

export const INVITE_LINES = ['邀请你加入「易学」', '八字排盘 · 奇门遁甲 · 老黄历', '名师课程系统学习传统文化']

/** Breaks `text` into lines no wider than `max` px (Chinese has no spaces: character by character). */
export function wrapText(ctx: Pick<PosterContext, 'measureText'>, text: string, max: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const ch of text) {
    if (line && ctx.measureText(line + ch).width > max) {
      lines.push(line)
      line = ch
    } else line += ch
  }
  if (line) lines.push(line)
  return lines
}

/** Draws the whole poster: header, avatar and name, the invitation text and the QR code with its caption. */
export function drawPoster(ctx: PosterContext, c: PosterContent): void {
  const { width: W, height: H } = POSTER
  const bg = ctx.createLinearGradient(0, 0, W, H)
  bg.addColorStop(0, '#FFB74D')
  bg.addColorStop(1, '#E65100')
  ctx.fillStyle = bg
  ctx.fillRect(0, 0, W, H)

  ctx.textAlign = 'center'
  ctx.textBaseline = 'middle'
  ctx.fillStyle = '#FFFFFF'
  ctx.font = 'bold 22px sans-serif'
  ctx.fillText('易学 · 邀请函', W / 2, 36)

  // Avatar in a white ring.
  const cx = W / 2
  const cy = 96
  ctx.fillStyle = '#FFFFFF'
  ctx.beginPath()
  ctx.arc(cx, cy, 32, 0, Math.PI * 2)
  ctx.closePath()
  ctx.fill()
  ctx.save()
  ctx.beginPath()
  ctx.arc(cx, cy, 29, 0, Math.PI * 2)
  ctx.closePath()
  ctx.clip()
  if (c.avatar) ctx.drawImage(c.avatar, cx - 29, cy - 29, 58, 58)
  else {
    ctx.fillStyle = '#FFE0B2'
    ctx.fillRect(cx - 29, cy - 29, 58, 58)
    ctx.fillStyle = '#F57C00'
    ctx.font = 'bold 26px sans-serif'
    ctx.fillText((c.nickname || '易').slice(0, 1), cx, cy)
  }
  ctx.restore()

  ctx.fillStyle = '#FFFFFF'
  ctx.font = 'bold 17px sans-serif'
  const name = wrapText(ctx, c.nickname || '易学用户', W - 40)[0]
  ctx.fillText(name, cx, 146)
  ctx.font = '14px sans-serif'
  INVITE_LINES.forEach((line, i) => ctx.fillText(line, cx, 174 + i * 22))

  // QR code on a white card.
  const card = 168
  const cardX = (W - card) / 2
  const cardY = 244
  ctx.fillStyle = '#FFFFFF'
  ctx.fillRect(cardX, cardY, card, card)
  if ('image' in c.code) ctx.drawImage(c.code.image, cardX + 8, cardY + 8, card - 16, card - 16)
  else drawQr(ctx, c.code.qr, cardX, cardY, card)

  ctx.fillStyle = '#FFFFFF'
  ctx.font = '12px sans-serif'
  ctx.fillText('image' in c.code ? '长按识别小程序码，和我一起学易' : '长按识别二维码，和我一起学易', cx, cardY + card + 24)
}

/** The QR matrix centred on its white card, leaving a quiet zone. */
function drawQr(ctx: PosterContext, qr: QrCode, cardX: number, cardY: number, card: number): void {
  const quiet = 10
  const cell = Math.floor((card - quiet * 2) / qr.size)
  const offset = cardX + (card - cell * qr.size) / 2
  const offsetY = cardY + (card - cell * qr.size) / 2
  ctx.fillStyle = '#1F1F1F'
  for (let y = 0; y < qr.size; y++) {
    for (let x = 0; x < qr.size; x++) if (qr.dark[y][x]) ctx.fillRect(offset + x * cell, offsetY + y * cell, cell, cell)
  }
}
