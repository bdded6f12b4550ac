import type { UploadImageResponse, UploadPrivateImageResponse } from '@contract'

import { upload } from './http'

/** Uploads one chosen image (jpeg/png/gif/webp up to 5 MB) as multipart field `file`. */
export const uploadImage = (filePath: string) =>
  upload<UploadImageResponse>({ url: '/api/file.upload/image', filePath, name: 'file' })

/**
 * Uploads an ID photo, application document or floor plan out of public reach: the answer's `url` is a
 * link that expires (for the preview), the form sends `file_id`.
 */
export const uploadPrivateImage = (filePath: string) =>
  upload<UploadPrivateImageResponse>({ url: '/api/file.upload/private', filePath, name: 'file' })
