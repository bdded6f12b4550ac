import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import multipart from '@fastify/multipart'
import { uploadedFiles } from '../../db/schema'
import { AppError } from '../../core/envelope'
import { userRoute } from '../../core/route'
import { z } from 'zod'
import type { UploadImageResponse } from '../../../src/api/contract'
import { detectImageType } from './image-type'

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024

export default async function fileModule(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 } })

  userRoute(app, { method: 'POST', path: '/file.upload/image', input: z.any() }, async ({ req, userId }): Promise<UploadImageResponse> => {
    if (!req.isMultipart()) throw new AppError('请使用 multipart/form-data 上传')
    const file = await req.file()
    if (!file || file.fieldname !== 'file') throw new AppError('请选择要上传的图片')
    const data = await file.toBuffer()
    if (file.file.truncated) throw new AppError('图片不能超过 5MB')
    const type = detectImageType(data)
    if (!type) throw new AppError('只能上传 JPG、PNG、GIF 或 WebP 图片')
    const now = new Date()
    const key = `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}/${crypto.randomBytes(16).toString('hex')}.${type.ext}`
    const url = await app.services.storage.put(key, data)
    const [row] = await app.db
      .insert(uploadedFiles)
      .values({ userId, storageKey: key, url, mime: type.mime, sizeBytes: data.length })
      .returning({ id: uploadedFiles.id })
    return { url, file_id: row.id }
  })
}
