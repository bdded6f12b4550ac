import { codewords, encodeQr, formatBits, reedSolomon, versionBits } from '@/pages/invite/qr'
import { drawPoster, type PosterContext } from '@/pages/invite/poster'

// The invitation poster's QR encoder. Reference values are published ones, not our own output:
// - Reed-Solomon: the "HELLO WORLD" 1-M worked example of Thonky's QR Code Tutorial (Error Correction Coding).
// - Format bits: ISO/IEC 18004:2015 Annex C table C.1 (also Thonky's "Format and Version String Tables").
// - Version bits: ISO/IEC 18004:2015 Annex D table D.1 (version 7: 07C94, version 10: 0A4D3).
// Whole symbols of these versions were also read back with the zbar decoder (zbarimg) while writing it.

describe('QR encoder (byte mode, level M)', () => {
  it('computes the EC codewords of the published 1-M example', () => {
    const data = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17]
    expect(reedSolomon(data, 10)).toEqual([196, 35, 39, 119, 235, 215, 231, 226, 93, 23])
  })

  it('has the format bits of level M and the version bits of the tables', () => {
    expect(formatBits(0).toString(2).padStart(15, '0')).toBe('101010000010010')
    expect(formatBits(4).toString(2).padStart(15, '0')).toBe('100010111111001')
    expect(versionBits(7)).toBe(0x07c94)
    expect(versionBits(10)).toBe(0x0a4d3)
  })

  it('picks the smallest version that holds the text and draws the finder patterns', () => {
    // Byte capacities at level M (ISO/IEC 18004 table 7): version 1 holds 14 bytes, version 4 62, version 10 213.
    expect(encodeQr('a'.repeat(14)).version).toBe(1)
    expect(encodeQr('a'.repeat(15)).version).toBe(2)
    expect(encodeQr('a'.repeat(62)).version).toBe(4)
    expect(encodeQr('a'.repeat(213)).version).toBe(10)
    expect(() => encodeQr('a'.repeat(214))).toThrow('二维码内容过长')
    const q = encodeQr('http://127.0.0.1:3000/#/pages/v2index/index?referee_id=12')
    expect(q.size).toBe(q.version * 4 + 17)
    const finderRow = [true, true, true, true, true, true, true, false]
    expect(q.dark[0].slice(0, 8)).toEqual(finderRow)
    expect(q.dark[0].slice(q.size - 8).reverse()).toEqual(finderRow)
    expect(q.dark[q.size - 1].slice(0, 8)).toEqual(finderRow)
    expect(q.dark[q.size - 8][8]).toBe(true) // the dark module
  })

  it('fills every data codeword: the count of codewords is the version total', () => {
    // Total codewords (data + EC) per version: v1 26, v4 100, v7 196 (ISO/IEC 18004 table 1).
    expect(codewords([104, 105], 1)).toHaveLength(26)
    expect(codewords(new Array(50).fill(97), 4)).toHaveLength(100)
    expect(codewords(new Array(100).fill(97), 7)).toHaveLength(196)
  })
})

/** A canvas context that records what was drawn. */
function recordingContext() {
  const texts: string[] = []
  const images: unknown[] = []
  let rects = 0
  const ctx: PosterContext = {
    fillStyle: '',
    font: '',
    textAlign: '',
    textBaseline: '',
    fillRect: () => void rects++,
    fillText: (text) => void texts.push(text),
    measureText: (text) => ({ width: text.length * 14 }),
    beginPath: () => {},
    arc: () => {},
    closePath: () => {},
    fill: () => {},
    save: () => {},
    restore: () => {},
    clip: () => {},
    drawImage: (image) => void images.push(image),
    createLinearGradient: () => ({ addColorStop: () => {} })
  }
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
