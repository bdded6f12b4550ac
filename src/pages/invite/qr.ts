/**
 * A QR code encoder for the invitation poster (ISO/IEC 18004): byte mode, error correction level M,
 * versions 1-10 (up to 213 bytes — a share link is well under that). Pure TypeScript, no I/O.
 */

/** Per version 1..10 at level M (ISO/IEC 18004 table 9): EC codewords per block and the data-codeword sizes of its blocks. */
const BLOCKS_M: { ec: number; blocks: number[] }[] = [
  { ec: 10, blocks: [16] },
  { ec: 16, blocks: [28] },
  { ec: 26, blocks: [44] },
  { ec: 18, blocks: [32, 32] },
  { ec: 24, blocks: [43, 43] },
  { ec: 16, blocks: [27, 27, 27, 27] },
  { ec: 18, blocks: [31, 31, 31, 31] },
  { ec: 22, blocks: [38, 38, 39, 39] },
  { ec: 22, blocks: [36, 36, 36, 37, 37] },
  { ec: 26, blocks: [43, 43, 43, 43, 44] }
]

/** Alignment pattern centres per version (ISO/IEC 18004 annex E). */
const ALIGNMENT: number[][] = [[], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34], [6, 22, 38], [6, 24, 42], [6, 26, 46], [6, 28, 50]]

/** Level M's two format bits. */
const EC_LEVEL_M = 0b00
const FORMAT_GENERATOR = 0x537
const FORMAT_MASK = 0x5412
const VERSION_GENERATOR = 0x1f25

// ---- Reed-Solomon over GF(256), primitive polynomial x^8 + x^4 + x^3 + x^2 + 1 ----

const EXP = new Array<number>(512)
const LOG = new Array<number>(256)
;(() => {
  let x = 1
  for (let i = 0; i < 255; i++) {
    EXP[i] = x
    LOG[x] = i
    x <<= 1
    if (x & 0x100) x ^= 0x11d
  }
  for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255]
})()

const mul = (a: number, b: number) => (a === 0 || b === 0 ? 0 : EXP[LOG[a] + LOG[b]])

/** The generator polynomial of `degree` EC codewords: (x - α^0)(x - α^1)...; leading coefficient dropped. */
function generator(degree: number): number[] {
  let poly = [1]
  for (let i = 0; i < degree; i++) {
    const next = new Array<number>(poly.length + 1).fill(0)
    for (let j = 0; j < poly.length; j++) {
      next[j] ^= poly[j]
      next[j + 1] ^= mul(poly[j], EXP[i])
    }
    poly = next
  }
  return poly.slice(1)
}

/** The EC codewords of one block: the remainder of data·x^n divided by the generator. */
export function reedSolomon(data: number[], ecCount: number): number[] {
  const gen = generator(ecCount)
  const rem = new Array<number>(ecCount).fill(0)
  for (const byte of data) {
    const factor = byte ^ rem.shift()!
    rem.push(0)
    for (let i = 0; i < ecCount; i++) rem[i] ^= mul(gen[i], factor)
  }
  return rem
}

// ---- codewords ----

function utf8(text: string): number[] {
  const bytes: number[] = []
  for (const ch of text) {
    let cp = ch.codePointAt(0)!
    if (cp < 0x80) bytes.push(cp)
    else if (cp < 0x800) bytes.push(0xc0 | (cp >> 6), 0x80 | (cp & 63))
    else if (cp < 0x10000) bytes.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63))
    else {
      bytes.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63))
    }
  }
  return bytes
}

const dataCapacity = (version: number) => BLOCKS_M[version - 1].blocks.reduce((s, n) => s + n, 0)
const countBits = (version: number) => (version < 10 ? 8 : 16)

/** The smallest version that holds `bytes` in byte mode at level M. */
function chooseVersion(length: number): number {
  for (let v = 1; v <= BLOCKS_M.length; v++) {
    if (4 + countBits(v) + length * 8 <= dataCapacity(v) * 8) return v
  }
  throw new Error('二维码内容过长')
}

