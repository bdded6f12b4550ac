/**
 * A small HLS stream (fMP4) made from a demo course video in plain TypeScript, so the live-class
 * browser test needs no ffmpeg: the MP4's video track is rewritten as an init segment (the track's
 * sample description, empty tables, `mvex`) and one media segment (`moof` listing every sample, and
 * `mdat` holding them), which hls.js and browsers with native HLS both play.
 */

interface Box {
  type: string
  body: Buffer
}

function boxes(buf: Buffer): Box[] {
  const out: Box[] = []
  for (let at = 0; at + 8 <= buf.length;) {
    let size = buf.readUInt32BE(at)
    let head = 8
    if (size === 1) {
      size = Number(buf.readBigUInt64BE(at + 8))
      head = 16
    }
    if (size === 0) size = buf.length - at
    out.push({ type: buf.toString('latin1', at + 4, at + 8), body: buf.subarray(at + head, at + size) })
    at += size
  }
  return out
}

const child = (buf: Buffer, type: string): Buffer => {
  const found = boxes(buf).find((b) => b.type === type)
  if (!found) throw new Error(`MP4 without ${type}`)
  return found.body
}

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts)
  const head = Buffer.alloc(8)
  head.writeUInt32BE(body.length + 8)
  head.write(type, 4, 'latin1')
  return Buffer.concat([head, body])
}

const u32 = (...values: number[]) => {
  const b = Buffer.alloc(values.length * 4)
  values.forEach((v, i) => b.writeUInt32BE(v >>> 0, i * 4))
  return b
}
/** A full box's version and flags. */
const vf = (version: number, flags: number) => u32(((version & 0xff) << 24) | (flags & 0xffffff))

/** Entries of a table box (after version/flags and count) as rows of `width` 32-bit numbers. */
function table(body: Buffer, width: number): number[][] {
  const n = body.readUInt32BE(4)
  return Array.from({ length: n }, (_, i) =>
    Array.from({ length: width }, (_, j) => body.readUInt32BE(8 + (i * width + j) * 4))
  )
}

export interface HlsStream {
  playlist: string
  init: Buffer
  segment: Buffer
}

export function hlsFromMp4(mp4: Buffer): HlsStream {
  const moov = child(mp4, 'moov')
  const trak = boxes(moov).find(
    (b) => b.type === 'trak' && child(child(b.body, 'mdia'), 'hdlr').toString('latin1', 8, 12) === 'vide'
  )
  if (!trak) throw new Error('MP4 without a video track')
  const tkhd = child(trak.body, 'tkhd')
  const trackId = tkhd.readUInt32BE(tkhd[0] === 1 ? 20 : 12)
  const mdia = child(trak.body, 'mdia')
  const mdhd = child(mdia, 'mdhd')
  const timescale = mdhd.readUInt32BE(mdhd[0] === 1 ? 20 : 12)
  const minf = child(mdia, 'minf')
  const stbl = child(minf, 'stbl')
  const tables = new Map(boxes(stbl).map((b) => [b.type, b.body]))

  // Sample sizes, durations, composition offsets, sync flags and file offsets.
  const stsz = tables.get('stsz')!
  const count = stsz.readUInt32BE(8)
  const sizes = stsz.readUInt32BE(4)
    ? Array(count).fill(stsz.readUInt32BE(4))
    : Array.from({ length: count }, (_, i) => stsz.readUInt32BE(12 + i * 4))
  const durations = table(tables.get('stts')!, 2).flatMap(([n, d]) => Array(n).fill(d) as number[])
  const cts = tables.has('ctts') ? table(tables.get('ctts')!, 2).flatMap(([n, o]) => Array(n).fill(o) as number[]) : []
  const sync = tables.has('stss') ? new Set(table(tables.get('stss')!, 1).map(([n]) => n - 1)) : undefined
  const chunks = tables.has('stco')
    ? table(tables.get('stco')!, 1).map(([o]) => o)
    : Array.from({ length: tables.get('co64')!.readUInt32BE(4) }, (_, i) =>
        Number(tables.get('co64')!.readBigUInt64BE(8 + i * 8))
      )
  const stsc = table(tables.get('stsc')!, 3)
  const offsets: number[] = []
  for (let c = 0, s = 0; c < chunks.length; c++) {
    const run = [...stsc].reverse().find(([first]) => first <= c + 1)![1]
    for (let k = 0, at = chunks[c]; k < run && s < count; k++, s++) {
      offsets[s] = at
      at += sizes[s]
    }
  }

  const emptyTable = (type: string) => box(type, vf(0, 0), u32(0))
  const newStbl = box(
    'stbl',
    box('stsd', tables.get('stsd')!),
    emptyTable('stts'),
    emptyTable('stsc'),
    box('stsz', vf(0, 0), u32(0, 0)),
    emptyTable('stco')
  )
  const newMinf = box('minf', ...boxes(minf).map((b) => (b.type === 'stbl' ? newStbl : box(b.type, b.body))))
  const newMdia = box('mdia', ...boxes(mdia).map((b) => (b.type === 'minf' ? newMinf : box(b.type, b.body))))
  // The edit list is left out: the segment's decode time starts the track at 0.
  const newTrak = box(
    'trak',
    ...boxes(trak.body)
      .filter((b) => b.type !== 'edts')
      .map((b) => (b.type === 'mdia' ? newMdia : box(b.type, b.body)))
  )
  const mvex = box('mvex', box('trex', vf(0, 0), u32(trackId, 1, 0, 0, 0)))
  const init = Buffer.concat([
    box('ftyp', Buffer.from('iso6', 'latin1'), u32(0), Buffer.from('iso6mp41', 'latin1')),
    box('moov', box('mvhd', child(moov, 'mvhd')), newTrak, mvex)
  ])

  const withCts = cts.length === count
  const trunFlags = 0x001 | 0x100 | 0x200 | 0x400 | (withCts ? 0x800 : 0)
  const rows = sizes.map((size, i) =>
    u32(
      durations[i] ?? durations[durations.length - 1],
      size,
      sync && !sync.has(i) ? 0x01010000 : 0x02000000,
      ...(withCts ? [cts[i]] : [])
    )
  )
  const moofOf = (dataOffset: number) =>
    box(
      'moof',
      box('mfhd', vf(0, 0), u32(1)),
      box(
        'traf',
        box('tfhd', vf(0, 0x020000), u32(trackId)),
        box('tfdt', vf(1, 0), u32(0, 0)),
        box('trun', vf(0, trunFlags), u32(count, dataOffset), ...rows)
      )
    )
  const moofSize = moofOf(0).length
  const mdat = box('mdat', ...sizes.map((size, i) => mp4.subarray(offsets[i], offsets[i] + size)))
  const segment = Buffer.concat([moofOf(moofSize + 8), mdat])

  const seconds = durations.reduce((a, b) => a + b, 0) / timescale
  const playlist = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    `#EXT-X-TARGETDURATION:${Math.ceil(seconds)}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-MAP:URI="init.mp4"',
    `#EXTINF:${seconds.toFixed(3)},`,
    'seg0.m4s',
    '#EXT-X-ENDLIST',
    ''
  ].join('\n')
  return { playlist, init, segment }
}
