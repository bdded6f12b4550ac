import { drawQr, type PosterCode, type PosterContext, wrapText } from '@/components/share/poster'

export interface PosterContent {
  nickname: string
  /** A loaded image, or undefined to draw the nickname's first character instead. */
  avatar?: unknown
  /** The QR code of the share link, or a loaded mini-program code image in the mini-program. */
  code: PosterCode
}

/** Poster size in CSS px (design width 375: it fits with margins on any phone). */
export const POSTER = { width: 300, height: 460 } as const

export const INVITE_LINES = ['邀请你加入「易学」', '八字排盘 · 奇门遁甲 · 老黄历', '名师课程系统学习传统文化']

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
  else drawQr(ctx, c.code.qr, cardX, cardY, card, 10)

  ctx.fillStyle = '#FFFFFF'
  ctx.font = '12px sans-serif'
  ctx.fillText(
    'image' in c.code ? '长按识别小程序码，和我一起学易' : '长按识别二维码，和我一起学易',
    cx,
    cardY + card + 24
  )
}
