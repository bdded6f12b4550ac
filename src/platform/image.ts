import type { UploadImageResponse } from '@contract'
import Taro from '@tarojs/taro'

import { uploadImage, uploadPrivateImage } from '@/api/upload'
import { CHOOSE_IMAGE_CANCEL, IMAGE_CHOOSE_COUNT } from '@/core/constants'

import { requirePrivacy } from './privacy'

/** Lets the user pick images (album or camera); closing the picker is a cancel and gives []. */
export async function chooseImages(count: number = IMAGE_CHOOSE_COUNT): Promise<string[]> {
  await requirePrivacy()
  try {
    const result = await Taro.chooseImage({ count, sizeType: ['compressed'], sourceType: ['album', 'camera'] })
    return result.tempFilePaths
  } catch (error) {
    if ((error as { errMsg?: string } | null)?.errMsg === CHOOSE_IMAGE_CANCEL) return []
    throw error
  }
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
