import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'

import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { AdminVideoPartUrls, AdminVideoStart, AdminVideoUploaded } from '../../../contract/admin'
import { AppError } from '../../core/envelope'
import { scheduleSweep } from '../../core/sweep'
import { intParam, optional, text } from '../../core/validate'
import { bucketOf } from '../../storage/multipart'
import { ABANDONED_AFTER_MS, bucketVideoUploads } from './course-video-bucket'
import { adminRoute } from './route'
import { looksLike, newVideoRel, VIDEO_EXTS, VIDEO_HEAD_BYTES, type VideoExt } from './video-format'

/** Each part but the last is exactly this long; the console slices the file by it. */
export const VIDEO_PART_BYTES = 5 * 1024 * 1024
export const VIDEO_MAX_BYTES = 2 * 1024 * 1024 * 1024
/** S3 allows 10,000 parts to an upload. */
const MAX_PARTS = 10_000
// Base64 of a full part plus the JSON around it.
const PART_BODY_LIMIT = Math.ceil((VIDEO_PART_BYTES * 4) / 3) + 4096

const uploadIdField = z.string().regex(/^[a-f0-9]{32}$/, '上传编号不正确，请重新选择文件')

interface Pending {
  operatorId: number
  ext: VideoExt
  size: number
  parts: number
}

/**
 * Chunked lesson-video upload: start (name and size checked), parts, complete (size and format
 * checked, then stored as private media). With a bucket (STORAGE=s3) the browser sends the parts
 * straight to it (course-video-bucket.ts). On local disk they come here as base64 (each stored as it
 * arrives, so a failed part is simply sent again) and wait in the data folder of this server.
 */
export default async function courseVideoRoutes(app: FastifyInstance): Promise<void> {
  const s3 = bucketOf(app.services.storage)
  const bucket = s3 && bucketVideoUploads(app, s3)
  if (bucket) {
    scheduleSweep(app, 'course: aborting abandoned video uploads', 3600_000, () =>
      bucket.abortAbandoned(new Date(Date.now() - ABANDONED_AFTER_MS))
    )
  }
  const staging = path.join(app.config.dataDir, 'video-uploads')
  const dirOf = (id: string) => path.join(staging, id)
  async function pending(id: string, operatorId: number): Promise<Pending> {
    const meta = await fs.readFile(path.join(dirOf(id), 'meta.json'), 'utf8').catch(() => undefined)
    const p = meta ? (JSON.parse(meta) as Pending) : undefined
    if (!p || p.operatorId !== operatorId) throw new AppError('上传已失效，请重新选择文件')
    return p
  }

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/course/videoStart',
      input: z.object({
        file_name: text(128, 1),
        size: intParam(1, Number.MAX_SAFE_INTEGER),
        // An unfinished upload of this file, to carry on from the parts already in the bucket.
        resume_id: optional(uploadIdField)
      }),
      permission: 'course.edit',
      labels: { file_name: '文件名', size: '文件大小', resume_id: '续传编号' }
    },
    async ({ input, operator }): Promise<AdminVideoStart> => {
      const ext = path.extname(input.file_name).slice(1).toLowerCase() as VideoExt
      if (!VIDEO_EXTS.includes(ext)) throw new AppError('只能上传 MP4、M4V 或 WebM 视频')
      if (input.size > VIDEO_MAX_BYTES) throw new AppError('视频不能超过 2 GB')
      if (bucket) return bucket.start(operator.id, ext, input.size, input.resume_id)
      const id = crypto.randomBytes(16).toString('hex')
      const meta: Pending = {
        operatorId: operator.id,
        ext,
        size: input.size,
        parts: Math.ceil(input.size / VIDEO_PART_BYTES)
      }
      await fs.mkdir(dirOf(id), { recursive: true })
      await fs.writeFile(path.join(dirOf(id), 'meta.json'), JSON.stringify(meta))
      return { upload_id: id, target: 'server', part_bytes: VIDEO_PART_BYTES, parts: meta.parts, uploaded: [] }
    }
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/course/videoPartUrls',
      input: z.object({ upload_id: uploadIdField, first: intParam(1, MAX_PARTS), count: intParam(1, 20) }),
      permission: 'course.edit',
      labels: { upload_id: '上传编号', first: '起始分段', count: '分段数量' }
    },
    async ({ input, operator }): Promise<AdminVideoPartUrls> => {
      if (!bucket) throw new AppError('视频直接上传到本服务器，不需要分段地址')
      return bucket.partUrls(input.upload_id, operator.id, input.first, input.count)
    }
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/course/videoPart',
      input: z.object({
        upload_id: uploadIdField,
        index: intParam(0, Math.ceil(VIDEO_MAX_BYTES / VIDEO_PART_BYTES)),
        data: z
          .string()
          .max(PART_BODY_LIMIT)
          .regex(/^[A-Za-z0-9+/]*={0,2}$/, '视频分片内容不正确')
      }),
      permission: 'course.edit',
      labels: { upload_id: '上传编号', index: '分片序号', data: '视频分片' },
      bodyLimit: PART_BODY_LIMIT
    },
    async ({ input, operator }) => {
      const p = await pending(input.upload_id, operator.id)
      if (input.index >= p.parts) throw new AppError('分片序号超出文件范围')
      const bytes = Buffer.from(input.data, 'base64')
      const expected = input.index === p.parts - 1 ? p.size - VIDEO_PART_BYTES * (p.parts - 1) : VIDEO_PART_BYTES
      if (bytes.length !== expected) throw new AppError('视频分片大小不正确，请重试')
      const file = path.join(dirOf(input.upload_id), `${input.index}.part`)
      await fs.writeFile(`${file}.tmp`, bytes)
      await fs.rename(`${file}.tmp`, file)
      return {}
    }
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/course/videoComplete',
      input: z.object({
        upload_id: uploadIdField,
        // The parts the browser sent to the bucket, with the ETag each PUT answered.
        parts: z
          .array(z.object({ part_number: intParam(1, MAX_PARTS), etag: text(128, 1) }))
          .max(MAX_PARTS)
          .default([])
      }),
      permission: 'course.edit',
      labels: { upload_id: '上传编号', parts: '视频分段', part_number: '分段序号', etag: '分段校验值' }
    },
    async ({ input, operator, audit }): Promise<AdminVideoUploaded> => {
      const done = bucket
        ? await bucket.complete(input.upload_id, operator.id, input.parts)
        : await completeOnServer(input.upload_id, operator.id)
      const video = `media:${done.rel}`
      await audit({ action: 'course.video_upload', targetType: 'media', targetId: video, after: { size: done.size } })
      return { video }
    }
  )

  /** Joins the staged parts in order, checks the first bytes and stores the whole through the storage in use. */
  async function completeOnServer(id: string, operatorId: number): Promise<{ rel: string; size: number }> {
    const p = await pending(id, operatorId)
    const dir = dirOf(id)
    const whole = path.join(dir, 'whole')
    const out = await fs.open(whole, 'w')
    try {
      for (let i = 0; i < p.parts; i++) {
        const part = await fs.readFile(path.join(dir, `${i}.part`)).catch(() => undefined)
        if (!part) throw new AppError(`视频第 ${i + 1} 段还没有上传完成`)
        if (i === 0 && !looksLike(p.ext, part.subarray(0, VIDEO_HEAD_BYTES)))
          throw new AppError('文件内容不是有效的视频')
        await out.write(part)
      }
    } finally {
      await out.close()
    }
    const rel = newVideoRel(p.ext)
    await app.services.storage.putMedia(rel, whole)
    await fs.rm(dir, { recursive: true, force: true })
    return { rel, size: p.size }
  }
}
