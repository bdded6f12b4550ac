import Taro from '@tarojs/taro'

import { CHOOSE_IMAGE_CANCEL } from '@/core/constants'

/** Browser side: the file picker behind Taro's chooseImage; closing it is a cancel and gives []. */
export async function pickImages(count: number): Promise<string[]> {
  try {
    const result = await Taro.chooseImage({ count, sizeType: ['compressed'], sourceType: ['album', 'camera'] })
    return result.tempFilePaths
  } catch (error) {
    if ((error as { errMsg?: string } | null)?.errMsg === CHOOSE_IMAGE_CANCEL) return []
    throw error
  }
}
