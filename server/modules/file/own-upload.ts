import { and, eq, inArray, like } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'

import { AppError } from '../../core/envelope'
import type { Executor } from '../../db/database'
import { uploadedFiles } from '../../db/schema'
import { UPLOADS_PREFIX } from '../../services'
import { UPLOAD_KEY } from '../../storage'
import { PRIVATE_REF } from './private'

/**
 * The stored references (`private:…`) of private images this user uploaded, in the order asked; someone
 * else's file, a public upload or a wrong id is named by `what` (照片, 附件, 户型图) and nothing is written.
 */
export async function ownUploads(db: Executor, userId: number, fileIds: number[], what: string): Promise<string[]> {
  if (!fileIds.length) return []
  const rows = await db
    .select({ id: uploadedFiles.id, url: uploadedFiles.url })
    .from(uploadedFiles)
    .where(
      and(
        eq(uploadedFiles.userId, userId),
        inArray(uploadedFiles.id, fileIds),
        like(uploadedFiles.url, `${PRIVATE_REF}%`)
      )
    )
  const urlOf = new Map(rows.map((r) => [r.id, r.url]))
  return fileIds.map((id) => {
    const url = urlOf.get(id)
    if (!url) throw new AppError(`${what}不存在，请重新上传`)
    return url
  })
}

/**
 * Whether an address is a public upload of ours: under the storage's public address (the bucket's or its CDN's
 * with STORAGE=s3), under this server's /uploads (uploads kept there, or moved to the bucket since and redirected),
 * or that path alone. Anything else (another site's picture) is not ours to show as someone's avatar.
 */
export function isOurUpload(app: FastifyInstance, url: string): boolean {
  const bases = [app.services.storage.publicUrl(''), `${app.config.publicUrl}${UPLOADS_PREFIX}/`, `${UPLOADS_PREFIX}/`]
  const base = bases.find((b) => url.startsWith(b))
  return base !== undefined && UPLOAD_KEY.test(url.slice(base.length))
}
