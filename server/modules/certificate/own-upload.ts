import { and, eq, inArray } from 'drizzle-orm'
import type { Executor } from '../../db/database'
import { uploadedFiles } from '../../db/schema'
import { AppError } from '../../core/envelope'

/** Urls of images this user uploaded, in the order asked; someone else's file or a wrong id names the field. */
export async function ownUploads(db: Executor, userId: number, fileIds: number[], field: string): Promise<string[]> {
  if (!fileIds.length) return []
  const rows = await db
    .select({ id: uploadedFiles.id, url: uploadedFiles.url })
    .from(uploadedFiles)
    .where(and(eq(uploadedFiles.userId, userId), inArray(uploadedFiles.id, fileIds)))
  const urlOf = new Map(rows.map((r) => [r.id, r.url]))
  return fileIds.map((id) => {
    const url = urlOf.get(id)
    if (!url) throw new AppError(`参数错误: ${field} 图片不存在，请重新上传`)
    return url
  })
}
