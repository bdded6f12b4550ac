import crypto from 'node:crypto'

import { and, eq, isNull, lt } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'

import type { AdminVideoPart, AdminVideoStart } from '../../../contract/admin'
import { AppError } from '../../core/envelope'
import { courseVideoUploads } from '../../db/schema'
import { mediaMultipart } from '../../storage/multipart'
import type { S3Storage } from '../../storage/s3'
import { looksLike, newVideoRel, VIDEO_HEAD_BYTES, type VideoExt } from './video-format'

/** Each part but the last; S3 wants at least 5 MB, and 8 MB keeps a 2 GB file to 256 parts. */
export const BUCKET_PART_BYTES = 8 * 1024 * 1024
/** A part address is asked for just before its PUT, and again for a retry. */
const PART_URL_TTL_SEC = 3600
/** An upload not completed by then is taken as given up: the job below aborts it. */
export const ABANDONED_AFTER_MS = 24 * 3600_000

const GONE = '上传已失效，请重新选择文件'

type Row = typeof courseVideoUploads.$inferSelect

const partsOf = (r: Pick<Row, 'sizeBytes' | 'partBytes'>) => Math.ceil(r.sizeBytes / r.partBytes)
const expectedSize = (r: Row, partNumber: number) =>
  partNumber < partsOf(r) ? r.partBytes : r.sizeBytes - r.partBytes * (partsOf(r) - 1)
const extOf = (r: Row) => r.mediaKey.slice(r.mediaKey.lastIndexOf('.') + 1) as VideoExt

/**
 * Lesson videos sent by the console's browser straight into the bucket (S3 multipart upload with
 * pre-signed part addresses). The upload's state is a database row, so any server process can take
 * any step; the bucket keeps the parts, so a reloaded page asks it what has arrived and sends the rest.
 */
