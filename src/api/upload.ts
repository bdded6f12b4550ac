import type { UploadImageResponse } from '@contract'

import { upload } from './http'

/** Uploads one chosen image (jpeg/png/gif/webp up to 5 MB) as multipart field `file`. */
export const uploadImage = (filePath: string) =>
  upload<UploadImageResponse>({ url: '/api/file.upload/image', filePath, name: 'file' })
