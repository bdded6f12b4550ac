import qrcode from 'qrcode-generator'

/** A QR symbol as the poster draws it. */
export interface QrCode {
  version: number
  size: number
  /** dark[y][x] */
  dark: boolean[][]
}

/**
 * Longest text (UTF-8 bytes) a version-15 symbol holds at level M (ISO/IEC 18004 table 7). A chart's
 * link carries its birth (a Chinese name and city percent-encoded): up to ~300 bytes; 77 modules
 * still print at 2 px a module on a 375 px poster.
 */
export const MAX_BYTES = 412

/** UTF-8 by hand: the mini-program's JS engine has no TextEncoder on every base library. */
function utf8(text: string): number[] {
  const bytes: number[] = []
  for (const ch of text) {
    const cp = ch.codePointAt(0)!
    if (cp < 0x80) bytes.push(cp)
    else if (cp < 0x800) bytes.push(0xc0 | (cp >> 6), 0x80 | (cp & 63))
    else if (cp < 0x10000) bytes.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63))
    else bytes.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63))
  }
  return bytes
}

/** Encodes `text` (UTF-8, byte mode) at error correction level M, in the smallest version that holds it. */
export function encodeQr(text: string): QrCode {
  const bytes = utf8(text)
  if (bytes.length > MAX_BYTES) throw new Error('二维码内容过长')
  const qr = qrcode(0, 'M')
  // Byte mode takes each char's low byte; the encoder's own UTF-8 helper differs between its CommonJS and ES builds.
  qr.addData(String.fromCharCode(...bytes), 'Byte')
  qr.make()
  const size = qr.getModuleCount()
  const dark = Array.from({ length: size }, (_, y) => Array.from({ length: size }, (_, x) => qr.isDark(y, x)))
  return { version: (size - 17) / 4, size, dark }
}
