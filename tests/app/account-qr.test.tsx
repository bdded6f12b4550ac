import jsQR from 'jsqr'

import { encodeQr, type QrCode } from '../../src/components/share/qr'
import { drawPoster } from '../../src/pages/invite/poster'
import { stubContext } from './poster-context'

/** The symbol as a grey-free RGBA picture with a 4-module quiet zone, `cell` pixels a module. */
function picture(qr: QrCode, cell = 4) {
  const side = (qr.size + 8) * cell
  const data = new Uint8ClampedArray(side * side * 4).fill(255)
  for (let y = 0; y < qr.size; y++) {
    for (let x = 0; x < qr.size; x++) {
      if (!qr.dark[y][x]) continue
      for (let dy = 0; dy < cell; dy++) {
        for (let dx = 0; dx < cell; dx++) {
          const i = (((y + 4) * cell + dy) * side + (x + 4) * cell + dx) * 4
          data[i] = data[i + 1] = data[i + 2] = 0
        }
      }
    }
  }
  return { data, side }
}

const decode = (qr: QrCode) => {
  const { data, side } = picture(qr)
  return jsQR(data, side, side)
}

// The invitation poster's QR code, read back by an independent decoder (jsQR), as a phone's camera would.
describe('QR code of the invitation poster', () => {
  it('reads back as the share link, Chinese and emoji included', () => {
    for (const text of [
      'http://127.0.0.1:3000/#/pages/v2index/index?referee_id=12',
      'https://yixue.example.com/#/pages/invite/invite?referee_id=7&title=易学邀请函',
      '和我一起学易 🀄'
    ]) {
      const read = decode(encodeQr(text))
      expect(read?.data).toBe(text)
    }
  })

  it('uses the smallest version at level M and refuses what a version-15 symbol cannot hold', () => {
    // Byte capacities at level M (ISO/IEC 18004 table 7): version 1 holds 14 bytes, version 2 26, version 10 213,
    // version 15 412.
    expect(encodeQr('a'.repeat(14)).version).toBe(1)
    expect(encodeQr('a'.repeat(15)).version).toBe(2)
    expect(encodeQr('a'.repeat(213)).version).toBe(10)
    expect(encodeQr('a'.repeat(412)).version).toBe(15)
    expect(decode(encodeQr('a'.repeat(412)))?.data).toBe('a'.repeat(412))
    expect(() => encodeQr('a'.repeat(413))).toThrow('二维码内容过长')
    const q = encodeQr('http://127.0.0.1:3000/#/pages/v2index/index?referee_id=12')
    expect(q.size).toBe(q.version * 4 + 17)
  })
})

/** A canvas context that records what was drawn. */
function recordingContext() {
  const texts: string[] = []
  const images: unknown[] = []
  let rects = 0
  const ctx = stubContext({
    fillRect: () => void rects++,
    fillText: (text) => void texts.push(text),
    drawImage: (image) => void images.push(image)
  })
  return { ctx, texts, images, rects: () => rects }
}

describe('invitation poster', () => {
  it('draws the QR of the share link with a caption to scan it', () => {
    const r = recordingContext()
    const qr = encodeQr('http://127.0.0.1:3000/#/pages/v2index/index?referee_id=12')
    drawPoster(r.ctx, { nickname: '清风', code: { qr } })
    const darkModules = qr.dark.flat().filter(Boolean).length
    expect(r.rects()).toBeGreaterThanOrEqual(darkModules)
    expect(r.texts).toContain('清风')
    expect(r.texts).toContain('长按识别二维码，和我一起学易')
  })

  it('draws the mini-program code image instead when the mini-program has one', () => {
    const r = recordingContext()
    const code = { src: 'https://api.example.com/uploads/wxacode/12-abc.png' }
    drawPoster(r.ctx, { nickname: '清风', code: { image: code } })
    expect(r.images).toEqual([code])
    expect(r.texts).toContain('长按识别小程序码，和我一起学易')
    expect(r.rects()).toBeLessThan(10)
  })
})