/** Mode, count, data, terminator and pad bytes (ISO/IEC 18004 7.4), then EC per block, interleaved. */
export function codewords(bytes: number[], version: number): number[] {
  const bits: number[] = []
  const put = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1)
  }
  const capacityBits = dataCapacity(version) * 8
  put(0b0100, 4)
  put(bytes.length, countBits(version))
  for (const b of bytes) put(b, 8)
  put(0, Math.min(4, capacityBits - bits.length))
  put(0, (8 - (bits.length % 8)) % 8)
  const data: number[] = []
  for (let i = 0; i < bits.length; i += 8) data.push(bits.slice(i, i + 8).reduce((acc, bit) => (acc << 1) | bit, 0))
  for (let pad = 0xec; data.length < dataCapacity(version); pad ^= 0xec ^ 0x11) data.push(pad)

  const { ec, blocks } = BLOCKS_M[version - 1]
  const dataBlocks: number[][] = []
  let offset = 0
  for (const size of blocks) {
    dataBlocks.push(data.slice(offset, offset + size))
    offset += size
  }
  const ecBlocks = dataBlocks.map((block) => reedSolomon(block, ec))
  const out: number[] = []
  const longest = Math.max(...blocks)
  for (let i = 0; i < longest; i++) for (const block of dataBlocks) if (i < block.length) out.push(block[i])
  for (let i = 0; i < ec; i++) for (const block of ecBlocks) out.push(block[i])
  return out
}

// ---- the matrix ----

/** BCH code of `value` (already shifted) by `generator` whose degree is `degree`. */
function bchRemainder(value: number, generatorPoly: number, degree: number): number {
  let rem = value
  for (let i = 31 - Math.clz32(rem); i >= degree; i = 31 - Math.clz32(rem)) rem ^= generatorPoly << (i - degree)
  return rem
}

/** The 15 format bits for level M and a mask (ISO/IEC 18004 7.9.1). */
export function formatBits(mask: number): number {
  const data = (EC_LEVEL_M << 3) | mask
  return ((data << 10) | bchRemainder(data << 10, FORMAT_GENERATOR, 10)) ^ FORMAT_MASK
}

/** The 18 version bits, versions 7 and up (ISO/IEC 18004 7.10). */
export function versionBits(version: number): number {
  return (version << 12) | bchRemainder(version << 12, VERSION_GENERATOR, 12)
}

const MASKS: ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0
]

class Matrix {
  readonly dark: boolean[][]
  readonly reserved: boolean[][]

  constructor(readonly size: number) {
    this.dark = Array.from({ length: size }, () => new Array<boolean>(size).fill(false))
    this.reserved = Array.from({ length: size }, () => new Array<boolean>(size).fill(false))
  }

  set(x: number, y: number, dark: boolean): void {
    this.dark[y][x] = dark
    this.reserved[y][x] = true
  }

  clone(): Matrix {
    const m = new Matrix(this.size)
    for (let y = 0; y < this.size; y++) {
      m.dark[y] = [...this.dark[y]]
      m.reserved[y] = [...this.reserved[y]]
    }
    return m
  }
}

function drawFinder(m: Matrix, cx: number, cy: number): void {
  for (let dy = -4; dy <= 4; dy++) {
    for (let dx = -4; dx <= 4; dx++) {
      const x = cx + dx
      const y = cy + dy
      if (x < 0 || y < 0 || x >= m.size || y >= m.size) continue
      const ring = Math.max(Math.abs(dx), Math.abs(dy))
      m.set(x, y, ring !== 2 && ring !== 4)
    }
  }
}

function drawFunctionPatterns(m: Matrix, version: number): void {
  const n = m.size
  for (let i = 0; i < n; i++) {
    m.set(6, i, i % 2 === 0)
    m.set(i, 6, i % 2 === 0)
  }
  drawFinder(m, 3, 3)
  drawFinder(m, n - 4, 3)
  drawFinder(m, 3, n - 4)
  const centres = ALIGNMENT[version - 1]
  for (const cy of centres) {
    for (const cx of centres) {
      // No alignment pattern over a finder.
      if ((cx === 6 && cy === 6) || (cx === 6 && cy === n - 7) || (cx === n - 7 && cy === 6)) continue
      for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) m.set(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1)
    }
  }
  drawFormat(m, 0) // reserves the format areas; drawn for real once the mask is known
  if (version >= 7) {
    const bits = versionBits(version)
    for (let i = 0; i < 18; i++) {
      const dark = ((bits >>> i) & 1) === 1
      const a = n - 11 + (i % 3)
      const b = Math.floor(i / 3)
      m.set(a, b, dark)
      m.set(b, a, dark)
    }
  }
}

