import { and, eq, inArray, like } from 'drizzle-orm'

import { AppError } from '../../core/envelope'
import type { Executor } from '../../db/database'
import { uploadedFiles } from '../../db/schema'
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
