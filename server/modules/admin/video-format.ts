import crypto from 'node:crypto'

/** The formats the app's players and the signed media links both handle. */
export const VIDEO_EXTS = ['mp4', 'm4v', 'webm'] as const
export type VideoExt = (typeof VIDEO_EXTS)[number]

/** Bytes of a file's start that `looksLike` reads. */
export const VIDEO_HEAD_BYTES = 12

/** What the first bytes say the file is; a renamed document is refused. */
export function looksLike(ext: VideoExt, head: Buffer): boolean {
  if (ext === 'webm') return head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))
  return head.subarray(4, 8).toString('latin1') === 'ftyp'
}

/** Where an uploaded lesson video is kept under the media area: `course/uploads/<month>/<random>.<ext>`. */
export function newVideoRel(ext: VideoExt, now = new Date()): string {
  return (
    `course/uploads/${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}/` +
    `${crypto.randomBytes(12).toString('hex')}.${ext}`
  )
}