function drawFormat(m: Matrix, mask: number): void {
  const bits = formatBits(mask)
  const bit = (i: number) => ((bits >>> i) & 1) === 1
  const n = m.size
  for (let i = 0; i <= 5; i++) m.set(8, i, bit(i))
  m.set(8, 7, bit(6))
  m.set(8, 8, bit(7))
  m.set(7, 8, bit(8))
  for (let i = 9; i < 15; i++) m.set(14 - i, 8, bit(i))
  for (let i = 0; i < 8; i++) m.set(n - 1 - i, 8, bit(i))
  for (let i = 8; i < 15; i++) m.set(8, n - 15 + i, bit(i))
  m.set(8, n - 8, true) // the dark module
}

/** Places the codewords in the two-column zigzag from the bottom right, skipping the timing column. */
function drawCodewords(m: Matrix, data: number[]): void {
  const n = m.size
  let bitIndex = 0
  const total = data.length * 8
  for (let right = n - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5
    for (let vert = 0; vert < n; vert++) {
      for (let j = 0; j < 2; j++) {
        const x = right - j
        const upward = ((right + 1) & 2) === 0
        const y = upward ? n - 1 - vert : vert
        if (m.reserved[y][x]) continue
        if (bitIndex < total) m.dark[y][x] = ((data[bitIndex >>> 3] >>> (7 - (bitIndex & 7))) & 1) === 1
        bitIndex++
      }
    }
  }
}

function applyMask(m: Matrix, mask: number): void {
  for (let y = 0; y < m.size; y++) for (let x = 0; x < m.size; x++) if (!m.reserved[y][x] && MASKS[mask](x, y)) m.dark[y][x] = !m.dark[y][x]
}

/** The four penalty rules of ISO/IEC 18004 7.8.3: the mask with the lowest total is used. */
function penalty(m: Matrix): number {
  const n = m.size
  const d = m.dark
  let score = 0
  const line = (get: (i: number) => boolean) => {
    let s = 0
    let run = 1
    for (let i = 1; i <= n; i++) {
      if (i < n && get(i) === get(i - 1)) run++
      else {
        if (run >= 5) s += 3 + (run - 5)
        run = 1
      }
    }
    // 1:1:3:1:1 finder-like runs with four light modules on one side.
    for (let i = 0; i + 10 < n; i++) {
      const p = [true, false, true, true, true, false, true]
      const matches = (start: number) => p.every((v, k) => get(start + k) === v)
      if (matches(i + 4) && [0, 1, 2, 3].every((k) => !get(i + k))) s += 40
      if (matches(i) && [7, 8, 9, 10].every((k) => !get(i + k))) s += 40
    }
    return s
  }
  for (let y = 0; y < n; y++) score += line((i) => d[y][i])
  for (let x = 0; x < n; x++) score += line((i) => d[i][x])
  for (let y = 0; y + 1 < n; y++) {
    for (let x = 0; x + 1 < n; x++) {
      const c = d[y][x]
      if (c === d[y][x + 1] && c === d[y + 1][x] && c === d[y + 1][x + 1]) score += 3
    }
  }
  const darkCount = d.reduce((s, row) => s + row.filter(Boolean).length, 0)
  score += Math.floor(Math.abs((darkCount * 20) / (n * n) - 10)) * 10
  return score
}

export interface QrCode {
  version: number
  size: number
  mask: number
  /** dark[y][x] */
  dark: boolean[][]
}

/** Encodes `text` (UTF-8) as a QR code at level M, in the smallest version that holds it. */
export function encodeQr(text: string, forcedMask?: number): QrCode {
  const bytes = utf8(text)
  const version = chooseVersion(bytes.length)
  const size = version * 4 + 17
  const base = new Matrix(size)
  drawFunctionPatterns(base, version)
  drawCodewords(base, codewords(bytes, version))
  let best: { mask: number; matrix: Matrix; score: number } | undefined
  for (let mask = 0; mask < 8; mask++) {
    if (forcedMask !== undefined && mask !== forcedMask) continue
    const candidate = base.clone()
    applyMask(candidate, mask)
    drawFormat(candidate, mask)
    const score = penalty(candidate)
    if (!best || score < best.score) best = { mask, matrix: candidate, score }
  }
  return { version, size, mask: best!.mask, dark: best!.matrix.dark }
}
