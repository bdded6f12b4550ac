import crypto from 'node:crypto'

import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'

import type { UploadImageResponse, UploadPrivateImageResponse } from '../../../contract'
import { AppError } from '../../core/envelope'
import { userRoute } from '../../core/route'
import { uploadedFiles } from '../../db/schema'
import { detectImageType } from './image-type'
import { PRIVATE_REF, servePrivateImages, viewableUrl } from './private'

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024
/** One image per request, as `receiveImage` reads it. */
export const MULTIPART_LIMITS = { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 }

interface ReadImage {
  key: string
  data: Buffer
  mime: string
}

/** Reads the multipart image in field `file` and checks it is a picture; names it `<month>/<random>.<ext>`. */
async function readImage(req: FastifyRequest): Promise<ReadImage> {
  if (!req.isMultipart()) throw new AppError('请使用 multipart/form-data 上传')
  const file = await req.file()
  if (!file || file.fieldname !== 'file') throw new AppError('请选择要上传的图片')
  const data = await file.toBuffer()
  if (file.file.truncated) throw new AppError('图片不能超过 5MB')
  const type = detectImageType(data)
  if (!type) throw new AppError('只能上传 JPG、PNG、GIF 或 WebP 图片')
  const now = new Date()
  const key =
    `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}/` +
    `${crypto.randomBytes(16).toString('hex')}.${type.ext}`
  return { key, data, mime: type.mime }
}

/** Reads the multipart image in field `file`, checks it is a picture and stores it as a public upload. */
export async function receiveImage(
  app: FastifyInstance,
  req: FastifyRequest
): Promise<{ key: string; url: string; mime: string; sizeBytes: number }> {
  const { key, data, mime } = await readImage(req)
  const url = await app.services.storage.put(key, data)
  return { key, url, mime, sizeBytes: data.length }
}

export default async function fileModule(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: MULTIPART_LIMITS })

  userRoute(
    app,
    { method: 'POST', path: '/file.upload/image', input: z.any() },
    async ({ req, userId }): Promise<UploadImageResponse> => {
      const image = await receiveImage(app, req)
      const [row] = await app.db
        .insert(uploadedFiles)
        .values({ userId, storageKey: image.key, url: image.url, mime: image.mime, sizeBytes: image.sizeBytes })
        .returning({ id: uploadedFiles.id })
      return { url: image.url, file_id: row.id }
    }
  )

  // The same checks, into the private area: the row's url is the stored reference, never an address.
  userRoute(
    app,
    { method: 'POST', path: '/file.upload/private', input: z.any() },
    async ({ req, userId }): Promise<UploadPrivateImageResponse> => {
      const image = await readImage(req)
      await app.services.storage.putPrivate(image.key, image.data)
      const ref = PRIVATE_REF + image.key
      const [row] = await app.db
        .insert(uploadedFiles)
        .values({ userId, storageKey: image.key, url: ref, mime: image.mime, sizeBytes: image.data.length })
        .returning({ id: uploadedFiles.id })
      return { url: await viewableUrl(app, ref), ref, file_id: row.id }
    }
  )

  servePrivateImages(app)
}
