import type { UploadImageResponse } from '@contract'

import { uploadImage, uploadPrivateImage } from '@/api/upload'
import { IMAGE_CHOOSE_COUNT } from '@/core/constants'

import { pickImages } from './pick-images'
import { requirePrivacy } from './privacy'

/** Lets the user pick images (album or camera); closing the picker is a cancel and gives []. */
export async function chooseImages(count: number = IMAGE_CHOOSE_COUNT): Promise<string[]> {
  await requirePrivacy()
  return pickImages(count)
}

/**
 * Picks images and uploads them one after another through the request layer; `private` ones (ID photos,
 * documents, plans) are kept out of public reach and previewed through links that expire.
 */
export async function chooseAndUploadImages(
  count: number = IMAGE_CHOOSE_COUNT,
  { private: privately = false }: { private?: boolean } = {}
): Promise<UploadImageResponse[]> {
  const uploaded: UploadImageResponse[] = []
  for (const path of await chooseImages(count))
    uploaded.push(await (privately ? uploadPrivateImage(path) : uploadImage(path)))
  return uploaded
}