export function bucketVideoUploads(app: FastifyInstance, bucket: S3Storage) {
  const mp = mediaMultipart(bucket)

  async function own(id: string, operatorId: number): Promise<Row> {
    const [row] = await app.db.select().from(courseVideoUploads).where(eq(courseVideoUploads.id, id))
    if (!row || row.operatorId !== operatorId || row.completingAt) throw new AppError(GONE)
    return row
  }

  /**
   * Frees what an upload left in the bucket: its parts, and the object a completion may have made.
   * The row goes only once that worked, so the job tries again later.
   */
  async function discard(row: Row): Promise<void> {
    try {
      await mp.abort(row.mediaKey, row.s3UploadId)
      await mp.remove(row.mediaKey)
      await app.db.delete(courseVideoUploads).where(eq(courseVideoUploads.id, row.id))
    } catch (err) {
      app.log.error({ err, upload: row.id }, 'course video: a failed upload could not be cleaned up')
    }
  }

  /** The resumed upload's parts already in the bucket, or undefined when it cannot be resumed. */
  async function resumable(id: string, operatorId: number, ext: VideoExt, size: number) {
    const [row] = await app.db.select().from(courseVideoUploads).where(eq(courseVideoUploads.id, id))
    if (!row || row.operatorId !== operatorId || row.completingAt || row.sizeBytes !== size || extOf(row) !== ext)
      return undefined
    const stored = await mp.parts(row.mediaKey, row.s3UploadId)
    if (!stored) {
      await app.db.delete(courseVideoUploads).where(eq(courseVideoUploads.id, row.id))
      return undefined
    }
    return { row, stored }
  }

  async function create(operatorId: number, ext: VideoExt, size: number): Promise<Row> {
    const mediaKey = newVideoRel(ext)
    const s3UploadId = await mp.create(mediaKey)
    const [row] = await app.db
      .insert(courseVideoUploads)
      .values({
        id: crypto.randomBytes(16).toString('hex'),
        operatorId,
        mediaKey,
        s3UploadId,
        sizeBytes: size,
        partBytes: BUCKET_PART_BYTES
      })
      .returning()
    return row
  }

  return {
    async start(operatorId: number, ext: VideoExt, size: number, resumeId?: string): Promise<AdminVideoStart> {
      const resumed = resumeId ? await resumable(resumeId, operatorId, ext, size) : undefined
      const row = resumed?.row ?? (await create(operatorId, ext, size))
      const uploaded = (resumed?.stored ?? [])
        .filter((p) => p.partNumber <= partsOf(row) && p.size === expectedSize(row, p.partNumber))
        .map((p) => ({ part_number: p.partNumber, etag: p.etag }))
      return { upload_id: row.id, target: 'bucket', part_bytes: row.partBytes, parts: partsOf(row), uploaded }
    },

    async partUrls(id: string, operatorId: number, first: number, count: number) {
      const row = await own(id, operatorId)
      const last = Math.min(first + count - 1, partsOf(row))
      if (first > last) throw new AppError('分段序号超出文件范围')
      const urls = []
      for (let n = first; n <= last; n++) {
        urls.push({ part_number: n, url: await mp.partUrl(row.mediaKey, row.s3UploadId, n, PART_URL_TTL_SEC) })
      }
      return { urls }
    },

    /**
     * Completes the upload from the console's part list, then checks what the bucket made of it:
     * the announced size and a video's first bytes. Anything wrong: the object or the upload is
     * removed and the reason given.
     */
    async complete(id: string, operatorId: number, parts: AdminVideoPart[]): Promise<{ rel: string; size: number }> {
      // Claimed in one statement: a second complete of the same upload (a double click, another process) finds nothing.
      const [row] = await app.db
        .update(courseVideoUploads)
        .set({ completingAt: new Date() })
        .where(
          and(
            eq(courseVideoUploads.id, id),
            eq(courseVideoUploads.operatorId, operatorId),
            isNull(courseVideoUploads.completingAt)
          )
        )
        .returning()
      if (!row) throw new AppError(GONE)
      const fail = async (message: string): Promise<never> => {
        await discard(row)
        throw new AppError(message)
      }
      const sorted = [...parts].sort((a, b) => a.part_number - b.part_number)
      for (let n = 1; n <= partsOf(row); n++) {
        if (sorted[n - 1]?.part_number !== n) return fail(`视频第 ${n} 段还没有上传完成，请重新上传`)
      }
      if (sorted.length !== partsOf(row)) return fail('视频分段多于文件大小应有的段数，请重新上传')
      try {
        await mp.complete(
          row.mediaKey,
          row.s3UploadId,
          sorted.map((p) => ({ partNumber: p.part_number, etag: p.etag }))
        )
      } catch (err) {
        app.log.warn({ err, upload: row.id }, 'course video: the bucket refused to complete an upload')
        return fail('视频分段与存储中收到的不一致，请重新上传')
      }
      let stored: number | undefined
      let head: Buffer
      try {
        stored = await mp.sizeOf(row.mediaKey)
        head = await mp.head(row.mediaKey, VIDEO_HEAD_BYTES)
      } catch (err) {
        app.log.error({ err, upload: row.id }, 'course video: the completed upload could not be read back')
        return fail('视频存储暂时无法读取，请稍后重新上传')
      }
      if (stored !== row.sizeBytes) return fail('存储中的视频大小与所选文件不一致，请重新上传')
      if (!looksLike(extOf(row), head)) return fail('文件内容不是有效的视频')
      await app.db.delete(courseVideoUploads).where(eq(courseVideoUploads.id, row.id))
      return { rel: row.mediaKey, size: row.sizeBytes }
    },

    /** Aborts uploads started before `before` and never completed (a closed tab, a lost connection). */
    async abortAbandoned(before: Date): Promise<number> {
      const stale = await app.db.select().from(courseVideoUploads).where(lt(courseVideoUploads.createdAt, before))
      // A complete that died between CompleteMultipartUpload and its checks may have left an object: removed too.
      for (const row of stale) await discard(row)
      return stale.length
    }
  }
}

export type BucketVideoUploads = ReturnType<typeof bucketVideoUploads>
