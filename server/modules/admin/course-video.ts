import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'

import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { AdminVideoStart, AdminVideoUploaded } from '../../../contract/admin'
import { AppError } from '../../core/envelope'
import { intParam, text } from '../../core/validate'
import { adminRoute } from './route'

/** Each part but the last is exactly this long; the console slices the file by it. */
export const VIDEO_PART_BYTES = 5 * 1024 * 1024
export const VIDEO_MAX_BYTES = 2 * 1024 * 1024 * 1024
/** The formats the app's players and the signed media links both handle. */
const VIDEO_EXTS = ['mp4', 'm4v', 'webm'] as const
// Base64 of a full part plus the JSON around it.
const PART_BODY_LIMIT = Math.ceil((VIDEO_PART_BYTES * 4) / 3) + 4096

const uploadIdField = z.string().regex(/^[a-f0-9]{32}$/, '上传编号不正确，请重新选择文件')

interface Pending {
  operatorId: number
  ext: (typeof VIDEO_EXTS)[number]
  size: number
  parts: number
}

/** What the first bytes say the file is; a renamed document is refused. */
function looksLike(ext: Pending['ext'], head: Buffer): boolean {
  if (ext === 'webm') return head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))
  return head.subarray(4, 8).toString('latin1') === 'ftyp'
}

/**
 * Chunked lesson-video upload: start (name and size checked), parts (each stored as it arrives, so a
 * failed part is simply sent again), complete (size and format checked, then stored as private
 * media through the storage in use). Parts wait in the data folder of the server that took them.
 */
export default async function courseVideoRoutes(app: FastifyInstance): Promise<void> {
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
      input: z.object({ file_name: text(128, 1), size: intParam(1, Number.MAX_SAFE_INTEGER) }),
      permission: 'course.edit',
      labels: { file_name: '文件名', size: '文件大小' }
    },
    async ({ input, operator }): Promise<AdminVideoStart> => {
      const ext = path.extname(input.file_name).slice(1).toLowerCase() as Pending['ext']
      if (!VIDEO_EXTS.includes(ext)) throw new AppError('只能上传 MP4、M4V 或 WebM 视频')
      if (input.size > VIDEO_MAX_BYTES) throw new AppError('视频不能超过 2 GB')
      const id = crypto.randomBytes(16).toString('hex')
      const meta: Pending = {
        operatorId: operator.id,
        ext,
        size: input.size,
        parts: Math.ceil(input.size / VIDEO_PART_BYTES)
      }
      await fs.mkdir(dirOf(id), { recursive: true })
      await fs.writeFile(path.join(dirOf(id), 'meta.json'), JSON.stringify(meta))
      return { upload_id: id, part_bytes: VIDEO_PART_BYTES, parts: meta.parts }
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
      input: z.object({ upload_id: uploadIdField }),
      permission: 'course.edit',
      labels: { upload_id: '上传编号' }
    },
    async ({ input, operator, audit }): Promise<AdminVideoUploaded> => {
      const p = await pending(input.upload_id, operator.id)
      const dir = dirOf(input.upload_id)
      const whole = path.join(dir, 'whole')
      const out = await fs.open(whole, 'w')
      try {
        for (let i = 0; i < p.parts; i++) {
          const part = await fs.readFile(path.join(dir, `${i}.part`)).catch(() => undefined)
          if (!part) throw new AppError(`视频第 ${i + 1} 段还没有上传完成`)
          if (i === 0 && !looksLike(p.ext, part)) throw new AppError('文件内容不是有效的视频')
          await out.write(part)
        }
      } finally {
        await out.close()
      }
      const now = new Date()
      const rel =
        `course/uploads/${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}/` +
        `${crypto.randomBytes(12).toString('hex')}.${p.ext}`
      await app.services.storage.putMedia(rel, whole)
      await fs.rm(dir, { recursive: true, force: true })
      const video = `media:${rel}`
      await audit({ action: 'course.video_upload', targetType: 'media', targetId: video, after: { size: p.size } })
      return { video }
    }
  )
}
